import { describe, expect, it } from '@jest/globals';
import { AdminInvoiceBookQuery, AdminInvoiceExportQuery, AdminInvoiceListQuery, InvoiceStornoBody } from './admin-invoices.js';

const HOSTILE: unknown[] = [
  "' OR 1=1 --",
  '2026-13',
  '2026-00',
  '26-01',
  '2026-1',
  ['2026-01', '2026-02'],
  { $gt: '' },
  '\u0000',
  '9'.repeat(500),
  '-1',
  '1e9',
  '1.5',
];

describe("the operators' invoice API schemas", () => {
  it('reads a full list query and treats blanks as any', () => {
    expect(AdminInvoiceListQuery.parse({ fiscal_state: 'pending', kind: 'storno', q: ' 17/ZZ1 ', month: '2026-03', page: '2' })).toEqual({
      fiscal_state: 'pending',
      kind: 'storno',
      q: '17/ZZ1',
      month: '2026-03',
      page: 2,
    });
    expect(AdminInvoiceListQuery.parse({ fiscal_state: '', kind: ' ', q: '', month: '', page: '' })).toEqual({});
  });

  it('refuses hostile list values with a code of their own, field by field', () => {
    for (const key of ['fiscal_state', 'kind', 'month', 'page'] as const) {
      for (const value of HOSTILE) {
        const r = AdminInvoiceListQuery.safeParse({ [key]: value });
        expect(r.success).toBe(false);
        if (!r.success) {
          expect(r.error.issues[0]!.path).toEqual([key]);
          expect(r.error.issues[0]!.message).toMatch(/^INVOICE_(FILTER|MONTH)_INVALID$/);
        }
      }
    }
    expect(AdminInvoiceListQuery.safeParse({ q: 'x'.repeat(65) }).success).toBe(false);
    expect(AdminInvoiceListQuery.safeParse({ q: ['a', 'b'] }).success).toBe(false);
    expect(AdminInvoiceListQuery.safeParse({ page: '100001' }).success).toBe(false);
  });

  it('needs a month for the export and a year for the book', () => {
    expect(AdminInvoiceExportQuery.parse({ month: '2026-11' })).toEqual({ month: '2026-11' });
    expect(AdminInvoiceBookQuery.parse({ year: '2026' })).toEqual({ year: '2026' });
    for (const value of [undefined, ...HOSTILE]) {
      expect(AdminInvoiceExportQuery.safeParse({ month: value }).success).toBe(false);
      expect(AdminInvoiceBookQuery.safeParse({ year: value }).success).toBe(false);
    }
    expect(AdminInvoiceBookQuery.safeParse({ year: '1999' }).success).toBe(false);
    expect(AdminInvoiceExportQuery.safeParse({}).error?.issues[0]?.message).toBe('INVOICE_MONTH_INVALID');
  });

  it('takes a storno of a positive whole amount of cents, or of all that is left, with a reason', () => {
    expect(InvoiceStornoBody.parse({ reason: ' Reklamacija ' })).toEqual({ reason: 'Reklamacija' });
    expect(InvoiceStornoBody.parse({ amount: 150, reason: 'Povrat' })).toEqual({ amount: 150, reason: 'Povrat' });
    const code = (body: unknown) => {
      const r = InvoiceStornoBody.safeParse(body);
      return r.success ? null : r.error.issues[0]!.message;
    };
    for (const amount of [0, -1, 1.5, '150', null, 1e12, Number.NaN, Infinity, [1], { a: 1 }])
      expect(code({ amount, reason: 'x' })).toBe('INVOICE_STORNO_AMOUNT_INVALID');
    expect(code({ amount: 100 })).toBe('INVOICE_STORNO_REASON_REQUIRED');
    expect(code({ reason: '   ' })).toBe('INVOICE_STORNO_REASON_REQUIRED');
    expect(code({ reason: 7 })).toBe('INVOICE_STORNO_REASON_REQUIRED');
    expect(code({ reason: 'x'.repeat(301) })).toBe('INVOICE_STORNO_REASON_TOO_LONG');
  });
});
