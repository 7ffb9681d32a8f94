import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { isPendingOrder } from '../../../../contract/api/order.js';
import { formatEuro } from '../../../../contract/money.js';
import { deliveryVatRateFor } from '../../../../contract/vat.js';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { EventPublisher } from '../../../platform/events/index.js';
import type { Locale } from '../../../platform/i18n/index.js';
import { CartService, CouponService, type CartOwner } from '../../cart/index.js';
import { CatalogService } from '../../catalog/index.js';
import { OrderHistoryRepository } from '../admin/order-history.repository.js';
import { OrderRepository } from '../order.repository.js';
import { OrderCancelled, OrderPaymentMethodChanged } from '../events/order.events.js';
import type { Order, OrderLine } from '../order.entity.js';
import { OrderError, OrderTotalChangedError } from '../order.errors.js';
import { OrderStateService } from '../order-state.service.js';
import { orderMoney, totalsDetail, type OrderMoney } from '../order-totals.js';
import { OrderReadService } from '../order.service.js';
import type { OrderView } from '../order.types.js';

/**
 * What the buyer of a pending order (an unpaid card order, `isPendingOrder`) may do besides paying
 * again (OrderPaymentRetry): switch it to cash on delivery, or cancel it and get its lines back in the
 * cart (docs/orders.md, 'The pending order'). Each is one transaction with the order row locked, so a
 * double click, a payment settling at the same moment or the expiry job are judged one after the
 * other. Who may ask (owner or view token) is the controller's check.
 */
@Injectable()
export class PendingOrderActions {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reader: OrderReadService,
    private readonly states: OrderStateService,
    private readonly carts: CartService,
    private readonly coupons: CouponService,
    private readonly catalog: CatalogService,
    private readonly events: EventPublisher,
    private readonly orders: OrderRepository,
    private readonly history: OrderHistoryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * card -> cod. The stock is still held (reserved at placement, released only by cancel or expiry,
   * which make the order not pending). The lines are priced again with today's prices, the order's
   * discount and delivery: a total that differs from the order's is refused with 409
   * ORDER_TOTAL_CHANGED and the new totals unless the buyer accepted exactly that total
   * (`expectedTotal`). Then the order takes the new money, payment `awaiting_payment`, a history row
   * and `order.payment-method-changed` v1. Asking again for an order that already is cash on delivery
   * answers it unchanged (a double click).
   */
  async switchToCashOnDelivery(
    number: string,
    expectedTotal: number | undefined,
    locale: Locale,
    now: Date = new Date(),
  ): Promise<OrderView> {
    await this.db.transaction(async (m) => {
      const order = await this.lock(m, number);
      if (order.paymentMethod === 'cod' && order.fulfilmentStatus === 'placed') return;
      if (!isPendingOrder(snake(order))) throw new OrderError('ORDER_NOT_PENDING');
      const lines = await this.orders.lines(m, order.id);
      const current = await this.catalog.productsForCart(
        lines.map((l) => l.productCode),
        locale,
        now,
        m,
      );
      const priced = lines.map((l) => ({ line: l, unitPrice: current.get(l.productCode)?.unitPrice ?? l.unitPrice }));
      const money = orderMoney(
        priced.map((p) => ({
          productCode: p.line.productCode,
          name: p.line.name,
          unitPrice: p.unitPrice,
          quantity: p.line.quantity,
          vatRate: p.line.vatRate,
        })),
        order.discount,
        order.delivery,
        // the lines keep the rates they were placed with; delivery takes the rate of the rule in force
        deliveryVatRateFor(order.deliveryAddress.country, this.config.vat.oss),
      );
      const accepted = money.total === order.total ? true : expectedTotal === money.total;
      if (!accepted) {
        throw new OrderTotalChangedError(
          { total: formatEuro(money.total, locale), expected: formatEuro(expectedTotal ?? order.total, locale) },
          totalsDetail(money),
        );
      }
      if (money.total !== order.total) await this.reprice(m, order, priced, money);
      if (order.paymentStatus === 'failed') await this.states.changePaymentStatus(m, number, 'awaiting_payment');
      await this.orders.setCashOnDelivery(m, order.id);
      await this.history.record(m, order.id, 'payment_method_changed', order.email, `card -> cod, ${formatEuro(money.total, 'hr')}`);
      await this.events.publish(
        m,
        new OrderPaymentMethodChanged({
          orderId: order.id,
          orderNumber: order.number,
          from: 'card',
          to: 'cod',
          locale: order.locale,
          total: money.total,
          changedAt: now.toISOString(),
        }),
      );
    });
    return this.view(number);
  }

