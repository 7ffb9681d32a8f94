import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Order, OrderLine, OrderVat } from './order.entity.js';
import { OrderRepository } from './order.repository.js';
import { isOrderNumber } from '../../../contract/api/order.js';
import type { PaymentStatus } from '../../../contract/orders.js';
import type { OrderStatus, OrderSummaryView, OrderView } from './order.types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Orders as the profile reads them. Read only: placing orders (numbers, totals, payment) is the
 * checkout's; see docs/orders.md.
 */
@Injectable()
export class OrderReadService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrderRepository,
  ) {}

  /** The user's orders, newest first (same instant: larger number first), each with its lines in position order. */
  async listForUser(userId: string): Promise<OrderSummaryView[]> {
    return this.forUser(userId);
  }

  /** The user's most recent order, or null when there is none. */
  async lastForUser(userId: string): Promise<OrderSummaryView | null> {
    return (await this.forUser(userId, 1))[0] ?? null;
  }

  /**
   * One order, whole (lines, VAT per rate, addresses), or null for an unknown or malformed number.
   * No access check: callers decide who may see it (the controller: owner or view token; the
   * mails: the order's own address).
   */
  async viewByNumber(number: string, manager: EntityManager = this.db.manager): Promise<OrderView | null> {
    const found = await this.findByNumber(number, manager);
    return found && this.viewOf(found, manager);
  }

  /** The order row by its number (null for an unknown or malformed one). */
  async findByNumber(number: string, manager: EntityManager = this.db.manager): Promise<Order | null> {
    if (!isOrderNumber(number)) return null;
    return this.orders.findByNumber(manager, number);
  }

  /** The order a caller placed with an Idempotency-Key (null: none). */
  findByIdempotencyKey(scope: string, key: string, manager: EntityManager = this.db.manager): Promise<Order | null> {
    return this.orders.findByIdempotencyKey(manager, scope, key);
  }

  /** The whole view of an order row. */
  async viewOf(order: Order, manager: EntityManager = this.db.manager): Promise<OrderView> {
    const [lines, vats] = await Promise.all([this.orders.lines(manager, order.id), this.orders.vats(manager, order.id)]);
    return toOrderView(order, lines, vats);
  }

  private async forUser(userId: string, limit?: number): Promise<OrderSummaryView[]> {
    // not a uuid: no order can belong to it (and PostgreSQL would refuse the parameter)
    if (!UUID.test(userId)) return [];
    const orders = await this.orders.ofUser(userId, limit);
    if (!orders.length) return [];
    const lines = await this.orders.linesOfOrders(orders.map((o) => o.id));
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

/** An order with its lines and VAT rows as the API shows it (contract `OrderView`). */
export function toOrderView(order: Order, lines: OrderLine[], vats: OrderVat[]): OrderView {
  return {
    number: order.number,
    status: profileStatus(order.paymentStatus),
    payment_status: order.paymentStatus,
    fulfilment_status: order.fulfilmentStatus,
    payment_method: order.paymentMethod,
    placed_at: order.placedAt.toISOString(),
    email: order.email,
    phone: order.phone,
    locale: order.locale,
    currency: 'EUR',
    lines: lines.map((l) => ({
      product_code: l.productCode,
      name: l.name,
      unit_price: l.unitPrice,
      quantity: l.quantity,
      vat_rate: Number(l.vatRate),
      line_total: l.unitPrice * l.quantity,
    })),
    subtotal: order.subtotal,
    discount: order.discount,
    coupon_code: order.couponCode,
    delivery: order.delivery,
    total: order.total,
    vat_base: order.vatBase,
    vat_total: order.vatTotal,
    vat_by_rate: vats.map((v) => ({ rate: Number(v.rate), base: v.base, vat: v.vat })),
    delivery_address: order.deliveryAddress,
    billing_address: order.billingAddress,
    r1_invoice: order.r1Invoice,
    courier_note: order.courierNote,
    remark: order.remark,
    tracking_number: order.trackingNumber,
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
