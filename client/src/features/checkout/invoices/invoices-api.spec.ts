import { describe, expect, it } from '@jest/globals';
import type { InvoiceSummary } from '../../../../../contract/api/invoices';
import { FULFILMENT_STATUSES, PAYMENT_STATUSES, type FulfilmentStatus, type PaymentStatus } from '../../../../../contract/orders';
import { hasInvoice, invoiceDue, invoiceFileHref } from './invoices-api';

const summary = (kind: 'invoice' | 'storno'): InvoiceSummary => ({
  id: '7b0c2d4e-1f3a-4b5c-8d6e-9f0a1b2c3d4e',
  number: kind === 'invoice' ? '17/ZZ1/1' : '18/ZZ1/1',
  kind,
  storno_of: kind === 'storno' ? '17/ZZ1/1' : null,
  issued_at: '2026-11-22T13:07:12.000Z',
  total: kind === 'invoice' ? 2239 : -2239,
  currency: 'EUR',
  fiscal_state: 'fiscalized',
  pdf_path: '/api/orders/ZZ-2026-000123/invoices/7b0c2d4e-1f3a-4b5c-8d6e-9f0a1b2c3d4e/pdf',
  ubl_path: null,
});

describe('invoiceFileHref', () => {
  it('links the path as the API gave it for the account (its cookie), with the view token for a token page', () => {
    const path = summary('invoice').pdf_path;
    expect(invoiceFileHref(path, null)).toBe(path);
    expect(invoiceFileHref(path, 'a b&c=d')).toBe(`${path}?view_token=a%20b%26c%3Dd`);
    expect(invoiceFileHref(`${path}?x=1`, 'tok')).toBe(`${path}?x=1&view_token=tok`);
  });
});

describe('invoiceDue: the sale is complete', () => {
  const due = (payment_method: 'card' | 'cod', payment_status: PaymentStatus, fulfilment_status: FulfilmentStatus) =>
    invoiceDue({ payment_method, payment_status, fulfilment_status });

  it('card: once paid (and after a refund, which follows an invoice), never while awaiting or failed', () => {
    for (const f of FULFILMENT_STATUSES) {
      expect(PAYMENT_STATUSES.filter((p) => due('card', p, f))).toEqual(['paid', 'refunded']);
    }
  });

  it('cash on delivery: once the parcel is handed over (shipped, delivered) or the money is in, not while only placed', () => {
    expect(due('cod', 'awaiting_payment', 'placed')).toBe(false);
    expect(due('cod', 'awaiting_payment', 'cancelled')).toBe(false);
    expect(due('cod', 'awaiting_payment', 'shipped')).toBe(true);
    expect(due('cod', 'awaiting_payment', 'delivered')).toBe(true);
    expect(due('cod', 'paid', 'delivered')).toBe(true);
  });
});

describe('hasInvoice', () => {
  it('is true once an invoice is among them, not for none or a storno alone', () => {
    expect(hasInvoice(undefined)).toBe(false);
    expect(hasInvoice([])).toBe(false);
    expect(hasInvoice([summary('storno')])).toBe(false);
    expect(hasInvoice([summary('invoice'), summary('storno')])).toBe(true);
  });
});