  /**
   * The buyer cancels a pending order: fulfilment `placed` -> `cancelled`, its stock released, its
   * coupon redemption given back, its lines put into `cartOwner`'s cart (created when there is none),
   * a history row and `order.cancelled` (`cancelledBy: 'buyer'`, `refunded: false`). A cancelled order
   * answers unchanged (a double click: its lines are not added twice). Answers the order and the id of
   * the cart the lines went to (null when nothing changed).
   */
  async cancel(number: string, cartOwner: CartOwner, now: Date = new Date()): Promise<{ order: OrderView; cartId: string | null }> {
    const cartId = await this.db.transaction(async (m) => {
      const order = await this.lock(m, number);
      if (order.fulfilmentStatus === 'cancelled') return null;
      if (!isPendingOrder(snake(order))) throw new OrderError('ORDER_NOT_PENDING');
      await this.states.changeFulfilmentStatus(m, number, 'cancelled');
      await this.orders.setCancelled(m, order.id, now);
      const lines = await this.orders.lines(m, order.id);
      await this.catalog.releaseStock(
        m,
        lines.map((l) => ({ code: l.productCode, quantity: l.quantity })),
      );
      if (order.couponCode) await this.coupons.releaseRedemption(m, order.id);
      const restoredTo = await this.carts.restoreLines(
        m,
        cartOwner,
        lines.map((l) => ({ productCode: l.productCode, quantity: l.quantity })),
      );
      await this.history.record(
        m,
        order.id,
        'cancelled',
        order.email,
        `by the buyer: ${lines.map((l) => `${l.quantity} × ${l.productCode}`).join(', ')}`,
      );
      await this.events.publish(
        m,
        new OrderCancelled({
          orderId: order.id,
          orderNumber: order.number,
          paymentMethod: order.paymentMethod,
          refunded: false,
          cancelledAt: now.toISOString(),
          actor: order.email,
          cancelledBy: 'buyer',
        }),
      );
      return restoredTo;
    });
    return { order: await this.view(number), cartId };
  }

  /** The signed-in user's most recent pending order, if any. */
  async latestPendingForUser(userId: string): Promise<Order | null> {
    return this.orders.latestPendingForUser(userId);
  }

  private async lock(m: EntityManager, number: string): Promise<Order> {
    await this.orders.lock(m, number);
    const order = await this.reader.findByNumber(number, m);
    if (!order) throw new OrderError('ORDER_NOT_FOUND');
    return order;
  }

  /** The order's lines at today's prices and its money and VAT rows accordingly (the CHECKs hold: orderMoney). */
  private async reprice(
    m: EntityManager,
    order: Order,
    priced: Array<{ line: OrderLine; unitPrice: number }>,
    money: OrderMoney,
  ): Promise<void> {
    const changed = priced.filter((p) => p.unitPrice !== p.line.unitPrice).map((p) => ({ lineId: p.line.id, unitPrice: p.unitPrice }));
    await this.orders.reprice(m, order.id, changed, money);
  }

  private async view(number: string): Promise<OrderView> {
    const view = await this.reader.viewByNumber(number);
    if (!view) throw new OrderError('ORDER_NOT_FOUND');
    return view;
  }
}

function snake(o: Order) {
  return { payment_method: o.paymentMethod, payment_status: o.paymentStatus, fulfilment_status: o.fulfilmentStatus };
}
