import type { OrderView } from '../../../contract/api/order.js';
import { allocateProportionally, vatOfGross } from '../../../contract/money.js';
import type { InvoiceDocument, InvoiceLine } from './invoice-document.js';

/** What an invoice says before it is numbered, timed and protected (ZKI): all of InvoiceDocument but those. */
export type InvoiceDraft = Omit<
  InvoiceDocument,
  | 'id'
  | 'number'
  | 'sequence'
  | 'premise'
  | 'device'
  | 'sequenceMark'
  | 'issuedAt'
  | 'operator'
  | 'zki'
  | 'jir'
  | 'seller'
  | 'cisPaymentCode'
>;

/** KPD 2025 code of pasta (10.73.11 'Tjestenina, nekuhana, nepunjena i nepripremljena na drugi način'). */
export const DEFAULT_KPD_CODE = '10.73.11';

/**
 * The invoice of an order, as it was charged (docs/invoicing.md 'What an invoice says'): its lines at
 * the prices, rates and quantities of the order, the coupon discount and delivery, and the order's
 * own VAT rows, so the invoice carries exactly the totals the buyer paid. The discount per rate is
 * the cart's own split (in proportion to the line totals, largest remainder); delivery's rate is the
 * one whose VAT row holds it. The buyer: an R1 order's company (its OIB without the `HR` prefix, or
 * the EU VAT number as stored), else the person of the billing (or delivery) address.
 */
export function invoiceDraftFromOrder(order: OrderView, kpdCodes: ReadonlyMap<string, string>): InvoiceDraft {
  const lines: InvoiceLine[] = order.lines.map((l) => ({
    code: l.product_code,
    name: l.name,
    kpdCode: kpdCodes.get(l.product_code) ?? DEFAULT_KPD_CODE,
    quantity: l.quantity,
    unitCode: 'H87',
    unitPrice: l.unit_price,
    vatRate: l.vat_rate,
    lineTotal: l.unit_price * l.quantity,
  }));
  const shares = allocateProportionally(
    order.discount,
    lines.map((l, i) => ({ key: String(i), weight: l.lineTotal })),
  );
  const discountByRate = new Map<number, number>();
  const goodsByRate = new Map<number, number>();
  lines.forEach((l, i) => {
    discountByRate.set(l.vatRate, (discountByRate.get(l.vatRate) ?? 0) + shares.get(String(i))!);
    goodsByRate.set(l.vatRate, (goodsByRate.get(l.vatRate) ?? 0) + l.lineTotal);
  });
  const vatByRate = [...order.vat_by_rate].sort((a, b) => a.rate - b.rate).map((r) => ({ rate: r.rate, base: r.base, vat: r.vat }));
  // the rate whose row holds the delivery: its gross exceeds the discounted goods of that rate by exactly the delivery
  const deliveryRow = vatByRate.find(
    (r) => r.base + r.vat - ((goodsByRate.get(r.rate) ?? 0) - (discountByRate.get(r.rate) ?? 0)) === order.delivery && order.delivery > 0,
  );
  const business = order.r1_invoice;
  const person = order.billing_address ?? order.delivery_address;
  return {
    kind: 'invoice',
    buyer: business
      ? {
          kind: 'business',
          name: business.company_name,
          street: business.street,
          postalCode: business.postal_code,
          city: business.city,
          countryCode: business.country,
          taxId: business.country === 'HR' ? business.tax_id.replace(/^HR/i, '') : business.tax_id.toUpperCase(),
          email: order.email,
        }
      : {
          kind: 'consumer',
          name: `${person.first_name} ${person.last_name}`.trim(),
          street: person.street,
          postalCode: person.postal_code,
          city: person.city,
          countryCode: person.country,
          taxId: null,
          email: order.email,
        },
    lines,
    discount: order.discount,
    discountByRate: [...discountByRate.entries()]
      .filter(([, g]) => g !== 0)
      .sort(([a], [b]) => a - b)
      .map(([rate, gross]) => ({ rate, gross })),
    delivery: order.delivery,
    deliveryVatRate: deliveryRow?.rate ?? 25,
    vatByRate,
    vatBase: order.vat_base,
    vatTotal: order.vat_total,
    total: order.total,
    currency: 'EUR',
    paymentMethod: order.payment_method,
    orderNumber: order.number,
    locale: order.locale,
    stornoOf: null,
  };
}

