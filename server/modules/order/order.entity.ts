import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';
import type { FulfilmentStatus, OrderAddress, PaymentMethod, PaymentStatus, R1Invoice } from '../../../contract/orders.js';

/** A placed order (table `shop_order`: ORDER is an SQL keyword). Money in integer euro cents, gross. */
@Entity({ name: 'shop_order' })
export class Order {
  @PrimaryColumn('uuid')
  id: string;

  /** The shopper-facing number, e.g. `ZZ-2026-000123`; unique. */
  @Column('text')
  number: string;

  /** The registered buyer; null for guest orders. A plain uuid until the user table's foreign key comes. */
  @Column('uuid', { nullable: true })
  userId: string | null;

  @Column('text')
  email: string;

  /** The payment machine's state (contract/orders.ts PAYMENT_MACHINE). */
  @Column('text')
  paymentStatus: PaymentStatus;

  /** The fulfilment machine's state (contract/orders.ts FULFILMENT_MACHINE). */
  @Column('text')
  fulfilmentStatus: FulfilmentStatus;

  @Column('text')
  paymentMethod: PaymentMethod;

  /** Gross cents of the goods: the sum of unit price x quantity of the lines. */
  @Column('integer')
  subtotal: number;

  /** Coupon discount in gross cents (at most the subtotal); 0 without a coupon. */
  @Column('integer')
  discount: number;

  /** The redeemed coupon's code, or null. */
  @Column('text', { nullable: true })
  couponCode: string | null;

  /** Delivery fee in gross cents (at the standard VAT rate of the country whose VAT applies, docs/invoicing/vat.md). */
  @Column('integer')
  delivery: number;

  /** Gross cents to pay: subtotal - discount + delivery = vatBase + vatTotal. */
  @Column('integer')
  total: number;

  @Column('integer')
  vatBase: number;

  @Column('integer')
  vatTotal: number;

  @Column('text')
  currency: string;

  @Column('jsonb')
  deliveryAddress: OrderAddress;

  /** Null: the billing address is the delivery address. */
  @Column('jsonb', { nullable: true })
  billingAddress: OrderAddress | null;

  /** Null: no R1 invoice wanted. */
  @Column('jsonb', { nullable: true })
  r1Invoice: R1Invoice | null;

  @Column('text')
  phone: string;

  @Column('text', { nullable: true })
  courierNote: string | null;

  @Column('text', { nullable: true })
  remark: string | null;

  /** The language of the order's pages and mails. */
  @Column('text')
  locale: Locale;

  /** Random secret (at least 32 characters) that view tokens of this order are signed with; never leaves the server. */
  @Column('text')
  viewSecret: string;

  /** Who may repeat the placement: `user:<id>` or `cart:<id>`; null with the key. */
  @Column('text', { nullable: true })
  idempotencyScope: string | null;

  /** The Idempotency-Key header of the placing request, unique per scope. */
  @Column('text', { nullable: true })
  idempotencyKey: string | null;

  @Column('text', { nullable: true })
  trackingNumber: string | null;

  @Column('timestamptz')
  placedAt: Date;

  @Column('timestamptz')
  createdAt: Date;
}

/** One line of an order: code, name and price as they were when the order was placed. */
@Entity({ name: 'shop_order_line' })
export class OrderLine {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  orderId: string;

  /** 0-based order of the lines within their order. */
  @Column('integer')
  position: number;

  @Column('text')
  productCode: string;

  @Column('text')
  name: string;

  /** Gross cents per pack. */
  @Column('integer')
  unitPrice: number;

  /** 1 to 99. */
  @Column('integer')
  quantity: number;

  /** Percent, the rate charged when the order was placed: the product's Croatian 5, 13 or 25, or the
   * destination's under the OSS (contract/vat.ts; up to two decimals, e.g. 5.5). */
  @Column('double precision')
  vatRate: number;
}

/** VAT base and VAT of one rate of an order (delivery counts at the standard rate of the country whose VAT applies). */
@Entity({ name: 'shop_order_vat' })
export class OrderVat {
  @PrimaryColumn('uuid')
  orderId: string;

  @PrimaryColumn('double precision')
  rate: number;

  @Column('integer')
  base: number;

  @Column('integer')
  vat: number;
}
