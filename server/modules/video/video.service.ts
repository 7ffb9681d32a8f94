import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import {
  videoEmbedUrl,
  videoPosterPath,
  videoWatchUrl,
  VIDEO_PLAYER_DEFAULTS,
  type VideoOembed,
  type VideoProvider,
  type VideoRef,
} from '../../../contract/api/video.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { RateLimitService, type RateLimitRule } from '../../platform/rate-limit/index.js';
import { fetchLimited, sniffImage, type FetchOutcome } from './provider-fetch.js';
import { TtlLru } from '../../platform/cache/index.js';
import { VideoError, type VideoErrorCode } from './video.errors.js';

/** A found video's metadata: 24 hours (titles and pictures rarely change; a new upload is a new id). */
export const SUCCESS_TTL_MS = 24 * 3600_000;
/** 'was not found', 'is not embeddable', an answer that is no oEmbed: five minutes (an owner may fix it). */
export const REFUSAL_TTL_MS = 5 * 60_000;
/** The provider failed, was slow or unreachable: one minute, so an outage costs one request a minute per video. */
export const OUTAGE_TTL_MS = 60_000;

/**
 * What browsers and shared caches may keep. A found video's answer is the same for everyone and in every
 * language (public); a refusal's message is in the caller's language (query, cookie, Accept-Language), so
 * only the caller's browser keeps it (private).
 */
export const CACHE_CONTROL = {
  success: 'public, max-age=3600',
  refusal: 'private, max-age=300',
  outage: 'no-store',
  poster: 'public, max-age=86400',
} as const;

const MAX_OEMBED_BYTES = 64 * 1024;
export const MAX_POSTER_BYTES = 2 * 1024 * 1024;

/** Where the providers keep their thumbnails: a poster is fetched only from these (or the configured endpoint's own origin). */
const PICTURE_ORIGINS: Record<VideoProvider, readonly string[]> = {
  youtube: ['https://i.ytimg.com', 'https://img.youtube.com'],
  vimeo: ['https://i.vimeocdn.com'],
};

// Lenient: a missing or odd size or text is left out, never a reason to refuse the whole answer.
const dimension = z
  .unknown()
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,5}$/.test(v) ? Number(v) : NaN;
    return Number.isInteger(n) && n > 0 && n <= 10_000 ? n : undefined;
  })
  .optional();
const shortText = (max: number) =>
  z
    .unknown()
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined))
    .optional();

/** The fields we use of an oEmbed answer (oEmbed 1.0, type video); anything else in it is ignored. */
const OembedAnswer = z.object({
  title: z
    .string()
    .trim()
    .min(1)
    .transform((t) => t.slice(0, 300)),
  author_name: shortText(200),
  thumbnail_url: shortText(2048),
  thumbnail_width: dimension,
  thumbnail_height: dimension,
  width: dimension,
  height: dimension,
});

interface Metadata {
  answer: VideoOembed;
  /** The provider's picture, checked against the allow-list; null: none. */
  thumbnailSource: string | null;
}
type Outcome =
  { ok: true; meta: Metadata } | { ok: false; code: VideoErrorCode; params: Record<string, string | number>; cacheControl: string };
interface Poster {
  type: string;
  bytes: Buffer;
}
type PosterOutcome =
  { ok: true; poster: Poster } | { ok: false; code: VideoErrorCode; params: Record<string, string | number>; cacheControl: string };

/**
 * oEmbed metadata and poster pictures of YouTube and Vimeo videos, fetched by the server (the visitor's
 * browser never asks the provider before the click) and kept in this process (docs/video.md, "Cache":
 * public data that any process can fetch again, so nothing is shared between processes). Concurrent
 * requests for the same video wait for one provider call.
 */
