import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  allowedActions,
  ShipOrderBody,
  type AdminOrderAction,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderListQueryFull,
  type AdminOrderRow,
} from '../../../../contract/api/admin-orders.js';
import { isOrderNumber } from '../../../../contract/api/order.js';
import { formatEuro } from '../../../../contract/money.js';
import { AuthError } from '../../../platform/auth/index.js';
import { AuditTrail, registerAuditFields } from '../../../platform/audit/index.js';
import { EventPublisher } from '../../../platform/events/index.js';
import { parseOrThrow } from '../../../platform/http/zod-validation.js';
import { CatalogService } from '../../catalog/index.js';
import { PaymentService } from '../../payment/index.js';
import { OrderCancelled, OrderDelivered, OrderPaid, OrderRefunded, OrderShipped } from '../events/order.events.js';
import { OrderError } from '../order.errors.js';
import { OrderStateService } from '../order-state.service.js';
import { OrderReadService } from '../order.service.js';
import type { OrderAdministration, OrderOperator } from './order-administration.js';
import { OrderBackOfficeRepository } from './order-back-office.repository.js';
import { OrderHistoryRepository } from './order-history.repository.js';
import { operatorMayAct } from './operator-actions.js';
import { OrderRepository, type LockedOrder } from '../order.repository.js';

/**
 * The operators' order service (docs/orders.md 'Operators'), behind `/api/admin/orders` and the
 * `/admin/orders` page.
 *
 * Every action is one transaction: the order row locked (SELECT ... FOR UPDATE), the action judged
 * by `allowedActions` (contract/api/admin-orders.ts) and each status step by the state machines
 * (OrderStateService), its effects, its outbox event and its history entry written together.
 *
 * Refunds (`refund`, and `cancel` of a paid card order) call the provider inside that transaction,
 * while the row is locked, before anything is written: a provider that fails or refuses rolls the
 * whole action back (nothing changed, a 503 / 409 with the payment module's code), and no second
 * operator or payment event can act on the order meanwhile. The one gap, the provider refunded but
 * the shop's commit failed, is closed by PaymentService.refund being idempotent per order (it asks
 * the provider what is refunded already and sends only the rest): the operator repeats the action
 * and it completes without refunding twice. The cost is a row lock held during one provider call
 * (its timeout bounds it); operator actions are rare.
 */
