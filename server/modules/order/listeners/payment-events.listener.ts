import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { paymentApproved, paymentDeclined } from '../../../../contract/events/payment.js';
import type { PaymentStatus } from '../../../../contract/orders.js';
import { type DomainEvent, type EventContext, type EventPayload, EventPublisher, OnEvent } from '../../../platform/events/index.js';
import { OrderPaid } from '../events/order.events.js';
import { OrderStateService } from '../order-state.service.js';
import { recordOrderHistoryByNumber, SYSTEM_ACTOR } from '../admin/order-history.js';

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
  ) {}

  @OnEvent(paymentApproved, 'mark-order-paid')
  async approved(event: DomainEvent<EventPayload<typeof paymentApproved>>, { manager }: EventContext): Promise<void> {
    const { orderNumber, transactionId } = event.payload;
    const status = await this.status(manager, orderNumber);
    if (status === undefined) return this.logger.error(`payment.approved for unknown order ${orderNumber} (transaction ${transactionId})`);
    if (status === 'failed') await this.states.changePaymentStatus(manager, orderNumber, 'awaiting_payment');
    else if (status !== 'awaiting_payment' && status !== 'paid') {
      return this.logger.error(
        `payment.approved for order ${orderNumber} in payment status ${status} (transaction ${transactionId}): left as it is`,
      );
    }
    const change = await this.states.changePaymentStatus(manager, orderNumber, 'paid');
    if (change.changed) {
      await recordOrderHistoryByNumber(manager, orderNumber, 'payment_paid', SYSTEM_ACTOR, `transaction ${transactionId}`);
      const [order] = (await manager.query(`SELECT id, payment_method, total, now() AS paid_at FROM shop_order WHERE number = $1`, [
        orderNumber,
      ])) as Array<{
        id: string;
        payment_method: 'card' | 'cod';
        total: number;
        paid_at: Date;
      }>;
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
    if (change.changed && (await this.fulfilment(manager, orderNumber)) === 'cancelled') {
      // The unpaid order expired (stock released) before the money came: an operator refunds or re-opens it.
      this.logger.error(
        `order ${orderNumber} was paid (transaction ${transactionId}) after it had been cancelled: refund it or fulfil it by hand`,
      );
    }
  }

  @OnEvent(paymentDeclined, 'mark-order-payment-failed')
  async declined(event: DomainEvent<EventPayload<typeof paymentDeclined>>, { manager }: EventContext): Promise<void> {
    const { orderNumber } = event.payload;
    const status = await this.status(manager, orderNumber);
    if (status === undefined) return this.logger.error(`payment.declined for unknown order ${orderNumber}`);
    if (status !== 'awaiting_payment') return; // paid stays paid; failed stays failed
    await this.states.changePaymentStatus(manager, orderNumber, 'failed');
    const { transactionId, responseCode } = event.payload;
    await recordOrderHistoryByNumber(
      manager,
      orderNumber,
      'payment_failed',
      SYSTEM_ACTOR,
      `transaction ${transactionId ?? '-'}, response code ${responseCode ?? '-'}`,
    );
  }

  private async fulfilment(manager: EntityManager, orderNumber: string): Promise<string | undefined> {
    const rows = (await manager.query(`SELECT fulfilment_status FROM shop_order WHERE number = $1`, [orderNumber])) as Array<{
      fulfilment_status: string;
    }>;
    return rows[0]?.fulfilment_status;
  }

  /** The order's payment status, read under the row lock the change takes anyway. */
  private async status(manager: EntityManager, orderNumber: string): Promise<PaymentStatus | undefined> {
    const rows = (await manager.query(`SELECT payment_status FROM shop_order WHERE number = $1 FOR UPDATE`, [orderNumber])) as Array<{
      payment_status: PaymentStatus;
    }>;
    return rows[0]?.payment_status;
  }
}
