import { z } from 'zod';
import { PAYMENT_METHODS } from '../orders.js';
import { data } from './fields.js';
import { FISCAL_STATES } from './invoices.js';

/**
 * The operators' invoice API (`/api/admin/invoices`, role admin) and the server-rendered
 * `/admin/invoices` pages share these shapes (docs/invoicing/operators.md). JSON names snake_case,
 * money in signed integer euro cents, gross (a storno is negative).
 */

/** Rows per page of the operators' list. */
export const ADMIN_INVOICES_PAGE_SIZE = 25;
export const INVOICE_KINDS = ['invoice', 'storno'] as const;

/** `YYYY-MM`, a month from 2000 to 2999. */
export const MONTH = /^2\d{3}-(0[1-9]|1[0-2])$/;
/** `YYYY`, a year from 2000 to 2999. */
export const YEAR = /^2\d{3}$/;

/** A query value: '' and blanks are absent, a repeated parameter (an array) is refused; anything else must parse. */
function anyWhenEmpty<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v), schema.optional());
}

const field = (code: string) => ({ message: code });

/**
 * `GET /api/admin/invoices?fiscal_state=&kind=&q=&month=YYYY-MM&page=`: `q` is (part of) an invoice
 * or order number, `month` the month of issue (Europe/Zagreb). An unknown value is a 422 with its
 * field, never a 500.
 */
export const AdminInvoiceListQuery = z.object({
  fiscal_state: anyWhenEmpty(z.enum(FISCAL_STATES, field('INVOICE_FILTER_INVALID'))),
  kind: anyWhenEmpty(z.enum(INVOICE_KINDS, field('INVOICE_FILTER_INVALID'))),
  q: anyWhenEmpty(z.string(field('INVOICE_FILTER_INVALID')).max(64, field('INVOICE_FILTER_INVALID'))),
  month: anyWhenEmpty(z.string(field('INVOICE_MONTH_INVALID')).regex(MONTH, field('INVOICE_MONTH_INVALID'))),
  page: anyWhenEmpty(
    z.coerce
      .number(field('INVOICE_FILTER_INVALID'))
      .int(field('INVOICE_FILTER_INVALID'))
      .min(1, field('INVOICE_FILTER_INVALID'))
      .max(100_000, field('INVOICE_FILTER_INVALID')),
  ),
});
export type AdminInvoiceListQuery = z.infer<typeof AdminInvoiceListQuery>;

/** `GET /api/admin/invoices/export.csv?month=YYYY-MM` */
export const AdminInvoiceExportQuery = z.object({
  month: z.string(field('INVOICE_MONTH_INVALID')).trim().regex(MONTH, field('INVOICE_MONTH_INVALID')),
});

/** `GET /api/admin/invoices/book?year=YYYY` */
export const AdminInvoiceBookQuery = z.object({
  year: z.string(field('INVOICE_YEAR_INVALID')).trim().regex(YEAR, field('INVOICE_YEAR_INVALID')),
});

/**
 * `POST /api/admin/invoices/{id}/storno`: `amount` (integer cents, gross) reverses that part of the
 * invoice; without it all that is left. `reason` is written into the order's history.
 */
export const InvoiceStornoBody = z.object({
  amount: z
    .number(field('INVOICE_STORNO_AMOUNT_INVALID'))
    .int(field('INVOICE_STORNO_AMOUNT_INVALID'))
    .positive(field('INVOICE_STORNO_AMOUNT_INVALID'))
    .max(99_999_999_999, field('INVOICE_STORNO_AMOUNT_INVALID'))
    .optional(),
  reason: z
    .string(field('INVOICE_STORNO_REASON_REQUIRED'))
    .trim()
    .min(1, field('INVOICE_STORNO_REASON_REQUIRED'))
    .max(300, field('INVOICE_STORNO_REASON_TOO_LONG')),
});
export type InvoiceStornoBody = z.infer<typeof InvoiceStornoBody>;

/** `POST /api/admin/invoices/{id}/retry`: nothing to send. */
export const InvoiceRetryBody = z.object({});

