import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventPublisher } from '../../platform/events/index.js';
import { CatalogService } from '../catalog/index.js';
import { OrderReadService } from '../order/index.js';
import { InvoiceIssued } from './events/invoice.events.js';
import { computeZki } from './fiscal/index.js';
import type { InvoiceDocument } from './invoice-document.js';
import { invoiceDraftFromOrder, stornoDraft, type InvoiceDraft } from './invoice-drafts.js';
import { documentOf, InvoiceRepository, type InvoiceRow } from './invoice.repository.js';
import { INVOICING_SETTINGS, type InvoicingSettings, FiscalCertificates, invoiceYear } from './invoicing-settings.js';

/**
 * Issues invoices and stornos (docs/invoicing.md 'When an invoice is issued'), always inside the
 * caller's transaction (an event delivery's), so the invoice, its number and its `invoice.issued`
 * event commit together or not at all:
 * - the number's sequence from the year's counter of the numbering scope (gapless, law art. 9);
 * - the issue time to the second; the ZKI signed with the company's certificate (spec 12);
 * - one invoice per order: a second call answers the first one (an advisory lock per order keeps two
 *   deliveries from racing for it; the unique index `invoice_one_per_order` is the last word).
 */
@Injectable()
export class InvoiceIssuer {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly orders: OrderReadService,
    private readonly catalog: CatalogService,
    private readonly events: EventPublisher,
    private readonly certificates: FiscalCertificates,
    @Inject(INVOICING_SETTINGS) private readonly settings: InvoicingSettings,
  ) {}

  /** The order's invoice: issued now from the order as it was charged, or the one it already has. Null for an unknown order. */
  async invoiceForOrder(manager: EntityManager, orderNumber: string, now: Date): Promise<InvoiceRow | null> {
    const order = await this.orders.findByNumber(orderNumber, manager);
    if (!order) return null;
    await this.invoices.lockOrder(manager, order.id);
    const existing = await this.invoices.invoiceOfOrder(manager, order.id);
    if (existing) return existing;
    const view = await this.orders.viewOf(order, manager);
    const kpd = await this.catalog.kpdCodes(view.lines.map((l) => l.product_code));
    return this.issue(manager, invoiceDraftFromOrder(view, kpd), order.id, null, now);
  }

  /**
   * A storno of `amount` gross cents of the order's invoice (a refund, a cancellation after
   * invoicing, a withdrawal: law art. 24). The invoice is issued first when the order has none yet
   * (a refund delivered before the payment's event), so a storno always refers to an invoice. Asking
   * for more than is left reverses what is left; nothing left: null.
   */
  async stornoForOrder(manager: EntityManager, orderNumber: string, amount: number, now: Date): Promise<InvoiceRow | null> {
    const invoice = await this.invoiceForOrder(manager, orderNumber, now);
    if (!invoice) return null;
    const reversed = await this.invoices.reversedOf(manager, invoice.id);
    const left = invoice.total - reversed;
    if (left <= 0) return null;
    const draft = stornoDraft(documentOf(invoice), { amount: Math.min(amount, left), alreadyReversed: reversed });
    return this.issue(manager, draft, invoice.order_id, invoice.id, now);
  }

  private async issue(
    manager: EntityManager,
    draft: InvoiceDraft,
    orderId: string,
    stornoOf: string | null,
    now: Date,
  ): Promise<InvoiceRow> {
    const s = this.settings;
    // the invoice's time is the second it is issued (DatVrijeme and the ZKI carry no fractions)
    const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const year = invoiceYear(issuedAt);
    const scope = s.sequence === 'device' ? `${s.premise}/${s.device}` : s.premise;
    const sequence = await this.invoices.nextSequence(manager, year, scope);
    const doc: InvoiceDocument = {
      ...draft,
      id: randomUUID(),
      number: `${sequence}/${s.premise}/${s.device}`,
      sequence,
      premise: s.premise,
      device: s.device,
      sequenceMark: s.sequence === 'device' ? 'N' : 'P',
      issuedAt,
      operator: s.operator,
      seller: s.seller,
      cisPaymentCode: s.paymentCodes[draft.paymentMethod],
      zki: computeZki(
        { oib: s.seller.oib, issuedAt, sequence, premise: s.premise, device: s.device, totalCents: draft.total },
        this.certificates.current().privateKeyPem,
      ),
      jir: null,
    };
    await this.invoices.insert(manager, doc, { orderId, year, scope, stornoOf });
    await this.events.publish(
      manager,
      new InvoiceIssued({
        invoiceId: doc.id,
        number: doc.number,
        kind: doc.kind,
        orderNumber: doc.orderNumber,
        total: doc.total,
        issuedAt: doc.issuedAt.toISOString(),
      }),
    );
    return (await this.invoices.find(doc.id, manager))!;
  }
}
