import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderView } from '../../../../contract/api/order.js';
import {
  orderCancelled,
  orderExpired,
  orderMailResendRequested,
  orderPaid,
  orderPaymentAbandoned,
  orderPaymentMethodChanged,
  orderPlaced,
  orderRefunded,
  orderShipped,
} from '../../../../contract/events/order.js';
import { paymentDeclined } from '../../../../contract/events/payment.js';
import { publicPath } from '../../../../contract/paths.js';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { type DomainEvent, type EventContext, type EventPayload, OnEvent } from '../../../platform/events/index.js';
import { MailQueue } from '../../../platform/mail/index.js';
import { OrderViewTokens } from '../order-view-token.js';
import { OrderReadService } from '../order.service.js';
import { OrderRepository } from '../order.repository.js';

type Payload<C extends Parameters<typeof OnEvent>[0]> = DomainEvent<EventPayload<C>>;

/**
 * The order mails (docs/mail.md 'The order mails'), sent by the worker after the event's transaction
 * committed, in the order's language, read from the order as it is now:
 * - order.placed: the shop's order inbox (ORDERS_EMAIL) gets the new-order notice (in Croatian);
 *   a cash-on-delivery buyer gets the confirmation at once.
 * - order.paid (published where the payment status becomes `paid`): a card buyer gets the
 *   confirmation, which therefore reads the order paid, and the order inbox 'card order paid'.
 * - payment.declined or order.payment-abandoned (the reminder job: still unpaid
 *   PAYMENT_REMINDER_DELAY_MINUTES after placement), whichever comes first: the buyer gets 'payment
 *   not completed' with a link to pay again (the failure page) and until when the order is kept.
 *   Once per order: `payment_reminder_sent_at` is set in the transaction that enqueues the mail
 *   (the decline) or publishes the event (the job); never for an order paid meanwhile.
 * - order.payment-method-changed (the buyer switched a pending card order to cash on delivery): the
 *   buyer gets the confirmation a cash-on-delivery order gets at placement.
 * - order.expired: the buyer gets 'cancelled, not paid'.
 * - order.cancelled by an operator: the buyer gets 'your order was cancelled' (not for the buyer's own cancel).
 * - order.refunded: the buyer gets the refund mail (amount, method, when the money arrives), once per refund.
 * - order.shipped: the buyer gets 'shipped' with the tracking number (the operators' ship action).
 * The inbox's mails link to the order on the operators' page (/admin/orders/{number}); the buyer's
 * links open the order's page with a view token (no sign-in needed). Each mail's job id is derived
 * from the event id, so a repeated delivery does not mail twice.
 */
