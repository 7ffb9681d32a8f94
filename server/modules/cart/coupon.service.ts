import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Coupon } from './coupon.entity.js';
import { CartError } from './cart.errors.js';
import { CouponRepository } from './coupon.repository.js';
import { evaluateCoupon, normalizeCouponCode, type CouponRefusal, type CouponTerms, type CouponVerdict } from './coupon-rules.js';
import { formatEuro } from '../../../contract/money.js';
import { formatDate } from './format.js';
import type { Locale } from '../../platform/i18n/index.js';
import { ProfileService } from '../identity/index.js';

export interface NewCoupon {
  code: string;
  kind: 'percent' | 'fixed';
  percent?: number;
  amount?: number;
  validFrom?: Date | null;
  validUntil?: Date | null;
  minimumOrder?: number;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  /** Personal coupon: only this customer (`user:<id>`) may use it. */
  customerKey?: string | null;
  firstOrderOnly?: boolean;
  businessOnly?: boolean;
}

export interface CouponCheck {
  coupon: Coupon;
  verdict: CouponVerdict;
}

/** Coupons: creation (operators, tests), validation against a cart, and redemption by an order. */
@Injectable()
export class CouponService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly coupons: CouponRepository,
    private readonly profiles: ProfileService,
  ) {}

  async create(input: NewCoupon, manager: EntityManager = this.db.manager): Promise<Coupon> {
    return this.coupons.save(manager, this.build(input));
  }

  /**
   * Creates the coupon unless one with `issueKey` exists (a retried or repeated grant, possibly
   * concurrent: the unique key decides). Returns the new coupon, or null when it existed.
   */
  async issueOnce(manager: EntityManager, issueKey: string, input: NewCoupon): Promise<Coupon | null> {
    const c = this.build(input);
    return (await this.coupons.insertOnce(manager, c, issueKey)) ? Object.assign(c, { issueKey }) : null;
  }

  private build(input: NewCoupon): Coupon {
    return this.coupons.build({
      id: randomUUID(),
      code: normalizeCouponCode(input.code),
      kind: input.kind,
      percent: input.kind === 'percent' ? (input.percent ?? null) : null,
      amount: input.kind === 'fixed' ? (input.amount ?? null) : null,
      validFrom: input.validFrom ?? null,
      validUntil: input.validUntil ?? null,
      minimumOrder: input.minimumOrder ?? 0,
      usageLimit: input.usageLimit ?? null,
      perCustomerLimit: input.perCustomerLimit ?? null,
      customerKey: input.customerKey ?? null,
      issueKey: null,
      firstOrderOnly: input.firstOrderOnly ?? false,
      businessOnly: input.businessOnly ?? false,
      disabledAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  }

  async findByCode(code: string, manager: EntityManager = this.db.manager, lock = false): Promise<Coupon | null> {
    return this.coupons.findByCode(manager, normalizeCouponCode(code), lock);
  }

  /**
   * Evaluates a coupon for a cart's goods value; `customerKey` null for a guest not known yet (a
   * guest is never a business buyer). `earlierOrders` is the buyer's earlier orders when the order
   * module knows them (at checkout); absent, a first-order-only coupon is not refused yet. Unknown codes resolve to null.
   */
  async check(
    code: string,
    ctx: { subtotal: number; customerKey: string | null; now?: Date; earlierOrders?: number | null },
    manager: EntityManager = this.db.manager,
  ): Promise<CouponCheck | null> {
    const coupon = await this.findByCode(code, manager);
    if (!coupon) return null;
    const { total, mine } = await this.coupons.redemptions(manager, coupon.id, ctx.customerKey ?? '');
    const verdict = evaluateCoupon(terms(coupon), {
      now: ctx.now ?? new Date(),
      subtotal: ctx.subtotal,
      totalRedemptions: total,
      customerRedemptions: ctx.customerKey === null ? null : mine,
      customerKey: ctx.customerKey,
      business: coupon.businessOnly ? await this.isBusinessBuyer(ctx.customerKey) : null,
      earlierOrders: ctx.earlierOrders ?? null,
    });
    return { coupon, verdict };
  }

  /** Whether the customer key names a signed-in business buyer (role `business`); guests (`email:…`, null) are not. */
  private async isBusinessBuyer(customerKey: string | null): Promise<boolean> {
    if (!customerKey?.startsWith('user:')) return false;
    const user = await this.profiles.get(customerKey.slice('user:'.length)).catch(() => null);
    return user?.role === 'business';
  }

  /**
   * Records that `orderId` used the coupon, for `customerKey` (`user:<id>` or `email:<address>`).
   * Call it inside the order's transaction: the coupon row is locked, so concurrent orders cannot
   * exceed the limits. Throws the shopper's refusal (CartError) when the coupon no longer applies.
   * Redeeming the same order twice is a no-op. `earlierOrders`: counts the buyer's earlier orders (not
   * cancelled), asked only for a first-order-only coupon; `discount`: the cents the order got off (recorded for
   * the usage figures; computed from `subtotal` when absent).
   */
  async redeem(
    manager: EntityManager,
    code: string,
    customerKey: string,
    orderId: string,
    opts: { subtotal?: number; now?: Date; locale?: Locale; earlierOrders?: () => Promise<number>; discount?: number } = {},
  ): Promise<Coupon> {
    const coupon = await this.findByCode(code, manager, true);
    if (!coupon) throw new CartError('COUPON_UNKNOWN', {}, 'code');
    if (await this.coupons.isRedeemedBy(manager, coupon.id, orderId)) return coupon;
    // without a subtotal the order module vouches for the minimum (it validated the cart)
    const checked = await this.check(
      code,
      {
        subtotal: opts.subtotal ?? coupon.minimumOrder,
        customerKey,
        now: opts.now,
        // counted only for a coupon that asks (one query on the orders)
        earlierOrders: coupon.firstOrderOnly && opts.earlierOrders ? await opts.earlierOrders() : null,
      },
      manager,
    );
    if (checked && !checked.verdict.ok) throw refusalError(checked.verdict.refusal, opts.locale ?? 'en', opts.subtotal ?? 0);
    const discount = opts.discount ?? (checked?.verdict.ok && opts.subtotal !== undefined ? checked.verdict.discount : 0);
    await this.coupons.insertRedemption(manager, coupon.id, customerKey, orderId, discount);
    return coupon;
  }

  /** The redemption an order made given back (its buyer cancelled it before paying): the coupon counts as unused by it. */
  async releaseRedemption(manager: EntityManager, orderId: string): Promise<void> {
    await this.coupons.deleteRedemptionsOf(manager, orderId);
  }
}

export function terms(c: Coupon): CouponTerms {
  return {
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amount: c.amount,
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    minimumOrder: c.minimumOrder,
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    customerKey: c.customerKey,
    disabled: c.disabledAt !== null,
    firstOrderOnly: c.firstOrderOnly,
    businessOnly: c.businessOnly,
  };
}

/** The message parameters of a refusal, formatted for the shopper's language. */
export function refusalParams(refusal: CouponRefusal, locale: Locale, subtotal: number): Record<string, string> {
  switch (refusal.code) {
    case 'COUPON_NOT_YET_VALID':
      return { from: formatDate(refusal.params.from, locale) };
    case 'COUPON_EXPIRED':
      return { until: formatDate(refusal.params.until, locale) };
    case 'COUPON_BELOW_MINIMUM':
      return {
        minimum: formatEuro(refusal.params.minimum, locale),
        missing: formatEuro(Math.max(0, refusal.params.minimum - subtotal), locale),
      };
    default:
      return {};
  }
}

export function refusalError(refusal: CouponRefusal, locale: Locale, subtotal: number): CartError {
  return new CartError(refusal.code, refusalParams(refusal, locale, subtotal), 'code');
}
