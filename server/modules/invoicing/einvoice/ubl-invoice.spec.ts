import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import { company } from '../../../../contract/brand/company.js';
import { fatalIds, validateEInvoice, type EInvoiceValidation } from '../../../../test/support/einvoice-validation.js';
import { sampleInvoiceDocument } from '../../../../test/support/invoice-document.js';
import { DE_BUSINESS_BUYER, HR_BUSINESS_BUYER, r1Document } from '../../../../test/support/r1-invoice-document.js';
import type { InvoiceDocument } from '../invoice-document.js';
import { buildUblInvoice, EInvoiceNotApplicableError } from './index.js';

// The three validators are slow (libxml2 in WebAssembly, Saxon-JS; the first run compiles the EN 16931
// XSLT, about a minute): generous timeouts.
const SLOW = 240_000;

const fixture = (name: string) => readFileSync(new URL(`../../../../test/fixtures/einvoice/${name}`, import.meta.url), 'utf8');

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['InvoiceLine', 'TaxSubtotal', 'AllowanceCharge', 'HRTaxSubtotal'].includes(name),
});

type Json = Record<string, unknown>;
function parse(xml: string): Json {
  return (parser.parse(xml) as { Invoice: Json }).Invoice;
}
function text(v: unknown): string {
  return typeof v === 'object' && v !== null ? String((v as Json)['#text']) : String(v);
}
const euros = (cents: number) => (cents / 100).toFixed(2);

function expectValid(v: EInvoiceValidation): void {
  // the list of failures is the message when this fails
  expect(v.errors).toEqual([]);
}

describe('the validators (proved on the official example before they judge ours)', () => {
  const official = fixture('eRacun_PDV25.xml');
  // The official example carries placeholder data: issued in 2025 (HR-BR-40 wants 2026 or later) and
  // a seller OIB 12345678901 whose check digit is wrong (HR-BR-9, HR-BR-53). Fixed, it must pass.
  const corrected = official
    .replaceAll('2025-12-01', '2026-01-05')
    .replaceAll('2025-12-31', '2026-01-31')
    .replaceAll('12345678901', company.oib);

  beforeAll(async () => {
    await validateEInvoice(official); // compiles and caches the SEF files once
  }, SLOW);

  it(
    'passes the official example as published except for the rules its placeholder data breaks',
    async () => {
      const v = await validateEInvoice(official);
      expect(v.xsd).toEqual([]);
      expect(fatalIds(v).sort()).toEqual(['HR-BR-40', 'HR-BR-53', 'HR-BR-9']);
    },
    SLOW,
  );

  it(
    'passes the official example with a 2026 date and a valid OIB: no XSD error, no fatal assert',
    async () => {
      expectValid(await validateEInvoice(corrected));
    },
    SLOW,
  );

  it(
    'fails a copy with a wrong payable amount on BR-CO-16, and one without a KPD code on HR-BR-25',
    async () => {
      const wrongTotal = await validateEInvoice(
        corrected.replace('<cbc:PayableAmount currencyID="EUR">125.00<', '<cbc:PayableAmount currencyID="EUR">124.00<'),
      );
      expect(wrongTotal.xsd).toEqual([]);
      expect(fatalIds(wrongTotal)).toEqual(['BR-CO-16']);
      const noKpd = await validateEInvoice(corrected.replace(/<cac:CommodityClassification>[\s\S]*?<\/cac:CommodityClassification>/, ''));
      expect(fatalIds(noKpd)).toEqual(['HR-BR-25']);
      expect(noKpd.errors.join('\n')).toMatch(/HR-CIUS HR-BR-25 \[fatal\] \[HR-BR-25\] - Stavka 1/);
    },
    SLOW,
  );

  it(
    'fails a copy that breaks the schema (an unknown element) on the XSD',
    async () => {
      const v = await validateEInvoice(corrected.replace('<cbc:IssueTime>', '<cbc:IssueMoment>12:00:00</cbc:IssueMoment><cbc:IssueTime>'));
      expect(v.xsd.join('\n')).toMatch(/IssueMoment.*not expected/);
      expect(v.errors.length).toBeGreaterThan(0);
    },
    SLOW,
  );
});

const buyerOib = sampleInvoiceDocument({ buyer: HR_BUSINESS_BUYER });

