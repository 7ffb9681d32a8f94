import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { vatOfGross } from '../../../contract/money.js';
import { orderMoney, type OrderLineDraft } from './order-totals.js';

const line = (productCode: string, unitPrice: number, quantity: number, vatRate: number): OrderLineDraft => ({
  productCode,
  name: productCode,
  unitPrice,
  quantity,
  vatRate,
});

describe('orderMoney', () => {
  it('computes subtotal, discount, delivery, total, VAT base and VAT per rate (delivery at 25 %)', () => {
    // 3 x 2,49 € at 5 % and 1 x 12,00 € at 13 %, a 2,00 € coupon, 4,00 € delivery
    const money = orderMoney([line('ZZ-SPAG-400', 249, 3, 5), line('ZZ-SAUCE-1', 1200, 1, 13)], 200, 400);
    // the coupon: 200 x 747 / 1947 = 76.73 and 200 x 1200 / 1947 = 123.27 -> 77 and 123 (largest remainder)
    // 5 %: 747 - 77 = 670 -> VAT round(31.90) = 32; 13 %: 1077 -> VAT round(123.90) = 124; 25 %: 400 -> 80
    expect(money).toEqual({
      subtotal: 1947,
      discount: 200,
      delivery: 400,
      total: 2147,
      vatBase: 2147 - 236,
      vatTotal: 236,
      vatByRate: [
        { rate: 5, base: 638, vat: 32 },
        { rate: 13, base: 953, vat: 124 },
        { rate: 25, base: 320, vat: 80 },
      ],
    });
  });

  it('has no delivery row without a delivery fee, and caps the discount at the subtotal', () => {
    expect(orderMoney([line('A', 300, 1, 5)], 0, 0).vatByRate).toEqual([{ rate: 5, base: 286, vat: 14 }]);
    expect(orderMoney([line('A', 300, 1, 5)], 1000, 400)).toMatchObject({
      subtotal: 300,
      discount: 300,
      total: 400,
      vatBase: 320,
      vatTotal: 80,
    });
  });

  it('refuses amounts that are no integer cents, empty quantities and a product twice', () => {
    expect(() => orderMoney([line('A', 2.5, 1, 5)], 0, 0)).toThrow(RangeError);
    expect(() => orderMoney([line('A', 250, 0, 5)], 0, 0)).toThrow(RangeError);
    expect(() => orderMoney([line('A', 250, 1, 5)], -1, 0)).toThrow(RangeError);
    expect(() => orderMoney([line('A', 250, 1, 5)], 0, 0.5)).toThrow(RangeError);
    expect(() => orderMoney([line('A', 250, 1, 5), line('A', 250, 2, 5)], 0, 0)).toThrow(RangeError);
  });

  it('always satisfies what the shop_order CHECKs demand', () => {
    const lines = fc.uniqueArray(
      fc.record({
        productCode: fc.stringMatching(/^[A-Z]{1,6}$/),
        name: fc.constant('x'),
        unitPrice: fc.integer({ min: 0, max: 50_000 }),
        quantity: fc.integer({ min: 1, max: 99 }),
        vatRate: fc.constantFrom(5, 13, 25),
      }),
      { selector: (l) => l.productCode, maxLength: 8 },
    );
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 0, max: 10_000 }), (ls, discount, delivery) => {
        const m = orderMoney(ls, discount, delivery);
        expect(m.discount).toBeLessThanOrEqual(m.subtotal);
        expect(m.total).toBe(m.subtotal - m.discount + m.delivery);
        expect(m.total).toBe(m.vatBase + m.vatTotal);
        expect(m.vatByRate.reduce((s, r) => s + r.vat, 0)).toBe(m.vatTotal);
        expect(m.vatByRate.reduce((s, r) => s + r.base, 0)).toBe(m.vatBase);
        for (const r of m.vatByRate) {
          expect(r.base).toBeGreaterThanOrEqual(0);
          expect(r.vat).toBe(vatOfGross(r.base + r.vat, r.rate));
        }
      }),
    );
  });
});
