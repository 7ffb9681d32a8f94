import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import { formatAmount, formatMoney, formatRate, invoiceView, joined } from './invoice-view.js';

describe('what an invoice prints', () => {
  it('writes amounts the Croatian way, in every language', () => {
    expect(formatAmount(123456)).toBe('1.234,56');
    expect(formatAmount(-5)).toBe('-0,05');
    expect(formatMoney(2215)).toBe('22,15 EUR');
    expect(formatMoney(-100000000)).toBe('-1.000.000,00 EUR');
    expect(formatRate(25)).toBe('25 %');
    expect(formatRate(5.5)).toBe('5,5 %');
  });

  it('shows each line’s unit price with and without VAT (the VAT act asks for the price without it)', () => {
    const view = invoiceView(sampleInvoiceDocument());
    expect(view.rows.map((r) => [r.code, r.quantity, r.unit, r.netPrice, r.price, r.vatRate, r.amount])).toEqual([
      ['ZZ-TAG-500', '2', 'kom', '2,79', '3,49', '25 %', '6,98'], // 349 / 1.25 = 279.2
      ['ZZ-FUZ-400', '1', 'kom', '3,43', '4,29', '25 %', '4,29'], // 429 / 1.25 = 343.2
      ['ZZ-HELJ-1000', '3', 'kom', '2,48', '2,60', '5 %', '7,80'], // 260 / 1.05 = 247.6
    ]);
    const odd = invoiceView(
      sampleInvoiceDocument({
        lines: [{ code: 'X', name: 'X', kpdCode: '10.73.11', quantity: 1, unitCode: 'KGM', unitPrice: 211, vatRate: 5.5, lineTotal: 211 }],
      }),
    );
    expect(odd.rows[0]).toMatchObject({ netPrice: '2,00', vatRate: '5,5 %', unit: 'KGM' }); // 211 / 1.055 = 200; an unknown unit code as it is
  });

  it('names the payment as the law marks it (banknotes, card, transfer, other), with the shop’s method when it says more', () => {
    const detail = (over: Parameters<typeof sampleInvoiceDocument>[0]) =>
      invoiceView(sampleInvoiceDocument(over)).details.find((d) => d.label.hr === 'Način plaćanja')!.value;
    expect(detail({})).toBe('Kartica');
    expect(detail({ paymentMethod: 'cod', cisPaymentCode: 'G' })).toBe('Novčanice (pouzeće)');
    expect(detail({ paymentMethod: 'cod', cisPaymentCode: 'O' })).toBe('Ostalo (pouzeće)');
    expect(detail({ paymentMethod: 'cod', cisPaymentCode: 'T', locale: 'en' })).toBe(
      'Transakcijski račun / bank transfer (pouzeće / cash on delivery)',
    );
    expect(detail({ locale: 'de' })).toBe('Kartica / Karte');
  });

  it('a storno gives back the discount and takes back the delivery', () => {
    const view = invoiceView(sampleInvoiceDocument({ storno: true }));
    expect(view.totals.map((t) => [t.label.hr, t.value])).toEqual([
      ['Ukupno stavke', '-19,07'],
      ['Popust', '1,91'],
      ['Dostava (PDV 25 %)', '-4,99'],
      ['Ukupno bez PDV-a', '-18,79'],
      ['Ukupno PDV', '-3,36'],
      ['Ukupno storno', '-22,15 EUR'],
    ]);
    expect(joined(view.title)).toBe('Storno račun');
  });

  it('leaves out a discount or delivery of zero, and says so when the seller is outside the VAT system', () => {
    const doc = sampleInvoiceDocument();
    const view = invoiceView({ ...doc, discount: 0, discountByRate: [], delivery: 0, seller: { ...doc.seller, inVatSystem: false } });
    expect(view.totals.map((t) => t.label.hr)).toEqual(['Ukupno stavke', 'Ukupno bez PDV-a', 'Ukupno PDV', 'Ukupno za platiti']);
    expect(view.notes.map((n) => n.hr)).toEqual(['Cijene su u eurima i uključuju PDV.', 'Prodavatelj nije u sustavu PDV-a.']);
  });

  it('shows a text once where the buyer’s language says the same (Slovenian “Račun”)', () => {
    const view = invoiceView(sampleInvoiceDocument({ locale: 'sl' }));
    expect(view.title).toEqual({ hr: 'Račun', other: null });
    expect(view.buyer.heading).toEqual({ hr: 'Kupac', other: 'Kupec' });
  });
});