@Injectable()
export class VideoService {
  private readonly logger = new Logger('video');
  private readonly metadata = new TtlLru<Outcome>({ maxEntries: 2000 });
  private readonly posters = new TtlLru<PosterOutcome>({ maxEntries: 500, maxBytes: 32 * 1024 * 1024 });
  private readonly pending = new Map<string, Promise<Outcome>>();
  private readonly pendingPosters = new Map<string, Promise<PosterOutcome>>();
  private readonly endpoints: Record<VideoProvider, string>;
  private readonly timeoutMs: number;
  /** Provider lookups (cache misses) per client address: answers from the cache are never counted. */
  private readonly lookupRule: RateLimitRule;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly limits: RateLimitService,
  ) {
    this.endpoints = { youtube: config.video.youtubeOembedUrl, vimeo: config.video.vimeoOembedUrl };
    this.timeoutMs = config.video.timeoutMs;
    this.lookupRule = { name: 'video-lookup-ip', points: config.video.lookupsPerIp, durationSeconds: 15 * 60 };
  }

  /**
   * The video's metadata, or a VideoError (with the Cache-Control its answer should carry). `client`
   * (the caller's address) pays for a lookup the cache cannot answer: RateLimitedError (429) when spent.
   */
  async oembed(ref: VideoRef, client?: string): Promise<VideoOembed> {
    const outcome = await this.lookup(ref, client);
    if (!outcome.ok) throw new VideoError(outcome.code, outcome.params, outcome.cacheControl);
    return outcome.meta.answer;
  }

  /** The video's poster picture from the provider's picture host, checked for host, size and type. */
  async poster(ref: VideoRef, client?: string): Promise<Poster> {
    const key = cacheKey(ref);
    let outcome = this.posters.get(key);
    if (!outcome) {
      let pending = this.pendingPosters.get(key);
      if (!pending) {
        pending = this.fetchPoster(ref, client).finally(() => this.pendingPosters.delete(key));
        this.pendingPosters.set(key, pending);
      }
      outcome = await pending;
    }
    if (!outcome.ok) throw new VideoError(outcome.code, outcome.params, outcome.cacheControl);
    return outcome.poster;
  }

  private async lookup(ref: VideoRef, client?: string): Promise<Outcome> {
    const key = cacheKey(ref);
    const cached = this.metadata.get(key);
    if (cached) return cached;
    if (client !== undefined && !this.pending.has(key)) {
      await this.limits.consume(this.lookupRule, client);
      // Another request may have filled the cache or started the same lookup meanwhile.
      const filled = this.metadata.get(key);
      if (filled) return filled;
    }
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.fetchMetadata(ref)
        .then((outcome) => {
          this.metadata.set(
            key,
            outcome,
            outcome.ok ? SUCCESS_TTL_MS : outcome.cacheControl === CACHE_CONTROL.refusal ? REFUSAL_TTL_MS : OUTAGE_TTL_MS,
          );
          return outcome;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async fetchMetadata(ref: VideoRef): Promise<Outcome> {
    const endpoint = new URL(this.endpoints[ref.provider]);
    endpoint.searchParams.set('url', videoWatchUrl(ref));
    if (ref.provider === 'youtube') endpoint.searchParams.set('format', 'json');
    else endpoint.searchParams.set('dnt', '1');
    const res = await fetchLimited(endpoint.href, { timeoutMs: this.timeoutMs, maxBytes: MAX_OEMBED_BYTES, accept: 'application/json' });
    if (!res.ok) {
      const outcome = this.failure(res);
      this.logger.warn({ provider: ref.provider, id: ref.id, code: outcome.code, ...outcome.params }, 'oEmbed lookup failed');
      return outcome;
    }
    let json: unknown;
    try {
      json = JSON.parse(res.body.toString('utf8'));
    } catch {
      json = undefined;
    }
    const parsed = OembedAnswer.safeParse(json);
    if (!parsed.success) {
      this.logger.warn({ provider: ref.provider, id: ref.id }, 'oEmbed answer is not an oEmbed document');
      return { ok: false, code: 'VIDEO_EMBED_INVALID_ANSWER', params: {}, cacheControl: CACHE_CONTROL.refusal };
    }
    const o = parsed.data;
    const thumbnailSource = o.thumbnail_url && this.allowedPicture(ref.provider, o.thumbnail_url) ? o.thumbnail_url : null;
    const answer: VideoOembed = {
      provider: ref.provider,
      id: ref.id,
      title: o.title,
      ...(o.author_name ? { author_name: o.author_name } : {}),
      thumbnail: thumbnailSource ? { url: videoPosterPath(ref), width: o.thumbnail_width ?? 480, height: o.thumbnail_height ?? 360 } : null,
      width: o.width ?? VIDEO_PLAYER_DEFAULTS.width,
      height: o.height ?? VIDEO_PLAYER_DEFAULTS.height,
      embed_url: videoEmbedUrl(ref),
    };
    return { ok: true, meta: { answer, thumbnailSource } };
  }

  private failure(res: Exclude<FetchOutcome, { ok: true }>): Exclude<Outcome, { ok: true }> {
    if (res.reason !== 'status') {
      if (res.reason === 'timeout')
        return { ok: false, code: 'VIDEO_EMBED_TIMEOUT', params: { ms: this.timeoutMs }, cacheControl: CACHE_CONTROL.outage };
      if (res.reason === 'unreachable')
        return { ok: false, code: 'VIDEO_EMBED_UNREACHABLE', params: {}, cacheControl: CACHE_CONTROL.outage };
      return { ok: false, code: 'VIDEO_EMBED_INVALID_ANSWER', params: {}, cacheControl: CACHE_CONTROL.refusal };
    }
    if (res.status === 404) return { ok: false, code: 'VIDEO_NOT_FOUND', params: {}, cacheControl: CACHE_CONTROL.refusal };
    if (res.status === 401 || res.status === 403)
      return { ok: false, code: 'VIDEO_NOT_EMBEDDABLE', params: {}, cacheControl: CACHE_CONTROL.refusal };
    return { ok: false, code: 'VIDEO_EMBED_FAILED', params: { status: res.status }, cacheControl: CACHE_CONTROL.outage };
  }

  /** The provider's own picture hosts over https, or the origin of the configured oEmbed endpoint (a local emulator in tests). */
  private allowedPicture(provider: VideoProvider, source: string): boolean {
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    return [...PICTURE_ORIGINS[provider], new URL(this.endpoints[provider]).origin].includes(url.origin);
  }

  private async fetchPoster(ref: VideoRef, client?: string): Promise<PosterOutcome> {
    const key = cacheKey(ref);
    const meta = await this.lookup(ref, client);
    if (!meta.ok) return meta;
    const source = meta.meta.thumbnailSource;
    const store = (outcome: PosterOutcome, ttl: number) => {
      this.posters.set(key, outcome, ttl, outcome.ok ? outcome.poster.bytes.length : 0);
      return outcome;
    };
    if (!source)
      return store({ ok: false, code: 'VIDEO_POSTER_NOT_FOUND', params: {}, cacheControl: CACHE_CONTROL.refusal }, REFUSAL_TTL_MS);
    const res = await fetchLimited(source, {
      timeoutMs: this.timeoutMs,
      maxBytes: MAX_POSTER_BYTES,
      accept: 'image/webp,image/jpeg,image/png',
    });
    const declared = res.ok ? res.contentType.split(';')[0]!.trim() : '';
    const sniffed = res.ok ? sniffImage(res.body) : null;
    if (!res.ok || !sniffed || declared !== sniffed) {
      const reason = res.ok ? `type ${declared || 'none'}` : 'status' in res ? `status ${res.status}` : res.reason;
      this.logger.warn({ provider: ref.provider, id: ref.id, reason }, 'video poster refused');
      return store({ ok: false, code: 'VIDEO_POSTER_UNAVAILABLE', params: {}, cacheControl: CACHE_CONTROL.outage }, OUTAGE_TTL_MS);
    }
    return store({ ok: true, poster: { type: sniffed, bytes: res.body } }, SUCCESS_TTL_MS);
  }
}

function cacheKey(ref: VideoRef): string {
  return `${ref.provider}:${ref.id}:${ref.hash ?? ''}`;
}
