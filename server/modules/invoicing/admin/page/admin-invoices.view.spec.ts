import { describe, expect, it } from '@jest/globals';
import type { AdminInvoiceDetail, AdminInvoiceList, AdminInvoiceRow } from '../../../../../contract/api/admin-invoices.js';
import { LOCALES } from '../../../../../contract/locales.js';
import { sampleInvoiceDocument } from '../../../../../test/support/invoice-document.js';
import { buildInvoiceBook } from '../invoice-book.js';
import { readEuroAmount, readInvoiceListQuery } from './admin-invoices.query.js';
import {
  bookPage,
  exportPage,
  fiscalStateText,
  invoiceDetailPage,
  invoiceListHref,
  invoiceListPage,
  invoiceMessagePage,
} from './admin-invoices.view.js';

const VIEW = '<article class="zz-invoice">RAČUN 17/ZZ1/1</article>';
const EVIL = '<script>alert("x")</script>&\'';
const frame = (locale: (typeof LOCALES)[number] = 'hr') => ({ locale, nonce: 'n0nce' });

function row(over: Partial<AdminInvoiceRow> = {}): AdminInvoiceRow {
  return {
    id: '6f1c2a9e-3b7d-4c8e-9a10-2b3c4d5e6f70',
    number: '17/ZZ1/1',
    kind: 'invoice',
    storno_of: null,
    order_number: 'ZZ-2026-000123',
    issued_at: '2026-07-14T08:05:09.000Z',
    buyer_name: 'Ana Horvat',
    buyer_tax_id: null,
    buyer_kind: 'consumer',
    total: 2215,
    payment_method: 'card',
    cis_payment_code: 'K',
    fiscal_state: 'fiscalized',
    jir: 'a5b1c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    zki: 'e4d909c290d0fb1ca068ffaddf22cbd0',
    attempts: 1,
    last_error: null,
    next_attempt_at: null,
    overdue: false,
    ...over,
  };
}

function detail(over: Partial<AdminInvoiceDetail> = {}): AdminInvoiceDetail {
  return {
    ...row(),
    attempts_log: [],
    left_to_reverse: 2215,
    pdf_path: '/api/admin/invoices/x/pdf',
    ubl_path: null,
    html_path: '/api/admin/invoices/x/html',
    ...over,
  };
}

const list = (invoices: AdminInvoiceRow[], over: Partial<AdminInvoiceList> = {}): AdminInvoiceList => ({
  invoices,
  page: 1,
  page_size: 25,
  total: invoices.length,
  overdue: 0,
  ...over,
});

