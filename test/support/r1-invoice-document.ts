import type { InvoiceDocument, InvoiceLine } from '../../server/modules/invoicing/index.js';
import { sampleInvoiceDocument } from './invoice-document.js';

/** A Croatian business buyer (R1) with a valid OIB. */
export const HR_BUSINESS_BUYER: InvoiceDocument['buyer'] = {
  kind: 'business',
  name: 'Restoran Kod Mlina d.o.o.',
  street: 'Ulica 2',
  postalCode: '51000',
  city: 'Rijeka',
  countryCode: 'HR',
  taxId: '69435151530',
  email: 'racuni@kodmlina.example',
};

/** A business buyer in another EU country, known by its VAT number. */
export const DE_BUSINESS_BUYER: InvoiceDocument['buyer'] = {
  kind: 'business',
  name: 'Feinkost Müller & Söhne GmbH',
  street: 'Hauptstraße 5',
  postalCode: '80331',
  city: 'München',
  countryCode: 'DE',
  taxId: 'DE123456789',
  email: 'rechnung@feinkost-mueller.example',
};

/**
 * An R1 invoice document made consistent from its lines, discount per rate and delivery, with the same
 * arithmetic as the cart and sampleInvoiceDocument (VAT per rate = round(gross x rate / (100 + rate))).
 * Amounts signed: pass negative quantities and discount/delivery for a storno (`kind: 'storno'` and
 * `stornoOf` through `rest`).
 */
export function r1Document(input: {
  lines: Array<Omit<InvoiceLine, 'lineTotal' | 'unitCode' | 'kpdCode'> & { kpdCode?: string }>;
  discountByRate?: Array<{ rate: number; gross: number }>;
  delivery?: number;
  deliveryVatRate?: number;
  rest?: Partial<InvoiceDocument>;
}): InvoiceDocument {
  const lines: InvoiceLine[] = input.lines.map((l) => ({
    kpdCode: '10.73.11',
    unitCode: 'H87',
    ...l,
    lineTotal: l.unitPrice * l.quantity,
  }));
  const discountByRate = (input.discountByRate ?? []).filter((d) => d.gross !== 0);
  const delivery = input.delivery ?? 0;
  const deliveryVatRate = input.deliveryVatRate ?? 25;
  const gross = new Map<number, number>();
  const add = (rate: number, cents: number) => gross.set(rate, (gross.get(rate) ?? 0) + cents);
  for (const l of lines) add(l.vatRate, l.lineTotal);
  for (const d of discountByRate) add(d.rate, -d.gross);
  if (delivery !== 0) add(deliveryVatRate, delivery);
  const vatByRate = [...gross.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, g]) => {
      const vat = Math.sign(g) * Math.round((Math.abs(g) * rate) / (100 + rate));
      return { rate, base: g - vat, vat };
    });
  const vatBase = vatByRate.reduce((s, r) => s + r.base, 0);
  const vatTotal = vatByRate.reduce((s, r) => s + r.vat, 0);
  const discount = discountByRate.reduce((s, d) => s + d.gross, 0);
  const total = lines.reduce((s, l) => s + l.lineTotal, 0) - discount + delivery;
  if (total !== vatBase + vatTotal) throw new Error('r1Document is inconsistent');
  return {
    ...sampleInvoiceDocument(),
    buyer: HR_BUSINESS_BUYER,
    lines,
    discount,
    discountByRate,
    delivery,
    deliveryVatRate,
    vatByRate,
    vatBase,
    vatTotal,
    total,
    ...input.rest,
  };
}
