import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  resendableMails,
  type AdminOrderFull,
  type AdminOrderNote,
  type PackingSlipsQuery,
  type RefundLinesBody,
  type ResendMail,
} from '../../../../contract/api/admin-orders.js';
import type { UserRole } from '../../../../contract/api/identity.js';
import { formatEuro } from '../../../../contract/money.js';
import { planRefund, type RefundRefusal } from '../../../../contract/order-refund.js';
import { AuditTrail, registerAuditFields } from '../../../platform/audit/index.js';
import { AuthError, mayUse } from '../../../platform/auth/index.js';
import { EventPublisher } from '../../../platform/events/index.js';
import { PaymentService } from '../../payment/index.js';
import { OrderMailResendRequested, OrderRefunded } from '../events/order.events.js';
import { OrderError } from '../order.errors.js';
import { OrderStateService } from '../order-state.service.js';
import { OrderReadService } from '../order.service.js';
import { OrderRepository, type LockedOrder } from '../order.repository.js';
import { OrderAdminService } from './order-admin.service.js';
import type { OrderOperator } from './order-administration.js';
import { OrderBackOfficeRepository, refundedSoFar } from './order-back-office.repository.js';
import { OrderHistoryRepository } from './order-history.repository.js';
import { actionsFor } from './operator-actions.js';
import { packingSlip, packingSlipsPdf } from './packing-slips.js';

/** The most slips one PDF holds (the 'to ship' view's slips too). */
export const MAX_SLIPS = 100;

/**
 * What the back office's order screens add to the operators' order service (docs/admin.md 'Orders in
 * the back office'): internal notes, sending a mail again, refunds by line, packing slips. Each change
 * is one transaction with the order's row locked, its history entry and its audit row written in it.
 */