describe('the /admin/invoices pages', () => {
  it('say the fiscal state in words: fiscalized with its JIR, waiting with attempt and next time, refused with the error', () => {
    expect(fiscalStateText(row(), 'en')).toEqual({ cls: 'ok', text: 'Fiscalized (JIR a5b1c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d)' });
    const waiting = fiscalStateText(
      row({ fiscal_state: 'pending', jir: null, attempts: 2, next_attempt_at: '2026-07-14T09:00:00.000Z' }),
      'en',
    );
    expect(waiting.cls).toBe('wait');
    expect(waiting.text).toMatch(/^Waiting for CIS \(attempt 2, next at .*11:00.*\)$/);
    expect(fiscalStateText(row({ fiscal_state: 'pending', jir: null, attempts: 0, next_attempt_at: null }), 'hr').text).toBe(
      'Čeka CIS (šalje se)',
    );
    expect(fiscalStateText(row({ fiscal_state: 'rejected', jir: null, last_error: 's005: Neispravan OIB' }), 'hr')).toEqual({
      cls: 'err',
      text: 'CIS odbio: s005: Neispravan OIB',
    });
  });

  it('escape everything from data, in every language, and show the overdue banner with the law article', () => {
    for (const locale of LOCALES) {
      const out = invoiceListPage(frame(locale), {
        list: list([row({ buyer_name: EVIL, buyer_tax_id: EVIL, fiscal_state: 'rejected', jir: null, last_error: EVIL, overdue: true })], {
          overdue: 3,
        }),
        filters: { q: EVIL },
        invalidFilters: false,
      });
      expect(out).not.toContain('<script>');
      expect(out).toContain('&lt;script&gt;');
      expect(out).toContain('data-testid="overdue-banner"');
      expect(out).toMatch(/21/);
      expect(out).toContain(`lang="${locale}"`);
      expect(out).toContain('class="cards"');
      expect(out).toContain('href="/admin/invoices" aria-current="page"');
    }
    expect(invoiceListPage(frame(), { list: list([]), filters: {}, invalidFilters: true })).not.toContain('overdue-banner');
  });

  it('link the files: UBL only for a business buyer', () => {
    const consumer = invoiceListPage(frame(), { list: list([row()]), filters: {}, invalidFilters: false });
    expect(consumer).toContain('/api/admin/invoices/6f1c2a9e-3b7d-4c8e-9a10-2b3c4d5e6f70/pdf');
    expect(consumer).not.toContain('/ubl');
    const business = invoiceListPage(frame(), {
      list: list([row({ buyer_kind: 'business', buyer_tax_id: '69435151530' })]),
      filters: {},
      invalidFilters: false,
    });
    expect(business).toContain('/api/admin/invoices/6f1c2a9e-3b7d-4c8e-9a10-2b3c4d5e6f70/ubl');
  });

  it('offer retry only without a JIR and a storno only while something is left, each form with the CSRF token', () => {
    const fiscalized = invoiceDetailPage(frame(), { invoice: detail(), view: VIEW, csrfToken: 'tok' });
    expect(fiscalized).not.toContain('data-action="retry"');
    expect(fiscalized).toContain('data-action="storno"');
    expect(fiscalized).toContain('name="_csrf" value="tok"');
    expect(fiscalized).toContain('name="confirm"');
    expect(fiscalized).toContain(`<div class="invoice-view" data-testid="invoice-view">${VIEW}</div>`);
    expect(fiscalized).toContain('.zz-invoice');
    const waiting = invoiceDetailPage(frame(), {
      invoice: detail({ jir: null, fiscal_state: 'pending', left_to_reverse: 0 }),
      view: VIEW,
      csrfToken: 'tok',
    });
    expect(waiting).toContain('data-action="retry"');
    expect(waiting).not.toContain('data-action="storno"');
    const storno = invoiceDetailPage(frame(), {
      invoice: detail({ kind: 'storno', storno_of: '16/ZZ1/1', left_to_reverse: 0 }),
      view: VIEW,
      csrfToken: 'tok',
    });
    expect(storno).toContain('Storno 17/ZZ1/1');
    expect(storno).not.toContain('data-action="storno"');
  });

  it("offer staff no storno (admin only, docs/admin.md 'Roles'), but 'retry now'", () => {
    const forStaff = invoiceDetailPage(frame(), {
      invoice: detail({ jir: null, fiscal_state: 'pending' }),
      view: VIEW,
      csrfToken: 'tok',
      mayStorno: false,
    });
    expect(forStaff).toContain('data-action="retry"');
    expect(forStaff).not.toContain('data-action="storno"');
    expect(invoiceDetailPage(frame(), { invoice: detail({ jir: null, fiscal_state: 'pending' }), view: VIEW, csrfToken: 'tok' })).toContain(
      'data-action="storno"',
    );
  });

  it('list the attempts at CIS with NakDost and the error, and keep a refused form filled in', () => {
    const out = invoiceDetailPage(frame('en'), {
      invoice: detail({
        attempts_log: [
          {
            attempt: 1,
            message_id: 'm-1',
            sent_at: '2026-07-14T08:05:10Z',
            late_delivery: false,
            outcome: 'unavailable',
            jir: null,
            error_code: null,
            error_message: 'timeout',
            answered_at: '2026-07-14T08:05:20Z',
          },
          {
            attempt: 2,
            message_id: 'm-2',
            sent_at: '2026-07-14T08:06:00Z',
            late_delivery: true,
            outcome: 'jir',
            jir: 'j-2',
            error_code: null,
            error_message: null,
            answered_at: '2026-07-14T08:06:01Z',
          },
        ],
      }),
      view: VIEW,
      csrfToken: 'tok',
      error: { action: 'storno', message: 'Give the reason for the storno.', amount: EVIL, reason: '' },
    });
    expect(out).toContain('data-testid="attempts"');
    expect(out).toContain('m-1');
    expect(out).toContain('No answer (unavailable)');
    expect(out).toContain('j-2');
    expect(out).toContain('Give the reason for the storno.');
    expect(out).not.toContain('<script>');
    expect(out).toContain('value="&lt;script&gt;');
  });

  it('show the book with its gaps named, the export form and the message pages', () => {
    const book = buildInvoiceBook(2026, [
      sampleInvoiceDocument({ sequence: 1, number: '1/ZZ1/1' }),
      sampleInvoiceDocument({ sequence: 4, number: '4/ZZ1/1' }),
    ]);
    const out = bookPage(frame(), { book, invalid: false });
    expect(out).toContain('data-gap="2-3"');
    expect(out).toContain('Nedostaju brojevi 2–3');
    expect(out).toContain('data-testid="gaps"');
    const whole = bookPage(frame(), { book: buildInvoiceBook(2026, [sampleInvoiceDocument({ sequence: 1 })]), invalid: false });
    expect(whole).toContain('data-testid="gapless"');
    expect(exportPage(frame(), { month: '2026-11', invalid: false })).toContain('action="/api/admin/invoices/export.csv"');
    expect(invoiceMessagePage(frame(), 'forbidden')).toContain('Nemate pristup');
  });
});

describe('the list query of the page', () => {
  it('keeps valid filters, drops and reports invalid ones, never throws', () => {
    expect(readInvoiceListQuery({ fiscal_state: 'pending', month: '2026-02', q: ' ZZ-2026 ', page: '3', locale: 'en' })).toEqual({
      query: { fiscal_state: 'pending', month: '2026-02', q: 'ZZ-2026', page: 3 },
      invalid: false,
    });
    expect(readInvoiceListQuery({ fiscal_state: 'x', month: ['2026-01', '2026-02'], page: '0', kind: { a: 1 } })).toEqual({
      query: {},
      invalid: true,
    });
    expect(invoiceListHref({ fiscal_state: 'pending', q: 'a b&c' }, 2)).toBe('/admin/invoices?fiscal_state=pending&q=a+b%26c&page=2');
  });

  it('reads euro amounts as cents', () => {
    expect(readEuroAmount('')).toBeUndefined();
    expect(readEuroAmount(undefined)).toBeUndefined();
    expect(readEuroAmount('12,5')).toBe(1250);
    expect(readEuroAmount('12.05')).toBe(1205);
    expect(readEuroAmount(' 3 ')).toBe(300);
    for (const bad of ['0', '0,00', '-1', '1,234', 'abc', '1e3', '=1+1', '1 000']) expect(readEuroAmount(bad)).toBeNull();
  });
});