/** One row of the operators' list. */
export const AdminInvoiceRow = z.object({
  id: z.string(),
  number: z.string().meta({ example: '17/ZZ1/1' }),
  kind: z.enum(INVOICE_KINDS),
  storno_of: z.string().nullable().meta({ description: 'The number of the invoice a storno cancels' }),
  order_number: z.string(),
  issued_at: z.string().meta({ format: 'date-time' }),
  buyer_name: z.string(),
  buyer_tax_id: z.string().nullable(),
  buyer_kind: z.enum(['consumer', 'business']),
  total: z.number().int(),
  payment_method: z.enum(PAYMENT_METHODS),
  cis_payment_code: z.enum(['G', 'K', 'T', 'O']),
  fiscal_state: z.enum(FISCAL_STATES),
  jir: z.string().nullable(),
  zki: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable().meta({ format: 'date-time', description: 'While waiting for CIS' }),
  overdue: z.boolean().meta({ description: 'Without a JIR more than 24 hours after issue (law art. 21 allows 2 working days)' }),
});
export type AdminInvoiceRow = z.infer<typeof AdminInvoiceRow>;

export const AdminInvoiceListResponse = data(
  z.object({
    invoices: z.array(AdminInvoiceRow).meta({ description: 'Newest first' }),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    overdue: z.number().int().meta({ description: 'Invoices (any filter) without a JIR more than 24 hours after issue' }),
  }),
);
export type AdminInvoiceList = z.infer<typeof AdminInvoiceListResponse>['data'];

/** One message sent to CIS for an invoice. */
export const AdminFiscalAttempt = z.object({
  attempt: z.number().int(),
  message_id: z.string().meta({ description: 'IdPoruke' }),
  sent_at: z.string().meta({ format: 'date-time' }),
  late_delivery: z.boolean().meta({ description: 'NakDost' }),
  outcome: z.enum(['jir', 'rejected', 'unavailable']).nullable().meta({ description: 'null: no answer yet' }),
  jir: z.string().nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  answered_at: z.string().nullable(),
});

/** `GET /api/admin/invoices/{id}` and the answer of its actions. */
export const AdminInvoiceDetail = AdminInvoiceRow.extend({
  attempts_log: z.array(AdminFiscalAttempt),
  /** Gross cents a storno may still reverse (0 for a storno and a fully reversed invoice). */
  left_to_reverse: z.number().int(),
  pdf_path: z.string(),
  ubl_path: z.string().nullable(),
  html_path: z.string(),
});
export type AdminInvoiceDetail = z.infer<typeof AdminInvoiceDetail>;
export const AdminInvoiceDetailResponse = data(AdminInvoiceDetail);

/** One line of the book of invoices: an issued number, or a gap in the sequence. */
export const InvoiceBookEntry = z.union([
  z.object({
    type: z.literal('invoice'),
    sequence: z.number().int(),
    number: z.string(),
    kind: z.enum(INVOICE_KINDS),
    issued_at: z.string(),
    total: z.number().int(),
    jir: z.string().nullable(),
  }),
  z.object({ type: z.literal('gap'), from: z.number().int(), to: z.number().int() }),
]);
export type InvoiceBookEntry = z.infer<typeof InvoiceBookEntry>;

export const InvoiceBookSequence = z.object({
  premise: z.string(),
  /** The device of a per-device numbering (OznSlijed N); null when numbered per premise (P). */
  device: z.string().nullable(),
  sequence_mark: z.enum(['P', 'N']),
  entries: z.array(InvoiceBookEntry),
  count: z.number().int(),
  gaps: z.number().int().meta({ description: 'Missing numbers; 0 when the sequence is gapless' }),
  total: z.number().int(),
});
export type InvoiceBookSequence = z.infer<typeof InvoiceBookSequence>;

export const InvoiceBookResponse = data(z.object({ year: z.number().int(), sequences: z.array(InvoiceBookSequence) }));
export type InvoiceBook = z.infer<typeof InvoiceBookResponse>['data'];

/** Paths of the operators' invoice API. */
export const adminInvoicePaths = {
  pdf: (id: string) => `/api/admin/invoices/${id}/pdf`,
  ubl: (id: string) => `/api/admin/invoices/${id}/ubl`,
  html: (id: string) => `/api/admin/invoices/${id}/html`,
  exportCsv: (month: string) => `/api/admin/invoices/export.csv?month=${month}`,
} as const;
