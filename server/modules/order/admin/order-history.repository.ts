import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AdminOrderDetail } from '../../../../contract/api/admin-orders.js';

/** What is recorded in an order's history (docs/orders.md 'History'). */
export type OrderHistoryAction =
  | 'placed'
  | 'payment_paid'
  | 'payment_failed'
  | 'expired'
  | 'shipped'
  | 'delivered'
  | 'cash_received'
  | 'cancelled'
  | 'refunded'
  | 'payment_method_changed'
  /** An operator issued a storno of the order's invoice (the invoicing module's operators' page). */
  | 'invoice_storno'
  /** An operator sent one of the order's mails again (the back office; detail: which). */
  | 'mail_resent';

/** The actor of what jobs and the payment provider do. */
export const SYSTEM_ACTOR = 'system';

/** An order's history (`shop_order_history`), always in the caller's transaction: an entry commits or rolls back with the change it describes. */
@Injectable()
export class OrderHistoryRepository {
  /** Appends one entry to an order's history. `detail` is cut to the column's 500 characters. */
  async record(
    manager: EntityManager,
    orderId: string,
    action: OrderHistoryAction,
    actor: string,
    detail: string | null = null,
  ): Promise<void> {
    await manager.query(`INSERT INTO shop_order_history (order_id, action, actor, detail) VALUES ($1, $2, $3, $4)`, [
      orderId,
      action,
      actor.slice(0, 254) || SYSTEM_ACTOR,
      detail === null ? null : detail.slice(0, 500),
    ]);
  }

  /** `record` for a caller that knows the order by its number (an unknown number records nothing). */
  async recordByNumber(
    manager: EntityManager,
    number: string,
    action: OrderHistoryAction,
    actor: string,
    detail: string | null = null,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO shop_order_history (order_id, action, actor, detail) SELECT id, $2, $3, $4 FROM shop_order WHERE number = $1`,
      [number, action, actor.slice(0, 254) || SYSTEM_ACTOR, detail === null ? null : detail.slice(0, 500)],
    );
  }

  /** An order's history, oldest first. */
  async read(manager: EntityManager, orderId: string): Promise<AdminOrderDetail['history']> {
    const rows = (await manager.query(`SELECT at, action, actor, detail FROM shop_order_history WHERE order_id = $1 ORDER BY id`, [
      orderId,
    ])) as Array<{ at: Date; action: string; actor: string; detail: string | null }>;
    return rows.map((r) => ({ at: r.at.toISOString(), action: r.action, actor: r.actor, detail: r.detail }));
  }
}
