import { describe, expect, it } from '@jest/globals';
import { offerRefusal, OFFER_START_GRACE_MS, planBulk, previewOffer, type ProposedOffer } from './catalog-admin.rules.js';

const DAY = 86_400_000;
const NOW = new Date('2026-11-29T10:00:00Z');
const daysFromNow = (d: number) => new Date(NOW.getTime() + d * DAY);

describe('previewOffer', () => {
  it('C-330/23: a price raised shortly before the cut strikes through the 30-day lowest price, and the percentage is computed from it', () => {
    // 219 for months, raised to 249 ten days before the offer starts, offer at 199 from tomorrow
    const history = [
      { amountCents: 219, validFrom: daysFromNow(-200) },
      { amountCents: 249, validFrom: daysFromNow(-9) },
    ];
    const offer: ProposedOffer = { priceCents: 199, startsAt: daysFromNow(1), endsAt: daysFromNow(15) };
    const p = previewOffer(history, [], offer, 249, 400);
    expect(p.regularPriceCents).toBe(249);
    expect(p.lowest30dCents).toBe(219);
    expect(p.struckPriceCents).toBe(219);
    // (219 - 199) / 219 = 9.13 % -> 9, not (249 - 199) / 249 = 20 %
    expect(p.discountPercent).toBe(9);
    expect(p.windowTo).toEqual(offer.startsAt);
    expect(p.windowFrom).toEqual(daysFromNow(-29));
    expect(p.offerPerKgCents).toBe(498); // 199 per 400 g
  });

  it('counts an earlier offer inside the window, and strikes nothing when the new offer is not below it', () => {
    const history = [{ amountCents: 299, validFrom: daysFromNow(-100) }];
    const earlier = { priceCents: 259, startsAt: daysFromNow(-20), endsAt: daysFromNow(-10) };
    const below = previewOffer(history, [earlier], { priceCents: 239, startsAt: daysFromNow(1), endsAt: daysFromNow(5) }, 299, 400);
    expect(below.lowest30dCents).toBe(259);
    expect(below.struckPriceCents).toBe(259);
    expect(below.discountPercent).toBe(8); // 20 / 259 = 7.7 %
    const notBelow = previewOffer(history, [earlier], { priceCents: 269, startsAt: daysFromNow(1), endsAt: daysFromNow(5) }, 299, 400);
    expect(notBelow.lowest30dCents).toBe(259);
    expect(notBelow.struckPriceCents).toBeNull();
    expect(notBelow.discountPercent).toBe(0);
  });

  it('forgets a lower price older than the 30 days before the cut', () => {
    const history = [
      { amountCents: 149, validFrom: daysFromNow(-90) },
      { amountCents: 249, validFrom: daysFromNow(-40) },
    ];
    const p = previewOffer(history, [], { priceCents: 199, startsAt: daysFromNow(1), endsAt: daysFromNow(8) }, 249, 1000);
    expect(p.lowest30dCents).toBe(249);
    expect(p.discountPercent).toBe(20);
    expect(p.offerPerKgCents).toBe(199);
  });

  it('has no lowest price and no percentage without any price before the offer', () => {
    const p = previewOffer([], [], { priceCents: 199, startsAt: daysFromNow(1), endsAt: daysFromNow(2) }, 249, 400);
    expect(p.regularPriceCents).toBe(249);
    expect(p.lowest30dCents).toBeNull();
    expect(p.struckPriceCents).toBeNull();
    expect(p.discountPercent).toBeNull();
  });
});

describe('offerRefusal', () => {
  const offer = (priceCents: number, start: number, end: number): ProposedOffer => ({
    priceCents,
    startsAt: daysFromNow(start),
    endsAt: daysFromNow(end),
  });

  it('accepts a cut from now on that overlaps nothing', () => {
    expect(offerRefusal(offer(199, 1, 10), { regularPriceCents: 249 }, [], NOW)).toBeNull();
    // starting 'now' by a screen whose clock is a little behind
    const justNow = { priceCents: 199, startsAt: new Date(NOW.getTime() - OFFER_START_GRACE_MS + 1000), endsAt: daysFromNow(3) };
    expect(offerRefusal(justNow, { regularPriceCents: 249 }, [], NOW)).toBeNull();
  });

  it('refuses an end before the start, a past start, no cut and an overlap', () => {
    expect(offerRefusal(offer(199, 5, 5), { regularPriceCents: 249 }, [], NOW)?.code).toBe('CATALOG_OFFER_ENDS_BEFORE_START');
    expect(offerRefusal(offer(199, -1, 5), { regularPriceCents: 249 }, [], NOW)).toEqual({
      code: 'CATALOG_OFFER_STARTS_IN_PAST',
      field: 'starts_at',
      kind: 'invalid',
    });
    expect(offerRefusal(offer(249, 1, 5), { regularPriceCents: 249 }, [], NOW)?.code).toBe('CATALOG_OFFER_NOT_A_CUT');
    expect(offerRefusal(offer(299, 1, 5), { regularPriceCents: 249 }, [], NOW)?.code).toBe('CATALOG_OFFER_NOT_A_CUT');
    const other = { priceCents: 219, startsAt: daysFromNow(4), endsAt: daysFromNow(8) };
    expect(offerRefusal(offer(199, 1, 5), { regularPriceCents: 249 }, [other], NOW)).toEqual({
      code: 'CATALOG_OFFER_OVERLAPS',
      field: 'starts_at',
      kind: 'conflict',
    });
    // touching ends are no overlap: [1, 4) then [4, 8)
    expect(offerRefusal(offer(199, 1, 4), { regularPriceCents: 249 }, [other], NOW)).toBeNull();
  });
});

describe('planBulk', () => {
  const current = new Map([
    ['A', { name: 'Penne', value: 10 }],
    ['B', { name: 'Fusilli', value: null }],
    ['C', { name: 'Spaghetti', value: 3 }],
  ]);

  it('lists old -> new of every row that changes, counts them, and keeps unchanged rows apart', () => {
    const plan = planBulk(
      [
        { code: 'A', value: 12 },
        { code: 'B', value: 0 },
        { code: 'C', value: 3 },
      ],
      current,
    );
    expect(plan.changes).toEqual([
      { row: 0, code: 'A', name: 'Penne', old: 10, new: 12 },
      { row: 1, code: 'B', name: 'Fusilli', old: null, new: 0 },
    ]);
    expect(plan.unchanged).toEqual(['C']);
    expect(plan.refused).toEqual([]);
  });

  it('refuses unknown codes and every row of a code given twice, with their row numbers', () => {
    const plan = planBulk(
      [
        { code: 'A', value: 1 },
        { code: 'X', value: 5 },
        { code: 'C', value: 4 },
        { code: 'A', value: 2 },
      ],
      current,
    );
    expect(plan.refused).toEqual([
      { row: 0, code: 'A', reason: 'CATALOG_BULK_DUPLICATE_CODE' },
      { row: 1, code: 'X', reason: 'CATALOG_PRODUCT_NOT_FOUND' },
      { row: 3, code: 'A', reason: 'CATALOG_BULK_DUPLICATE_CODE' },
    ]);
    expect(plan.changes).toEqual([{ row: 2, code: 'C', name: 'Spaghetti', old: 3, new: 4 }]);
  });
});
