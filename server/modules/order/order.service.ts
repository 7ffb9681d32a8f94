import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { Order, OrderLine } from './order.entity.js';
import type { PaymentStatus } from '../../../contract/orders.js';
import type { OrderStatus, OrderSummaryView } from './order.types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Orders as the profile reads them. Read only: placing orders (numbers, totals, payment) is the
 * checkout's; see docs/orders.md.
 */
@Injectable()
export class OrderReadService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The user's orders, newest first (same instant: larger number first), each with its lines in position order. */
  async listForUser(userId: string): Promise<OrderSummaryView[]> {
    return this.forUser(userId);
  }

  /** The user's most recent order, or null when there is none. */
  async lastForUser(userId: string): Promise<OrderSummaryView | null> {
    return (await this.forUser(userId, 1))[0] ?? null;
  }

  private async forUser(userId: string, limit?: number): Promise<OrderSummaryView[]> {
    // not a uuid: no order can belong to it (and PostgreSQL would refuse the parameter)
    if (!UUID.test(userId)) return [];
    const orders = await this.db.manager.find(Order, {
      where: { userId },
      order: { placedAt: 'DESC', number: 'DESC' },
      ...(limit ? { take: limit } : {}),
    });
    if (!orders.length) return [];
    const lines = await this.db.manager.find(OrderLine, {
      where: { orderId: In(orders.map((o) => o.id)) },
      order: { orderId: 'ASC', position: 'ASC' },
    });
    const byOrder = new Map<string, OrderLine[]>();
    for (const l of lines) {
      const list = byOrder.get(l.orderId);
      if (list) list.push(l);
      else byOrder.set(l.orderId, [l]);
    }
    return orders.map((o) => toView(o, byOrder.get(o.id) ?? []));
  }
}

function toView(order: Order, lines: OrderLine[]): OrderSummaryView {
  return {
    number: order.number,
    placed_at: order.placedAt.toISOString(),
    status: profileStatus(order.paymentStatus),
    payment_status: order.paymentStatus,
    fulfilment_status: order.fulfilmentStatus,
    total: order.total,
    currency: 'EUR',
    lines: lines.map((l) => ({ product_code: l.productCode, name: l.name, unit_price: l.unitPrice, quantity: l.quantity })),
  };
}

/**
 * The profile's status label (SPEC section 4 knows 'awaiting payment' and 'paid'): a failed card
 * payment leaves the order still to be paid (the shopper may try again), a refunded one was paid.
 * The view shows the payment machine's full state once placement widens it (docs/orders.md).
 */
export function profileStatus(status: PaymentStatus): OrderStatus {
  switch (status) {
    case 'awaiting_payment':
    case 'failed':
      return 'awaiting_payment';
    case 'paid':
    case 'refunded':
      return 'paid';
  }
}
