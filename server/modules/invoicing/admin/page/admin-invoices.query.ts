import { AdminInvoiceListQuery } from '../../../../../contract/api/admin-invoices.js';

const FILTER_KEYS = ['fiscal_state', 'kind', 'q', 'month', 'page'] as const;

/**
 * The list page's query, field by field: a valid value is used, an invalid one (unknown state, a
 * repeated parameter, a month that is no month, a page out of range) is dropped and reported, never
 * a 500. Unknown parameters (the `locale` switch, `done`) are ignored.
 */
export function readInvoiceListQuery(query: Record<string, unknown>): { query: AdminInvoiceListQuery; invalid: boolean } {
  const out: Record<string, unknown> = {};
  let invalid = false;
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value === undefined || value === '') continue;
    const parsed = AdminInvoiceListQuery.shape[key].safeParse(value);
    if (!parsed.success) invalid = true;
    else if (parsed.data !== undefined) out[key] = parsed.data;
  }
  return { query: out as AdminInvoiceListQuery, invalid };
}

/**
 * A storno amount typed into the form, in euro (`12,50`, `12.50`, `12`), as cents; undefined when
 * empty (all that is left), null when it is no amount.
 */
export function readEuroAmount(value: string | undefined): number | undefined | null {
  const s = (value ?? '').trim();
  if (s === '') return undefined;
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}
