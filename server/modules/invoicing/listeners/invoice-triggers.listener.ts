import { Injectable } from '@nestjs/common';
import { orderPaid, orderRefunded, orderShipped } from '../../../../contract/events/order.js';
import { type DomainEvent, type EventContext, type EventPayload, OnEvent } from '../../../platform/events/index.js';
import { InvoiceIssuer } from '../invoice-issuer.js';

type Payload<C extends Parameters<typeof OnEvent>[0]> = DomainEvent<EventPayload<C>>;

/**
 * When a sale is complete, its invoice; when money goes back, a storno (docs/invoicing.md 'When an
 * invoice is issued'). Each runs in its event delivery's transaction, once per event:
 * - order.paid of a card order: the payment is settled (the provider approved it), the sale is
 *   complete: the invoice.
 * - order.shipped of a cash-on-delivery order: the parcel is handed over for delivery, with the
 *   printed invoice in it (the courier collects the money against it); order.paid of a cash order
 *   (the cash recorded as received before shipping) issues it too, whichever comes first.
 * - order.refunded (an operator's refund, a paid order cancelled, later a withdrawal): a storno of
 *   the amount, full or partial (law art. 24).
 */
@Injectable()
export class InvoiceTriggers {
  constructor(private readonly issuer: InvoiceIssuer) {}

  @OnEvent(orderPaid, 'issue-invoice-when-paid')
  async paid(event: Payload<typeof orderPaid>, ctx: EventContext): Promise<void> {
    await this.issuer.invoiceForOrder(ctx.manager, event.payload.orderNumber, new Date());
  }

  @OnEvent(orderShipped, 'issue-invoice-when-shipped')
  async shipped(event: Payload<typeof orderShipped>, ctx: EventContext): Promise<void> {
    // a card order was invoiced when paid; this finds that invoice and leaves it
    await this.issuer.invoiceForOrder(ctx.manager, event.payload.orderNumber, new Date());
  }

  @OnEvent(orderRefunded, 'issue-storno-when-refunded')
  async refunded(event: Payload<typeof orderRefunded>, ctx: EventContext): Promise<void> {
    await this.issuer.stornoForOrder(ctx.manager, event.payload.orderNumber, event.payload.amount, new Date());
  }
}
