import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { DomainError } from '../http/domain-error.js';
import { registerErrorMessages } from '../i18n/index.js';

registerErrorMessages({
  RATE_LIMITED: {
    hr: 'Previše pokušaja. Pokušajte ponovno za {seconds} s.',
    en: 'Too many attempts. Please try again in {seconds} s.',
    de: 'Zu viele Versuche. Bitte versuchen Sie es in {seconds} s erneut.',
    sl: 'Preveč poskusov. Poskusite znova čez {seconds} s.',
  },
});

export interface RateLimitRule {
  /** Stable name, part of the stored key ('login-ip'). */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  durationSeconds: number;
}

/** Refused: too many attempts; the API answers 429 with a Retry-After. */
export class RateLimitedError extends DomainError {
  constructor(public readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many attempts. Please try again in ${retryAfterSeconds} s.`, 'rate_limited', undefined, [], { seconds: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/**
 * Counters shared by every web process: in Redis when REDIS_URL is set, otherwise in PostgreSQL
 * (table rate_limit). Built on rate-limiter-flexible (atomic increments, both stores). If the store
 * is unreachable, each process falls back to an in-memory limiter of the same rule rather than
 * letting everything through or refusing everyone.
 */
@Injectable()
export class RateLimitService implements OnModuleDestroy {
  private readonly logger = new Logger('rate-limit');
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private readonly redis: Redis | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    // Only processes that answer requests count attempts; a worker opens no connection for it. The
    // connection opens now, not at the first attempt: without an offline queue that one would fail
    // over to the per-process limiter.
    if (config.redis.url && config.role !== 'worker') {
      this.redis = new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      this.redis.on('error', () => undefined); // reported by the queue's health check; the insurance limiter covers us
    }
  }

  /** Counts one attempt under `key`; throws RateLimitedError when the rule's budget is spent. */
  async consume(rule: RateLimitRule, key: string): Promise<void> {
    try {
      await this.limiter(rule).consume(key, 1);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      throw res;
    }
  }

  /** Forgets the attempts under `key` (a successful login clears its e-mail's failures). */
  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule)
      .delete(key)
      .catch((err: unknown) => this.logger.warn({ err }, `could not reset ${rule.name}`));
  }

  async onModuleDestroy(): Promise<void> {
    this.redis?.disconnect();
  }

  private limiter(rule: RateLimitRule): RateLimiterAbstract {
    const id = `${rule.name}|${rule.points}|${rule.durationSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const common = { keyPrefix: `${this.config.queue.prefix}-rl-${rule.name}`, points: rule.points, duration: rule.durationSeconds };
      const insuranceLimiter = new RateLimiterMemory(common);
      limiter = this.redis
        ? new RateLimiterRedis({ ...common, storeClient: this.redis, insuranceLimiter })
        : new RateLimiterPostgres({ ...common, storeClient: this.db, storeType: 'typeorm', tableName: 'rate_limit', tableCreated: true, insuranceLimiter });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
