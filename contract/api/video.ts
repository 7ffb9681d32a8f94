import { z } from 'zod';
import { data, report, single } from './fields.js';

/**
 * Video embeds (module `video`, docs/video.md): a YouTube or Vimeo reference, by URL or bare id, read
 * the same way by the server (`GET /api/video/oembed?url=`, content import) and the client (`<Video>`).
 * The visitor's browser talks to the provider only after a click on the poster: the metadata and the
 * poster picture come from our own origin; the player is YouTube's no-cookie host or Vimeo's player
 * with do-not-track.
 */

export const VIDEO_PROVIDERS = ['youtube', 'vimeo'] as const;
export const VideoProvider = z.enum(VIDEO_PROVIDERS);
export type VideoProvider = z.infer<typeof VideoProvider>;

/** The spec's video messages (section 8), word for word: the English texts of the error codes. */
export const VIDEO_MESSAGES = {
  invalidId: 'not a valid video id',
  notVimeoUrl: 'not a vimeo url',
  notFound: 'was not found',
  notEmbeddable: 'is not embeddable',
} as const;

/** The spec's video player defaults (section 9): 640 by 320, controls on, loop and autoplay off. */
export const VIDEO_PLAYER_DEFAULTS = { width: 640, height: 320, controls: true, loop: false, autoplay: false } as const;

/** The only origins a page may frame, and the features their players are delegated (docs/security.md). */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;
export const VIDEO_EMBED_FEATURES = ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media'] as const;

/** Longest reference accepted (a URL with tracking parameters fits easily). */
export const VIDEO_REF_MAX_LENGTH = 2048;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[1-9]\d{0,11}$/;
/** The privacy hash of an unlisted Vimeo video (`vimeo.com/<id>/<hash>`, `?h=<hash>`). */
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i;

/** A parsed reference: provider, id, and the hash an unlisted Vimeo video needs. */
export interface VideoRef {
  provider: VideoProvider;
  id: string;
  hash?: string;
}

export type VideoRefErrorCode = 'VIDEO_INVALID_ID' | 'VIDEO_NOT_VIMEO_URL';
export type VideoRefResult = { ok: true; ref: VideoRef } | { ok: false; code: VideoRefErrorCode; message: string };

const invalid = (): VideoRefResult => ({ ok: false, code: 'VIDEO_INVALID_ID', message: VIDEO_MESSAGES.invalidId });
const notVimeo = (): VideoRefResult => ({ ok: false, code: 'VIDEO_NOT_VIMEO_URL', message: VIDEO_MESSAGES.notVimeoUrl });

/**
 * Reads a video reference:
 * - YouTube: `youtube.com/watch?v=<id>`, `youtu.be/<id>`, `youtube.com/embed/<id>`, `youtube.com/shorts/<id>`,
 *   `youtube-nocookie.com/embed/<id>` (with or without `www.`/`m.`, http or https, scheme optional), or the bare
 *   11-character id (`A-Z a-z 0-9 _ -`);
 * - Vimeo: `vimeo.com/<id>`, `vimeo.com/<id>/<hash>`, `player.vimeo.com/video/<id>` (`?h=<hash>`), or the bare
 *   numeric id (digits only always mean Vimeo).
 * A reference on a Vimeo host that does not parse is 'not a vimeo url'; anything else that does not parse is
 * 'not a valid video id'.
 */
