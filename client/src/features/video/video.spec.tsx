import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { ReactElement } from 'react';
import { createI18n } from '../../i18n/instance';
import { VideoMessage, VideoView, videoReducer, type VideoState } from './video';
import type { VideoOembed } from './video-api';

const i18n = createI18n('hr');
const html = (element: ReactElement) => renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/<!-- -->/g, '');

const youtube = { provider: 'youtube' as const, id: 'P7tHn3LxQ0c' };
const vimeo = { provider: 'vimeo' as const, id: '874512396' };
const meta: VideoOembed = {
  provider: 'youtube',
  id: youtube.id,
  title: 'Pileća juha s abecedom',
  author_name: 'Zlatno zrno',
  thumbnail: { url: `/api/video/poster/youtube/${youtube.id}`, width: 480, height: 360 },
  width: 200,
  height: 113,
  embed_url: `https://www.youtube-nocookie.com/embed/${youtube.id}`,
};
const poster: VideoState = { view: 'poster' };
const noop = () => undefined;

describe('<Video>: poster first, the player only after the click', () => {
  it('switches from the poster to the player on play, and stays there', () => {
    const playing = videoReducer(poster, { type: 'play' });
    expect(playing).toEqual({ view: 'player' });
    expect(videoReducer(playing, { type: 'play' })).toEqual({ view: 'player' });
  });

  it('renders the poster with nothing from the provider: our own picture, no frame', () => {
    const out = decode(
      html(<VideoView locale="en" video={youtube} state={poster} meta={meta} fallbackTitle="Chicken soup" onPlay={noop} />),
    );
    expect(out).not.toContain('<iframe');
    expect(out).toContain(`src="/api/video/poster/youtube/${youtube.id}"`);
    expect(out).toContain('width="480" height="360"');
    // Before hydration (and without JavaScript) the poster is a plain link to the video's page: no request until followed.
    expect(out).toContain(`<a class="poster" href="https://www.youtube.com/watch?v=${youtube.id}" data-video-poster="youtube">`);
    expect(out).toContain('Watch the video on YouTube: Pileća juha s abecedom');
    expect(out).toContain('The video is loaded from YouTube only when you play it');
    for (const host of ['ytimg.com', 'youtube-nocookie.com', 'vimeocdn.com', 'player.vimeo.com']) expect(out).not.toContain(host);
  });

  it('draws the poster with the page title when the metadata is not there (offline, provider down)', () => {
    const out = decode(
      html(<VideoView locale="de" video={vimeo} state={poster} meta={undefined} fallbackTitle="Tagliatelle Bolognese" onPlay={noop} />),
    );
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<iframe');
    expect(out).toContain('Video auf Vimeo ansehen: Tagliatelle Bolognese');
    expect(out).toContain('href="https://vimeo.com/874512396"');
  });

  it("renders the privacy-friendly player with the spec's defaults and the click's autoplay", () => {
    const out = decode(
      html(<VideoView locale="hr" video={youtube} state={{ view: 'player' }} meta={meta} fallbackTitle="x" onPlay={noop} />),
    );
    expect(out).toMatch(
      new RegExp(
        `<iframe class="player" src="https://www.youtube-nocookie.com/embed/${youtube.id}\\?autoplay=1" title="Video: Pileća juha s abecedom" width="640" height="320" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" referrerPolicy="strict-origin-when-cross-origin"></iframe>`,
      ),
    );
    expect(out).not.toContain('<img');
    expect(out).not.toContain('data-video-poster');
    const looped = decode(
      html(
        <VideoView
          locale="sl"
          video={vimeo}
          state={{ view: 'player' }}
          meta={undefined}
          fallbackTitle="Bolognese"
          controls={false}
          loop
          width={800}
          height={450}
          onPlay={noop}
        />,
      ),
    );
    expect(looped).toContain('src="https://player.vimeo.com/video/874512396?dnt=1&autoplay=1&controls=0&loop=1"');
    expect(looped).toContain('width="800" height="450"');
    expect(looped).toContain('title="Video: Bolognese"');
  });

  it("shows the refusals in place of the player in the page's language, with the spec's words in English", () => {
    expect(decode(html(<VideoMessage locale="en" code="VIDEO_NOT_FOUND" />))).toContain('The video was not found.');
    expect(decode(html(<VideoMessage locale="en" code="VIDEO_INVALID_ID" />))).toContain('not a valid video id');
    expect(decode(html(<VideoMessage locale="en" code="VIDEO_NOT_VIMEO_URL" />))).toContain('not a vimeo url');
    const embeddable = decode(html(<VideoMessage locale="en" code="VIDEO_NOT_EMBEDDABLE" video={youtube} />));
    expect(embeddable).toContain('The video is not embeddable.');
    expect(embeddable).toContain(`<a href="https://www.youtube.com/watch?v=${youtube.id}">Watch it on YouTube</a>`);
    expect(decode(html(<VideoMessage locale="hr" code="VIDEO_NOT_FOUND" />))).toContain('Video nije pronađen.');
    expect(decode(html(<VideoMessage locale="de" code="VIDEO_NOT_FOUND" />))).toContain('Das Video wurde nicht gefunden.');
    expect(decode(html(<VideoMessage locale="sl" code="VIDEO_NOT_FOUND" />))).toContain('Videoposnetek ni bil najden.');
  });
});
