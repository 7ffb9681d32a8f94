import type { OrderTotalsDetail } from '../../../contract/api/order.js';
import { computeTotals, type VatRateRow } from '../cart/index.js';

/** A line as an order stores it: copied from the cart at placement. */
export interface OrderLineDraft {
  productCode: string;
  name: string;
  /** Gross cents per pack. */
  unitPrice: number;
  /** 1 to 99. */
  quantity: number;
  /** Percent, the rate charged: the Croatian 5, 13 or 25, or the destination's under the OSS (contract/vat.ts). */
  vatRate: number;
}

/** An order's money, all integer gross cents: what `shop_order` and `shop_order_vat` hold. */
export interface OrderMoney {
  subtotal: number;
  discount: number;
  delivery: number;
  /** subtotal - discount + delivery = vatBase + vatTotal. */
  total: number;
  vatBase: number;
  vatTotal: number;
  /** Ascending by rate; delivery counts at the standard rate of the country whose VAT applies (25 % in Croatia). */
  vatByRate: VatRateRow[];
}

/**
 * The money of an order from its lines, the coupon's discount and the delivery fee, by the cart's
 * own rules (cart `computeTotals`, ARCHITECTURE.md section 5: the discount spread over the lines in
 * proportion, per rate VAT = round(gross x rate / (100 + rate)) half up, base = gross - VAT), so an
 * order always carries exactly the totals its cart showed. The discount is capped at the subtotal.
 * `deliveryVatRate`: delivery's rate (contract/vat.ts `deliveryVatRateFor`), default the Croatian 25 %.
 * Throws RangeError for non-integer or negative amounts, a quantity below 1 or a product twice.
 */
export function orderMoney(lines: ReadonlyArray<OrderLineDraft>, discount: number, delivery: number, deliveryVatRate?: number): OrderMoney {
  const t = computeTotals({
    lines: lines.map((l) => ({ code: l.productCode, unitPrice: l.unitPrice, quantity: l.quantity, vatRate: l.vatRate })),
    discount,
    delivery,
    deliveryVatRate,
  });
  return {
    subtotal: t.subtotal,
    discount: t.discount,
    delivery: t.delivery,
    total: t.total,
    vatBase: t.vatBase,
    vatTotal: t.vatTotal,
    vatByRate: t.vatByRate,
  };
}

/**
 * The totals as the API's error and answer shapes carry them (`ORDER_TOTAL_CHANGED`'s `totals`):
 * placement's changed cart total and the pending order's changed total on a switch to cash on delivery.
 */
export function totalsDetail(t: OrderMoney): OrderTotalsDetail {
  return {
    subtotal: t.subtotal,
    discount: t.discount,
    delivery: t.delivery,
    total: t.total,
    vat_base: t.vatBase,
    vat_total: t.vatTotal,
    vat_by_rate: t.vatByRate.map((r) => ({ rate: r.rate, base: r.base, vat: r.vat })),
  };
}