@Injectable()
export class OrderAdminService implements OrderAdministration {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reader: OrderReadService,
    private readonly states: OrderStateService,
    private readonly catalog: CatalogService,
    private readonly payments: PaymentService,
    private readonly events: EventPublisher,
    private readonly orders: OrderRepository,
    private readonly history: OrderHistoryRepository,
    private readonly backOffice: OrderBackOfficeRepository,
    private readonly audit: AuditTrail,
  ) {}

  async list(query: AdminOrderListQueryFull): Promise<AdminOrderList> {
    const page = query.page ?? 1;
    const q = query.q?.trim() ? `%${query.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const { total: n, rows } = await this.orders.adminPage(
      {
        status: query.status ?? null,
        paymentStatus: query.payment_status ?? null,
        paymentMethod: query.payment_method ?? null,
        search: q,
        view: query.view ?? null,
        sort: query.sort ?? null,
      },
      (page - 1) * ADMIN_ORDERS_PAGE_SIZE,
      ADMIN_ORDERS_PAGE_SIZE,
    );
    const orders: AdminOrderRow[] = rows.map((r) => ({
      number: r.number,
      placed_at: r.placed_at.toISOString(),
      email: r.email,
      name: [r.delivery_address.first_name, r.delivery_address.last_name].filter(Boolean).join(' '),
      country: r.delivery_address.country ?? '',
      locale: r.locale,
      total: r.total,
      payment_method: r.payment_method,
      payment_status: r.payment_status,
      fulfilment_status: r.fulfilment_status,
      tracking_number: r.tracking_number,
      actions: allowedActions(r),
    }));
    return { orders, page, page_size: ADMIN_ORDERS_PAGE_SIZE, total: n };
  }

  async detail(number: string, manager: EntityManager = this.db.manager): Promise<AdminOrderDetail | null> {
    const order = await this.reader.findByNumber(number, manager);
    if (!order) return null;
    const [view, history] = await Promise.all([this.reader.viewOf(order, manager), this.history.read(manager, order.id)]);
    return { ...view, user_id: order.userId, actions: allowedActions(view), history };
  }

  async act(
    number: string,
    action: AdminOrderAction,
    operator: OrderOperator,
    input: { tracking_number?: string; amount?: number } = {},
  ): Promise<AdminOrderDetail> {
    if (!isOrderNumber(number)) throw new OrderError('ORDER_NOT_FOUND');
    // the page hands the form's value straight in: the same check as the API's body
    const trackingNumber =
      action === 'ship' ? parseOrThrow(ShipOrderBody, { tracking_number: input.tracking_number }).tracking_number : null;
    await this.db.transaction(async (m) => {
      const order = await this.lock(m, number);
      if (repeated(order, action, trackingNumber)) return; // a double click: the order already is where the action leads
      if (!allowedActions(order).includes(action)) {
        throw new OrderError('ORDER_TRANSITION_REFUSED', { action, payment: order.payment_status, fulfilment: order.fulfilment_status });
      }
      // the route let the role in; cancelling a paid order is also a refund (operator-actions.ts)
      if (!operatorMayAct(operator.role, action, order)) throw new AuthError('AUTH_FORBIDDEN');
      await this.apply(m, order, action, operator.email, trackingNumber, input.amount);
      // the audit log, in this transaction: the order's states before and after the action
      const after = await this.lock(m, number);
      await this.audit.record(m, {
        actor: { id: operator.userId, label: operator.email, role: operator.role },
        action: `order.${action}`,
        entityType: 'order',
        entityId: number,
        before: auditedState(order),
        after: { ...auditedState(after), ...(action === 'refund' && input.amount !== undefined ? { refund_amount: input.amount } : {}) },
      });
    });
    const detail = await this.detail(number);
    if (!detail) throw new OrderError('ORDER_NOT_FOUND');
    return detail;
  }

  /** The action's effects, in the action's transaction (`act` checked that the order allows it). */
  private async apply(
    m: EntityManager,
    order: LockedOrder,
    action: AdminOrderAction,
    actor: string,
    trackingNumber: string | null,
    amount: number | undefined,
  ): Promise<void> {
    switch (action) {
      case 'ship':
        return this.ship(m, order, trackingNumber!, actor);
      case 'deliver':
        return this.deliver(m, order, actor);
      case 'cash-received':
        await this.states.changePaymentStatus(m, order.number, 'paid');
        await this.events.publish(
          m,
          new OrderPaid({
            orderId: order.id,
            orderNumber: order.number,
            paymentMethod: order.payment_method,
            total: order.total,
            paidAt: (await this.orders.transactionTime(m)).toISOString(),
          }),
        );
        return this.history.record(m, order.id, 'cash_received', actor, formatEuro(order.total, 'hr'));
      case 'cancel':
        return this.cancel(m, order, actor);
      case 'refund':
        return this.refund(m, order, actor, amount);
    }
  }

  /** Gross cents the back office's refunds by line gave back of an order (shop_order_refund). */
  private refundedByLine(m: EntityManager, orderId: string): Promise<number> {
    return this.backOffice.refundedAmount(m, orderId);
  }

  private async lock(m: EntityManager, number: string): Promise<LockedOrder> {
    const order = await this.orders.lockForAction(m, number);
    if (!order) throw new OrderError('ORDER_NOT_FOUND');
    return order;
  }

  private async ship(m: EntityManager, order: LockedOrder, trackingNumber: string, actor: string): Promise<void> {
    // An authorized card payment is captured now (the provider first, idempotent: docs/payments.md 'Authorize and capture').
    if (order.payment_method === 'card' && order.payment_status === 'paid') await this.payments.capture(order.number, order.total, m);
    await this.states.changeFulfilmentStatus(m, order.number, 'shipped');
    const shippedAt = await this.orders.transactionTime(m);
    await this.orders.setShipped(m, order.id, trackingNumber, shippedAt);
    await this.history.record(m, order.id, 'shipped', actor, trackingNumber);
    await this.events.publish(
      m,
      new OrderShipped({
        orderId: order.id,
        orderNumber: order.number,
        trackingNumber,
        locale: order.locale,
        shippedAt: shippedAt.toISOString(),
        actor,
      }),
    );
  }

  private async deliver(m: EntityManager, order: LockedOrder, actor: string): Promise<void> {
    await this.states.changeFulfilmentStatus(m, order.number, 'delivered');
    const deliveredAt = await this.orders.transactionTime(m);
    await this.orders.setDelivered(m, order.id, deliveredAt);
    await this.history.record(m, order.id, 'delivered', actor);
    await this.events.publish(
      m,
      new OrderDelivered({ orderId: order.id, orderNumber: order.number, deliveredAt: deliveredAt.toISOString(), actor }),
    );
  }

  /** placed -> cancelled, the stock back, and a paid payment refunded (card: the provider first, see the class comment). */
  private async cancel(m: EntityManager, order: LockedOrder, actor: string): Promise<void> {
    const refunded = order.payment_status === 'paid';
    if (refunded) await this.refund(m, order, actor);
    await this.states.changeFulfilmentStatus(m, order.number, 'cancelled');
    const cancelledAt = await this.orders.transactionTime(m);
    await this.orders.setCancelled(m, order.id, cancelledAt);
    const lines = await this.orders.lineQuantities(m, order.id);
    await this.catalog.releaseStock(m, lines);
    await this.history.record(m, order.id, 'cancelled', actor, lines.map((l) => `${l.quantity} × ${l.code}`).join(', ') || null);
    await this.events.publish(
      m,
      new OrderCancelled({
        orderId: order.id,
        orderNumber: order.number,
        paymentMethod: order.payment_method,
        refunded,
        cancelledAt: cancelledAt.toISOString(),
        actor,
        cancelledBy: 'operator',
      }),
    );
  }

  /**
   * paid -> refunded: card through the provider (idempotent per order; an authorization not captured
   * is voided instead), cash handed back by the operator. `amount` refunds part of a captured card
   * payment (a returned line): the order stays paid until all of it went back.
   */
  private async refund(m: EntityManager, order: LockedOrder, actor: string, amount?: number): Promise<void> {
    // cash on delivery: what refunds by line (the back office) gave back already is not handed back again
    const byLine = order.payment_method === 'cod' && amount === undefined ? await this.refundedByLine(m, order.id) : 0;
    let detail = `${formatEuro(amount ?? order.total - byLine, 'hr')}, ${order.payment_method === 'card' ? 'card' : 'cash'}`;
    let whole = true;
    let given = amount ?? order.total - byLine; // what goes back to the buyer with this refund (the mail says it)
    if (order.payment_method === 'card') {
      const before = await this.payments.refundedCents(order.number, m);
      const target = amount === undefined ? order.total : before + amount;
      given = target - before;
      if (target > order.total)
        throw new OrderError('ORDER_TRANSITION_REFUSED', {
          action: 'refund',
          payment: order.payment_status,
          fulfilment: order.fulfilment_status,
        });
      const outcome = await this.payments.refund(order.number, target, m);
      if (outcome.voided) detail += ', authorization voided';
      else if (!outcome.sent) detail += ' (already refunded at the provider)';
      whole = outcome.voided || outcome.refundedCents >= order.total;
    }
    if (whole) await this.states.changePaymentStatus(m, order.number, 'refunded');
    await this.history.record(m, order.id, 'refunded', actor, detail);
    // the buyer's refund mail (one per refund event): amount, method, when the money arrives (nothing to say of 0 €)
    const refundedAt = (await this.orders.transactionTime(m)).toISOString();
    if (given > 0) {
      await this.events.publish(
        m,
        new OrderRefunded({ orderId: order.id, orderNumber: order.number, amount: given, method: order.payment_method, refundedAt, actor }),
      );
    }
  }
}

/** What the audit log keeps of an order ('order' entries: its states, tracking number, a partial refund's amount). */
registerAuditFields('order', ['payment_status', 'fulfilment_status', 'tracking_number', 'refund_amount']);

function auditedState(order: LockedOrder): Record<string, unknown> {
  return { payment_status: order.payment_status, fulfilment_status: order.fulfilment_status, tracking_number: order.tracking_number };
}

/** Whether the order already is where `action` leads (then acting again changes nothing). */
function repeated(order: LockedOrder, action: AdminOrderAction, trackingNumber: string | null): boolean {
  switch (action) {
    case 'ship':
      return order.fulfilment_status === 'shipped' && order.tracking_number === trackingNumber;
    case 'deliver':
      return order.fulfilment_status === 'delivered';
    case 'cash-received':
      return order.payment_method === 'cod' && order.payment_status === 'paid';
    case 'cancel':
      return order.fulfilment_status === 'cancelled';
    case 'refund':
      return order.payment_status === 'refunded';
  }
}
