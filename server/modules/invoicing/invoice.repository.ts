import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';
import type { PaymentMethod } from '../../../contract/orders.js';
import type { FiscalState } from '../../../contract/api/invoices.js';
import type { InvoiceDocument, InvoiceLine } from './invoice-document.js';

/** An `invoice` row as the queries answer it (snake_case, jsonb parsed, amounts as numbers). */
export interface InvoiceRow {
  id: string;
  kind: 'invoice' | 'storno';
  order_id: string;
  order_number: string;
  storno_of: string | null;
  year: number;
  scope: string;
  sequence: number;
  premise: string;
  device: string;
  sequence_mark: 'P' | 'N';
  number: string;
  issued_at: Date;
  operator_mark: string;
  operator_oib: string;
  seller: InvoiceDocument['seller'];
  buyer: InvoiceDocument['buyer'];
  lines: InvoiceLine[];
  discount: number;
  discount_by_rate: InvoiceDocument['discountByRate'];
  delivery: number;
  delivery_vat_rate: number;
  vat_by_rate: InvoiceDocument['vatByRate'];
  vat_base: number;
  vat_total: number;
  total: number;
  payment_method: PaymentMethod;
  cis_payment_code: InvoiceDocument['cisPaymentCode'];
  locale: Locale;
  zki: string;
  jir: string | null;
  fiscal_state: FiscalState;
  fiscal_attempts: number;
  fiscal_error: string | null;
  fiscalized_at: Date | null;
  next_attempt_at: Date;
  alerted_at: Date | null;
  mailed_at: Date | null;
  /** The number of the invoice a storno cancels (joined), null for an invoice. */
  storno_of_number: string | null;
  storno_of_issued_at: Date | null;
}

/** One message sent to CIS for an invoice (`invoice_fiscal_attempt`). */
export interface FiscalAttemptRow {
  message_id: string;
  invoice_id: string;
  attempt: number;
  sent_at: Date;
  late_delivery: boolean;
  outcome: 'jir' | 'rejected' | 'unavailable' | null;
  jir: string | null;
  error_code: string | null;
  error_message: string | null;
  answered_at: Date | null;
}

/** The filter of the operators' invoice list; null: any. */
export interface InvoiceListFilter {
  fiscalState: FiscalState | null;
  kind: 'invoice' | 'storno' | null;
  /** ILIKE pattern on the invoice or order number (escaped by the caller). */
  search: string | null;
  from: Date | null;
  to: Date | null;
}

const SELECT_INVOICE = `
  SELECT i.*, o.number AS storno_of_number, o.issued_at AS storno_of_issued_at
    FROM invoice i LEFT JOIN invoice o ON o.id = i.storno_of`;

const num = (v: unknown): number => Number(v);

function parse(raw: Record<string, unknown>): InvoiceRow {
  const row = raw as unknown as InvoiceRow;
  return {
    ...row,
    year: num(raw.year),
    sequence: num(raw.sequence),
    discount: num(raw.discount),
    delivery: num(raw.delivery),
    delivery_vat_rate: num(raw.delivery_vat_rate),
    vat_base: num(raw.vat_base),
    vat_total: num(raw.vat_total),
    total: num(raw.total),
    fiscal_attempts: num(raw.fiscal_attempts),
  };
}

