import { Injectable, Logger } from '@nestjs/common';
import {
  ADMIN_INVOICES_PAGE_SIZE,
  adminInvoicePaths,
  type AdminInvoiceDetail,
  type AdminInvoiceList,
  type AdminInvoiceListQuery,
  type AdminInvoiceRow,
  type InvoiceBook,
  type InvoiceStornoBody,
} from '../../../../contract/api/admin-invoices.js';
import { AuditTrail, registerAuditFields } from '../../../platform/audit/index.js';
import { QueueName, QueueService } from '../../../platform/queue/index.js';
import { OrderHistoryRepository } from '../../order/index.js';
import { fiscalizeJobId, FiscalizationRunner } from '../fiscalization/fiscalization-runner.js';
import { InvoiceIssuer } from '../invoice-issuer.js';
import { documentOf, InvoiceRepository, type FiscalAttemptRow, type InvoiceRow } from '../invoice.repository.js';
import { InvoiceAdminError } from './invoice-admin.errors.js';
import { InvoiceAdminRepository } from './invoice-admin.repository.js';
import { buildInvoiceBook } from './invoice-book.js';
import { buildInvoiceCsv } from './invoice-export.js';
import { monthRange, yearRange } from './zagreb-time.js';

/** An invoice without a JIR longer than this is flagged to the operators (law art. 21 allows 2 working days). */
export const OVERDUE_MS = 24 * 60 * 60 * 1000;

/** Who acts (recorded in the order's history and the audit log). */
export interface InvoiceOperator {
  userId: string;
  email: string;
  role: string;
}

/** What the audit log keeps of an invoice ('invoice' entries). */
registerAuditFields('invoice', [
  'number',
  'kind',
  'order_number',
  'fiscal_state',
  'fiscal_attempts',
  'total',
  'storno_number',
  'storno_total',
  'reason',
]);

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function adminInvoiceRow(row: InvoiceRow, now: Date): AdminInvoiceRow {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    storno_of: row.storno_of_number,
    order_number: row.order_number,
    issued_at: row.issued_at.toISOString(),
    buyer_name: row.buyer.name,
    buyer_tax_id: row.buyer.taxId,
    buyer_kind: row.buyer.kind,
    total: row.total,
    payment_method: row.payment_method,
    cis_payment_code: row.cis_payment_code,
    fiscal_state: row.fiscal_state,
    jir: row.jir,
    zki: row.zki,
    attempts: row.fiscal_attempts,
    last_error: row.jir ? null : row.fiscal_error,
    next_attempt_at: row.fiscal_state === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
    overdue: row.jir === null && now.getTime() - row.issued_at.getTime() > OVERDUE_MS,
  };
}

function attemptOf(a: FiscalAttemptRow): AdminInvoiceDetail['attempts_log'][number] {
  return {
    attempt: Number(a.attempt),
    message_id: a.message_id,
    sent_at: new Date(a.sent_at).toISOString(),
    late_delivery: a.late_delivery,
    outcome: a.outcome,
    jir: a.jir,
    error_code: a.error_code,
    error_message: a.error_message,
    answered_at: a.answered_at ? new Date(a.answered_at).toISOString() : null,
  };
}

/**
 * What operators do with invoices (docs/invoicing/operators.md): the one service behind the JSON API
 * `/api/admin/invoices` and the server-rendered `/admin/invoices` pages, so the two never disagree.
 */