const cases: Array<[string, InvoiceDocument]> = [
  [
    'one rate, no discount, no delivery',
    r1Document({ lines: [{ code: 'ZZ-TAG-500', name: 'Tagliatelle s jajima 500 g', quantity: 3, unitPrice: 349, vatRate: 5 }] }),
  ],
  [
    'three rates with a coupon discount on each and delivery',
    r1Document({
      lines: [
        { code: 'ZZ-TAG-500', name: 'Tagliatelle s jajima 500 g', quantity: 7, unitPrice: 349, vatRate: 5 },
        { code: 'ZZ-PESTO-190', name: 'Pesto od bosiljka 190 g', quantity: 3, unitPrice: 577, vatRate: 13 },
        { code: 'ZZ-POKLON', name: 'Poklon-kutija "Zlatno zrno" & recept', quantity: 1, unitPrice: 1999, vatRate: 25, kpdCode: '17.21.13' },
      ],
      discountByRate: [
        { rate: 5, gross: 244 },
        { rate: 13, gross: 173 },
        { rate: 25, gross: 200 },
      ],
      delivery: 499,
    }),
  ],
  ['two rates, discount and delivery (the sample), buyer with an OIB', buyerOib],
  ['the same bought by a German business with its VAT number', { ...buyerOib, buyer: DE_BUSINESS_BUYER }],
  ['cash on delivery (payable, due on delivery)', { ...buyerOib, paymentMethod: 'cod', cisPaymentCode: 'G' }],
  ['the full storno of the sample', sampleInvoiceDocument({ storno: true, buyer: HR_BUSINESS_BUYER })],
  [
    'a partial storno: one line of the sample refunded',
    r1Document({
      lines: [{ code: 'ZZ-FUZ-400', name: 'Istarski fuži 400 g', quantity: -1, unitPrice: 429, vatRate: 25 }],
      rest: {
        kind: 'storno',
        number: '18/ZZ1/1',
        sequence: 18,
        stornoOf: { number: '17/ZZ1/1', issuedAt: new Date('2026-07-14T08:05:09Z') },
      },
    }),
  ],
  [
    'a rounding-heavy invoice (no discount at one rate, so a line settles the cent)',
    r1Document({
      lines: [
        { code: 'A', name: 'Fusilli 500 g', quantity: 3, unitPrice: 333, vatRate: 5 },
        { code: 'B', name: 'Penne 500 g', quantity: 7, unitPrice: 111, vatRate: 5 },
        { code: 'C', name: 'Pappardelle 250 g', quantity: 1, unitPrice: 1, vatRate: 25 },
        { code: 'D', name: 'Rezanci 250 g', quantity: 9, unitPrice: 7, vatRate: 25 },
      ],
      delivery: 3,
      deliveryVatRate: 25,
    }),
  ],
];

