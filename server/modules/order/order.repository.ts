import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';
import type { FulfilmentStatus, PaymentMethod, PaymentStatus } from '../../../contract/orders.js';
import { Order, OrderLine, OrderVat } from './order.entity.js';
import type { OrderMoney } from './order-totals.js';

/** The order row an operator's action locks and judges (OrderAdminService). */
export interface LockedOrder {
  id: string;
  number: string;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  tracking_number: string | null;
  total: number;
  locale: Locale;
}

/** One row of the operators' order list. */
export interface AdminListRow {
  number: string;
  placed_at: Date;
  email: string;
  delivery_address: { first_name?: string; last_name?: string; country?: string };
  locale: Locale;
  total: number;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  tracking_number: string | null;
}

/** The filter of the operators' order list; null: any. `search` is an ILIKE pattern (escaped by the caller). */
export interface AdminListFilter {
  status: string | null;
  paymentStatus: string | null;
  paymentMethod: string | null;
  search: string | null;
  /** A ready-made view of the back office (contract ADMIN_ORDER_VIEWS), null: none. */
  view?: string | null;
  /** contract ADMIN_ORDER_SORTS; default newest first. */
  sort?: string | null;
}

/** The SQL of each ready-made view (contract/api/admin-orders.ts ADMIN_ORDER_VIEWS; `to_ship` is `allowedActions`' ship). */
export const ADMIN_VIEW_SQL: Record<string, string> = {
  to_ship: `fulfilment_status = 'placed' AND ((payment_method = 'cod' AND payment_status IN ('awaiting_payment', 'paid')) OR (payment_method = 'card' AND payment_status = 'paid'))`,
  card_pending: `payment_method = 'card' AND payment_status = 'awaiting_payment' AND fulfilment_status <> 'cancelled'`,
  cash_to_collect: `payment_method = 'cod' AND payment_status = 'awaiting_payment' AND fulfilment_status <> 'cancelled'`,
  cancelled: `fulfilment_status = 'cancelled'`,
};

const ADMIN_SORT_SQL: Record<string, string> = {
  '-placed_at': 'placed_at DESC, number DESC',
  placed_at: 'placed_at ASC, number ASC',
  '-total': 'total DESC, placed_at DESC, number DESC',
  total: 'total ASC, placed_at DESC, number DESC',
};

/** The column of each state machine (contract/orders.ts) on `shop_order`. */
const STATUS_COLUMN = { payment: 'payment_status', fulfilment: 'fulfilment_status' } as const;
export type StatusMachineName = keyof typeof STATUS_COLUMN;

/** A card order nobody paid: still awaiting payment (or failed) and still placed. */
const UNPAID_CARD = `payment_method = 'card' AND payment_status IN ('awaiting_payment', 'failed') AND fulfilment_status = 'placed'`;

/**
 * The SQL of the order module's tables (`shop_order`, `shop_order_line`, `order_number_counter`):
 * services, jobs and listeners of the module call these; other modules reach orders through the
 * module's index.ts. Methods taking a manager run in the caller's transaction.
 */
