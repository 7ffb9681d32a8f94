import { previewOrder } from '../../../emails/templates/order-preview.js';
import { sampleInvoiceDocument } from '../../../test/support/invoice-document.js';
import { invoiceDraftFromOrder, stornoDraft, DEFAULT_KPD_CODE } from './invoice-drafts.js';

const gross = (r: { base: number; vat: number }) => r.base + r.vat;

describe('invoiceDraftFromOrder: the invoice says what the order charged', () => {
  it('copies lines, discount, delivery and the VAT rows, and finds the delivery rate and the discount per rate', () => {
    const order = previewOrder();
    const draft = invoiceDraftFromOrder(order, new Map([['ZZ-SF-CHICK-400', '10.73.12']]));
    expect(draft.lines.map((l) => [l.code, l.quantity, l.unitPrice, l.vatRate, l.lineTotal, l.kpdCode])).toEqual([
      ['ZZ-SPAG-400', 3, 229, 5, 687, DEFAULT_KPD_CODE],
      ['ZZ-TAGL-400', 2, 329, 5, 658, DEFAULT_KPD_CODE],
      ['ZZ-SF-CHICK-400', 2, 349, 25, 698, '10.73.12'],
    ]);
    expect(draft.total).toBe(2239);
    expect(draft.vatByRate).toEqual(order.vat_by_rate);
    expect(draft.deliveryVatRate).toBe(25);
    // the discount per rate sums to the discount, and per rate: goods - discount (+ delivery) = the VAT row's gross
    expect(draft.discountByRate.reduce((s, d) => s + d.gross, 0)).toBe(204);
    for (const row of draft.vatByRate) {
      const goods = draft.lines.filter((l) => l.vatRate === row.rate).reduce((s, l) => s + l.lineTotal, 0);
      const discount = draft.discountByRate.find((d) => d.rate === row.rate)?.gross ?? 0;
      expect(goods - discount + (row.rate === draft.deliveryVatRate ? draft.delivery : 0)).toBe(gross(row));
    }
  });

  it('bills an R1 order to the company (OIB without HR, an EU VAT number as stored) and any other to the person of the billing address', () => {
    const hr = invoiceDraftFromOrder(previewOrder({ r1_invoice: { ...previewOrder().r1_invoice!, tax_id: 'HR69827451031' } }), new Map());
    expect(hr.buyer).toMatchObject({ kind: 'business', name: 'Bistro Zrno d.o.o.', taxId: '69827451031', countryCode: 'HR' });
    const de = invoiceDraftFromOrder(
      previewOrder({ r1_invoice: { company_name: 'Nudel GmbH', tax_id: 'de123456789', street: 'Hauptstr. 1', postal_code: '80331', city: 'München', country: 'DE' } }),
      new Map(),
    );
    expect(de.buyer).toMatchObject({ kind: 'business', taxId: 'DE123456789', countryCode: 'DE' });
    const billing = { first_name: 'Ivo', last_name: 'Ivić', street: 'Korzo 1', postal_code: '51000', city: 'Rijeka', country: 'HR' };
    const person = invoiceDraftFromOrder(previewOrder({ r1_invoice: null, billing_address: billing }), new Map());
    expect(person.buyer).toEqual({ kind: 'consumer', name: 'Ivo Ivić', street: 'Korzo 1', postalCode: '51000', city: 'Rijeka', countryCode: 'HR', taxId: null, email: 'ana.horvat@example.com' });
  });
});

describe('stornoDraft: a storno reverses an invoice, wholly or in part (law art. 24)', () => {
  const invoice = sampleInvoiceDocument();

  it('negates every line, the discount, delivery and VAT rows of the whole invoice', () => {
    const s = stornoDraft(invoice, { amount: invoice.total, alreadyReversed: 0 });
    expect(s.kind).toBe('storno');
    expect(s.stornoOf).toEqual({ number: invoice.number, issuedAt: invoice.issuedAt });
    expect(s.total).toBe(-invoice.total);
    expect(s.lines.map((l) => l.quantity)).toEqual(invoice.lines.map((l) => -l.quantity));
    expect(s.vatByRate).toEqual(invoice.vatByRate.map((r) => ({ rate: r.rate, base: -r.base, vat: -r.vat })));
    expect(s.vatBase + s.vatTotal).toBe(s.total);
  });

  it('spreads a partial amount over the rates in proportion to their gross, each with its own VAT, adding up exactly', () => {
    for (const amount of [1, 7, 499, 1000, invoice.total - 1]) {
      const s = stornoDraft(invoice, { amount, alreadyReversed: 0 });
      expect(s.total).toBe(-amount);
      expect(s.vatBase + s.vatTotal).toBe(-amount);
      expect(s.lines.reduce((sum, l) => sum + l.lineTotal, 0)).toBe(-amount);
      for (const r of s.vatByRate) expect(r.vat).toBe(-Math.round((-(r.base + r.vat) * r.rate) / (100 + r.rate)));
    }
    const half = stornoDraft(invoice, { amount: 1000, alreadyReversed: 0 });
    // 5 %: 702 of 2215, 25 %: 1513 of 2215 -> 317 and 683
    expect(half.lines.map((l) => [l.vatRate, l.lineTotal])).toEqual([
      [5, -317],
      [25, -683],
    ]);
  });

  it('treats the rest after a partial storno as partial, and refuses more than is left or nothing', () => {
    const rest = stornoDraft(invoice, { amount: invoice.total - 1000, alreadyReversed: 1000 });
    expect(rest.total).toBe(-(invoice.total - 1000));
    expect(rest.lines.every((l) => l.code.startsWith('REFUND-'))).toBe(true);
    expect(() => stornoDraft(invoice, { amount: invoice.total - 999, alreadyReversed: 1000 })).toThrow(RangeError);
    expect(() => stornoDraft(invoice, { amount: 0, alreadyReversed: 0 })).toThrow(RangeError);
    expect(() => stornoDraft(invoice, { amount: 1.5, alreadyReversed: 0 })).toThrow(RangeError);
  });
});
