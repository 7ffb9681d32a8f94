import { allocateProportionally, vatOfGross } from './money.js';

/**
 * A partial refund by line (docs/admin.md 'Orders in the back office'): pure, shared by the API (which
 * decides) and the order screen (which shows the amount before the operator confirms).
 *
 * A line's money is what the buyer paid for it: its gross `unit_price x quantity` less its share of
 * the coupon's discount (spread over the lines in proportion, exactly as the cart and the order did:
 * `allocateProportionally`). Refunding k of a line's n packs gives back the line's paid amount
 * for k packs counted cumulatively, `round(paid x (r + k) / n) - round(paid x r / n)` where r packs
 * were refunded before, so refunding the packs one by one adds up to exactly the line's paid amount
 * (no cent lost or given twice). The VAT in each amount is computed per line at the line's rate
 * (`vatOfGross`, half up), and the delivery fee at the order's highest rate (delivery counts at the
 * standard rate of the country whose VAT applies, which is its highest).
 */

export interface RefundableLine {
  product_code: string;
  quantity: number;
  line_total: number;
  vat_rate: number;
}

export interface RefundableOrder {
  lines: readonly RefundableLine[];
  discount: number;
  delivery: number;
  total: number;
  vat_by_rate: ReadonlyArray<{ rate: number }>;
}

/** What was refunded by line before: packs per product code, the delivery fee or not, the amount in all. */
export interface RefundedSoFar {
  quantities: Readonly<Record<string, number>>;
  shipping: boolean;
  amount: number;
}

export interface RefundRequest {
  lines: ReadonlyArray<{ product_code: string; quantity: number }>;
  shipping: boolean;
}

export interface RefundLineAmount {
  product_code: string;
  quantity: number;
  amount: number;
  vat_rate: number;
  vat: number;
}

export interface RefundPlan {
  lines: RefundLineAmount[];
  /** The delivery fee given back (0 when not asked). */
  shipping: number;
  shipping_vat_rate: number;
  shipping_vat: number;
  /** Gross cents of this refund. */
  amount: number;
  vat: number;
  /** What is left to refund of the order after this one. */
  left_after: number;
}

export type RefundRefusal =
  | { reason: 'empty' }
  | { reason: 'unknown_line'; product_code: string }
  | { reason: 'duplicate_line'; product_code: string }
  | { reason: 'too_many'; product_code: string; left: number }
  | { reason: 'shipping_refunded' }
  | { reason: 'above_left'; left: number; amount: number };

/** The gross cents the buyer paid for each line: its total less its share of the discount. */
export function paidByLine(order: Pick<RefundableOrder, 'lines' | 'discount'>): Map<string, number> {
  const subtotal = order.lines.reduce((s, l) => s + l.line_total, 0);
  const shares = allocateProportionally(
    Math.min(order.discount, subtotal),
    order.lines.map((l) => ({ key: l.product_code, weight: l.line_total })),
  );
  return new Map(order.lines.map((l) => [l.product_code, l.line_total - (shares.get(l.product_code) ?? 0)]));
}

/** The delivery fee's VAT rate: the order's highest rate (see above); 25 for an order without rows. */
export function shippingVatRate(order: Pick<RefundableOrder, 'vat_by_rate'>): number {
  return order.vat_by_rate.reduce((max, r) => Math.max(max, r.rate), 0) || 25;
}

/** Packs of each line still refundable. */
export function refundableQuantities(order: Pick<RefundableOrder, 'lines'>, before: RefundedSoFar): Map<string, number> {
  return new Map(order.lines.map((l) => [l.product_code, Math.max(0, l.quantity - (before.quantities[l.product_code] ?? 0))]));
}

/** The amount and VAT of a refund by line, or why it is refused (nothing chosen, an unknown line, more packs than are left, above what is left). */
export function planRefund(
  order: RefundableOrder,
  before: RefundedSoFar,
  request: RefundRequest,
): { ok: true; plan: RefundPlan } | { ok: false; refusal: RefundRefusal } {
  const wanted = request.lines.filter((l) => l.quantity > 0);
  if (wanted.length === 0 && !request.shipping) return { ok: false, refusal: { reason: 'empty' } };
  const paid = paidByLine(order);
  const seen = new Set<string>();
  const lines: RefundLineAmount[] = [];
  for (const want of wanted) {
    const line = order.lines.find((l) => l.product_code === want.product_code);
    if (!line) return { ok: false, refusal: { reason: 'unknown_line', product_code: want.product_code } };
    if (seen.has(line.product_code)) return { ok: false, refusal: { reason: 'duplicate_line', product_code: line.product_code } };
    seen.add(line.product_code);
    const already = before.quantities[line.product_code] ?? 0;
    const left = Math.max(0, line.quantity - already);
    if (want.quantity > left) return { ok: false, refusal: { reason: 'too_many', product_code: line.product_code, left } };
    const linePaid = paid.get(line.product_code) ?? 0;
    const amount = share(linePaid, already + want.quantity, line.quantity) - share(linePaid, already, line.quantity);
    lines.push({
      product_code: line.product_code,
      quantity: want.quantity,
      amount,
      vat_rate: line.vat_rate,
      vat: vatOfGross(amount, line.vat_rate),
    });
  }
  if (request.shipping && before.shipping) return { ok: false, refusal: { reason: 'shipping_refunded' } };
  const shipping = request.shipping ? order.delivery : 0;
  const rate = shippingVatRate(order);
  const shippingVat = vatOfGross(shipping, rate);
  const amount = lines.reduce((s, l) => s + l.amount, 0) + shipping;
  const left = Math.max(0, order.total - before.amount);
  if (amount > left) return { ok: false, refusal: { reason: 'above_left', left, amount } };
  if (amount === 0) return { ok: false, refusal: { reason: 'empty' } };
  return {
    ok: true,
    plan: {
      lines,
      shipping,
      shipping_vat_rate: rate,
      shipping_vat: shippingVat,
      amount,
      vat: lines.reduce((s, l) => s + l.vat, 0) + shippingVat,
      left_after: left - amount,
    },
  };
}

/** round(paid x k / n), half up, for 0 <= k <= n. */
function share(paid: number, k: number, n: number): number {
  if (k <= 0) return 0;
  if (k >= n) return paid;
  const exact = paid * k;
  const q = Math.floor(exact / n);
  return 2 * (exact - q * n) >= n ? q + 1 : q;
}
