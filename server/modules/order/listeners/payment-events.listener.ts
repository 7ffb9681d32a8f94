import { Injectable, Logger } from '@nestjs/common';
import { paymentApproved, paymentDeclined } from '../../../../contract/events/payment.js';
import type { PaymentStatus } from '../../../../contract/orders.js';
import { type DomainEvent, type EventContext, type EventPayload, EventPublisher, OnEvent } from '../../../platform/events/index.js';
import { OrderPaid } from '../events/order.events.js';
import { OrderStateService } from '../order-state.service.js';
import { OrderHistoryRepository, SYSTEM_ACTOR } from '../admin/order-history.repository.js';
import { OrderRepository } from '../order.repository.js';

/**
 * The order side of card payments: the payment module settles what the provider says and
 * publishes payment.approved / payment.declined (contract/events/payment.ts); this moves the order's
 * payment status, in the delivery's transaction (docs/orders.md 'Payment status'). Events may come
 * in any order and more than once:
 * - approved: awaiting_payment -> paid; a failed order (its decline came first) goes back through
 *   awaiting_payment to paid (an approval wins); already paid is a no-op; refunded stays refunded.
 * - declined: awaiting_payment -> failed only; a paid order stays paid, a failed one stays failed.
 * An order the event names but that does not exist, or a step the machine refuses, is logged and
 * not retried (no retry can change it).
 * The step to `paid` publishes `order.paid` in the same transaction: the card buyer's confirmation
 * and the order inbox's notice hang on it, so they are sent only once the order reads paid.
 */
@Injectable()
export class PaymentEventsListener {
  private readonly logger = new Logger('order');

  constructor(
    private readonly states: OrderStateService,
    private readonly events: EventPublisher,
    private readonly orders: OrderRepository,
    private readonly history: OrderHistoryRepository,
  ) {}

  @OnEvent(paymentApproved, 'mark-order-paid')
  async approved(event: DomainEvent<EventPayload<typeof paymentApproved>>, { manager }: EventContext): Promise<void> {
    const { orderNumber, transactionId } = event.payload;
    const status = await this.orders.lockedStatus<PaymentStatus>(manager, 'payment', orderNumber);
    if (status === undefined) return this.logger.error(`payment.approved for unknown order ${orderNumber} (transaction ${transactionId})`);
    if (status === 'failed') await this.states.changePaymentStatus(manager, orderNumber, 'awaiting_payment');
    else if (status !== 'awaiting_payment' && status !== 'paid') {
      return this.logger.error(
        `payment.approved for order ${orderNumber} in payment status ${status} (transaction ${transactionId}): left as it is`,
      );
    }
    const change = await this.states.changePaymentStatus(manager, orderNumber, 'paid');
    if (change.changed) {
      await this.history.recordByNumber(manager, orderNumber, 'payment_paid', SYSTEM_ACTOR, `transaction ${transactionId}`);
      const order = (await this.orders.paidFacts(manager, orderNumber))!;
      await this.events.publish(
        manager,
        new OrderPaid({
          orderId: order.id,
          orderNumber,
          paymentMethod: order.payment_method,
          total: order.total,
          paidAt: order.paid_at.toISOString(),
        }),
      );
    }
    if (change.changed && (await this.orders.fulfilmentStatus(manager, orderNumber)) === 'cancelled') {
      // The unpaid order expired (stock released) before the money came: an operator refunds or re-opens it.
      this.logger.error(
        `order ${orderNumber} was paid (transaction ${transactionId}) after it had been cancelled: refund it or fulfil it by hand`,
      );
    }
  }

  @OnEvent(paymentDeclined, 'mark-order-payment-failed')
  async declined(event: DomainEvent<EventPayload<typeof paymentDeclined>>, { manager }: EventContext): Promise<void> {
    const { orderNumber } = event.payload;
    const status = await this.orders.lockedStatus<PaymentStatus>(manager, 'payment', orderNumber);
    if (status === undefined) return this.logger.error(`payment.declined for unknown order ${orderNumber}`);
    if (status !== 'awaiting_payment') return; // paid stays paid; failed stays failed
    await this.states.changePaymentStatus(manager, orderNumber, 'failed');
    const { transactionId, responseCode } = event.payload;
    await this.history.recordByNumber(
      manager,
      orderNumber,
      'payment_failed',
      SYSTEM_ACTOR,
      `transaction ${transactionId ?? '-'}, response code ${responseCode ?? '-'}`,
    );
  }
}
