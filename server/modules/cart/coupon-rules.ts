import { divideHalfUp } from '../../../contract/money.js';

export interface CouponTerms {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent off the goods (1 to 100) for kind 'percent'. */
  percent: number | null;
  /** Cents off the goods for kind 'fixed'. */
  amount: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  /** Goods value (gross cents, before discount) the cart must reach. */
  minimumOrder: number;
  /** Redemptions allowed in total; null = unlimited. */
  usageLimit: number | null;
  /** Redemptions allowed per customer; null = unlimited. */
  perCustomerLimit: number | null;
  /** A personal coupon (a birthday present): only this customer (`user:<id>`) may use it; null = anyone. */
  customerKey?: string | null;
}

export type CouponRefusal =
  | { code: 'COUPON_NOT_YET_VALID'; params: { from: Date } }
  | { code: 'COUPON_EXPIRED'; params: { until: Date } }
  | { code: 'COUPON_BELOW_MINIMUM'; params: { minimum: number } }
  | { code: 'COUPON_USED_UP'; params: Record<string, never> }
  | { code: 'COUPON_ALREADY_USED'; params: Record<string, never> }
  | { code: 'COUPON_PERSONAL'; params: Record<string, never> };

export type CouponVerdict = { ok: true; discount: number } | { ok: false; refusal: CouponRefusal };

/** Normalizes a shopper-typed code: codes are case-insensitive and ignore surrounding spaces. */
export function normalizeCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The discount a valid coupon gives on `subtotal` goods cents: percent half up, fixed capped at the subtotal. */
export function couponDiscount(terms: Pick<CouponTerms, 'kind' | 'percent' | 'amount'>, subtotal: number): number {
  const raw = terms.kind === 'percent' ? divideHalfUp(subtotal * (terms.percent ?? 0), 100) : (terms.amount ?? 0);
  return Math.min(raw, subtotal);
}

/**
 * Checks a coupon against a cart, in the order a shopper understands: window, minimum order value,
 * total usage, the customer's own usage. `validUntil` is exclusive; `validFrom` inclusive.
 * `customerRedemptions` is null when the customer is not known yet (a guest before checkout).
 */
export function evaluateCoupon(
  terms: CouponTerms,
  ctx: { now: Date; subtotal: number; totalRedemptions: number; customerRedemptions: number | null; customerKey?: string | null },
): CouponVerdict {
  if (terms.customerKey && ctx.customerKey !== terms.customerKey) return { ok: false, refusal: { code: 'COUPON_PERSONAL', params: {} } };
  if (terms.validFrom && ctx.now < terms.validFrom)
    return { ok: false, refusal: { code: 'COUPON_NOT_YET_VALID', params: { from: terms.validFrom } } };
  if (terms.validUntil && ctx.now >= terms.validUntil)
    return { ok: false, refusal: { code: 'COUPON_EXPIRED', params: { until: terms.validUntil } } };
  if (ctx.subtotal < terms.minimumOrder)
    return { ok: false, refusal: { code: 'COUPON_BELOW_MINIMUM', params: { minimum: terms.minimumOrder } } };
  if (terms.usageLimit !== null && ctx.totalRedemptions >= terms.usageLimit)
    return { ok: false, refusal: { code: 'COUPON_USED_UP', params: {} } };
  if (terms.perCustomerLimit !== null && ctx.customerRedemptions !== null && ctx.customerRedemptions >= terms.perCustomerLimit) {
    return { ok: false, refusal: { code: 'COUPON_ALREADY_USED', params: {} } };
  }
  return { ok: true, discount: couponDiscount(terms, ctx.subtotal) };
}
