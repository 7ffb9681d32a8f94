import { describe, expect, it } from '@jest/globals';
import { vatOfGross } from './money.js';
import { paidByLine, planRefund, refundableQuantities, shippingVatRate, type RefundableOrder } from './order-refund.js';

const none = { quantities: {}, shipping: false, amount: 0 };

/** 3 × 3,33 € at 5 % and 1 × 10,00 € at 25 %, a 2,00 € coupon, 4,00 € delivery. */
const order: RefundableOrder = {
  lines: [
    { product_code: 'A', quantity: 3, line_total: 999, vat_rate: 5 },
    { product_code: 'B', quantity: 1, line_total: 1000, vat_rate: 25 },
  ],
  discount: 200,
  delivery: 400,
  total: 999 + 1000 - 200 + 400,
  vat_by_rate: [{ rate: 5 }, { rate: 25 }],
};

describe('refunds by line (contract/order-refund.ts)', () => {
  it("gives back what the buyer paid per line: the line's total less its share of the discount, as the cart spread it", () => {
    const paid = paidByLine(order);
    expect(paid.get('A')! + paid.get('B')!).toBe(999 + 1000 - 200);
    expect(paid.get('A')).toBe(999 - 100); // 200 × 999/1999 = 99.95 -> the largest remainder gets the cent
    expect(paid.get('B')).toBe(1000 - 100);
  });

  it('counts packs cumulatively, so refunding them one by one adds up to exactly the line, never a cent more', () => {
    let before = { quantities: {} as Record<string, number>, shipping: false, amount: 0 };
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = planRefund(order, before, { lines: [{ product_code: 'A', quantity: 1 }], shipping: false });
      if (!r.ok) throw new Error(JSON.stringify(r.refusal));
      amounts.push(r.plan.amount);
      before = { quantities: { A: (before.quantities.A ?? 0) + 1 }, shipping: false, amount: before.amount + r.plan.amount };
    }
    expect(amounts).toEqual([300, 299, 300]);
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(paidByLine(order).get('A'));
    expect(refundableQuantities(order, before).get('A')).toBe(0);
  });

  it('computes the VAT of each line at its own rate and the delivery at the order highest rate', () => {
    const r = planRefund(order, none, {
      lines: [
        { product_code: 'A', quantity: 2 },
        { product_code: 'B', quantity: 1 },
      ],
      shipping: true,
    });
    if (!r.ok) throw new Error('refused');
    expect(r.plan.lines).toEqual([
      { product_code: 'A', quantity: 2, amount: 599, vat_rate: 5, vat: vatOfGross(599, 5) },
      { product_code: 'B', quantity: 1, amount: 900, vat_rate: 25, vat: 180 },
    ]);
    expect(shippingVatRate(order)).toBe(25);
    expect(r.plan).toMatchObject({
      shipping: 400,
      shipping_vat: 80,
      amount: 599 + 900 + 400,
      vat: 29 + 180 + 80,
      left_after: order.total - 1899,
    });
  });

  it('refuses nothing chosen, an unknown or repeated line, more packs than are left, the delivery twice, and above what is left', () => {
    expect(planRefund(order, none, { lines: [], shipping: false })).toEqual({ ok: false, refusal: { reason: 'empty' } });
    expect(planRefund(order, none, { lines: [{ product_code: 'A', quantity: 0 }], shipping: false })).toEqual({
      ok: false,
      refusal: { reason: 'empty' },
    });
    expect(planRefund(order, none, { lines: [{ product_code: 'Z', quantity: 1 }], shipping: false })).toEqual({
      ok: false,
      refusal: { reason: 'unknown_line', product_code: 'Z' },
    });
    expect(
      planRefund(order, none, {
        lines: [
          { product_code: 'A', quantity: 1 },
          { product_code: 'A', quantity: 1 },
        ],
        shipping: false,
      }),
    ).toEqual({ ok: false, refusal: { reason: 'duplicate_line', product_code: 'A' } });
    expect(
      planRefund(
        order,
        { quantities: { A: 2 }, shipping: false, amount: 599 },
        { lines: [{ product_code: 'A', quantity: 2 }], shipping: false },
      ),
    ).toEqual({
      ok: false,
      refusal: { reason: 'too_many', product_code: 'A', left: 1 },
    });
    expect(planRefund(order, { quantities: {}, shipping: true, amount: 400 }, { lines: [], shipping: true })).toEqual({
      ok: false,
      refusal: { reason: 'shipping_refunded' },
    });
    // a refund by amount (not by line) took most of the money back already
    expect(
      planRefund(
        order,
        { quantities: {}, shipping: false, amount: order.total - 100 },
        { lines: [{ product_code: 'B', quantity: 1 }], shipping: false },
      ),
    ).toEqual({
      ok: false,
      refusal: { reason: 'above_left', left: 100, amount: 900 },
    });
  });
});
