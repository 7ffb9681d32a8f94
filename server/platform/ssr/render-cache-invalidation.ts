import { Injectable, Logger, Module } from '@nestjs/common';
import pg from 'pg';
import { catalogAvailabilityChanged, catalogPriceChanged } from '../../../contract/events/catalog.js';
import { type EventContext, OnEvent } from '../events/index.js';
import type { RenderCache } from './render-cache.js';

/** The PostgreSQL channel on which every web process hears that rendered pages are stale. */
export const RENDER_CACHE_CHANNEL = 'render_cache';

/**
 * Rendered pages show prices and availability, so the events that change them drop every web
 * process's render cache. The worker that delivers such an event sends `NOTIFY render_cache` in the
 * delivery's transaction: PostgreSQL hands it to every listening web process when that transaction
 * commits, exactly when the new data becomes visible. PostgreSQL rather than Redis pub/sub: every
 * process has it (Redis is optional here), and a notification inside the transaction can neither
 * come before the data nor go out for a rolled-back change. The contracts are shared ones
 * (contract/events): this platform piece knows no module. `content.published` joins the list when the
 * content module exists (issue 12).
 */
@Injectable()
export class RenderCacheInvalidator {
  @OnEvent(catalogPriceChanged, 'drop-rendered-pages-on-price')
  async priceChanged(_event: unknown, ctx: EventContext): Promise<void> {
    await notify(ctx, 'catalog.price-changed');
  }

  @OnEvent(catalogAvailabilityChanged, 'drop-rendered-pages-on-availability')
  async availabilityChanged(_event: unknown, ctx: EventContext): Promise<void> {
    await notify(ctx, 'catalog.availability-changed');
  }
}

async function notify(ctx: EventContext, reason: string): Promise<void> {
  await ctx.manager.query(`SELECT pg_notify($1, $2)`, [RENDER_CACHE_CHANNEL, reason]);
}

@Module({ providers: [RenderCacheInvalidator] })
export class RenderCacheModule {}

/**
 * A web process's ear: `LISTEN render_cache` on a dedicated connection, and `cache.clear()` on every
 * notification. A lost connection reconnects with backoff (0.5 s doubling to 10 s) and clears the
 * cache once it listens again (what it missed meanwhile is unknown); while it is away the entries'
 * time limit still holds.
 */
export class RenderCacheListener {
  private readonly logger = new Logger('render-cache');
  private client: pg.Client | undefined;
  private running = true;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly cache: RenderCache,
  ) {}

  /** Resolves once listening (or once the first attempt failed and a retry is scheduled). */
  async start(): Promise<void> {
    await this.listen();
  }

  async close(): Promise<void> {
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (!this.running) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'pasta-shop-render-cache', keepAlive: true });
    const retry = (err: Error) => {
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!this.running || this.retryTimer) return;
      this.failures++;
      const delay = Math.min(500 * 2 ** (this.failures - 1), 10_000);
      if (this.failures === 1) this.logger.warn(`render cache: LISTEN connection lost (${err.message}); reconnecting in ${delay} ms`);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.listen();
      }, delay);
    };
    client.on('error', retry);
    client.on('end', () => {
      if (this.running && this.client === client) retry(new Error('connection ended'));
    });
    client.on('notification', (message) => {
      if (message.channel !== RENDER_CACHE_CHANNEL) return;
      this.cache.clear();
      this.logger.debug?.(`render cache cleared (${message.payload ?? 'no reason'})`);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${RENDER_CACHE_CHANNEL}`);
    } catch (err) {
      retry(err as Error);
      return;
    }
    if (!this.running) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    if (this.failures > 0) this.cache.clear(); // notifications may have been missed while away
    this.failures = 0;
  }
}
