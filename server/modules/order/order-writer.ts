import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';
import { FULFILMENT_MACHINE, PAYMENT_MACHINE, type OrderAddress, type PaymentMethod, type R1Invoice } from '../../../contract/orders.js';
import { Order, OrderLine, OrderVat } from './order.entity.js';
import { OrderNumberService, provisionalOrderNumber } from './order-number.js';
import { OrderRepository } from './order.repository.js';
import { orderMoney, type OrderLineDraft, type OrderMoney } from './order-totals.js';

/** Everything a placement decides, before the order exists (money comes from the lines). */
export interface OrderDraft {
  userId: string | null;
  email: string;
  paymentMethod: PaymentMethod;
  /** In the cart's order; at least one. */
  lines: OrderLineDraft[];
  /** The coupon's discount in gross cents (0 without a coupon). */
  discount: number;
  /** The redeemed coupon's code; required when there is a discount. */
  couponCode: string | null;
  /** Delivery fee in gross cents. */
  delivery: number;
  /** Delivery's VAT rate (the standard rate of the country whose VAT applies); default the Croatian 25 %. */
  deliveryVatRate?: number;
  deliveryAddress: OrderAddress;
  billingAddress: OrderAddress | null;
  r1Invoice: R1Invoice | null;
  phone: string;
  courierNote: string | null;
  remark: string | null;
  locale: Locale;
  /** `user:<id>` or `cart:<id>` with the request's Idempotency-Key, or both null. */
  idempotencyScope: string | null;
  idempotencyKey: string | null;
}

export interface WrittenOrder {
  id: string;
  number: string;
  money: OrderMoney;
  /** The secret view tokens of this order are signed with (stored; never shown). */
  viewSecret: string;
  /** The rows as written (every column is given, none left to a database default): no read-back needed. */
  row: Order;
  lines: OrderLine[];
  vats: OrderVat[];
}

/**
 * Writes a new order inside the placing transaction: its number (gapless per year), the order row
 * in the machines' initial states (awaiting_payment, placed), its lines and its VAT per rate. The
 * caller owns the transaction and everything else placement does in it (stock, coupon, cart,
 * outbox); a rollback takes the order and its number back.
 */
@Injectable()
export class OrderWriter {
  constructor(
    private readonly numbers: OrderNumberService,
    private readonly orders: OrderRepository,
  ) {}

  /** The buyer's other orders that are not cancelled (first-order-only coupons); see OrderRepository.earlierOrders. */
  earlierOrders(manager: EntityManager, orderId: string, userId: string | null, email: string): Promise<number> {
    return this.orders.earlierOrders(manager, orderId, userId, email);
  }

  async insert(manager: EntityManager, draft: OrderDraft, now: Date = new Date()): Promise<WrittenOrder> {
    return this.write(manager, draft, now, (m) => this.numbers.nextOrderNumber(m, now));
  }

  /**
   * The same order, but with a provisional number (provisionalOrderNumber): the placement gives it
   * its real one with `number()` as its last step before COMMIT, so the year's counter row, which
   * every placement waits for, stays locked for one statement instead of the whole placement.
   * `number` in the result is the provisional one.
   */
  async insertUnnumbered(manager: EntityManager, draft: OrderDraft, now: Date = new Date()): Promise<WrittenOrder> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('insertUnnumbered needs the placing transaction (its number is given before COMMIT)');
    return this.write(manager, draft, now, () => Promise.resolve(provisionalOrderNumber()));
  }

  /** Gives an order written by insertUnnumbered its gapless number (OrderNumberService.numberOrder). */
  number(manager: EntityManager, orderId: string, now: Date = new Date()): Promise<string> {
    return this.numbers.numberOrder(manager, orderId, now);
  }

  private async write(
    manager: EntityManager,
    draft: OrderDraft,
    now: Date,
    numberFor: (m: EntityManager) => Promise<string>,
  ): Promise<WrittenOrder> {
    if (!draft.lines.length) throw new RangeError('an order needs at least one line');
    if (draft.discount > 0 && !draft.couponCode) throw new RangeError('a discount needs its coupon code');
    const money = orderMoney(draft.lines, draft.discount, draft.delivery, draft.deliveryVatRate);
    const number = await numberFor(manager);
    const id = randomUUID();
    const viewSecret = randomBytes(32).toString('base64url');
    const row = manager.create(Order, {
      id,
      number,
      userId: draft.userId,
      email: draft.email,
      paymentStatus: PAYMENT_MACHINE.initial,
      fulfilmentStatus: FULFILMENT_MACHINE.initial,
      paymentMethod: draft.paymentMethod,
      subtotal: money.subtotal,
      discount: money.discount,
      couponCode: draft.couponCode,
      delivery: money.delivery,
      total: money.total,
      vatBase: money.vatBase,
      vatTotal: money.vatTotal,
      currency: 'EUR',
      deliveryAddress: draft.deliveryAddress,
      billingAddress: draft.billingAddress,
      r1Invoice: draft.r1Invoice,
      phone: draft.phone,
      courierNote: draft.courierNote,
      remark: draft.remark,
      locale: draft.locale,
      viewSecret,
      idempotencyScope: draft.idempotencyScope,
      idempotencyKey: draft.idempotencyKey,
      trackingNumber: null,
      placedAt: now,
      createdAt: now,
    });
    const lines = draft.lines.map((l, position) =>
      manager.create(OrderLine, {
        id: randomUUID(),
        orderId: id,
        position,
        productCode: l.productCode,
        name: l.name,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        vatRate: l.vatRate,
      }),
    );
    const vats = money.vatByRate.map((r) => manager.create(OrderVat, { orderId: id, rate: r.rate, base: r.base, vat: r.vat }));
    await this.orders.insert(manager, row, lines, vats);
    return { id, number, money, viewSecret, row, lines, vats };
  }
}