@Injectable()
export class InvoiceAdminService {
  private readonly logger = new Logger('invoicing');

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly reads: InvoiceAdminRepository,
    private readonly issuer: InvoiceIssuer,
    private readonly runner: FiscalizationRunner,
    private readonly queues: QueueService,
    private readonly history: OrderHistoryRepository,
    private readonly audit: AuditTrail,
  ) {}

  async list(query: AdminInvoiceListQuery, now = new Date()): Promise<AdminInvoiceList> {
    const page = query.page ?? 1;
    const range = query.month ? monthRange(query.month) : null;
    const { rows, total } = await this.invoices.list(
      {
        fiscalState: query.fiscal_state ?? null,
        kind: query.kind ?? null,
        search: query.q ? likePattern(query.q) : null,
        from: range?.from ?? null,
        to: range?.to ?? null,
      },
      ADMIN_INVOICES_PAGE_SIZE,
      (page - 1) * ADMIN_INVOICES_PAGE_SIZE,
    );
    return {
      invoices: rows.map((r) => adminInvoiceRow(r, now)),
      page,
      page_size: ADMIN_INVOICES_PAGE_SIZE,
      total,
      overdue: await this.reads.withoutJirSince(new Date(now.getTime() - OVERDUE_MS)),
    };
  }

  /** The invoice row, or the 404. */
  async row(id: string): Promise<InvoiceRow> {
    const row = await this.invoices.find(id);
    if (!row) throw new InvoiceAdminError('INVOICE_NOT_FOUND');
    return row;
  }

  async detail(id: string, now = new Date()): Promise<AdminInvoiceDetail> {
    const row = await this.row(id);
    const attempts = await this.invoices.attemptsOf(id);
    const reversed = row.kind === 'invoice' ? await this.invoices.transaction((m) => this.invoices.reversedOf(m, id)) : 0;
    return {
      ...adminInvoiceRow(row, now),
      attempts_log: attempts.map(attemptOf),
      left_to_reverse: row.kind === 'invoice' ? Math.max(0, row.total - reversed) : 0,
      pdf_path: adminInvoicePaths.pdf(row.id),
      ubl_path: row.buyer.kind === 'business' ? adminInvoicePaths.ubl(row.id) : null,
      html_path: adminInvoicePaths.html(row.id),
    };
  }

  /**
   * 'Retry now': a waiting or refused invoice is due at once and its next attempt is queued (a
   * delayed job of that attempt, waiting out its backoff, is run now). A fiscalized one: 409.
   */
  async retry(id: string, operator: InvoiceOperator, now = new Date()): Promise<AdminInvoiceDetail> {
    const row = await this.row(id);
    if (row.jir !== null) throw new InvoiceAdminError('INVOICE_ALREADY_FISCALIZED');
    await this.invoices.transaction(async (manager) => {
      if (!(await this.invoices.retryNow(id, now, manager))) throw new InvoiceAdminError('INVOICE_ALREADY_FISCALIZED');
      await this.audit.record(manager, {
        actor: { id: operator.userId, label: operator.email, role: operator.role },
        action: 'invoice.retry',
        entityType: 'invoice',
        entityId: id,
        before: { number: row.number, fiscal_state: row.fiscal_state, fiscal_attempts: row.fiscal_attempts },
        after: { number: row.number, fiscal_state: 'pending', fiscal_attempts: row.fiscal_attempts },
      });
    });
    const attempt = row.fiscal_attempts + 1;
    await this.runner.schedule(id, attempt);
    await this.promoteDelayed(id, attempt);
    return this.detail(id, now);
  }

  /**
   * A storno of the invoice (law art. 24), in one transaction with the operator's entry in the
   * order's history: `amount` cents, or all that is left. 409 for a storno itself or nothing left,
   * 422 for more than is left.
   */
  async storno(id: string, body: InvoiceStornoBody, operator: InvoiceOperator, now = new Date()): Promise<AdminInvoiceDetail> {
    const row = await this.row(id);
    if (row.kind !== 'invoice') throw new InvoiceAdminError('INVOICE_NOT_REVERSIBLE');
    const storno = await this.invoices.transaction(async (manager) => {
      // the issuer's lock on the order first, so what is left cannot change under us
      await this.issuer.invoiceForOrder(manager, row.order_number, now);
      const left = row.total - (await this.invoices.reversedOf(manager, id));
      if (left <= 0) throw new InvoiceAdminError('INVOICE_NOTHING_LEFT');
      if (body.amount !== undefined && body.amount > left)
        throw new InvoiceAdminError('INVOICE_STORNO_AMOUNT_TOO_HIGH', { left: (left / 100).toFixed(2) });
      const issued = await this.issuer.stornoForOrder(manager, row.order_number, body.amount ?? left, now);
      if (!issued) throw new InvoiceAdminError('INVOICE_NOTHING_LEFT');
      await this.audit.record(manager, {
        actor: { id: operator.userId, label: operator.email, role: operator.role },
        action: 'invoice.storno',
        entityType: 'invoice',
        entityId: id,
        before: { number: row.number, order_number: row.order_number, total: row.total },
        after: { number: row.number, storno_number: issued.number, storno_total: issued.total, reason: body.reason },
      });
      await this.history.recordByNumber(
        manager,
        row.order_number,
        'invoice_storno',
        operator.email,
        `${issued.number} (${(issued.total / 100).toFixed(2)} EUR) ${row.number}: ${body.reason}`,
      );
      return issued;
    });
    // its fiscalization is queued by invoice.issued, like every invoice's
    return this.detail(storno.id, now);
  }

  /** The accountant's CSV of a `YYYY-MM` month. */
  async exportCsv(month: string): Promise<string> {
    const { from, to } = monthRange(month);
    const rows = await this.invoices.issuedBetween(from, to);
    const docs = rows.map(documentOf).sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.sequence - b.sequence);
    return buildInvoiceCsv(docs);
  }

  /** The book of invoices of a year. */
  async book(year: number): Promise<InvoiceBook> {
    const { from, to } = yearRange(year);
    return buildInvoiceBook(year, (await this.invoices.issuedBetween(from, to)).map(documentOf));
  }

  /** A job of this attempt already waiting out its backoff runs now (an operator asked). */
  private async promoteDelayed(id: string, attempt: number): Promise<void> {
    try {
      const job = await this.queues.queue(QueueName.Invoicing).getJob(fiscalizeJobId(id, attempt));
      if (job && (await job.isDelayed())) await job.promote();
    } catch (err) {
      // the sweep queues every due invoice within 30 s anyway
      this.logger.warn(`retry of invoice ${id}: the waiting job was not brought forward (${(err as Error).message})`);
    }
  }
}
