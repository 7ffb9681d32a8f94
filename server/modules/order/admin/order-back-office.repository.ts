import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AdminOrderNote, AdminOrderRefund } from '../../../../contract/api/admin-orders.js';
import type { RefundedSoFar } from '../../../../contract/order-refund.js';
import { ADMIN_VIEW_SQL } from '../order.repository.js';

/** The back office's own order tables (migration 1797890000000): internal notes and refunds by line. Always in the caller's transaction or manager. */
@Injectable()
export class OrderBackOfficeRepository {
  async addNote(m: EntityManager, orderId: string, author: { id: string; label: string }, body: string): Promise<AdminOrderNote> {
    const [row] = (await m.query(
      `INSERT INTO shop_order_note (order_id, author_id, author_label, body) VALUES ($1, $2, $3, $4) RETURNING id, at, author_label, body`,
      [orderId, author.id, author.label.slice(0, 254), body],
    )) as Array<{ id: string; at: Date; author_label: string; body: string }>;
    return { id: Number(row.id), at: row.at.toISOString(), author: row.author_label, body: row.body };
  }

  /** An order's notes, newest first. */
  async notes(m: EntityManager, orderId: string): Promise<AdminOrderNote[]> {
    const rows = (await m.query(`SELECT id, at, author_label, body FROM shop_order_note WHERE order_id = $1 ORDER BY id DESC`, [
      orderId,
    ])) as Array<{
      id: string;
      at: Date;
      author_label: string;
      body: string;
    }>;
    return rows.map((r) => ({ id: Number(r.id), at: r.at.toISOString(), author: r.author_label, body: r.body }));
  }

  async addRefund(m: EntityManager, orderId: string, refund: Omit<AdminOrderRefund, 'at'>): Promise<void> {
    await m.query(
      `INSERT INTO shop_order_refund (order_id, actor, amount, vat, shipping, method, lines) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [orderId, refund.actor.slice(0, 254), refund.amount, refund.vat, refund.shipping, refund.method, JSON.stringify(refund.lines)],
    );
  }

  /** An order's refunds by line, oldest first. */
  async refunds(m: EntityManager, orderId: string): Promise<AdminOrderRefund[]> {
    const rows = (await m.query(
      `SELECT at, actor, amount, vat, shipping, method, lines FROM shop_order_refund WHERE order_id = $1 ORDER BY id`,
      [orderId],
    )) as Array<Omit<AdminOrderRefund, 'at'> & { at: Date }>;
    return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  }

  /** Gross cents the refunds by line gave back of an order. */
  async refundedAmount(m: EntityManager, orderId: string): Promise<number> {
    const [row] = (await m.query(`SELECT coalesce(sum(amount), 0)::int AS n FROM shop_order_refund WHERE order_id = $1`, [
      orderId,
    ])) as Array<{
      n: number;
    }>;
    return row?.n ?? 0;
  }

  /** Numbers of every order to ship now, oldest first (the slips of 'to ship'), at most `limit`. */
  async toShipNumbers(m: EntityManager, limit: number): Promise<string[]> {
    const rows = (await m.query(
      `SELECT number FROM shop_order WHERE ${ADMIN_VIEW_SQL.to_ship} ORDER BY placed_at, number LIMIT ${Number(limit)}`,
    )) as Array<{ number: string }>;
    return rows.map((r) => r.number);
  }
}

/** What the refunds by line gave back so far: packs per code, the delivery fee, the amount. */
export function refundedSoFar(refunds: readonly AdminOrderRefund[]): RefundedSoFar {
  const quantities: Record<string, number> = {};
  for (const r of refunds) for (const l of r.lines) quantities[l.product_code] = (quantities[l.product_code] ?? 0) + l.quantity;
  return { quantities, shipping: refunds.some((r) => r.shipping), amount: refunds.reduce((s, r) => s + r.amount, 0) };
}
