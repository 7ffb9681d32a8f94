import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderView } from '../../../../contract/api/order.js';
import { orderPlaced, orderShipped } from '../../../../contract/events/order.js';
import { paymentApproved, paymentDeclined } from '../../../../contract/events/payment.js';
import { publicPath } from '../../../../contract/paths.js';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { type DomainEvent, type EventContext, type EventPayload, OnEvent } from '../../../platform/events/index.js';
import { MailQueue } from '../../../platform/mail/index.js';
import { OrderViewTokens } from '../order-view-token.js';
import { OrderReadService } from '../order.service.js';

/**
 * The order mails (docs/mail.md), sent by the worker after the event's transaction committed, in
 * the order's language, read from the order as it is now:
 * - order.placed: the shop's order inbox (ORDERS_EMAIL) gets the new-order notice (in Croatian);
 *   a cash-on-delivery buyer gets the confirmation at once.
 * - payment.approved: a card buyer gets the confirmation when the money is there.
 * - payment.declined: the buyer gets 'payment not completed' with a link to try again, and until
 *   when the order is kept.
 * - order.shipped: the buyer gets 'shipped' with the tracking number (the operators' ship action).
 * The new-order notice links to the order on the operators' page (/admin/orders/{number}).
 * Links open the order's page with a view token (no sign-in needed). Each mail's job id is derived
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
  ) {}

  @OnEvent(orderPlaced, 'send-order-placed-mails')
  async placed(event: DomainEvent<EventPayload<typeof orderPlaced>>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    const { order, token } = found;
    const adminUrl = `${this.config.http.publicUrl}/admin/orders/${encodeURIComponent(order.number)}`;
    await this.mails.enqueue('new-order-notice', { order, adminUrl }, { to: this.config.mail.ordersTo, locale: 'hr' }, `${ctx.eventId}__notice`);
    if (order.payment_method === 'cod') await this.confirmation(order, token, `${ctx.eventId}__confirmation`);
  }

  @OnEvent(orderShipped, 'send-order-shipped')
  async shipped(event: DomainEvent<EventPayload<typeof orderShipped>>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found) return;
    const { order, token } = found;
    // the order as it is now; a tracking number corrected since carries the newer one
    if (!order.tracking_number) return this.logger.error(`order.shipped for ${order.number} without a tracking number: no mail`);
    await this.mails.enqueue(
      'order-shipped',
      { order, orderUrl: this.page('payment_success', order.locale, order, token) },
      { to: order.email, locale: order.locale },
      `${ctx.eventId}__mail`,
    );
  }

  @OnEvent(paymentApproved, 'send-order-confirmation')
  async approved(event: DomainEvent<EventPayload<typeof paymentApproved>>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (found) await this.confirmation(found.order, found.token, `${ctx.eventId}__confirmation`);
  }

  @OnEvent(paymentDeclined, 'send-payment-not-completed')
  async declined(event: DomainEvent<EventPayload<typeof paymentDeclined>>, ctx: EventContext): Promise<void> {
    const found = await this.order(ctx.manager, event.payload.orderNumber);
    if (!found || found.order.payment_status === 'paid') return; // an approval won: nothing to retry
    const { order, token } = found;
    const keptUntil = new Date(Date.parse(order.placed_at) + this.config.payment.unpaidOrderExpiryMinutes * 60_000).toISOString();
    await this.mails.enqueue(
      'payment-not-completed',
      { order, retryUrl: this.page('payment_fail', order.locale, order, token), keptUntil },
      { to: order.email, locale: order.locale },
      `${ctx.eventId}__mail`,
    );
  }

  private async confirmation(order: OrderView, token: string, jobId: string): Promise<void> {
    await this.mails.enqueue('order-confirmation', { order, orderUrl: this.page('payment_success', order.locale, order, token) }, { to: order.email, locale: order.locale }, jobId);
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

  private page(screen: 'payment_success' | 'payment_fail', locale: OrderView['locale'], order: OrderView, token: string): string {
    return `${this.config.http.publicUrl}${publicPath(screen, locale)}?order=${encodeURIComponent(order.number)}&token=${encodeURIComponent(token)}`;
  }
}
