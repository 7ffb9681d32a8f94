import { z } from 'zod';
import { defineEvent, eventFields } from './event-contract.js';

const product = {
  productId: z.number().int().positive(),
  /** SKU, e.g. 'ZZ-SPAG-400'. */
  productCode: z.string().min(1),
};

/**
 * A product's regular price in force changed (gross cents per pack). Published by PriceService in
 * the transaction that writes the price history; special offers are not regular prices.
 */
export const catalogPriceChangedV1 = z.object({
  version: z.literal(1),
  ...product,
  oldPriceCents: z.number().int().positive(),
  newPriceCents: z.number().int().positive(),
  /** From when the new price applies (the history row's valid_from). */
  effectiveAt: eventFields.instant,
});
export const catalogPriceChanged = defineEvent('catalog.price-changed', 1, catalogPriceChangedV1);

const availability = z.enum(['available', 'soon_available_again']);

/**
 * A product's stock or availability changed (stock taken by an order). `stock` is null when stock
 * is not tracked; `availability` is what shoppers see ('available' only while at least one pack is
 * left).
 */
export const catalogAvailabilityChangedV1 = z.object({
  version: z.literal(1),
  ...product,
  oldStock: z.number().int().nullable(),
  newStock: z.number().int().nullable(),
  oldAvailability: availability,
  newAvailability: availability,
  effectiveAt: eventFields.instant,
});
export const catalogAvailabilityChanged = defineEvent('catalog.availability-changed', 1, catalogAvailabilityChangedV1);

/**
 * A special offer was scheduled for a product (the back office, `/api/admin/products/{code}/offers`):
 * the prices shoppers see change at `startsAt` and `endsAt`, so pages and answers computed before it
 * (which did not know these moments) are stale.
 */
export const catalogOfferScheduledV1 = z.object({
  version: z.literal(1),
  ...product,
  offerId: z.number().int().positive(),
  priceCents: z.number().int().positive(),
  startsAt: eventFields.instant,
  endsAt: eventFields.instant,
});
export const catalogOfferScheduled = defineEvent('catalog.offer-scheduled', 1, catalogOfferScheduledV1);

/**
 * An operator changed a product in the back office (`/api/admin/products`): created it, edited its
 * fields or texts, published, unpublished, archived or unarchived it. Pages, lists, search answers
 * and the sitemap computed before it are stale in every web process.
 */
export const catalogProductChangedV1 = z.object({
  version: z.literal(1),
  ...product,
  change: z.enum(['created', 'edited', 'published', 'unpublished', 'archived', 'unarchived']),
  effectiveAt: eventFields.instant,
});
export const catalogProductChanged = defineEvent('catalog.product-changed', 1, catalogProductChangedV1);

/** An operator created a category, changed its names or slugs, or moved it in the shop's order. */
export const catalogCategoryChangedV1 = z.object({
  version: z.literal(1),
  categoryId: z.number().int().positive(),
  categoryCode: z.string().min(1),
  change: z.enum(['created', 'edited', 'moved']),
  effectiveAt: eventFields.instant,
});
export const catalogCategoryChanged = defineEvent('catalog.category-changed', 1, catalogCategoryChangedV1);
