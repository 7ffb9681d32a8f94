import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { TtlLru } from '../../platform/cache/index.js';
import { ChannelListener, DATABASE_URL } from '../../platform/database/index.js';
import { RENDER_CACHE_CHANNEL } from '../../platform/ssr/index.js';

/** An answer as it goes out: the JSON bytes and their ETag. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
}

export interface AnswerCacheOptions {
  /** Longest life of an answer; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
}

/** At most this many answers and bytes per process (a product page of 48 is about 30 kB). */
export const ANSWER_CACHE_BOUNDS = { maxEntries: 2000, maxBytes: 16 * 1024 * 1024 } as const;

/**
 * The catalogue's list answers (`GET /api/catalog/products`), kept in memory per web process as
 * the bytes that go out (docs/performance.md 'API answer cache'). They depend on nothing personal:
 * the key is the language and the validated, normalized query. Least recently used first out
 * beyond the bounds; each answer lives until the time limit or the first moment a price on it
 * changes by the clock (an offer starting or ending, a scheduled price), whichever comes first;
 * `clear()` drops everything (catalogue events, through PostgreSQL NOTIFY: CatalogAnswers). An
 * answer computed before a `clear()` is not stored.
 */
export class AnswerCache {
  private readonly entries: TtlLru<CachedAnswer>;
  private gen = 0;
  private readonly now: () => number;

  constructor(private readonly opts: AnswerCacheOptions) {
    this.now = opts.now ?? Date.now;
    this.entries = new TtlLru({ maxEntries: opts.maxEntries, maxBytes: opts.maxBytes }, this.now);
  }

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  /** Counts `clear()`s: an answer is stored only if none happened since it was started. */
  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | undefined {
    return this.entries.get(key);
  }

  /**
   * Stores an answer started at `generation` (read before its data), valid until `validUntil`
   * (ms since the epoch; null: only the time limit) at the latest. Answers whether it was stored.
   */
  set(key: string, answer: CachedAnswer, generation: number, validUntil: number | null): boolean {
    if (!this.enabled || generation !== this.gen) return false;
    const expiresAt = Math.min(this.now() + this.opts.ttlMs, validUntil ?? Infinity);
    if (expiresAt <= this.now()) return false;
    const bytes = answer.body.length + answer.etag.length + key.length;
    if (bytes > this.opts.maxBytes) return false;
    this.entries.set(key, answer, expiresAt - this.now(), bytes);
    return true;
  }

  /** Drops every answer and keeps answers being computed from being stored. */
  clear(): void {
    this.gen += 1;
    this.entries.clear();
  }
}

/**
 * The answer cache of this process and its ear: in a process that answers HTTP (web, all) and with
 * the render cache's time limit (`RENDER_CACHE_TTL_SECONDS`; off in development and when 0), it
 * listens on the render cache's channel, on which every catalogue price or availability change is
 * announced (render-cache-invalidation.ts), and drops every answer then, and after a lost
 * connection once it listens again.
 */
@Injectable()
export class CatalogAnswers implements OnModuleInit, OnApplicationShutdown {
  readonly cache: AnswerCache;
  private readonly logger = new Logger('catalog-answers');
  private listener: ChannelListener | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
  ) {
    const off = config.role === 'worker' || config.http.viteDev;
    this.cache = new AnswerCache({ ttlMs: off ? 0 : config.http.renderCacheTtlMs, ...ANSWER_CACHE_BOUNDS });
  }

  async onModuleInit(): Promise<void> {
    if (!this.cache.enabled) return;
    this.listener = new ChannelListener({
      databaseUrl: this.databaseUrl,
      channel: RENDER_CACHE_CHANNEL,
      applicationName: 'pasta-shop-catalog-answers',
      onNotification: () => this.cache.clear(),
      onListening: (after) => {
        if (after > 0) this.cache.clear();
      },
      onLost: (err, delay) => this.logger.warn(`catalog answers: LISTEN connection lost (${err.message}); reconnecting in ${delay} ms`),
    });
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }
}
