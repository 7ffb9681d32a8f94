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
  /** Switched off by an operator: refused to everyone. */
  disabled?: boolean;
  /** Only for a customer without an earlier (not cancelled) order. */
  firstOrderOnly?: boolean;
  /** Only for signed-in business buyers. */
  businessOnly?: boolean;
}

export type CouponRefusal =
  | { code: 'COUPON_NOT_YET_VALID'; params: { from: Date } }
  | { code: 'COUPON_EXPIRED'; params: { until: Date } }
  | { code: 'COUPON_BELOW_MINIMUM'; params: { minimum: number } }
  | { code: 'COUPON_USED_UP'; params: Record<string, never> }
  | { code: 'COUPON_ALREADY_USED'; params: Record<string, never> }
  | { code: 'COUPON_PERSONAL'; params: Record<string, never> }
  | { code: 'COUPON_DISABLED'; params: Record<string, never> }
  | { code: 'COUPON_BUSINESS_ONLY'; params: Record<string, never> }
  | { code: 'COUPON_FIRST_ORDER_ONLY'; params: Record<string, never> };

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

/** What a coupon check knows of the cart and its buyer. */
export interface CouponContext {
  now: Date;
  subtotal: number;
  totalRedemptions: number;
  /** The customer's own redemptions; null when the customer is not known yet (a guest before checkout). */
  customerRedemptions: number | null;
  customerKey?: string | null;
  /** Whether the buyer is a signed-in business buyer (a guest is not); null/absent = not known. */
  business?: boolean | null;
  /** The buyer's earlier orders (not cancelled); null/absent = not known yet (checked at checkout). */
  earlierOrders?: number | null;
}

/**
 * Checks a coupon against a cart, in the order a shopper understands: switched off, whose it is
 * (personal, business buyers only), window, minimum order value, total usage, the customer's own
 * usage, first order only. `validUntil` is exclusive; `validFrom` inclusive. What the context does not
 * know yet (a guest's usage and earlier orders before checkout) is not refused here: the checkout
 * checks it again with the buyer known.
 */
export function evaluateCoupon(terms: CouponTerms, ctx: CouponContext): CouponVerdict {
  if (terms.disabled) return { ok: false, refusal: { code: 'COUPON_DISABLED', params: {} } };
  if (terms.customerKey && ctx.customerKey !== terms.customerKey) return { ok: false, refusal: { code: 'COUPON_PERSONAL', params: {} } };
  if (terms.businessOnly && ctx.business === false) return { ok: false, refusal: { code: 'COUPON_BUSINESS_ONLY', params: {} } };
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
  if (terms.firstOrderOnly && ctx.earlierOrders != null && ctx.earlierOrders > 0)
    return { ok: false, refusal: { code: 'COUPON_FIRST_ORDER_ONLY', params: {} } };
  return { ok: true, discount: couponDiscount(terms, ctx.subtotal) };
}
