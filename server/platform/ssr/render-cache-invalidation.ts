import { Injectable, Logger, Module } from '@nestjs/common';
import {
  catalogAvailabilityChanged,
  catalogCategoryChanged,
  catalogOfferScheduled,
  catalogPriceChanged,
  catalogProductChanged,
} from '../../../contract/events/catalog.js';
import { contentPublished, contentUnpublished } from '../../../contract/events/content.js';
import { ChannelListener } from '../database/index.js';
import { type EventContext, OnEvent } from '../events/index.js';
import type { RenderCache } from './render-cache.js';

/** The PostgreSQL channel on which every web process hears that rendered pages are stale. */
export const RENDER_CACHE_CHANNEL = 'render_cache';

/**
 * Rendered pages show prices, availability and the content's texts (and the sitemaps list the
 * content's entries), so the events that change them drop every web
 * process's render cache. The worker that delivers such an event sends `NOTIFY render_cache` in the
 * delivery's transaction: PostgreSQL hands it to every listening web process when that transaction
 * commits, exactly when the new data becomes visible. PostgreSQL rather than Redis pub/sub: every
 * process has it (Redis is optional here), and a notification inside the transaction can neither
 * come before the data nor go out for a rolled-back change. The contracts are shared ones
 * (contract/events): this platform piece knows no module.
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

  @OnEvent(catalogOfferScheduled, 'drop-rendered-pages-on-offer')
  async offerScheduled(_event: unknown, ctx: EventContext): Promise<void> {
    await notify(ctx, 'catalog.offer-scheduled');
  }

  @OnEvent(catalogProductChanged, 'drop-rendered-pages-on-product')
  async productChanged(_event: unknown, ctx: EventContext): Promise<void> {
    await notify(ctx, 'catalog.product-changed');
  }

  @OnEvent(catalogCategoryChanged, 'drop-rendered-pages-on-category')
  async categoryChanged(_event: unknown, ctx: EventContext): Promise<void> {
    await notify(ctx, 'catalog.category-changed');
  }

  @OnEvent(contentPublished, 'drop-rendered-pages-on-content-published')
  async contentPublished(_event: unknown, ctx: EventContext): Promise<void> {
    await notify(ctx, 'content.published');
  }

  @OnEvent(contentUnpublished, 'drop-rendered-pages-on-content-unpublished')
  async contentUnpublished(_event: unknown, ctx: EventContext): Promise<void> {
    await notify(ctx, 'content.unpublished');
  }
}

async function notify(ctx: EventContext, reason: string): Promise<void> {
  await ctx.manager.query(`SELECT pg_notify($1, $2)`, [RENDER_CACHE_CHANNEL, reason]);
}

@Module({ providers: [RenderCacheInvalidator] })
export class RenderCacheModule {}

/**
 * A web process's ear: `LISTEN render_cache` on a dedicated connection (ChannelListener), and
 * `cache.clear()` on every notification. A lost connection reconnects with backoff and clears the
 * cache once it listens again (what it missed meanwhile is unknown); while it is away the entries'
 * time limit still holds.
 */
export class RenderCacheListener {
  private readonly logger = new Logger('render-cache');
  private readonly listener: ChannelListener;

  constructor(databaseUrl: string, cache: RenderCache) {
    this.listener = new ChannelListener({
      databaseUrl,
      channel: RENDER_CACHE_CHANNEL,
      applicationName: 'pasta-shop-render-cache',
      onNotification: () => cache.clear(),
      onListening: (after) => {
        if (after > 0) cache.clear(); // notifications may have been missed while away
      },
      onLost: (err, delay) => this.logger.warn(`render cache: LISTEN connection lost (${err.message}); reconnecting in ${delay} ms`),
    });
  }

  /** Resolves once listening (or once the first attempt failed and a retry is scheduled). */
  start(): Promise<void> {
    return this.listener.start();
  }

  close(): Promise<void> {
    return this.listener.stop();
  }
}