@Injectable()
export class OrderBackOfficeService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly admin: OrderAdminService,
    private readonly reader: OrderReadService,
    private readonly orders: OrderRepository,
    private readonly rows: OrderBackOfficeRepository,
    private readonly history: OrderHistoryRepository,
    private readonly states: OrderStateService,
    private readonly payments: PaymentService,
    private readonly events: EventPublisher,
    private readonly audit: AuditTrail,
  ) {}

  /** The order for the back office's screen: the operators' detail (actions filtered by role), notes, refunds by line, what can be resent. */
  async detail(number: string, role: UserRole | undefined): Promise<AdminOrderFull | null> {
    const found = await this.admin.detail(number);
    if (!found) return null;
    const order = actionsFor(role, found);
    const entity = await this.reader.findByNumber(number);
    if (!entity) return null;
    const [notes, refunds] = await Promise.all([
      this.rows.notes(this.db.manager, entity.id),
      this.rows.refunds(this.db.manager, entity.id),
    ]);
    const refunded = refundedSoFar(refunds);
    const before = order.payment_method === 'card' ? Math.max(refunded.amount, await this.payments.refundedCents(number)) : refunded.amount;
    return {
      ...order,
      notes,
      refunds,
      refunded,
      // a card order is refunded by line once its money was captured (at 'ship'); before that only the
      // whole authorization can be released (cancel, or the whole refund)
      refundable:
        order.payment_status === 'paid' &&
        before < order.total &&
        !(order.payment_method === 'card' && order.fulfilment_status === 'placed') &&
        mayUse(role, 'orders.refund'),
      mails: resendableMails(order),
    };
  }

  async addNote(number: string, operator: OrderOperator, body: string): Promise<AdminOrderNote> {
    return this.db.transaction(async (m) => {
      const order = await this.lock(m, number);
      const note = await this.rows.addNote(m, order.id, { id: operator.userId, label: operator.email }, body);
      await this.audit.record(m, {
        actor: { id: operator.userId, label: operator.email, role: operator.role },
        action: 'order.note',
        entityType: 'order',
        entityId: number,
        before: null,
        after: { note: body },
      });
      return note;
    });
  }

  async resendMail(number: string, operator: OrderOperator, mail: ResendMail): Promise<void> {
    await this.db.transaction(async (m) => {
      const order = await this.lock(m, number);
      if (!resendableMails(order).includes(mail)) throw new OrderError('ORDER_MAIL_NOT_APPLICABLE', {}, 'mail');
      const at = await this.orders.transactionTime(m);
      await this.history.record(m, order.id, 'mail_resent', operator.email, mail);
      await this.events.publish(
        m,
        new OrderMailResendRequested({
          orderId: order.id,
          orderNumber: order.number,
          mail,
          requestedAt: at.toISOString(),
          actor: operator.email,
        }),
      );
      await this.audit.record(m, {
        actor: { id: operator.userId, label: operator.email, role: operator.role },
        action: 'order.resend_mail',
        entityType: 'order',
        entityId: number,
        before: null,
        after: { mail },
      });
    });
  }

  /**
   * A refund by line: the amount computed by `planRefund` from the order's lines (VAT per line) and
   * what its earlier refunds gave back, refused above what is left; card through the provider's
   * partial refund (inside the transaction, the row locked, as `refund` does), cash on delivery
   * recorded as a bank transfer back to the buyer. The payment becomes `refunded` once all of the
   * order went back.
   */
  async refundLines(number: string, operator: OrderOperator, body: RefundLinesBody): Promise<void> {
    if (!mayUse(operator.role, 'orders.refund')) throw new AuthError('AUTH_FORBIDDEN');
    await this.db.transaction(async (m) => {
      const order = await this.lock(m, number);
      if (order.payment_status !== 'paid') {
        throw new OrderError('ORDER_TRANSITION_REFUSED', {
          action: 'refund',
          payment: order.payment_status,
          fulfilment: order.fulfilment_status,
        });
      }
      const entity = await this.reader.findByNumber(number, m);
      const view = entity && (await this.reader.viewOf(entity, m));
      if (!view) throw new OrderError('ORDER_NOT_FOUND');
      const earlier = refundedSoFar(await this.rows.refunds(m, order.id));
      const card = order.payment_method === 'card';
      const atProvider = card ? await this.payments.refundedCents(number, m) : 0;
      const before = { ...earlier, amount: Math.max(earlier.amount, atProvider) };
      const result = planRefund(view, before, { lines: body.lines, shipping: body.shipping });
      if (!result.ok) throw refusalError(result.refusal);
      const plan = result.plan;
      if (body.expected_amount !== undefined && body.expected_amount !== plan.amount) {
        throw new OrderError('ORDER_REFUND_CHANGED', { amount: formatEuro(plan.amount, view.locale) }, 'expected_amount');
      }
      let whole = plan.left_after === 0;
      if (card) {
        const outcome = await this.payments.refund(number, atProvider + plan.amount, m);
        whole = whole || outcome.refundedCents >= order.total;
      }
      const method = card ? 'card' : 'bank_transfer';
      const lines = plan.lines.map((l) => ({ product_code: l.product_code, quantity: l.quantity, amount: l.amount }));
      await this.rows.addRefund(m, order.id, {
        actor: operator.email,
        amount: plan.amount,
        vat: plan.vat,
        shipping: plan.shipping > 0,
        method,
        lines,
      });
      if (whole) await this.states.changePaymentStatus(m, order.number, 'refunded');
      const what = [...lines.map((l) => `${l.quantity} × ${l.product_code}`), ...(plan.shipping > 0 ? ['delivery'] : [])].join(', ');
      await this.history.record(m, order.id, 'refunded', operator.email, `${formatEuro(plan.amount, 'hr')}, ${method}: ${what}`);
      const refundedAt = (await this.orders.transactionTime(m)).toISOString();
      await this.events.publish(
        m,
        new OrderRefunded({
          orderId: order.id,
          orderNumber: order.number,
          amount: plan.amount,
          method: order.payment_method,
          refundedAt,
          actor: operator.email,
        }),
      );
      await this.audit.record(m, {
        actor: { id: operator.userId, label: operator.email, role: operator.role },
        action: 'order.refund_lines',
        entityType: 'order',
        entityId: number,
        before: { payment_status: order.payment_status, refunded_amount: before.amount },
        after: {
          payment_status: whole ? 'refunded' : order.payment_status,
          refunded_amount: before.amount + plan.amount,
          refund_amount: plan.amount,
          refund_vat: plan.vat,
          refund_method: method,
          refund_lines: what,
        },
      });
    });
  }

  /** The packing slips of the numbers asked for (in that order), or of every order to ship now; OrderError ORDER_NOT_FOUND when none exists. */
  async packingSlips(query: PackingSlipsQuery): Promise<{ pdf: Buffer; numbers: string[] }> {
    const numbers = query.numbers ?? (await this.rows.toShipNumbers(this.db.manager, MAX_SLIPS));
    const views = [];
    for (const number of numbers) {
      const entity = await this.reader.findByNumber(number);
      const view = entity && (await this.reader.viewOf(entity));
      if (view) views.push(view);
    }
    if (views.length === 0) throw new OrderError(query.numbers ? 'ORDER_NOT_FOUND' : 'ORDER_SLIPS_NONE');
    const pdf = await packingSlipsPdf(views.map(packingSlip), new Date());
    return { pdf, numbers: views.map((v) => v.number) };
  }

  private async lock(m: EntityManager, number: string): Promise<LockedOrder> {
    const order = await this.orders.lockForAction(m, number);
    if (!order) throw new OrderError('ORDER_NOT_FOUND');
    return order;
  }
}

/** What the audit log keeps of the back office's order changes (besides the states OrderAdminService registers). */
registerAuditFields('order', ['note', 'mail', 'refunded_amount', 'refund_vat', 'refund_method', 'refund_lines']);

function refusalError(r: RefundRefusal): OrderError {
  switch (r.reason) {
    case 'empty':
      return new OrderError('ORDER_REFUND_EMPTY', {}, 'lines');
    case 'unknown_line':
    case 'duplicate_line':
      return new OrderError('ORDER_REFUND_LINE_UNKNOWN', { code: r.product_code }, 'lines');
    case 'too_many':
      return new OrderError('ORDER_REFUND_TOO_MANY', { code: r.product_code, left: r.left }, 'lines');
    case 'shipping_refunded':
      return new OrderError('ORDER_REFUND_SHIPPING_DONE', {}, 'shipping');
    case 'above_left':
      return new OrderError('ORDER_REFUND_ABOVE_LEFT', { left: formatEuro(r.left, 'hr') });
  }
}