/** The part of an invoice a storno reverses: the amount, and whether it is all that is left. */
export interface StornoRequest {
  /** Gross cents to reverse (positive), e.g. the refunded amount. */
  amount: number;
  /** Gross cents already reversed by earlier stornos of this invoice (positive). */
  alreadyReversed: number;
}

/**
 * A storno of an invoice (law art. 24: a mistake or a change after issue is corrected by a new
 * invoice with negative amounts that refers to the original). The first storno of the whole amount
 * reverses the invoice line by line (every quantity, discount, delivery and VAT row negated). A
 * partial one (a partial refund, or the rest after one) reverses the amount spread over the
 * invoice's VAT rates in proportion to their gross (largest remainder), one line per rate ('Povrat
 * dijela iznosa' at that rate), so its VAT per rate is computed as the cart computes VAT (round(gross x
 * rate / (100 + rate)) half up). Refuses more than is left.
 */
export function stornoDraft(original: InvoiceDocument, request: StornoRequest): InvoiceDraft {
  const left = original.total - request.alreadyReversed;
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) throw new RangeError('a storno reverses a positive amount');
  if (request.amount > left) throw new RangeError(`a storno of ${request.amount} exceeds the ${left} left of invoice ${original.number}`);
  const base = {
    kind: 'storno' as const,
    buyer: original.buyer,
    currency: original.currency,
    paymentMethod: original.paymentMethod,
    orderNumber: original.orderNumber,
    locale: original.locale,
    stornoOf: { number: original.number, issuedAt: original.issuedAt },
  };
  if (request.alreadyReversed === 0 && request.amount === original.total) {
    return {
      ...base,
      lines: original.lines.map((l) => ({ ...l, quantity: -l.quantity, lineTotal: -l.lineTotal })),
      discount: -original.discount,
      discountByRate: original.discountByRate.map((d) => ({ rate: d.rate, gross: -d.gross })),
      delivery: -original.delivery,
      deliveryVatRate: original.deliveryVatRate,
      vatByRate: original.vatByRate.map((r) => ({ rate: r.rate, base: -r.base, vat: -r.vat })),
      vatBase: -original.vatBase,
      vatTotal: -original.vatTotal,
      total: -original.total,
    };
  }
  const shares = allocateProportionally(
    request.amount,
    original.vatByRate.map((r) => ({ key: String(r.rate), weight: r.base + r.vat })),
  );
  const rows = original.vatByRate
    .map((r) => ({ rate: r.rate, gross: shares.get(String(r.rate))! }))
    .filter((r) => r.gross > 0)
    .map((r) => {
      const vat = vatOfGross(r.gross, r.rate);
      return { rate: r.rate, gross: r.gross, base: r.gross - vat, vat };
    });
  return {
    ...base,
    lines: rows.map((r) => ({
      code: `REFUND-${r.rate}`,
      name: `Povrat dijela iznosa (PDV ${r.rate} %)`,
      kpdCode: original.lines.find((l) => l.vatRate === r.rate)?.kpdCode ?? DEFAULT_KPD_CODE,
      quantity: -1,
      unitCode: 'H87',
      unitPrice: r.gross,
      vatRate: r.rate,
      lineTotal: -r.gross,
    })),
    discount: 0,
    discountByRate: [],
    delivery: 0,
    deliveryVatRate: original.deliveryVatRate,
    vatByRate: rows.map((r) => ({ rate: r.rate, base: -r.base, vat: -r.vat })),
    vatBase: -rows.reduce((s, r) => s + r.base, 0),
    vatTotal: -rows.reduce((s, r) => s + r.vat, 0),
    total: -request.amount,
  };
}
