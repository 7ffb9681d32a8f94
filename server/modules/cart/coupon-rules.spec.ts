import fc from 'fast-check';
import { couponDiscount, evaluateCoupon, normalizeCouponCode, type CouponTerms } from './coupon-rules.js';

const base: CouponTerms = {
  code: 'LJETO10',
  kind: 'percent',
  percent: 10,
  amount: null,
  validFrom: new Date('2026-06-01T00:00:00Z'),
  validUntil: new Date('2026-09-01T00:00:00Z'),
  minimumOrder: 2000,
  usageLimit: 100,
  perCustomerLimit: 1,
};
const ctx = { now: new Date('2026-07-01T12:00:00Z'), subtotal: 3000, totalRedemptions: 0, customerRedemptions: 0 };

describe('coupon rules', () => {
  it('normalizes codes case-insensitively', () => {
    expect(normalizeCouponCode('  ljeto10 ')).toBe('LJETO10');
  });

  it('accepts a coupon inside its window, above its minimum, with uses left', () => {
    expect(evaluateCoupon(base, ctx)).toEqual({ ok: true, discount: 300 });
  });

  it('refuses before the window opens and from its end on', () => {
    expect(evaluateCoupon(base, { ...ctx, now: new Date('2026-05-31T23:59:59Z') })).toEqual({
      ok: false,
      refusal: { code: 'COUPON_NOT_YET_VALID', params: { from: base.validFrom } },
    });
    expect(evaluateCoupon(base, { ...ctx, now: base.validFrom! }).ok).toBe(true);
    expect(evaluateCoupon(base, { ...ctx, now: new Date('2026-08-31T23:59:59Z') }).ok).toBe(true);
    expect(evaluateCoupon(base, { ...ctx, now: base.validUntil! })).toEqual({
      ok: false,
      refusal: { code: 'COUPON_EXPIRED', params: { until: base.validUntil } },
    });
    expect(evaluateCoupon({ ...base, validFrom: null, validUntil: null }, { ...ctx, now: new Date('2030-01-01') }).ok).toBe(true);
  });

  it('refuses below the minimum order value, saying the minimum', () => {
    expect(evaluateCoupon(base, { ...ctx, subtotal: 1999 })).toEqual({
      ok: false,
      refusal: { code: 'COUPON_BELOW_MINIMUM', params: { minimum: 2000 } },
    });
    expect(evaluateCoupon(base, { ...ctx, subtotal: 2000 }).ok).toBe(true);
  });

  it('keeps a personal coupon to its customer (a guest or another account is refused)', () => {
    const personal = { ...base, customerKey: 'user:a' };
    expect(evaluateCoupon(personal, { ...ctx, customerKey: 'user:a' }).ok).toBe(true);
    expect(evaluateCoupon(personal, { ...ctx, customerKey: 'user:b' })).toEqual({
      ok: false,
      refusal: { code: 'COUPON_PERSONAL', params: {} },
    });
    expect(evaluateCoupon(personal, { ...ctx, customerKey: null })).toEqual({
      ok: false,
      refusal: { code: 'COUPON_PERSONAL', params: {} },
    });
    expect(evaluateCoupon(base, { ...ctx, customerKey: null }).ok).toBe(true);
  });

  it('refuses when used up in total or by this customer', () => {
    expect(evaluateCoupon(base, { ...ctx, totalRedemptions: 100 })).toEqual({ ok: false, refusal: { code: 'COUPON_USED_UP', params: {} } });
    expect(evaluateCoupon(base, { ...ctx, totalRedemptions: 99 }).ok).toBe(true);
    expect(evaluateCoupon(base, { ...ctx, customerRedemptions: 1 })).toEqual({
      ok: false,
      refusal: { code: 'COUPON_ALREADY_USED', params: {} },
    });
    expect(evaluateCoupon({ ...base, perCustomerLimit: 2 }, { ...ctx, customerRedemptions: 1 }).ok).toBe(true);
    // a guest is not known until checkout: the per-customer limit is checked at redemption
    expect(evaluateCoupon(base, { ...ctx, customerRedemptions: null }).ok).toBe(true);
    expect(
      evaluateCoupon({ ...base, usageLimit: null, perCustomerLimit: null }, { ...ctx, totalRedemptions: 10_000, customerRedemptions: 500 })
        .ok,
    ).toBe(true);
  });

  it('computes percent discounts half up and caps fixed ones at the subtotal', () => {
    expect(couponDiscount({ kind: 'percent', percent: 10, amount: null }, 1995)).toBe(200); // 199.5 -> 200
    expect(couponDiscount({ kind: 'percent', percent: 10, amount: null }, 1994)).toBe(199); // 199.4 -> 199
    expect(couponDiscount({ kind: 'percent', percent: 100, amount: null }, 1234)).toBe(1234);
    expect(couponDiscount({ kind: 'fixed', percent: null, amount: 500 }, 3000)).toBe(500);
    expect(couponDiscount({ kind: 'fixed', percent: null, amount: 500 }, 300)).toBe(300);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 100_000 }),
        (subtotal, percent, amount) => {
          const p = couponDiscount({ kind: 'percent', percent, amount: null }, subtotal);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(subtotal);
          expect(Math.abs(p - (subtotal * percent) / 100)).toBeLessThanOrEqual(0.5);
          expect(couponDiscount({ kind: 'fixed', percent: null, amount }, subtotal)).toBe(Math.min(amount, subtotal));
        },
      ),
    );
  });
  it('refuses a coupon an operator switched off, before anything else', () => {
    expect(evaluateCoupon({ ...base, disabled: true }, ctx)).toEqual({ ok: false, refusal: { code: 'COUPON_DISABLED', params: {} } });
    // even one that would fail later checks: the shopper learns that it is off, not why else it would fail
    expect(evaluateCoupon({ ...base, disabled: true }, { ...ctx, subtotal: 1 }).ok).toBe(false);
    expect(evaluateCoupon({ ...base, disabled: true }, { ...ctx, subtotal: 1 })).toMatchObject({ refusal: { code: 'COUPON_DISABLED' } });
    expect(evaluateCoupon({ ...base, disabled: false }, ctx).ok).toBe(true);
  });

  it('gives a business-only coupon to business buyers only; an unknown buyer is not refused yet', () => {
    const b2b = { ...base, businessOnly: true };
    expect(evaluateCoupon(b2b, { ...ctx, business: false })).toEqual({ ok: false, refusal: { code: 'COUPON_BUSINESS_ONLY', params: {} } });
    expect(evaluateCoupon(b2b, { ...ctx, business: true })).toEqual({ ok: true, discount: 300 });
    expect(evaluateCoupon(b2b, { ...ctx, business: null }).ok).toBe(true);
    // who may use it is said before the window: a consumer learns it is not for them
    expect(evaluateCoupon(b2b, { ...ctx, business: false, now: new Date('2030-01-01') })).toMatchObject({
      refusal: { code: 'COUPON_BUSINESS_ONLY' },
    });
    // an ordinary coupon does not ask
    expect(evaluateCoupon(base, { ...ctx, business: false }).ok).toBe(true);
  });

  it('gives a first-order-only coupon to a buyer without earlier orders; unknown history is not refused yet', () => {
    const first = { ...base, firstOrderOnly: true };
    expect(evaluateCoupon(first, { ...ctx, earlierOrders: 0 })).toEqual({ ok: true, discount: 300 });
    expect(evaluateCoupon(first, { ...ctx, earlierOrders: 1 })).toEqual({
      ok: false,
      refusal: { code: 'COUPON_FIRST_ORDER_ONLY', params: {} },
    });
    expect(evaluateCoupon(first, { ...ctx, earlierOrders: null }).ok).toBe(true);
    expect(evaluateCoupon(first, { ...ctx }).ok).toBe(true);
    expect(evaluateCoupon(base, { ...ctx, earlierOrders: 7 }).ok).toBe(true);
    // the usage limits speak first (the shopper's own use of it is the more precise reason)
    expect(evaluateCoupon(first, { ...ctx, earlierOrders: 1, customerRedemptions: 1 })).toMatchObject({
      refusal: { code: 'COUPON_ALREADY_USED' },
    });
  });
});
