/** A local emulator of YouTube's and Vimeo's oEmbed endpoints and picture hosts (see oembed-emulator.mjs). */
export type VideoProviderName = 'youtube' | 'vimeo';

export interface OembedBehaviour {
  /** Answer this status instead of 200 (404, 401, 403, 500, ...). */
  status?: number;
  /** Answer after this many milliseconds. */
  delayMs?: number;
  /** A raw 200 body instead of the oEmbed JSON. */
  body?: string;
  title?: string;
  thumbnail?: 'png' | 'none' | 'foreign' | 'huge' | 'svg' | 'mislabelled' | number;
}

export interface OembedRequest {
  kind: 'oembed' | 'thumbnail';
  provider: VideoProviderName;
  id: string | null;
  path: string;
  query?: Record<string, string>;
}

export interface OembedEmulator {
  port: number;
  origin: string;
  /** For VIDEO_OEMBED_YOUTUBE_URL. */
  youtubeUrl: string;
  /** For VIDEO_OEMBED_VIMEO_URL. */
  vimeoUrl: string;
  /** Every request it answered, in order. */
  requests: OembedRequest[];
  set(provider: VideoProviderName, id: string, behaviour: OembedBehaviour): void;
  reset(): void;
  close(): Promise<void>;
}

export function startOembedEmulator(opts?: { port?: number; host?: string; titles?: Record<string, string> }): Promise<OembedEmulator>;
export function pngPicture(width?: number, height?: number): Buffer;