@Injectable()
export class OrderMailsListener {
  private readonly logger = new Logger('order');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mails: MailQueue,
    private readonly orders: OrderReadService,
    private readonly tokens: OrderViewTokens,
    private readonly rows: OrderRepository,
  ) {}

  @OnEvent(orderPlaced, 'send-order-placed-mails')
  async placed(event: Payload<typeof orderPlaced>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    const { order, token } = found;
    await this.mails.enqueue(
      'new-order-notice',
      { order, adminUrl: this.adminUrl(order) },
      { to: this.config.mail.ordersTo, locale: 'hr' },
      `${ctx.eventId}__notice`,
    );
    if (order.payment_method === 'cod') await this.confirmation(order, token, `${ctx.eventId}__confirmation`);
  }

  @OnEvent(orderShipped, 'send-order-shipped')
  async shipped(event: Payload<typeof orderShipped>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    const { order, token } = found;
    // the order as it is now; a tracking number corrected since carries the newer one
    if (!order.tracking_number) return this.logger.error(`order.shipped for ${order.number} without a tracking number: no mail`);
    await this.mails.enqueue(
      'order-shipped',
      { order, orderUrl: this.page('payment_success', order, token) },
      { to: order.email, locale: order.locale },
      `${ctx.eventId}__mail`,
    );
  }

  /** A card order is confirmed once it reads paid (cash on delivery was confirmed at placement). */
  @OnEvent(orderPaid, 'send-card-order-confirmation')
  async paid(event: Payload<typeof orderPaid>, ctx: EventContext): Promise<void> {
    if (event.payload.paymentMethod !== 'card') return;
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    // refunded meanwhile, or paid after it had expired (the operators' notice says so): no 'thank you, paid'
    if (found.order.payment_status !== 'paid' || found.order.fulfilment_status === 'cancelled') return;
    await this.confirmation(found.order, found.token, `${ctx.eventId}__confirmation`);
  }

  /** The order inbox learns that a card order can be shipped (or that an expired one was paid). */
  @OnEvent(orderPaid, 'send-card-paid-notice')
  async paidNotice(event: Payload<typeof orderPaid>, ctx: EventContext): Promise<void> {
    if (event.payload.paymentMethod !== 'card') return;
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    await this.mails.enqueue(
      'order-paid-notice',
      { order: found.order, paidAt: event.payload.paidAt, adminUrl: this.adminUrl(found.order) },
      { to: this.config.mail.ordersTo, locale: 'hr' },
      `${ctx.eventId}__notice`,
    );
  }

  /** A card order switched to cash on delivery is confirmed as a cash order is at placement. */
  @OnEvent(orderPaymentMethodChanged, 'send-cod-confirmation')
  async switchedToCod(event: Payload<typeof orderPaymentMethodChanged>, ctx: EventContext): Promise<void> {
    if (event.payload.to !== 'cod') return;
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    // cancelled meanwhile, or switched back (not possible today): no confirmation of something else
    if (!found || found.order.payment_method !== 'cod' || found.order.fulfilment_status === 'cancelled') return;
    await this.confirmation(found.order, found.token, `${ctx.eventId}__confirmation`);
  }

  @OnEvent(paymentDeclined, 'send-payment-not-completed')
  async declined(event: Payload<typeof paymentDeclined>, ctx: EventContext): Promise<void> {
    if (!(await this.claimReminder(ctx.manager, event.payload.orderNumber))) return; // sent already, paid, or no longer placed
    await this.paymentNotCompleted(ctx, event.payload.orderNumber);
  }

  @OnEvent(orderPaymentAbandoned, 'send-payment-reminder')
  async abandoned(event: Payload<typeof orderPaymentAbandoned>, ctx: EventContext): Promise<void> {
    // the job recorded the reminder on the order with this event; paid or cancelled since: nothing to pay
    await this.paymentNotCompleted(ctx, event.payload.orderNumber);
  }

  @OnEvent(orderExpired, 'send-order-expired')
  async expired(event: Payload<typeof orderExpired>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    const { order } = found;
    await this.mails.enqueue(
      'order-expired',
      { order, cancelledAt: event.payload.expiredAt, shopUrl: `${this.config.http.publicUrl}${publicPath('products', order.locale)}` },
      { to: order.email, locale: order.locale },
      `${ctx.eventId}__mail`,
    );
  }

  @OnEvent(orderCancelled, 'send-order-cancelled')
  async cancelled(event: Payload<typeof orderCancelled>, ctx: EventContext): Promise<void> {
    if (event.payload.cancelledBy !== 'operator') return; // the buyer cancelled on the page and saw it there
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    const { order, token } = found;
    await this.mails.enqueue(
      'order-cancelled',
      { order, orderUrl: this.page('payment_success', order, token) },
      { to: order.email, locale: order.locale },
      `${ctx.eventId}__mail`,
    );
  }

  @OnEvent(orderRefunded, 'send-order-refunded')
  async refunded(event: Payload<typeof orderRefunded>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    const { order, token } = found;
    const { amount, method, refundedAt } = event.payload;
    await this.mails.enqueue(
      'order-refunded',
      { order, amount, method, refundedAt, orderUrl: this.page('payment_success', order, token) },
      { to: order.email, locale: order.locale },
      `${ctx.eventId}__mail`,
    );
  }

  /**
   * An operator's 'send again' (the back office): the mail as it would go now, read from the order
   * as it is now, in the order's language; nothing when the order no longer allows it (e.g. paid
   * meanwhile: no payment link).
   */
  @OnEvent(orderMailResendRequested, 'send-order-mail-again')
  async resend(event: Payload<typeof orderMailResendRequested>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    const { order, token } = found;
    const jobId = `${ctx.eventId}__resend`;
    switch (event.payload.mail) {
      case 'confirmation':
        if (order.fulfilment_status === 'cancelled') return;
        return this.confirmation(order, token, jobId);
      case 'shipped':
        if (!order.tracking_number) return;
        await this.mails.enqueue(
          'order-shipped',
          { order, orderUrl: this.page('payment_success', order, token) },
          { to: order.email, locale: order.locale },
          jobId,
        );
        return;
      case 'payment_link': {
        if (order.payment_method !== 'card' || order.payment_status === 'paid' || order.payment_status === 'refunded') return;
        if (order.fulfilment_status !== 'placed') return;
        const keptUntil = new Date(Date.parse(order.placed_at) + this.config.payment.unpaidOrderExpiryMinutes * 60_000).toISOString();
        await this.mails.enqueue(
          'payment-not-completed',
          { order, retryUrl: this.page('payment_fail', order, token), keptUntil },
          { to: order.email, locale: order.locale },
          jobId,
        );
        return;
      }
    }
  }

  /**
   * Records on the order that its 'payment not completed' goes out now, if it still applies: a card
   * order, unpaid, placed, not reminded yet. The row's update lock makes a decline and the reminder
   * job (or two declines) take turns, so exactly one of them finds the column still empty.
   */
  private async claimReminder(manager: EntityManager, number: string): Promise<boolean> {
    return (await this.rows.claimReminder(manager, number)) !== undefined;
  }

  private async paymentNotCompleted(ctx: EventContext, number: string): Promise<void> {
    const found = await this.order(ctx.manager, number);
    if (!found) return;
    const { order, token } = found;
    if (order.payment_status === 'paid' || order.payment_status === 'refunded' || order.fulfilment_status !== 'placed') return;
    const keptUntil = new Date(Date.parse(order.placed_at) + this.config.payment.unpaidOrderExpiryMinutes * 60_000).toISOString();
    await this.mails.enqueue(
      'payment-not-completed',
      { order, retryUrl: this.page('payment_fail', order, token), keptUntil },
      { to: order.email, locale: order.locale },
      `${ctx.eventId}__mail`,
    );
  }

  private async confirmation(order: OrderView, token: string, jobId: string): Promise<void> {
    await this.mails.enqueue(
      'order-confirmation',
      { order, orderUrl: this.page('payment_success', order, token) },
      { to: order.email, locale: order.locale },
      jobId,
    );
  }

  /** The order as it is now and a fresh view token; null (logged) for an order that is not there. */
  private async order(manager: EntityManager, number: string): Promise<{ order: OrderView; token: string } | null> {
    const entity = await this.orders.findByNumber(number, manager);
    const order = entity && (await this.orders.viewOf(entity, manager));
    if (!entity || !order) {
      this.logger.error(`order mail for unknown order ${number}: nothing sent`);
      return null;
    }
    return { order, token: this.tokens.sign({ number, viewSecret: entity.viewSecret }) };
  }

  private adminUrl(order: OrderView): string {
    return `${this.config.http.publicUrl}/admin/orders/${encodeURIComponent(order.number)}`;
  }

  private page(screen: 'payment_success' | 'payment_fail', order: OrderView, token: string): string {
    return `${this.config.http.publicUrl}${publicPath(screen, order.locale)}?order=${encodeURIComponent(order.number)}&token=${encodeURIComponent(token)}`;
  }
}