export function parseVideoRef(input: unknown): VideoRefResult {
  if (typeof input !== 'string') return invalid();
  const value = input.trim();
  // eslint-disable-next-line no-control-regex
  if (!value || value.length > VIDEO_REF_MAX_LENGTH || /[\u0000-\u001f\u007f-\u009f\s]/.test(value)) return invalid();
  if (VIMEO_ID.test(value)) return { ok: true, ref: { provider: 'vimeo', id: value } };
  if (YOUTUBE_ID.test(value)) return { ok: true, ref: { provider: 'youtube', id: value } };

  // A URL, maybe written without its scheme ('youtu.be/…', 'www.youtube.com/watch?v=…').
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value)
    ? value
    : /^(\/\/)?[a-z0-9.-]+\.[a-z]{2,}(\/|$)/i.test(value)
      ? `https://${value.replace(/^\/\//, '')}`
      : null;
  if (!withScheme) return invalid();
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return invalid();
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const isVimeoHost = host === 'vimeo.com' || host.endsWith('.vimeo.com');
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port)
    return isVimeoHost ? notVimeo() : invalid();
  const segments = url.pathname.split('/').filter(Boolean);

  if (isVimeoHost) {
    if (host === 'vimeo.com' || host === 'www.vimeo.com') {
      const [id, hash, ...rest] = segments;
      if (!id || !VIMEO_ID.test(id) || rest.length) return notVimeo();
      if (hash !== undefined && !VIMEO_HASH.test(hash)) return notVimeo();
      const h = hash ?? url.searchParams.get('h') ?? undefined;
      if (h !== undefined && !VIMEO_HASH.test(h)) return notVimeo();
      return { ok: true, ref: { provider: 'vimeo', id, ...(h ? { hash: h.toLowerCase() } : {}) } };
    }
    if (host === 'player.vimeo.com') {
      const [video, id, ...rest] = segments;
      if (video !== 'video' || !id || !VIMEO_ID.test(id) || rest.length) return notVimeo();
      const h = url.searchParams.get('h') ?? undefined;
      if (h !== undefined && !VIMEO_HASH.test(h)) return notVimeo();
      return { ok: true, ref: { provider: 'vimeo', id, ...(h ? { hash: h.toLowerCase() } : {}) } };
    }
    return notVimeo();
  }

  const youtube = (id: string | null | undefined): VideoRefResult =>
    id && YOUTUBE_ID.test(id) ? { ok: true, ref: { provider: 'youtube', id } } : invalid();
  if (host === 'youtu.be') return segments.length === 1 ? youtube(segments[0]) : invalid();
  if (host === 'youtube.com' || host === 'www.youtube.com' || host === 'm.youtube.com') {
    if (segments.length === 1 && segments[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (segments.length === 2 && (segments[0] === 'embed' || segments[0] === 'shorts')) return youtube(segments[1]);
    return invalid();
  }
  if (host === 'youtube-nocookie.com' || host === 'www.youtube-nocookie.com') {
    return segments.length === 2 && segments[0] === 'embed' ? youtube(segments[1]) : invalid();
  }
  return invalid();
}

/**
 * A reference from its parts (the poster's path `/api/video/poster/{provider}/{id}?h=`): the same rules as
 * `parseVideoRef`, so an id that would not parse there is refused here with the same message.
 */
export function videoRefOf(provider: unknown, id: unknown, hash?: unknown): VideoRefResult {
  if (provider === 'youtube')
    return typeof id === 'string' && YOUTUBE_ID.test(id) && hash === undefined ? { ok: true, ref: { provider, id } } : invalid();
  if (provider === 'vimeo') {
    if (typeof id !== 'string' || !VIMEO_ID.test(id)) return notVimeo();
    if (hash === undefined) return { ok: true, ref: { provider, id } };
    return typeof hash === 'string' && VIMEO_HASH.test(hash) ? { ok: true, ref: { provider, id, hash: hash.toLowerCase() } } : notVimeo();
  }
  return invalid();
}

/** The page of the video at its provider (what the oEmbed endpoint is asked about; a plain link without JavaScript). */
export function videoWatchUrl(ref: VideoRef): string {
  if (ref.provider === 'youtube') return `https://www.youtube.com/watch?v=${ref.id}`;
  return ref.hash ? `https://vimeo.com/${ref.id}/${ref.hash}` : `https://vimeo.com/${ref.id}`;
}

export interface PlayerOptions {
  autoplay?: boolean;
  controls?: boolean;
  loop?: boolean;
}

/**
 * The player's address: YouTube's no-cookie host, Vimeo's player with do-not-track (`dnt=1`). Without
 * options it is the plain player with the spec's defaults (controls on, loop and autoplay off).
 */
export function videoEmbedUrl(ref: VideoRef, options: PlayerOptions = {}): string {
  const o = { ...VIDEO_PLAYER_DEFAULTS, ...options };
  const params = new URLSearchParams();
  if (ref.provider === 'youtube') {
    if (o.autoplay) params.set('autoplay', '1');
    if (!o.controls) params.set('controls', '0');
    // YouTube loops a single video only as a playlist of itself.
    if (o.loop) {
      params.set('loop', '1');
      params.set('playlist', ref.id);
    }
    const query = params.toString();
    return `https://www.youtube-nocookie.com/embed/${ref.id}${query ? `?${query}` : ''}`;
  }
  if (ref.hash) params.set('h', ref.hash);
  params.set('dnt', '1');
  if (o.autoplay) params.set('autoplay', '1');
  if (!o.controls) params.set('controls', '0');
  if (o.loop) params.set('loop', '1');
  return `https://player.vimeo.com/video/${ref.id}?${params.toString()}`;
}

/** Our own address of the video's poster picture (the server fetches the provider's thumbnail). */
export function videoPosterPath(ref: VideoRef): string {
  return `/api/video/poster/${ref.provider}/${ref.id}${ref.hash ? `?h=${ref.hash}` : ''}`;
}

// ----- requests and answers ----------------------------------------------------------------------

/** `GET /api/video/oembed?url=`: a YouTube or Vimeo URL or bare id; the parsed reference. */
export const VideoOembedQuery = z.object({
  url: z
    .unknown()
    .transform((raw, ctx): VideoRef => {
      const parsed = parseVideoRef(single(raw));
      if (parsed.ok) return parsed.ref;
      report(ctx, parsed.code);
      return { provider: 'youtube', id: '' };
    })
    .meta({
      type: 'string',
      maxLength: VIDEO_REF_MAX_LENGTH,
      description:
        'A YouTube or Vimeo URL (watch, youtu.be, embed, shorts, youtube-nocookie; vimeo.com/<id>[/<hash>], player.vimeo.com/video/<id>) or a bare id',
      example: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    }),
});
export type VideoOembedQuery = z.output<typeof VideoOembedQuery>;

/** `GET /api/video/poster/{provider}/{id}` path parameters (anything that is not a valid reference is 404). */
export const VideoPosterParams = z.object({
  provider: z.string().meta({ enum: [...VIDEO_PROVIDERS] }),
  id: z.string().meta({ description: 'YouTube id (11 characters) or Vimeo id (digits)' }),
});
export const VideoPosterQuery = z.object({
  h: z
    .unknown()
    .transform((raw) => single(raw))
    .optional()
    .meta({ type: 'string', description: 'Privacy hash of an unlisted Vimeo video' }),
});

export const VideoThumbnail = z.object({
  url: z.string().meta({ description: "Our own address of the poster picture (/api/video/poster/...): never the provider's host" }),
  width: z.number().int(),
  height: z.number().int(),
});
export type VideoThumbnail = z.infer<typeof VideoThumbnail>;

export const VideoOembed = z.object({
  provider: VideoProvider,
  id: z.string(),
  title: z.string(),
  author_name: z.string().optional(),
  thumbnail: VideoThumbnail.nullable().meta({ description: 'null when the provider names no picture from its own picture host' }),
  width: z.number().int().meta({ description: "The video's width as the provider reports it (else the player default 640)" }),
  height: z.number().int().meta({ description: "The video's height as the provider reports it (else the player default 320)" }),
  embed_url: z.string().meta({ description: 'https://www.youtube-nocookie.com/embed/{id} or https://player.vimeo.com/video/{id}?dnt=1' }),
});
export type VideoOembed = z.infer<typeof VideoOembed>;

export const VideoOembedResponse = data(VideoOembed);