/** The invoicing module's tables: `invoice`, `invoice_counter`, `invoice_fiscal_attempt` (migration 1797700000000). */
@Injectable()
export class InvoiceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * The next sequence number of a year and scope, in the caller's transaction: the counter row stays
   * locked until it ends, so concurrent issues queue for it and get consecutive numbers, and one that
   * rolls back gives its number back (gapless, law art. 9 and the internal act's numbering rule).
   */
  async nextSequence(manager: EntityManager, year: number, scope: string): Promise<number> {
    if (!manager.queryRunner?.isTransactionActive) throw new Error('invoice numbers are taken inside the issuing transaction');
    const [row] = (await manager.query(
      `INSERT INTO invoice_counter (year, scope, last_value) VALUES ($1, $2, 1)
       ON CONFLICT (year, scope) DO UPDATE SET last_value = invoice_counter.last_value + 1 RETURNING last_value`,
      [year, scope],
    )) as Array<{ last_value: number }>;
    return Number(row!.last_value);
  }

  async insert(
    manager: EntityManager,
    doc: InvoiceDocument,
    meta: { orderId: string; year: number; scope: string; stornoOf: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO invoice (id, kind, order_id, order_number, storno_of, year, scope, sequence, premise, device, sequence_mark, number,
         issued_at, operator_mark, operator_oib, seller, buyer, lines, discount, discount_by_rate, delivery, delivery_vat_rate,
         vat_by_rate, vat_base, vat_total, total, payment_method, cis_payment_code, locale, zki)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30)`,
      [
        doc.id,
        doc.kind,
        meta.orderId,
        doc.orderNumber,
        meta.stornoOf,
        meta.year,
        meta.scope,
        doc.sequence,
        doc.premise,
        doc.device,
        doc.sequenceMark,
        doc.number,
        doc.issuedAt,
        doc.operator.mark,
        doc.operator.oib,
        JSON.stringify(doc.seller),
        JSON.stringify(doc.buyer),
        JSON.stringify(doc.lines),
        doc.discount,
        JSON.stringify(doc.discountByRate),
        doc.delivery,
        doc.deliveryVatRate,
        JSON.stringify(doc.vatByRate),
        doc.vatBase,
        doc.vatTotal,
        doc.total,
        doc.paymentMethod,
        doc.cisPaymentCode,
        doc.locale,
        doc.zki,
      ],
    );
  }

  /** Serializes the invoicing of one order until the caller's transaction ends (a transaction-scoped advisory lock). */
  async lockOrder(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('invoice-order:' || $1))`, [orderId]);
  }

  /** The order's invoice (not its stornos), locked for the caller's transaction when `lock`. */
  async invoiceOfOrder(manager: EntityManager, orderId: string, lock = false): Promise<InvoiceRow | null> {
    const rows = (await manager.query(`${SELECT_INVOICE} WHERE i.order_id = $1 AND i.kind = 'invoice'${lock ? ' FOR UPDATE OF i' : ''}`, [
      orderId,
    ])) as Array<Record<string, unknown>>;
    return rows[0] ? parse(rows[0]) : null;
  }

  /** Gross cents already reversed by the stornos of an invoice (positive). */
  async reversedOf(manager: EntityManager, invoiceId: string): Promise<number> {
    const [row] = (await manager.query(`SELECT coalesce(-sum(total), 0) AS reversed FROM invoice WHERE storno_of = $1`, [
      invoiceId,
    ])) as Array<{
      reversed: string | number;
    }>;
    return Number(row!.reversed);
  }

  async find(id: string, manager?: EntityManager): Promise<InvoiceRow | null> {
    const rows = (await (manager ?? this.db).query(`${SELECT_INVOICE} WHERE i.id = $1`, [id])) as Array<Record<string, unknown>>;
    return rows[0] ? parse(rows[0]) : null;
  }

  /**
   * The invoices and stornos of these orders, oldest first, by reference only (number, kind, when,
   * total, fiscal state): what a customer's data export names (docs/admin.md 'Customers'). Invoices
   * are never changed nor erased with an account (kept 11 years, docs/invoicing.md).
   */
  async refsOfOrders(orderNumbers: readonly string[]): Promise<
    Array<{
      number: string;
      kind: 'invoice' | 'storno';
      order_number: string;
      issued_at: string;
      total: number;
      fiscal_state: string;
      jir: string | null;
    }>
  > {
    if (!orderNumbers.length) return [];
    const rows = (await this.db.query(
      `SELECT number, kind, order_number, issued_at, total, fiscal_state, jir FROM invoice
        WHERE order_number = ANY($1::text[]) ORDER BY issued_at, sequence`,
      [[...orderNumbers]],
    )) as Array<{
      number: string;
      kind: 'invoice' | 'storno';
      order_number: string;
      issued_at: Date;
      total: number;
      fiscal_state: string;
      jir: string | null;
    }>;
    return rows.map((r) => ({ ...r, issued_at: new Date(r.issued_at).toISOString(), total: Number(r.total) }));
  }

  /** An order's invoice and stornos, oldest first. */
  async ofOrder(orderId: string): Promise<InvoiceRow[]> {
    const rows = (await this.db.query(`${SELECT_INVOICE} WHERE i.order_id = $1 ORDER BY i.issued_at, i.sequence`, [orderId])) as Array<
      Record<string, unknown>
    >;
    return rows.map(parse);
  }

  /**
   * Takes an invoice for one fiscalization attempt (its own short transaction, the invoice row
   * locked): none when it is fiscalized or rejected, or another worker holds it (its lease, until
   * `next_attempt_at`, not over). An attempt left without an answer (a crash mid-send) is taken
   * again with its message id; otherwise a new attempt is recorded. The lease keeps other runs away
   * while the message is on its way.
   */
  async claimAttempt(
    invoiceId: string,
    now: Date,
    leaseMs: number,
    newMessageId: string,
  ): Promise<{ invoice: InvoiceRow; attempt: FiscalAttemptRow } | null> {
    return this.db.transaction(async (manager) => {
      const rows = (await manager.query(`${SELECT_INVOICE} WHERE i.id = $1 FOR UPDATE OF i`, [invoiceId])) as Array<
        Record<string, unknown>
      >;
      const invoice = rows[0] ? parse(rows[0]) : null;
      if (!invoice || invoice.fiscal_state !== 'pending' || invoice.next_attempt_at.getTime() > now.getTime()) return null;
      const open = (await manager.query(
        `SELECT * FROM invoice_fiscal_attempt WHERE invoice_id = $1 AND outcome IS NULL ORDER BY attempt DESC LIMIT 1`,
        [invoiceId],
      )) as FiscalAttemptRow[];
      let attempt = open[0];
      if (!attempt) {
        const number = invoice.fiscal_attempts + 1;
        const inserted = (await manager.query(
          `INSERT INTO invoice_fiscal_attempt (message_id, invoice_id, attempt, sent_at, late_delivery) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
          [newMessageId, invoiceId, number, now, number > 1],
        )) as FiscalAttemptRow[];
        attempt = inserted[0]!;
      }
      await manager.query(`UPDATE invoice SET next_attempt_at = $2, fiscal_attempts = greatest(fiscal_attempts, $3) WHERE id = $1`, [
        invoiceId,
        new Date(now.getTime() + leaseMs),
        attempt.attempt,
      ]);
      return { invoice: { ...invoice, fiscal_attempts: Math.max(invoice.fiscal_attempts, attempt.attempt) }, attempt };
    });
  }

  /**
   * Records CIS's JIR for an attempt, in the caller's transaction: the invoice keeps the first JIR it
   * got (a later answer never replaces it). Answers whether this call stored it.
   */
  async recordJir(manager: EntityManager, attempt: FiscalAttemptRow, jir: string, now: Date): Promise<boolean> {
    await manager.query(`UPDATE invoice_fiscal_attempt SET outcome = 'jir', jir = $2, answered_at = $3 WHERE message_id = $1`, [
      attempt.message_id,
      jir,
      now,
    ]);
    const stored = (await manager.query(
      `UPDATE invoice SET jir = $2, fiscal_state = 'fiscalized', fiscalized_at = $3, fiscal_error = NULL
        WHERE id = $1 AND jir IS NULL RETURNING id`,
      [attempt.invoice_id, jir, now],
    )) as unknown[];
    return stored.length > 0;
  }

  /** CIS refused the message (its error codes): the invoice waits for an operator ('retry now'). */
  async recordRejection(attempt: FiscalAttemptRow, error: { code: string; message: string }, now: Date): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `UPDATE invoice_fiscal_attempt SET outcome = 'rejected', error_code = $2, error_message = $3, answered_at = $4 WHERE message_id = $1`,
        [attempt.message_id, error.code, error.message.slice(0, 1000), now],
      );
      await manager.query(`UPDATE invoice SET fiscal_state = 'rejected', fiscal_error = $2 WHERE id = $1 AND jir IS NULL`, [
        attempt.invoice_id,
        `${error.code}: ${error.message}`.slice(0, 1000),
      ]);
    });
  }

  /** CIS did not answer: the next attempt is due at `retryAt` (with NakDost). */
  async recordUnavailable(attempt: FiscalAttemptRow, reason: string, now: Date, retryAt: Date): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        `UPDATE invoice_fiscal_attempt SET outcome = 'unavailable', error_message = $2, answered_at = $3 WHERE message_id = $1`,
        [attempt.message_id, reason.slice(0, 1000), now],
      );
      await manager.query(`UPDATE invoice SET next_attempt_at = $2, fiscal_error = $3 WHERE id = $1 AND jir IS NULL`, [
        attempt.invoice_id,
        retryAt,
        reason.slice(0, 1000),
      ]);
    });
  }

  /** An operator's 'retry now': a rejected or waiting invoice is due again at once. */
  async retryNow(invoiceId: string, now: Date, manager: EntityManager = this.db.manager): Promise<boolean> {
    const rows = (await manager.query(
      `UPDATE invoice SET fiscal_state = 'pending', next_attempt_at = $2 WHERE id = $1 AND jir IS NULL RETURNING id`,
      [invoiceId, now],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Marks the buyer's invoice mail as queued; answers false when it already was (so it is queued once). */
  async markMailed(manager: EntityManager, invoiceId: string, now: Date): Promise<boolean> {
    const rows = (await manager.query(`UPDATE invoice SET mailed_at = $2 WHERE id = $1 AND mailed_at IS NULL RETURNING id`, [
      invoiceId,
      now,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** Invoices waiting for CIS whose next attempt is due (oldest first). */
  async due(now: Date, limit: number): Promise<Array<{ id: string; fiscal_attempts: number }>> {
    const rows = (await this.db.query(
      `SELECT id, fiscal_attempts FROM invoice WHERE fiscal_state = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2`,
      [now, limit],
    )) as Array<{ id: string; fiscal_attempts: number }>;
    return rows.map((r) => ({ id: r.id, fiscal_attempts: Number(r.fiscal_attempts) }));
  }

  /** Issued before `cutoff`, still without a JIR, and no operator told yet; marked told in the same statement. */
  async takeUnalerted(cutoff: Date, now: Date, limit: number): Promise<InvoiceRow[]> {
    const rows = (await this.db.query(
      `WITH due AS (
         SELECT id FROM invoice WHERE jir IS NULL AND issued_at < $1 AND alerted_at IS NULL ORDER BY issued_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       UPDATE invoice i SET alerted_at = $2 FROM due WHERE i.id = due.id RETURNING i.*, NULL AS storno_of_number, NULL AS storno_of_issued_at`,
      [cutoff, now, limit],
    )) as [Array<Record<string, unknown>>, number] | Array<Record<string, unknown>>;
    const list = Array.isArray(rows[0]) ? (rows[0] as Array<Record<string, unknown>>) : (rows as Array<Record<string, unknown>>);
    return list.map(parse).sort((a, b) => a.issued_at.getTime() - b.issued_at.getTime());
  }

  async attemptsOf(invoiceId: string): Promise<FiscalAttemptRow[]> {
    return (await this.db.query(`SELECT * FROM invoice_fiscal_attempt WHERE invoice_id = $1 ORDER BY attempt`, [
      invoiceId,
    ])) as FiscalAttemptRow[];
  }

  /** Invoices without a JIR, by fiscal state (the back office's dashboard: 'not yet fiscalized'). */
  async unfiscalizedCounts(): Promise<{ pending: number; rejected: number }> {
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE fiscal_state = 'pending')::int AS pending, count(*) FILTER (WHERE fiscal_state = 'rejected')::int AS rejected
         FROM invoice WHERE fiscal_state <> 'fiscalized'`,
    )) as Array<{ pending: number; rejected: number }>;
    return { pending: Number(row?.pending ?? 0), rejected: Number(row?.rejected ?? 0) };
  }

  /** The operators' list: newest first, `limit` from `offset`, and how many match. */
  async list(filter: InvoiceListFilter, limit: number, offset: number): Promise<{ rows: InvoiceRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.fiscalState) add('i.fiscal_state = ?', filter.fiscalState);
    if (filter.kind) add('i.kind = ?', filter.kind);
    if (filter.search) {
      params.push(filter.search);
      where.push(`(i.number ILIKE $${params.length} ESCAPE '\\' OR i.order_number ILIKE $${params.length} ESCAPE '\\')`);
    }
    if (filter.from) add('i.issued_at >= ?', filter.from);
    if (filter.to) add('i.issued_at < ?', filter.to);
    const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const [count] = (await this.db.query(`SELECT count(*)::int AS n FROM invoice i${clause}`, params)) as Array<{ n: number }>;
    const rows = (await this.db.query(
      `${SELECT_INVOICE}${clause} ORDER BY i.issued_at DESC, i.sequence DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    )) as Array<Record<string, unknown>>;
    return { rows: rows.map(parse), total: Number(count!.n) };
  }

  /** Every invoice issued in [from, to), in number order per premise and device (the book of invoices, the accountant's export). */
  async issuedBetween(from: Date, to: Date): Promise<InvoiceRow[]> {
    const rows = (await this.db.query(
      `${SELECT_INVOICE} WHERE i.issued_at >= $1 AND i.issued_at < $2 ORDER BY i.premise, i.device, i.year, i.sequence`,
      [from, to],
    )) as Array<Record<string, unknown>>;
    return rows.map(parse);
  }
}

/** The document an invoice row says. */
export function documentOf(row: InvoiceRow): InvoiceDocument {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    sequence: row.sequence,
    premise: row.premise,
    device: row.device,
    sequenceMark: row.sequence_mark,
    issuedAt: new Date(row.issued_at),
    operator: { mark: row.operator_mark, oib: row.operator_oib },
    seller: row.seller,
    buyer: row.buyer,
    lines: row.lines,
    discount: row.discount,
    discountByRate: row.discount_by_rate,
    delivery: row.delivery,
    deliveryVatRate: row.delivery_vat_rate,
    vatByRate: row.vat_by_rate,
    vatBase: row.vat_base,
    vatTotal: row.vat_total,
    total: row.total,
    currency: 'EUR',
    paymentMethod: row.payment_method,
    cisPaymentCode: row.cis_payment_code,
    zki: row.zki,
    jir: row.jir,
    orderNumber: row.order_number,
    locale: row.locale,
    stornoOf: row.storno_of_number ? { number: row.storno_of_number, issuedAt: new Date(row.storno_of_issued_at!) } : null,
  };
}
