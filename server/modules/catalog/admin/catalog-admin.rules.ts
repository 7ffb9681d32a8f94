/**
 * Pure rules of the back office's stock and price edits (no database): what a proposed special
 * offer will show and whether it may be saved, and the plan of a bulk edit (old -> new per row, the
 * rows refused and why). The service feeds them what it read under the rows' locks.
 */
import { CATALOG_ERRORS } from '../catalog.errors.js';
import {
  discountPercent,
  lowestPriorPrice,
  OMNIBUS_WINDOW_DAYS,
  pricePerKg,
  regularPriceAt,
  type OfferWindow,
  type PricePoint,
} from '../pricing.js';

const DAY_MS = 86_400_000;
/** A start this much in the past still counts as 'now' (a screen's clock, the request's travel). */
export const OFFER_START_GRACE_MS = 5 * 60_000;

export interface ProposedOffer {
  priceCents: number;
  startsAt: Date;
  endsAt: Date;
}

export interface OfferPreviewNumbers {
  regularPriceCents: number;
  offerPriceCents: number;
  windowFrom: Date;
  windowTo: Date;
  lowest30dCents: number | null;
  struckPriceCents: number | null;
  discountPercent: number | null;
  offerPerKgCents: number;
}

/**
 * What the shop will show for `offer` once it starts, from the price history and the product's other
 * offers: the regular price then, the lowest price applied in the 30 days before the cut (earlier
 * offers included), the struck price (that lowest price, only when the offer is below it) and the
 * percentage computed from it (EU court case C-330/23: never from a price raised shortly before).
 */
export function previewOffer(
  history: readonly PricePoint[],
  otherOffers: readonly OfferWindow[],
  offer: ProposedOffer,
  regularNowCents: number,
  netWeightGrams: number,
): OfferPreviewNumbers {
  const regular = regularPriceAt(history, offer.startsAt) ?? regularNowCents;
  const lowest = lowestPriorPrice(history, otherOffers, offer.startsAt);
  return {
    regularPriceCents: regular,
    offerPriceCents: offer.priceCents,
    windowFrom: new Date(offer.startsAt.getTime() - OMNIBUS_WINDOW_DAYS * DAY_MS),
    windowTo: offer.startsAt,
    lowest30dCents: lowest,
    struckPriceCents: lowest !== null && offer.priceCents < lowest ? lowest : null,
    discountPercent: discountPercent(lowest, offer.priceCents),
    offerPerKgCents: pricePerKg(offer.priceCents, netWeightGrams),
  };
}

export interface OfferRefusal {
  code: string;
  field: string;
  kind: 'invalid' | 'conflict';
}

/**
 * Why `offer` may not be saved, or null: it must end after it starts, start now or later, be a cut
 * (below the regular price in force when it starts) and overlap no other offer of the product
 * (two offers at once would leave shoppers, the cart and the 30-day rule guessing which applies).
 */
export function offerRefusal(
  offer: ProposedOffer,
  preview: Pick<OfferPreviewNumbers, 'regularPriceCents'>,
  otherOffers: readonly OfferWindow[],
  now: Date,
): OfferRefusal | null {
  if (offer.endsAt.getTime() <= offer.startsAt.getTime())
    return { code: CATALOG_ERRORS.OFFER_ENDS_BEFORE_START, field: 'ends_at', kind: 'invalid' };
  if (offer.startsAt.getTime() < now.getTime() - OFFER_START_GRACE_MS) {
    return { code: CATALOG_ERRORS.OFFER_STARTS_IN_PAST, field: 'starts_at', kind: 'invalid' };
  }
  if (offer.priceCents >= preview.regularPriceCents) return { code: CATALOG_ERRORS.OFFER_NOT_A_CUT, field: 'price_cents', kind: 'invalid' };
  const overlaps = otherOffers.some((o) => o.startsAt.getTime() < offer.endsAt.getTime() && offer.startsAt.getTime() < o.endsAt.getTime());
  if (overlaps) return { code: CATALOG_ERRORS.OFFER_OVERLAPS, field: 'starts_at', kind: 'conflict' };
  return null;
}

// ---------------------------------------------------------------- bulk edits

export interface BulkRowInput {
  code: string;
  value: number;
}

export interface BulkCurrent {
  name: string;
  /** The value now (stock: null when not tracked). */
  value: number | null;
}

export interface BulkPlan {
  changes: Array<{ row: number; code: string; name: string; old: number | null; new: number }>;
  unchanged: string[];
  refused: Array<{ row: number; code: string; reason: string }>;
}

/**
 * The plan of a bulk edit: every row whose value changes (old -> new), the rows already at their
 * value, and the refused rows (an unknown code, a code given twice: which row would win?) with
 * their row index. The edit applies only when nothing is refused.
 */
export function planBulk(rows: readonly BulkRowInput[], current: ReadonlyMap<string, BulkCurrent>): BulkPlan {
  const plan: BulkPlan = { changes: [], unchanged: [], refused: [] };
  const seen = new Map<string, number>();
  for (const { code } of rows) seen.set(code, (seen.get(code) ?? 0) + 1);
  for (const [row, { code, value }] of rows.entries()) {
    if ((seen.get(code) ?? 0) > 1) {
      plan.refused.push({ row, code, reason: CATALOG_ERRORS.BULK_DUPLICATE_CODE });
      continue;
    }
    const now = current.get(code);
    if (!now) {
      plan.refused.push({ row, code, reason: CATALOG_ERRORS.PRODUCT_NOT_FOUND });
      continue;
    }
    if (now.value === value) plan.unchanged.push(code);
    else plan.changes.push({ row, code, name: now.name, old: now.value, new: value });
  }
  return plan;
}
