import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { EventPublisher } from '../../platform/events/index.js';
import { DomainError } from '../../platform/http/domain-error.js';
import { CATALOG_ERRORS } from './catalog.errors.js';
import { PriceChanged } from './events/catalog.events.js';
import { ProductOffer } from './product.entity.js';
import { ProductRepository } from './product.repository.js';

export interface PriceChange {
  code: string;
  oldCents: number;
  newCents: number;
  historyLength: number;
}

export interface OfferInput {
  priceCents: number;
  startsAt: Date;
  endsAt: Date;
  /** 'YYYY-MM-DD'; defaults to the offer's start day. */
  referenceDate?: string;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new DomainError(CATALOG_ERRORS.INVALID_PRICE, 'The price must be a whole number of cents above zero.', 'invalid', 'price');
  }
}

/**
 * The only way regular prices change: the product's current price and a product_price history
 * row are written in one transaction, so the 30-day rule always has the full story; when the
 * price in force changes, `catalog.price-changed` is published in that transaction too.
 */
@Injectable()
export class PriceService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventPublisher,
    private readonly products: ProductRepository,
  ) {}

  /**
   * Sets the regular price of `code` from `at` (default now; never in the future). With `manager`,
   * it runs in that (open) transaction.
   */
  async changePrice(code: string, cents: number, options: { at?: Date; manager?: EntityManager } = {}): Promise<PriceChange> {
    assertCents(cents);
    const work = async (m: EntityManager): Promise<PriceChange> => {
      const product = await this.products.findByCode(m, code, true);
      if (!product) throw new DomainError(CATALOG_ERRORS.PRODUCT_NOT_FOUND, `No product with code ${code}.`, 'not_found', 'code');
      const oldCents = product.priceCents;
      const effectiveAt = await this.record(m, product.id, cents, options.at);
      const nowCents = await this.products.currentPriceCents(m, product.id);
      // A change back-dated behind a later one leaves the price in force as it is: nothing to tell.
      if (nowCents !== oldCents) {
        await this.events.publish(
          m,
          new PriceChanged({
            productId: product.id,
            productCode: product.code,
            oldPriceCents: oldCents,
            newPriceCents: nowCents,
            effectiveAt: effectiveAt.toISOString(),
          }),
        );
      }
      const historyLength = await this.products.historyLength(m, product.id);
      return { code, oldCents, newCents: cents, historyLength };
    };
    return options.manager ? work(options.manager) : this.db.transaction(work);
  }

  /**
   * Writes one history row and brings product.price_cents to the regular price in force now.
   * Used for a product's first price too (right after its row is inserted). Returns the row's
   * valid_from.
   */
  async record(manager: EntityManager, productId: number, cents: number, at?: Date): Promise<Date> {
    assertCents(cents);
    const now = new Date();
    const validFrom = at ?? now;
    if (validFrom.getTime() > now.getTime() + 1000) throw new RangeError('price changes are recorded when they happen, not in advance');
    await this.products.insertPrice(manager, productId, cents, validFrom);
    // "now" by this process's clock (the one validFrom came from), not the transaction's start
    await this.products.syncCurrentPrice(manager, productId, new Date(Math.max(now.getTime(), validFrom.getTime())));
    return validFrom;
  }

  /** Adds a special offer for `code`. */
  async addOffer(code: string, offer: OfferInput, manager?: EntityManager): Promise<ProductOffer> {
    assertCents(offer.priceCents);
    if (offer.endsAt.getTime() <= offer.startsAt.getTime()) throw new RangeError('an offer ends after it starts');
    const m = manager ?? this.db.manager;
    const product = await this.products.findByCode(m, code);
    if (!product) throw new DomainError(CATALOG_ERRORS.PRODUCT_NOT_FOUND, `No product with code ${code}.`, 'not_found', 'code');
    return this.products.saveOffer(m, {
      productId: product.id,
      priceCents: offer.priceCents,
      startsAt: offer.startsAt,
      endsAt: offer.endsAt,
      referenceDate: offer.referenceDate ?? offer.startsAt.toISOString().slice(0, 10),
    });
  }

  /** The regular-price history of `code`, oldest first. */
  async history(code: string): Promise<Array<{ amountCents: number; validFrom: Date }>> {
    return this.products.priceHistory(code);
  }
}
