import { describe, expect, it } from '@jest/globals';
import { parseFrontMatter } from './content-types.js';

const campaign = {
  title: 'Abeceda pjesama',
  summary: 'Tjestenina abeceda i knjiga pjesama.',
  image: 'campaigns/alphabet-of-songs.svg',
  image_alt: 'Otvorena knjiga',
  products: ['ZZ-ABC-400'],
};

describe('front matter: the optional video of campaigns and recipes (docs/video.md)', () => {
  it('takes a YouTube or Vimeo reference as written, per language', () => {
    for (const video of ['https://www.youtube.com/watch?v=kZ4mWq8Rb2E', 'https://vimeo.com/874512396', 'https://youtu.be/P7tHn3LxQ0c']) {
      const parsed = parseFrontMatter('campaigns', { ...campaign, video });
      expect(parsed.ok && parsed.value.texts.video).toBe(video);
    }
    const without = parseFrontMatter('campaigns', campaign);
    expect(without.ok && 'video' in without.value.texts).toBe(false);
  });

  it("refuses a reference the component could not play, with the spec's words", () => {
    expect(parseFrontMatter('campaigns', { ...campaign, video: 'https://www.youtube.com/watch?v=short' })).toEqual({
      ok: false,
      problems: ['video: not a valid video id (a YouTube or Vimeo URL, e.g. https://www.youtube.com/watch?v=…)'],
      // the same by field, for the back office's editor (its field paths)
      issues: [{ path: 'video', message: 'not a valid video id (a YouTube or Vimeo URL, e.g. https://www.youtube.com/watch?v=…)', required: false }],
    });
    expect(parseFrontMatter('campaigns', { ...campaign, video: 'https://vimeo.com/channels/x' })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^video: not a vimeo url/)],
    });
    expect(parseFrontMatter('campaigns', { ...campaign, video: 42 })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^video: /)],
    });
    // Not a field of the other types.
    expect(parseFrontMatter('team', { title: 'Ana', summary: 'x', role: 'Chef', video: 'https://youtu.be/P7tHn3LxQ0c' })).toMatchObject({
      ok: false,
      problems: ['video: not a field of team (docs/content.md)'],
    });
  });
});
