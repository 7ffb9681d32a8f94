import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { DomainError } from '../http/domain-error.js';

export interface RateLimitRule {
  /** Stable name, part of the stored key ('login-ip'). */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  durationSeconds: number;
}

/**
 * Refused: too many attempts; the API answers 429 with a Retry-After. `code` names a more specific
 * message (registered with a `{seconds}` placeholder) than the generic RATE_LIMITED.
 */
export class RateLimitedError extends DomainError {
  constructor(
    public readonly retryAfterSeconds: number,
    code = 'RATE_LIMITED',
    field?: string,
  ) {
    super(
      code,
      `Too many attempts. Please try again in ${retryAfterSeconds} s.`,
      'rate_limited',
      field,
      [],
      { seconds: retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

const retryAfter = (msBeforeNext: number) => Math.max(1, Math.ceil(msBeforeNext / 1000));

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
      if (res instanceof RateLimiterRes) throw new RateLimitedError(retryAfter(res.msBeforeNext));
      throw res;
    }
  }

  /**
   * Without counting: the seconds until `key` may try again when the rule's budget is spent, else
   * null. For rules that count only failures: check first, consume when the attempt failed.
   */
  async blockedFor(rule: RateLimitRule, key: string): Promise<number | null> {
    const res = await this.limiter(rule)
      .get(key)
      .catch((err: unknown) => {
        this.logger.warn({ err }, `could not read ${rule.name}`);
        return null;
      });
    return res && res.consumedPoints >= rule.points && res.msBeforeNext > 0 ? retryAfter(res.msBeforeNext) : null;
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
        : new RateLimiterPostgres({
            ...common,
            storeClient: this.db,
            storeType: 'typeorm',
            tableName: 'rate_limit',
            tableCreated: true,
            insuranceLimiter,
          });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
