import { company } from '../../contract/brand/company.js';
import type { InvoiceDocument, InvoiceLine } from '../../server/modules/invoicing/index.js';

/**
 * A valid invoice for tests: two pasta lines at 25 %, one line at 5 %, a coupon discount spread over
 * the rates, delivery at 25 %; every total consistent (the same arithmetic as the cart: VAT =
 * round(gross x rate / (100 + rate)) per rate). Pass overrides for what a test varies; `storno: true`
 * gives the full storno of it (negative amounts, `stornoOf` set).
 */
export function sampleInvoiceDocument(overrides: Partial<InvoiceDocument> & { storno?: boolean } = {}): InvoiceDocument {
  const { storno, ...rest } = overrides;
  const lines: InvoiceLine[] = [
    {
      code: 'ZZ-TAG-500',
      name: 'Tagliatelle s jajima 500 g',
      kpdCode: '10.73.11',
      quantity: 2,
      unitCode: 'H87',
      unitPrice: 349,
      vatRate: 25,
      lineTotal: 698,
    },
    {
      code: 'ZZ-FUZ-400',
      name: 'Istarski fuži 400 g',
      kpdCode: '10.73.11',
      quantity: 1,
      unitCode: 'H87',
      unitPrice: 429,
      vatRate: 25,
      lineTotal: 429,
    },
    {
      code: 'ZZ-HELJ-1000',
      name: 'Heljdino brašno 1 kg',
      kpdCode: '10.61.22',
      quantity: 3,
      unitCode: 'H87',
      unitPrice: 260,
      vatRate: 5,
      lineTotal: 780,
    },
  ];
  // discount 191 spread by line totals 1127 : 780 -> 113 (25 %) and 78 (5 %)
  const discountByRate = [
    { rate: 5, gross: 78 },
    { rate: 25, gross: 113 },
  ];
  const delivery = 499;
  // gross per rate: 5 %: 780 - 78 = 702; 25 %: 1127 - 113 + 499 = 1513
  const vat5 = Math.round((702 * 5) / 105); // 33
  const vat25 = Math.round((1513 * 25) / 125); // 303 (302.6)
  const vatByRate = [
    { rate: 5, base: 702 - vat5, vat: vat5 },
    { rate: 25, base: 1513 - vat25, vat: vat25 },
  ];
  const vatBase = vatByRate.reduce((s, r) => s + r.base, 0);
  const vatTotal = vatByRate.reduce((s, r) => s + r.vat, 0);
  const doc: InvoiceDocument = {
    id: '6f1c2a9e-3b7d-4c8e-9a10-2b3c4d5e6f70',
    kind: 'invoice',
    number: '17/ZZ1/1',
    sequence: 17,
    premise: 'ZZ1',
    device: '1',
    sequenceMark: 'P',
    issuedAt: new Date('2026-07-14T08:05:09Z'),
    operator: { mark: 'web', oib: company.oib },
    seller: {
      legalName: company.legalName,
      street: company.street,
      postalCode: company.postalCode,
      city: company.city,
      countryCode: company.countryCode,
      oib: company.oib,
      vatId: company.vatId,
      iban: company.iban,
      bank: company.bank,
      mbs: company.mbs,
      registryCourt: company.registryCourt,
      shareCapitalCents: company.shareCapitalCents,
      email: company.email,
      phone: company.phone,
      inVatSystem: true,
    },
    buyer: {
      kind: 'consumer',
      name: 'Ana Horvat',
      street: 'Ilica 1',
      postalCode: '10000',
      city: 'Zagreb',
      countryCode: 'HR',
      taxId: null,
      email: 'ana@example.com',
    },
    lines,
    discount: 191,
    discountByRate,
    delivery,
    deliveryVatRate: 25,
    vatByRate,
    vatBase,
    vatTotal,
    total: 698 + 429 + 780 - 191 + delivery,
    currency: 'EUR',
    paymentMethod: 'card',
    cisPaymentCode: 'K',
    zki: 'e4d909c290d0fb1ca068ffaddf22cbd0',
    jir: 'a5b1c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    orderNumber: 'ZZ-2026-000123',
    locale: 'hr',
    stornoOf: null,
  };
  if (doc.total !== vatBase + vatTotal) throw new Error('sampleInvoiceDocument is inconsistent');
  const result = storno ? stornoOf(doc) : doc;
  return { ...result, ...rest };
}

/** The full storno of an invoice: every amount negated, a new number, the original named. */
function stornoOf(doc: InvoiceDocument): InvoiceDocument {
  return {
    ...doc,
    id: '7a2d3b0f-4c8e-4d9f-8b21-3c4d5e6f7a81',
    kind: 'storno',
    number: `${doc.sequence + 1}/${doc.premise}/${doc.device}`,
    sequence: doc.sequence + 1,
    issuedAt: new Date(doc.issuedAt.getTime() + 86_400_000),
    lines: doc.lines.map((l) => ({ ...l, quantity: -l.quantity, lineTotal: -l.lineTotal })),
    discount: -doc.discount,
    discountByRate: doc.discountByRate.map((d) => ({ ...d, gross: -d.gross })),
    delivery: -doc.delivery,
    vatByRate: doc.vatByRate.map((r) => ({ ...r, base: -r.base, vat: -r.vat })),
    vatBase: -doc.vatBase,
    vatTotal: -doc.vatTotal,
    total: -doc.total,
    stornoOf: { number: doc.number, issuedAt: doc.issuedAt },
  };
}
