import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { FulfilmentStatus, PaymentMethod, PaymentStatus } from '../../../contract/orders.js';
import { Order } from './order.entity.js';

/** One order of a person as the back office's profile reads it. */
export interface PersonOrderRow {
  number: string;
  placed_at: Date;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  payment_method: PaymentMethod;
  total: number;
  user_id: string | null;
}

/**
 * An order that is not finished: neither cancelled nor shipped (its goods still go out), or shipped
 * or delivered and still unpaid (cash on delivery not yet received). An account with such an order
 * cannot be erased: the shop still owes or is owed something under its contract (docs/admin.md).
 */
const OPEN_ORDER_SQL = `(o.fulfilment_status = 'placed' OR (o.fulfilment_status IN ('shipped', 'delivered') AND o.payment_status IN ('awaiting_payment', 'failed')))`;

/** The orders of a person: placed by their account, or as a guest with their e-mail address. */
const OF_PERSON_SQL = `(o.user_id = $1 OR lower(o.email) = lower($2))`;

/**
 * The SQL of a person's orders (`shop_order`) for CustomerOrders: placed by their account, or as a
 * guest with their e-mail address. A method taking a manager runs in the caller's transaction.
 */
@Injectable()
export class CustomerOrdersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** How many orders the person has. */
  async countOfPerson(userId: string, email: string): Promise<number> {
    const [{ n }] = (await this.db.query(`SELECT count(*)::int AS n FROM shop_order o WHERE ${OF_PERSON_SQL}`, [userId, email])) as Array<{
      n: number;
    }>;
    return n;
  }

  /** The person's orders, newest first (at most `limit`). */
  async ofPerson(userId: string, email: string, limit: number): Promise<PersonOrderRow[]> {
    return (await this.db.query(
      `SELECT o.number, o.placed_at, o.payment_status, o.fulfilment_status, o.payment_method, o.total, o.user_id
         FROM shop_order o WHERE ${OF_PERSON_SQL} ORDER BY o.placed_at DESC, o.number DESC LIMIT $3`,
      [userId, email, limit],
    )) as PersonOrderRow[];
  }

  /** The numbers of the person's unfinished orders (see OPEN_ORDER_SQL), oldest first, in `m` when given. */
  async openOrderNumbers(userId: string, email: string, m: EntityManager = this.db.manager): Promise<string[]> {
    const rows = (await m.query(`SELECT o.number FROM shop_order o WHERE ${OF_PERSON_SQL} AND ${OPEN_ORDER_SQL} ORDER BY o.placed_at`, [
      userId,
      email,
    ])) as Array<{ number: string }>;
    return rows.map((r) => r.number);
  }

  /** Every order of the person, oldest first. */
  allOfPerson(userId: string, email: string): Promise<Order[]> {
    return this.db.manager
      .createQueryBuilder(Order, 'o')
      .where('o.user_id = :id OR lower(o.email) = lower(:email)', { id: userId, email })
      .orderBy('o.placed_at', 'ASC')
      .getMany();
  }

  /** Removes from the person's orders what no invoice needs (e-mail replaced by `erasedEmail`, phone, courier note, remark); how many orders. */
  async scrubOfPerson(m: EntityManager, userId: string, email: string, erasedEmail: string): Promise<number> {
    const rows = (await m.query(
      `UPDATE shop_order o SET email = $3, phone = '', courier_note = NULL, remark = NULL WHERE ${OF_PERSON_SQL} RETURNING o.id`,
      [userId, email, erasedEmail],
    )) as [unknown[], number];
    return rows[1];
  }
}
