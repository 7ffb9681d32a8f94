import { describe, expect, it } from '@jest/globals';
import { parseVideoRef, videoRefOf, VIDEO_MESSAGES, VideoOembedQuery, videoEmbedUrl, videoPosterPath, videoWatchUrl } from './video.js';

const ID = 'dQw4w9WgXcQ';

describe('video references', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://youtube.com/watch?v=${ID}&t=42s&list=PL123`],
    [`http://m.youtube.com/watch?feature=share&v=${ID}`],
    [`www.youtube.com/watch?v=${ID}`],
    [`https://youtu.be/${ID}`],
    [`https://youtu.be/${ID}?si=abc`],
    [`youtu.be/${ID}`],
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube.com/embed/${ID}?start=10`],
    [`https://www.youtube.com/shorts/${ID}`],
    [`https://youtube.com/shorts/${ID}/`],
    [`https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://youtube-nocookie.com/embed/${ID}?autoplay=1`],
    [ID],
    [`  ${ID}  `],
    ['a-b_c-D_e-F'],
  ])('reads %s as YouTube', (input) => {
    const result = parseVideoRef(input);
    expect(result.ok && result.ref.provider).toBe('youtube');
    expect(result.ok && result.ref.id).toBe(input.trim() === 'a-b_c-D_e-F' ? 'a-b_c-D_e-F' : ID);
  });

  it.each([
    ['https://vimeo.com/76979871', { provider: 'vimeo', id: '76979871' }],
    ['https://www.vimeo.com/76979871', { provider: 'vimeo', id: '76979871' }],
    ['vimeo.com/76979871', { provider: 'vimeo', id: '76979871' }],
    ['https://vimeo.com/76979871/8272103f6e', { provider: 'vimeo', id: '76979871', hash: '8272103f6e' }],
    ['https://vimeo.com/76979871?h=8272103f6e', { provider: 'vimeo', id: '76979871', hash: '8272103f6e' }],
    ['https://player.vimeo.com/video/76979871', { provider: 'vimeo', id: '76979871' }],
    ['https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0', { provider: 'vimeo', id: '76979871', hash: '8272103f6e' }],
    ['76979871', { provider: 'vimeo', id: '76979871' }],
    // digits only are always Vimeo, even 11 of them
    ['12345678901', { provider: 'vimeo', id: '12345678901' }],
  ])('reads %s as Vimeo', (input, ref) => {
    expect(parseVideoRef(input)).toEqual({ ok: true, ref });
  });

  it.each([
    [''],
    ['   '],
    ['dQw4w9WgXc'], // 10 characters
    ['dQw4w9WgXcQQ'], // 12 characters
    ['dQw4w9WgX!Q'],
    ['dQw4w9W\u0000XcQ'],
    [`https://www.youtube.com/watch?v=${ID.slice(0, 10)}`],
    ['https://www.youtube.com/watch'],
    [`https://www.youtube.com/watch?v=${ID}x`],
    [`https://www.youtube.com/embed/${ID}/more`],
    [`https://www.youtube.com/channel/${ID}`],
    [`https://youtu.be/`],
    [`https://youtu.be/${ID}/x`],
    [`https://youtube.com.evil.example/watch?v=${ID}`],
    [`https://evil.example/watch?v=${ID}`],
    [`https://www.youtube.com:8443/watch?v=${ID}`],
    [`https://user@www.youtube.com/watch?v=${ID}`],
    [`javascript:alert(1)//${ID}`],
    [`ftp://youtu.be/${ID}`],
    [`data:text/html,${ID}`],
    ['https://dailymotion.com/video/x7tgad0'],
    ['0123'], // Vimeo ids do not start with 0
  ])('refuses %s as not a valid video id', (input) => {
    expect(parseVideoRef(input)).toEqual({ ok: false, code: 'VIDEO_INVALID_ID', message: 'not a valid video id' });
  });

  it.each([
    ['https://vimeo.com/'],
    ['https://vimeo.com/channels/staffpicks'],
    ['https://vimeo.com/abc'],
    ['https://vimeo.com/76979871/not-a-hash!'],
    ['https://vimeo.com/76979871/8272103f6e/extra'],
    ['https://vimeo.com/76979871?h=zz'],
    ['https://player.vimeo.com/76979871'],
    ['https://player.vimeo.com/video/'],
    ['https://player.vimeo.com/video/abc'],
    ['https://vimeo.com:444/76979871'],
    ['ftp://vimeo.com/76979871'],
    ['https://api.vimeo.com/videos/76979871'],
  ])('refuses %s as not a vimeo url', (input) => {
    expect(parseVideoRef(input)).toEqual({ ok: false, code: 'VIDEO_NOT_VIMEO_URL', message: 'not a vimeo url' });
  });

  it('refuses what is not text, and references over 2048 characters', () => {
    for (const input of [undefined, null, 42, ['a'], {}, `https://youtu.be/${ID}?${'x'.repeat(3000)}`])
      expect(parseVideoRef(input)).toMatchObject({ ok: false, message: VIDEO_MESSAGES.invalidId });
  });

  it('builds the privacy-friendly player, watch and poster addresses', () => {
    const yt = { provider: 'youtube' as const, id: ID };
    const vimeo = { provider: 'vimeo' as const, id: '76979871', hash: '8272103f6e' };
    expect(videoEmbedUrl(yt)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
    expect(videoEmbedUrl(yt, { autoplay: true })).toBe(`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`);
    expect(videoEmbedUrl(yt, { loop: true, controls: false })).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?controls=0&loop=1&playlist=${ID}`,
    );
    expect(videoEmbedUrl(vimeo)).toBe('https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1');
    expect(videoEmbedUrl({ provider: 'vimeo', id: '1' }, { autoplay: true })).toBe('https://player.vimeo.com/video/1?dnt=1&autoplay=1');
    expect(videoWatchUrl(yt)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(videoWatchUrl(vimeo)).toBe('https://vimeo.com/76979871/8272103f6e');
    expect(videoPosterPath(yt)).toBe(`/api/video/poster/youtube/${ID}`);
    expect(videoPosterPath(vimeo)).toBe('/api/video/poster/vimeo/76979871?h=8272103f6e');
  });

  it('reads a reference from its parts with the same rules', () => {
    expect(videoRefOf('youtube', ID)).toEqual({ ok: true, ref: { provider: 'youtube', id: ID } });
    expect(videoRefOf('vimeo', '76979871', '8272103F6E')).toEqual({
      ok: true,
      ref: { provider: 'vimeo', id: '76979871', hash: '8272103f6e' },
    });
    expect(videoRefOf('youtube', `${ID}?v=1`)).toMatchObject({ ok: false, message: 'not a valid video id' });
    expect(videoRefOf('youtube', ID, 'abcdef')).toMatchObject({ ok: false, message: 'not a valid video id' });
    expect(videoRefOf('vimeo', 'abc')).toMatchObject({ ok: false, message: 'not a vimeo url' });
    expect(videoRefOf('vimeo', '1', '../x')).toMatchObject({ ok: false, message: 'not a vimeo url' });
    expect(videoRefOf('dailymotion', 'x7tgad0')).toMatchObject({ ok: false, message: 'not a valid video id' });
  });

  it('the oEmbed query reports the two codes, a repeated or missing url as not a valid video id', () => {
    expect(VideoOembedQuery.parse({ url: `https://youtu.be/${ID}` })).toEqual({ url: { provider: 'youtube', id: ID } });
    const codes = (q: unknown) => VideoOembedQuery.safeParse(q).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(codes({ url: 'https://vimeo.com/x' })).toEqual([['url', 'VIDEO_NOT_VIMEO_URL']]);
    expect(codes({ url: 'nope' })).toEqual([['url', 'VIDEO_INVALID_ID']]);
    expect(codes({})).toEqual([['url', 'VIDEO_INVALID_ID']]);
    expect(codes({ url: [ID, ID] })).toEqual([['url', 'VIDEO_INVALID_ID']]);
  });
});
