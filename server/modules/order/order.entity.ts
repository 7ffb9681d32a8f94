import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OrderStatus } from './order.types.js';

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

  @Column('text')
  status: OrderStatus;

  /** Gross cents: the sum of the lines (the checkout adds delivery and discount). */
  @Column('integer')
  total: number;

  @Column('text')
  currency: string;

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
}
