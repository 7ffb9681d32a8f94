import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { publicPath } from '../../../contract/paths.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { MailQueue } from '../../platform/mail/index.js';
import { OrderReadService, OrderViewTokens } from '../order/index.js';
import { InvoiceRepository, type InvoiceRow } from './invoice.repository.js';

/** The kind of mail attachment the invoicing module makes: an invoice's PDF, by the invoice's id. */
export const INVOICE_PDF_ATTACHMENT = 'invoice-pdf';

/** The file name of an invoice's PDF: `racun-17-ZZ1-1.pdf` (a storno: `storno-racun-…`). */
export function invoiceFileName(row: Pick<InvoiceRow, 'kind' | 'number'>, extension: 'pdf' | 'xml'): string {
  return `${row.kind === 'storno' ? 'storno-racun' : 'racun'}-${row.number.replace(/\//g, '-')}.${extension}`;
}

/**
 * The mails about invoices (docs/invoicing.md 'Mails'):
 * - the buyer's: the invoice (or storno) with its PDF attached, in the order's language, once per
 *   invoice, after the first answer of CIS or its absence, so the buyer gets the invoice at once and
 *   with its JIR whenever CIS answered;
 * - the operators' alert: invoices not fiscalized 24 hours after issue (InvoiceAlerts).
 */
@Injectable()
export class InvoiceMails {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mails: MailQueue,
    private readonly invoices: InvoiceRepository,
    private readonly orders: OrderReadService,
    private readonly tokens: OrderViewTokens,
  ) {}

  /** Queues the buyer's mail of an invoice unless it was queued before; in the caller's transaction. */
  async queueInvoiceMail(manager: EntityManager, invoiceId: string, now: Date): Promise<void> {
    if (!(await this.invoices.markMailed(manager, invoiceId, now))) return;
    const invoice = await this.invoices.find(invoiceId, manager);
    const entity = invoice && (await this.orders.findByNumber(invoice.order_number, manager));
    if (!invoice || !entity) return;
    const order = await this.orders.viewOf(entity, manager);
    const token = this.tokens.sign(entity);
    await this.mails.enqueue(
      'invoice',
      {
        firstName: order.delivery_address.first_name,
        orderNumber: order.number,
        invoiceNumber: invoice.number,
        kind: invoice.kind,
        stornoOf: invoice.storno_of_number,
        total: invoice.total,
        issuedAt: invoice.issued_at.toISOString(),
        jir: invoice.jir,
        orderUrl: `${this.config.http.publicUrl}${publicPath('payment_success', order.locale)}?order=${encodeURIComponent(order.number)}&token=${encodeURIComponent(token)}`,
      },
      { to: order.email, locale: order.locale, attachments: [{ kind: INVOICE_PDF_ATTACHMENT, ref: invoiceId }] },
      `invoice__${invoiceId}`,
    );
  }

  /** The operators' alert about invoices still without a JIR (in Croatian, to the order inbox). */
  async queueAlert(rows: InvoiceRow[], now: Date): Promise<void> {
    if (!rows.length) return;
    await this.mails.enqueue(
      'invoices-not-fiscalized',
      {
        invoices: rows.map((r) => ({
          number: r.number,
          orderNumber: r.order_number,
          issuedAt: r.issued_at.toISOString(),
          attempts: r.fiscal_attempts,
          error: r.fiscal_error,
        })),
        adminUrl: `${this.config.http.publicUrl}/admin/invoices?fiscal_state=pending`,
      },
      { to: this.config.mail.ordersTo, locale: 'hr' },
      `invoice-alert__${rows[0]!.id}__${now.getTime()}`,
    );
  }
}
