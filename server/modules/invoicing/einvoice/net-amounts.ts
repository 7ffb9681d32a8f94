import type { InvoiceDocument } from '../invoice-document.js';

/**
 * The net (VAT-exclusive) amounts an EN 16931 invoice states, derived from our gross-priced
 * InvoiceDocument so that every sum the standard checks holds to the cent (docs/invoicing/einvoice.md
 * 'Net amounts'):
 *
 * - per VAT rate r the document already fixes the base B_r and the VAT V_r (vatByRate: the numbers of
 *   the PDF and the CIS request); the e-invoice states exactly these (BT-116, BT-117);
 * - each line's net amount (BT-131) is its gross total divided by (1 + r/100), rounded to the cent;
 *   the delivery charge (BT-99) and the coupon allowance per rate (BT-92) likewise;
 * - the rounding differences of a rate are settled in one place so that
 *   sum(lines at r) - allowance at r + charge at r = B_r exactly (BR-S-08): the allowance of that rate
 *   if there is one, else the delivery charge if it is at that rate, else the largest line of that rate.
 *   The difference is at most half a cent per component of the rate plus half a cent (the base's
 *   own rounding): a cent or two on a shop's basket.
 *
 * All amounts are integer cents, signed like the document (negative on a storno).
 */
export interface NetAmounts {
  /** Net amount per line (BT-131), in the order of doc.lines. */
  lines: number[];
  /** Net allowance (the coupon discount) per VAT rate, only the non-zero ones (BG-20). */
  allowances: Array<{ rate: number; net: number }>;
  /** Net delivery charge (BG-21), null without delivery. */
  delivery: { rate: number; net: number } | null;
  /** Sum of line net amounts (BT-106). */
  lineTotal: number;
  allowanceTotal: number;
  chargeTotal: number;
}

/** Round half away from zero, so a storno's amounts are exactly the negated invoice's. */
function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

function netOf(gross: number, rate: number): number {
  return roundCents((gross * 100) / (100 + rate));
}

export function deriveNetAmounts(doc: InvoiceDocument): NetAmounts {
  const lines = doc.lines.map((l) => netOf(l.lineTotal, l.vatRate));
  const allowances = doc.discountByRate.filter((d) => d.gross !== 0).map((d) => ({ rate: d.rate, net: netOf(d.gross, d.rate) }));
  const delivery = doc.delivery !== 0 ? { rate: doc.deliveryVatRate, net: netOf(doc.delivery, doc.deliveryVatRate) } : null;

  for (const row of doc.vatByRate) {
    const lineIdx = doc.lines.flatMap((l, i) => (l.vatRate === row.rate ? [i] : []));
    const allowance = allowances.find((a) => a.rate === row.rate);
    const charge = delivery?.rate === row.rate ? delivery : null;
    const sum = lineIdx.reduce((s, i) => s + lines[i], 0) - (allowance?.net ?? 0) + (charge?.net ?? 0);
    const diff = row.base - sum;
    if (diff === 0) continue;
    if (allowance) allowance.net -= diff;
    else if (charge) charge.net += diff;
    else if (lineIdx.length > 0) {
      const largest = lineIdx.reduce((a, b) => (Math.abs(lines[b]) > Math.abs(lines[a]) ? b : a));
      lines[largest] = lines[largest] + diff;
    } else throw new Error(`e-invoice: VAT rate ${row.rate} % has a base but no line, allowance or charge`);
  }
  const rates = new Set(doc.vatByRate.map((r) => r.rate));
  const orphan = [...doc.lines.map((l) => l.vatRate), ...allowances.map((a) => a.rate), ...(delivery ? [delivery.rate] : [])].find(
    (r) => !rates.has(r),
  );
  if (orphan !== undefined) throw new Error(`e-invoice: VAT rate ${orphan} % is used but has no row in vatByRate`);

  const lineTotal = lines.reduce((s, n) => s + n, 0);
  const allowanceTotal = allowances.reduce((s, a) => s + a.net, 0);
  const chargeTotal = delivery?.net ?? 0;
  if (lineTotal - allowanceTotal + chargeTotal !== doc.vatBase) throw new Error('e-invoice: net amounts do not add up to vatBase');
  return { lines, allowances, delivery, lineTotal, allowanceTotal, chargeTotal };
}
