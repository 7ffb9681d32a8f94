import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A coupon code: percent or fixed amount off the goods, with window, minimum and usage limits. */
@Entity({ name: 'coupon' })
export class Coupon {
  @PrimaryColumn('uuid')
  id: string;

  /** Stored upper case; shoppers' input is matched case-insensitively. */
  @Column('text')
  code: string;

  @Column('text')
  kind: 'percent' | 'fixed';

  @Column('integer', { nullable: true })
  percent: number | null;

  /** Cents off for kind 'fixed'. */
  @Column('integer', { nullable: true })
  amount: number | null;

  @Column('timestamptz', { nullable: true })
  validFrom: Date | null;

  /** Exclusive end of validity. */
  @Column('timestamptz', { nullable: true })
  validUntil: Date | null;

  /** Goods value in gross cents the cart must reach. */
  @Column('integer')
  minimumOrder: number;

  @Column('integer', { nullable: true })
  usageLimit: number | null;

  @Column('integer', { nullable: true })
  perCustomerLimit: number | null;

  /** Personal coupon: only this customer key (`user:<id>`) may use it; null = anyone. */
  @Column('text', { nullable: true })
  customerKey: string | null;

  /** Issued once per key (a birthday present: 'birthday:<user id>:<year>'); null for coupons made by hand. */
  @Column('text', { nullable: true })
  issueKey: string | null;

  /** Only for a customer without an earlier (not cancelled) order. */
  @Column('boolean', { default: false })
  firstOrderOnly: boolean;

  /** Only for signed-in business buyers (role `business`). */
  @Column('boolean', { default: false })
  businessOnly: boolean;

  /** Set while an operator has switched the coupon off; null = on. */
  @Column('timestamptz', { nullable: true })
  disabledAt: Date | null;

  @Column('timestamptz')
  createdAt: Date;

  /** The last change by an operator (creation at first). */
  @Column('timestamptz')
  updatedAt: Date;
}

/** One use of a coupon by an order (recorded at order placement). */
@Entity({ name: 'coupon_redemption' })
export class CouponRedemption {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  couponId: string;

  /** `user:<id>` for registered customers, `email:<lower-case address>` for guests. */
  @Column('text')
  customerKey: string;

  @Column('text')
  orderId: string;

  /** The cents the order got off with the coupon. */
  @Column('integer', { default: 0 })
  discount: number;

  @Column('timestamptz')
  redeemedAt: Date;
}
