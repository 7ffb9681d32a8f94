import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MailAttachmentSources, type MailAttachment } from '../../platform/mail/index.js';
import { TtlLru } from '../../platform/cache/index.js';
import { buildUblInvoice, EInvoiceNotApplicableError } from './einvoice/index.js';
import { documentOf, InvoiceRepository, type InvoiceRow } from './invoice.repository.js';
import { INVOICE_PDF_ATTACHMENT, invoiceFileName } from './invoice-mails.js';
import { renderInvoiceHtml, renderInvoicePdf } from './pdf/index.js';

/**
 * An invoice's files, drawn from its record (InvoiceDocument): the PDF (buyer, mail, operators), the
 * UBL e-invoice of a business buyer, the operators' HTML view. PDFs are kept a while per invoice and
 * fiscal state (a JIR arriving makes a new one).
 */
@Injectable()
export class InvoiceFiles implements OnModuleInit {
  private readonly pdfs = new TtlLru<Buffer>({ maxEntries: 200, maxBytes: 64 * 1024 * 1024 });

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly attachments: MailAttachmentSources,
  ) {}

  onModuleInit(): void {
    this.attachments.register(INVOICE_PDF_ATTACHMENT, (id) => this.pdfAttachment(id));
  }

  async pdf(row: InvoiceRow): Promise<Buffer> {
    const key = `${row.id}:${row.jir ?? 'zki'}`;
    const cached = this.pdfs.get(key);
    if (cached) return cached;
    const bytes = await renderInvoicePdf(documentOf(row));
    this.pdfs.set(key, bytes, 10 * 60_000, bytes.length);
    return bytes;
  }

  /** The UBL 2.1 e-invoice (HR-CIUS) of a business buyer's invoice; null for a consumer's, or a buyer without a tax number. */
  ubl(row: InvoiceRow): string | null {
    if (row.buyer.kind !== 'business') return null;
    try {
      return buildUblInvoice(documentOf(row));
    } catch (err) {
      if (err instanceof EInvoiceNotApplicableError) return null;
      throw err;
    }
  }

  html(row: InvoiceRow): string {
    return renderInvoiceHtml(documentOf(row));
  }

  private async pdfAttachment(id: string): Promise<MailAttachment> {
    const row = await this.invoices.find(id);
    if (!row) throw new Error(`invoice ${id} not found for its mail`);
    return { filename: invoiceFileName(row, 'pdf'), content: await this.pdf(row), contentType: 'application/pdf' };
  }
}