@Injectable()
export class OrderRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The transaction's time (PostgreSQL's now()): the instant an action took effect. */
  async transactionTime(m: EntityManager): Promise<Date> {
    const [{ now }] = (await m.query(`SELECT now() AS now`)) as Array<{ now: Date }>;
    return now;
  }

  // ---------------------------------------------------------------- rows

  findByNumber(m: EntityManager, number: string): Promise<Order | null> {
    return m.findOne(Order, { where: { number } });
  }

  /** The order a caller placed with an Idempotency-Key. */
  findByIdempotencyKey(m: EntityManager, scope: string, key: string): Promise<Order | null> {
    return m.findOne(Order, { where: { idempotencyScope: scope, idempotencyKey: key } });
  }

  /** The order's lines in position order. */
  lines(m: EntityManager, orderId: string): Promise<OrderLine[]> {
    return m.find(OrderLine, { where: { orderId }, order: { position: 'ASC' } });
  }

  /** The order's VAT rows by rate. */
  vats(m: EntityManager, orderId: string): Promise<OrderVat[]> {
    return m.find(OrderVat, { where: { orderId }, order: { rate: 'ASC' } });
  }

  /** A user's orders, newest first (same instant: larger number first), at most `limit`. */
  ofUser(userId: string, limit?: number): Promise<Order[]> {
    return this.db.manager.find(Order, {
      where: { userId },
      order: { placedAt: 'DESC', number: 'DESC' },
      ...(limit ? { take: limit } : {}),
    });
  }

  /** The lines of these orders, by order and position. */
  linesOfOrders(orderIds: string[]): Promise<OrderLine[]> {
    return this.db.manager.find(OrderLine, { where: { orderId: In(orderIds) }, order: { orderId: 'ASC', position: 'ASC' } });
  }

  /** A new order with its lines and VAT rows (every column given). */
  async insert(m: EntityManager, row: Order, lines: OrderLine[], vats: OrderVat[]): Promise<void> {
    await m.insert(Order, row);
    await m.insert(OrderLine, lines);
    await m.insert(OrderVat, vats);
  }

  /** New money for an order: changed line prices, its totals, and its VAT rows replaced. */
  async reprice(
    m: EntityManager,
    orderId: string,
    linePrices: Array<{ lineId: string; unitPrice: number }>,
    money: OrderMoney,
  ): Promise<void> {
    for (const l of linePrices) await m.update(OrderLine, { id: l.lineId }, { unitPrice: l.unitPrice });
    await m.update(
      Order,
      { id: orderId },
      {
        subtotal: money.subtotal,
        discount: money.discount,
        delivery: money.delivery,
        total: money.total,
        vatBase: money.vatBase,
        vatTotal: money.vatTotal,
      },
    );
    await m.delete(OrderVat, { orderId });
    await m.insert(
      OrderVat,
      money.vatByRate.map((r) => ({ orderId, rate: r.rate, base: r.base, vat: r.vat })),
    );
  }

  // ---------------------------------------------------------------- numbers

  /** The year's counter incremented (created at 1): the new value. Locks the year's row until the transaction ends. */
  async incrementNumberCounter(m: EntityManager, year: number): Promise<number> {
    const rows = (await m.query(
      `INSERT INTO order_number_counter (year, last_value) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last_value = order_number_counter.last_value + 1
       RETURNING last_value`,
      [year],
    )) as Array<{ last_value: number }>;
    return rows[0]!.last_value;
  }

  /** The year's counter incremented and the order's number set from it in ONE statement; undefined: no such order. */
  async numberFromCounter(m: EntityManager, year: number, orderId: string): Promise<{ number: string; last_value: number } | undefined> {
    const [rows] = (await m.query(
      `WITH n AS (
         INSERT INTO order_number_counter (year, last_value) VALUES ($1, 1)
         ON CONFLICT (year) DO UPDATE SET last_value = order_number_counter.last_value + 1
         RETURNING last_value)
       UPDATE shop_order o SET number = 'ZZ-' || $1::int || '-' || lpad(n.last_value::text, greatest(6, length(n.last_value::text)), '0')
         FROM n WHERE o.id = $2
       RETURNING o.number, n.last_value`,
      [year, orderId],
    )) as [Array<{ number: string; last_value: number }>, number];
    return rows[0];
  }

  // ---------------------------------------------------------------- locks and states

  /** Locks the order row (SELECT ... FOR UPDATE) until the transaction ends; an unknown number locks nothing. */
  async lock(m: EntityManager, number: string): Promise<void> {
    await m.query(`SELECT 1 FROM shop_order WHERE number = $1 FOR UPDATE`, [number]);
  }

  /** The order's status on one machine, its row locked until the transaction ends; undefined: no such order. */
  async lockedStatus<S extends string>(m: EntityManager, machine: StatusMachineName, number: string): Promise<S | undefined> {
    const rows = (await m.query(`SELECT ${STATUS_COLUMN[machine]} AS status FROM shop_order WHERE number = $1 FOR UPDATE`, [
      number,
    ])) as Array<{ status: S }>;
    return rows[0]?.status;
  }

  async setStatus(m: EntityManager, machine: StatusMachineName, number: string, to: string): Promise<void> {
    await m.query(`UPDATE shop_order SET ${STATUS_COLUMN[machine]} = $2 WHERE number = $1`, [number, to]);
  }

  /** The order's fulfilment status (no lock). */
  async fulfilmentStatus(m: EntityManager, number: string): Promise<string | undefined> {
    const rows = (await m.query(`SELECT fulfilment_status FROM shop_order WHERE number = $1`, [number])) as Array<{
      fulfilment_status: string;
    }>;
    return rows[0]?.fulfilment_status;
  }

  /** The row an operator's action judges, locked until the transaction ends. */
  async lockForAction(m: EntityManager, number: string): Promise<LockedOrder | undefined> {
    const [order] = (await m.query(
      `SELECT id, number, payment_method, payment_status, fulfilment_status, tracking_number, total, locale FROM shop_order WHERE number = $1 FOR UPDATE`,
      [number],
    )) as LockedOrder[];
    return order;
  }

  /** What `order.paid` says of an order that just became paid (paid_at: the transaction's time). */
  async paidFacts(
    m: EntityManager,
    number: string,
  ): Promise<{ id: string; payment_method: PaymentMethod; total: number; paid_at: Date } | undefined> {
    const [order] = (await m.query(`SELECT id, payment_method, total, now() AS paid_at FROM shop_order WHERE number = $1`, [
      number,
    ])) as Array<{ id: string; payment_method: PaymentMethod; total: number; paid_at: Date }>;
    return order;
  }

  async viewSecret(m: EntityManager, orderId: string): Promise<string | undefined> {
    const [row] = (await m.query(`SELECT view_secret FROM shop_order WHERE id = $1`, [orderId])) as Array<{ view_secret: string }>;
    return row?.view_secret;
  }

  // ---------------------------------------------------------------- changes

  async setShipped(m: EntityManager, orderId: string, trackingNumber: string, shippedAt: Date): Promise<void> {
    await m.query(`UPDATE shop_order SET tracking_number = $2, shipped_at = $3 WHERE id = $1`, [orderId, trackingNumber, shippedAt]);
  }

  async setDelivered(m: EntityManager, orderId: string, deliveredAt: Date): Promise<void> {
    await m.query(`UPDATE shop_order SET delivered_at = $2 WHERE id = $1`, [orderId, deliveredAt]);
  }

  async setCancelled(m: EntityManager, orderId: string, cancelledAt: Date): Promise<void> {
    await m.query(`UPDATE shop_order SET cancelled_at = $2 WHERE id = $1`, [orderId, cancelledAt]);
  }

  async setCashOnDelivery(m: EntityManager, orderId: string): Promise<void> {
    await m.query(`UPDATE shop_order SET payment_method = 'cod' WHERE id = $1`, [orderId]);
  }

  /**
   * Packs per product code held by orders still `placed` (neither shipped nor cancelled): their stock
   * was taken at placement and comes back only if they are cancelled or expire. Codes without such
   * orders are absent. Reads the open orders through `shop_order_open_idx`.
   */
  async reservedByCode(m: EntityManager, codes: readonly string[]): Promise<Map<string, number>> {
    const rows = (await m.query(
      `SELECT l.product_code AS code, sum(l.quantity)::int AS reserved
         FROM shop_order_line l JOIN shop_order o ON o.id = l.order_id
        WHERE o.fulfilment_status = 'placed' AND l.product_code = ANY($1::text[])
        GROUP BY l.product_code`,
      [[...codes]],
    )) as Array<{ code: string; reserved: number }>;
    return new Map(rows.map((r) => [r.code, r.reserved]));
  }

  /** The products and quantities of an order's lines (for releasing stock). */
  async lineQuantities(m: EntityManager, orderId: string): Promise<Array<{ code: string; quantity: number }>> {
    return (await m.query(`SELECT product_code AS code, quantity FROM shop_order_line WHERE order_id = $1`, [orderId])) as Array<{
      code: string;
      quantity: number;
    }>;
  }

  // ---------------------------------------------------------------- unpaid card orders

  /** Numbers of unpaid card orders placed before `cutoff`, oldest first; `unreminded`: only those without a 'payment not completed' yet. */
  async unpaidCardOrdersBefore(cutoff: Date, limit: number, unreminded = false): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT number FROM shop_order
        WHERE ${UNPAID_CARD}${unreminded ? ' AND payment_reminder_sent_at IS NULL' : ''} AND placed_at < $1
        ORDER BY placed_at LIMIT ${Number(limit)}`,
      [cutoff],
    )) as Array<{ number: string }>;
    return rows.map((r) => r.number);
  }

  /** The order, locked, if it still is an unpaid card order placed before `cutoff` (expired_at: the transaction's time). */
  async lockExpirable(
    m: EntityManager,
    number: string,
    cutoff: Date,
  ): Promise<{ id: string; placed_at: Date; expired_at: Date } | undefined> {
    const [order] = (await m.query(
      `SELECT id, placed_at, now() AS expired_at FROM shop_order WHERE number = $1 AND payment_method = 'card' AND payment_status IN ('awaiting_payment', 'failed')
         AND fulfilment_status = 'placed' AND placed_at < $2 FOR UPDATE`,
      [number, cutoff],
    )) as Array<{ id: string; placed_at: Date; expired_at: Date }>;
    return order;
  }

  /**
   * Sets `payment_reminder_sent_at` if the 'payment not completed' still applies (an unpaid, placed
   * card order not reminded yet; placed before `placedBefore` when given): the row's update lock
   * makes concurrent claims take turns, so exactly one finds the column empty. Undefined: not claimed.
   */
  async claimReminder(m: EntityManager, number: string, placedBefore?: Date): Promise<{ id: string; placed_at: Date } | undefined> {
    // an UPDATE ... RETURNING: TypeORM's PostgreSQL driver answers [rows, count]
    const [rows] = (await m.query(
      `UPDATE shop_order SET payment_reminder_sent_at = now()
        WHERE number = $1 AND ${UNPAID_CARD}
          AND payment_reminder_sent_at IS NULL${placedBefore ? ' AND placed_at < $2' : ''}
       RETURNING id, placed_at`,
      placedBefore ? [number, placedBefore] : [number],
    )) as [Array<{ id: string; placed_at: Date }>, number];
    return rows[0];
  }

  /**
   * How many orders, other than `orderId` and not cancelled, the buyer placed before: by the account
   * (`userId`) or by the e-mail address (a guest's earlier orders, an account's orders as a guest).
   */
  async earlierOrders(m: EntityManager, orderId: string, userId: string | null, email: string): Promise<number> {
    const [row] = (await m.query(
      `SELECT count(*)::int AS n FROM shop_order
        WHERE id <> $1 AND fulfilment_status <> 'cancelled' AND ((user_id IS NOT NULL AND user_id = $2) OR lower(email) = lower($3))`,
      [orderId, userId, email],
    )) as Array<{ n: number }>;
    return row!.n;
  }

  /** The signed-in user's most recent pending order (an unpaid card order still placed), if any. */
  async latestPendingForUser(userId: string): Promise<Order | null> {
    return this.db
      .getRepository(Order)
      .createQueryBuilder('o')
      .where('o.user_id = :userId', { userId })
      .andWhere(`o.payment_method = 'card' AND o.fulfilment_status = 'placed' AND o.payment_status IN ('awaiting_payment', 'failed')`)
      .orderBy('o.placed_at', 'DESC')
      .addOrderBy('o.number', 'DESC')
      .getOne();
  }

  // ---------------------------------------------------------------- operators' list

  /** One page of the operators' list, newest first, and the number of orders the filter matches. */
  async adminPage(filter: AdminListFilter, offset: number, limit: number): Promise<{ total: number; rows: AdminListRow[] }> {
    const where = `($1::text IS NULL OR fulfilment_status = $1) AND ($2::text IS NULL OR payment_status = $2)
      AND ($3::text IS NULL OR payment_method = $3) AND ($4::text IS NULL OR number ILIKE $4 OR email ILIKE $4)
      AND ${(filter.view && ADMIN_VIEW_SQL[filter.view]) || 'true'}`;
    const params = [filter.status, filter.paymentStatus, filter.paymentMethod, filter.search];
    const [{ n }] = (await this.db.query(`SELECT count(*)::int AS n FROM shop_order WHERE ${where}`, params)) as Array<{ n: number }>;
    const rows = (await this.db.query(
      `SELECT number, placed_at, email, delivery_address, locale, total, payment_method, payment_status, fulfilment_status, tracking_number
         FROM shop_order WHERE ${where}
        ORDER BY ${(filter.sort && ADMIN_SORT_SQL[filter.sort]) || ADMIN_SORT_SQL['-placed_at']} LIMIT ${Number(limit)} OFFSET $5`,
      [...params, offset],
    )) as AdminListRow[];
    return { total: n, rows };
  }
}
