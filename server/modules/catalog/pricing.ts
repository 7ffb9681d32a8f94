/**
 * Pure price rules of the catalogue (no database): which price applies at a moment, the EU
 * Omnibus "lowest price in the 30 days before the reduction" (Directive 98/6/EC art. 6a), the
 * discount against it and the unit price per kg. Money is integer cents throughout.
 */

export const OMNIBUS_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** One row of the regular-price history: `amountCents` applies from `validFrom` until the next row. */
export interface PricePoint {
  amountCents: number;
  validFrom: Date;
}

/** A special offer: `priceCents` applies in [startsAt, endsAt). */
export interface OfferWindow {
  priceCents: number;
  startsAt: Date;
  endsAt: Date;
}

/** The regular price in force at `at` (the latest history row not after it), or null before the first. */
export function regularPriceAt(history: readonly PricePoint[], at: Date): number | null {
  let found: PricePoint | null = null;
  for (const p of history) {
    if (p.validFrom.getTime() <= at.getTime() && (!found || p.validFrom.getTime() >= found.validFrom.getTime())) found = p;
  }
  return found ? found.amountCents : null;
}

/** The offer running at `at` (the cheapest if several overlap), or null. */
export function offerAt<T extends OfferWindow>(offers: readonly T[], at: Date): T | null {
  const t = at.getTime();
  let best: T | null = null;
  for (const o of offers) {
    if (o.startsAt.getTime() <= t && t < o.endsAt.getTime() && (!best || o.priceCents < best.priceCents)) best = o;
  }
  return best;
}

/** The price a buyer paid at `at`: a running offer, else the regular price; null before the first price. */
export function appliedPriceAt(history: readonly PricePoint[], offers: readonly OfferWindow[], at: Date): number | null {
  const regular = regularPriceAt(history, at);
  if (regular === null) return null;
  const offer = offerAt(offers, at);
  return offer ? Math.min(offer.priceCents, regular) : regular;
}

/**
 * The lowest price applied in the 30 days before `reductionStart` (earlier reductions included,
 * the reduction itself excluded). Only the time the product had a price counts: with no history
 * before the window, the window starts at the first price. Null when there was no price at all
 * before the reduction (then no discount may be advertised against anything).
 */
export function lowestPriorPrice(history: readonly PricePoint[], offers: readonly OfferWindow[], reductionStart: Date): number | null {
  const end = reductionStart.getTime();
  const start = end - OMNIBUS_WINDOW_DAYS * DAY_MS;
  // The applied price only changes at these moments: window start, price changes, offer starts and ends.
  const moments = new Set<number>([start]);
  for (const p of history) moments.add(p.validFrom.getTime());
  for (const o of offers) {
    moments.add(o.startsAt.getTime());
    moments.add(o.endsAt.getTime());
  }
  let lowest: number | null = null;
  for (const m of moments) {
    if (m < start || m >= end) continue;
    const price = appliedPriceAt(history, offers, new Date(m));
    if (price !== null && (lowest === null || price < lowest)) lowest = price;
  }
  return lowest;
}

/** Whole percent off `reference`, rounded half up; 0 when the price is not below it. */
export function discountPercent(reference: number | null, price: number): number | null {
  if (reference === null || reference <= 0) return null;
  if (price >= reference) return 0;
  return Math.floor(((reference - price) * 100) / reference + 0.5);
}

/** Unit price: cents per kilogram of net weight, rounded half up. */
export function pricePerKg(priceCents: number, netWeightGrams: number): number {
  if (netWeightGrams <= 0) throw new RangeError('net weight must be positive');
  return Math.floor((priceCents * 1000 * 2 + netWeightGrams) / (2 * netWeightGrams));
}