describe('buildUblInvoice', () => {
  it.each(cases)(
    '%s: passes the XSD, EN 16931 and HR-CIUS',
    async (_name, doc) => {
      const xml = buildUblInvoice(doc);
      const v = await validateEInvoice(xml);
      expectValid(v);
    },
    SLOW,
  );

  it.each(cases)('%s: states the numbers of the PDF (number, VAT per rate, totals)', (_name, doc) => {
    const inv = parse(buildUblInvoice(doc));
    expect(text(inv.ID)).toBe(doc.number);
    const taxTotal = inv.TaxTotal as Json;
    expect(text(taxTotal.TaxAmount)).toBe(euros(doc.vatTotal));
    const rows = (taxTotal.TaxSubtotal as Json[]).map((s) => ({
      rate: Number(text((s.TaxCategory as Json).Percent)),
      base: text(s.TaxableAmount),
      vat: text(s.TaxAmount),
    }));
    expect(rows).toEqual(doc.vatByRate.map((r) => ({ rate: r.rate, base: euros(r.base), vat: euros(r.vat) })));
    const totals = inv.LegalMonetaryTotal as Json;
    expect(text(totals.TaxExclusiveAmount)).toBe(euros(doc.vatBase));
    expect(text(totals.TaxInclusiveAmount)).toBe(euros(doc.total));
    const hr = (((inv.UBLExtensions as Json).UBLExtension as Json).ExtensionContent as Json).HRFISK20Data as Json;
    expect(text((hr.HRTaxTotal as Json).TaxAmount)).toBe(euros(doc.vatTotal));
    expect(((hr.HRTaxTotal as Json).HRTaxSubtotal as Json[]).map((s) => [text(s.TaxableAmount), text(s.TaxAmount)])).toEqual(
      doc.vatByRate.map((r) => [euros(r.base), euros(r.vat)]),
    );
    expect(text((hr.HRLegalMonetaryTotal as Json).TaxExclusiveAmount)).toBe(euros(doc.vatBase));
    const paidByCard = doc.paymentMethod === 'card';
    expect(totals.PrepaidAmount === undefined ? null : text(totals.PrepaidAmount)).toBe(paidByCard ? euros(doc.total) : null);
    expect(text(totals.PayableAmount)).toBe(paidByCard ? '0.00' : euros(doc.total));
    const lines = inv.InvoiceLine as Json[];
    expect(lines.map((l) => text((l.Item as Json).Name))).toEqual(doc.lines.map((l) => l.name));
    expect(lines.map((l) => text(((l.Item as Json).CommodityClassification as Json).ItemClassificationCode))).toEqual(
      doc.lines.map((l) => l.kpdCode),
    );
  });

  it('writes issue date and time in Croatia, the operator, both electronic addresses and the seller IBAN', () => {
    // 2026-07-14T23:30:00Z is 15 July 01:30 in Zagreb (summer time)
    const inv = parse(
      buildUblInvoice({ ...buyerOib, issuedAt: new Date('2026-07-14T23:30:00Z'), operator: { mark: 'op-7', oib: '00000000001' } }),
    );
    expect([text(inv.IssueDate), text(inv.IssueTime)]).toEqual(['2026-07-15', '01:30:00']);
    const supplier = inv.AccountingSupplierParty as Json;
    expect(supplier.SellerContact).toEqual({ ID: '00000000001', Name: 'op-7' });
    expect((supplier.Party as Json).EndpointID).toEqual({ '#text': company.oib, '@_schemeID': '9934' });
    expect(((inv.AccountingCustomerParty as Json).Party as Json).EndpointID).toEqual({
      '#text': HR_BUSINESS_BUYER.taxId,
      '@_schemeID': '9934',
    });
    expect(text(((inv.PaymentMeans as Json).PayeeFinancialAccount as Json).ID)).toBe(company.iban);
    expect(text(inv.CustomizationID)).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:mfin.gov.hr:cius-2025:1.0#conformant#urn:mfin.gov.hr:ext-2025:1.0',
    );
  });

  it('makes a storno an Invoice of type 384 in process P10 naming the cancelled invoice', () => {
    const inv = parse(buildUblInvoice(sampleInvoiceDocument({ storno: true, buyer: HR_BUSINESS_BUYER })));
    expect([text(inv.InvoiceTypeCode), text(inv.ProfileID)]).toEqual(['384', 'P10']);
    expect((inv.BillingReference as Json).InvoiceDocumentReference).toEqual({ ID: '17/ZZ1/1', IssueDate: '2026-07-14' });
  });

  it('escapes what it is given: a name with markup stays text', () => {
    const xml = buildUblInvoice({ ...buyerOib, buyer: { ...HR_BUSINESS_BUYER, name: '</cbc:RegistrationName><evil/> & Co' } });
    expect(xml).toContain('&lt;/cbc:RegistrationName&gt;&lt;evil/&gt; &amp; Co');
    expect(
      text(
        ((parse(xml).AccountingCustomerParty as Json).Party as Json).PartyLegalEntity &&
          (((parse(xml).AccountingCustomerParty as Json).Party as Json).PartyLegalEntity as Json).RegistrationName,
      ),
    ).toBe('</cbc:RegistrationName><evil/> & Co');
  });

  it(
    'drops characters XML cannot carry from what the buyer typed, and stays valid',
    async () => {
      const xml = buildUblInvoice({
        ...buyerOib,
        buyer: { ...HR_BUSINESS_BUYER, name: 'Bad\u0001Name\uFFFE d.o.o.\uD800', street: 'Ulica\u0000 2' },
      });
      expect(xml).toContain('<cbc:RegistrationName>BadName d.o.o.</cbc:RegistrationName>');
      expect(xml).toContain('<cbc:StreetName>Ulica 2</cbc:StreetName>');
      expectValid(await validateEInvoice(xml));
      // blank optional fields are left out, never written empty (HR-BR-33)
      const blank = buildUblInvoice({
        ...buyerOib,
        buyer: { ...HR_BUSINESS_BUYER, street: ' ', city: '' },
        seller: { ...buyerOib.seller, phone: '' },
      });
      expect(blank).not.toMatch(/<cbc:(StreetName|CityName|Telephone)\b[^>]*\/>/);
      expectValid(await validateEInvoice(blank));
    },
    SLOW,
  );

  it('refuses a consumer invoice, a business buyer without a tax number and a line without a KPD code', () => {
    expect(() => buildUblInvoice(sampleInvoiceDocument())).toThrow(EInvoiceNotApplicableError);
    expect(() => buildUblInvoice({ ...buyerOib, buyer: { ...HR_BUSINESS_BUYER, taxId: null } })).toThrow(/BT-48/);
    expect(() => buildUblInvoice({ ...buyerOib, lines: buyerOib.lines.map((l) => ({ ...l, kpdCode: '' })) })).toThrow(/KPD/);
  });
});
