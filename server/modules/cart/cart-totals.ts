import { allocateProportionally, vatOfGross } from '../../../contract/money.js';
import { CROATIAN_STANDARD_RATE } from '../../../contract/vat.js';

/** The standard Croatian VAT rate; delivery carries it in Croatia (contract/vat.ts `deliveryVatRateFor`). */
export const STANDARD_VAT_RATE = CROATIAN_STANDARD_RATE;

export interface TotalsLineInput {
  code: string;
  /** Gross cents per pack (VAT included). */
  unitPrice: number;
  quantity: number;
  /** Percent, the rate charged: the Croatian 5, 13 or 25, or the destination's under the OSS (contract/vat.ts). */
  vatRate: number;
}

export interface TotalsInput {
  lines: ReadonlyArray<TotalsLineInput>;
  /** Discount in cents on the goods; capped at the subtotal. */
  discount: number;
  /** Delivery fee in gross cents. */
  delivery: number;
  /** Delivery's VAT rate (percent): the standard rate of the country whose VAT applies; default the Croatian 25 %. */
  deliveryVatRate?: number;
}

export interface VatRateRow {
  rate: number;
  base: number;
  vat: number;
}

export interface Totals {
  lines: Array<{ code: string; lineTotal: number; discount: number }>;
  subtotal: number;
  discount: number;
  delivery: number;
  total: number;
  vatBase: number;
  vatTotal: number;
  vatByRate: VatRateRow[];
}

/**
 * The cart's money (ARCHITECTURE.md section 5), all integer cents, prices gross:
 * - subtotal = sum of unit price x quantity; the discount (capped at the subtotal) is spread over
 *   the lines in proportion to their totals (largest remainder, so the parts sum exactly);
 * - per VAT rate the discounted gross of its lines (plus delivery at its rate, 25 % in Croatia) gives
 *   VAT = round(gross x rate / (100 + rate)) half up, and base = gross - VAT;
 * - total = subtotal - discount + delivery = vat_base + vat_total.
 * Sums per rate make the result independent of the order of the lines.
 */
export function computeTotals(input: TotalsInput): Totals {
  const seen = new Set<string>();
  for (const l of input.lines) {
    if (seen.has(l.code)) throw new RangeError(`line ${l.code} appears twice`);
    seen.add(l.code);
    if (!Number.isSafeInteger(l.unitPrice) || l.unitPrice < 0)
      throw new RangeError(`line ${l.code}: unit price must be non-negative integer cents`);
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) throw new RangeError(`line ${l.code}: quantity must be a positive integer`);
  }
  if (!Number.isSafeInteger(input.discount) || input.discount < 0) throw new RangeError('discount must be non-negative integer cents');
  if (!Number.isSafeInteger(input.delivery) || input.delivery < 0) throw new RangeError('delivery must be non-negative integer cents');

  const withTotals = input.lines.map((l) => ({ ...l, lineTotal: l.unitPrice * l.quantity }));
  const subtotal = withTotals.reduce((s, l) => s + l.lineTotal, 0);
  const discount = Math.min(input.discount, subtotal);
  const shares = allocateProportionally(
    discount,
    withTotals.map((l) => ({ key: l.code, weight: l.lineTotal })),
  );

  const grossByRate = new Map<number, number>();
  for (const l of withTotals) grossByRate.set(l.vatRate, (grossByRate.get(l.vatRate) ?? 0) + l.lineTotal - shares.get(l.code)!);
  const deliveryRate = input.deliveryVatRate ?? STANDARD_VAT_RATE;
  if (input.delivery > 0) grossByRate.set(deliveryRate, (grossByRate.get(deliveryRate) ?? 0) + input.delivery);

  const vatByRate = [...grossByRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, gross]) => {
      const vat = vatOfGross(gross, rate);
      return { rate, base: gross - vat, vat };
    });
  const vatBase = vatByRate.reduce((s, r) => s + r.base, 0);
  const vatTotal = vatByRate.reduce((s, r) => s + r.vat, 0);
  return {
    lines: withTotals.map((l) => ({ code: l.code, lineTotal: l.lineTotal, discount: shares.get(l.code)! })),
    subtotal,
    discount,
    delivery: input.delivery,
    total: subtotal - discount + input.delivery,
    vatBase,
    vatTotal,
    vatByRate,
  };
}
