import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { FulfilmentStatus, PaymentMethod, PaymentStatus } from '../../../contract/orders.js';
import type { DataSubject, PersonalDataPort } from '../../platform/privacy/index.js';
import { Order } from './order.entity.js';
import { OrderReadService } from './order.service.js';
import type { OrderView } from './order.types.js';

/** One order of a customer as the back office's profile lists it. */
export interface CustomerOrderRow {
  number: string;
  placed_at: string;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  payment_method: PaymentMethod;
  total: number;
  /** placed by the signed-in account, or as a guest with the account's e-mail address */
  as_guest: boolean;
}

/**
 * An order that is not finished: neither cancelled nor shipped (its goods still go out), or shipped
 * or delivered and still unpaid (cash on delivery not yet received). An account with such an order
 * cannot be erased: the shop still owes or is owed something under its contract (docs/admin.md).
 */
const OPEN_ORDER_SQL = `(o.fulfilment_status = 'placed' OR (o.fulfilment_status IN ('shipped', 'delivered') AND o.payment_status IN ('awaiting_payment', 'failed')))`;

/** The orders of a person: placed by their account, or as a guest with their e-mail address. */
const OF_PERSON_SQL = `(o.user_id = $1 OR lower(o.email) = lower($2))`;

/** What stands for an erased buyer's e-mail on their kept orders. */
const ERASED_ORDER_EMAIL = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * The order module's part of a customer (docs/admin.md 'Customers'): their orders for the profile,
 * the export (each order whole, with its lines) and the erasure. An erasure keeps every order (its
 * number, lines, amounts, VAT, states and the buyer's name and addresses: what the invoice issued
 * for it says, and what the books rest on) and removes only what no invoice needs: the e-mail
 * address, the phone number, the courier note and the remark.
 */
@Injectable()
export class CustomerOrders implements PersonalDataPort<OrderView[]> {
  readonly section = 'orders';

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reads: OrderReadService,
  ) {}

  /** The person's orders, newest first (at most `limit`), and how many there are. */
  async list(subject: DataSubject, limit = 50): Promise<{ rows: CustomerOrderRow[]; total: number }> {
    const [{ n }] = (await this.db.query(`SELECT count(*)::int AS n FROM shop_order o WHERE ${OF_PERSON_SQL}`, [
      subject.userId,
      subject.email,
    ])) as Array<{ n: number }>;
    const rows = (await this.db.query(
      `SELECT o.number, o.placed_at, o.payment_status, o.fulfilment_status, o.payment_method, o.total, o.user_id
         FROM shop_order o WHERE ${OF_PERSON_SQL} ORDER BY o.placed_at DESC, o.number DESC LIMIT $3`,
      [subject.userId, subject.email, limit],
    )) as Array<{
      number: string;
      placed_at: Date;
      payment_status: PaymentStatus;
      fulfilment_status: FulfilmentStatus;
      payment_method: PaymentMethod;
      total: number;
      user_id: string | null;
    }>;
    return {
      total: n,
      rows: rows.map((r) => ({
        number: r.number,
        placed_at: new Date(r.placed_at).toISOString(),
        payment_status: r.payment_status,
        fulfilment_status: r.fulfilment_status,
        payment_method: r.payment_method,
        total: Number(r.total),
        as_guest: r.user_id !== subject.userId,
      })),
    };
  }

  /** The numbers of the person's unfinished orders (see OPEN_ORDER_SQL), in `m` when given. */
  async openOrders(subject: DataSubject, m: EntityManager = this.db.manager): Promise<string[]> {
    const rows = (await m.query(`SELECT o.number FROM shop_order o WHERE ${OF_PERSON_SQL} AND ${OPEN_ORDER_SQL} ORDER BY o.placed_at`, [
      subject.userId,
      subject.email,
    ])) as Array<{ number: string }>;
    return rows.map((r) => r.number);
  }

  /** Every order whole (lines, VAT, addresses, R1 data), oldest first. */
  async exportOf(subject: DataSubject): Promise<OrderView[]> {
    const orders = await this.db.manager
      .createQueryBuilder(Order, 'o')
      .where('o.user_id = :id OR lower(o.email) = lower(:email)', { id: subject.userId, email: subject.email })
      .orderBy('o.placed_at', 'ASC')
      .getMany();
    const views: OrderView[] = [];
    for (const o of orders) views.push(await this.reads.viewOf(o));
    return views;
  }

  async erase(m: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const rows = (await m.query(
      `UPDATE shop_order o SET email = $3, phone = '', courier_note = NULL, remark = NULL WHERE ${OF_PERSON_SQL} RETURNING o.id`,
      [subject.userId, subject.email, ERASED_ORDER_EMAIL(subject.userId)],
    )) as [unknown[], number];
    return { orders_kept: rows[1] };
  }
}
