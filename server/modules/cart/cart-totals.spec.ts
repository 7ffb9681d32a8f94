import fc from 'fast-check';
import { computeTotals, type TotalsLineInput } from './cart-totals.js';
import { allocateProportionally, divideHalfUp, vatOfGross } from '../../../contract/money.js';

const RATES = [5, 13, 25] as const;

const lineArb = fc.record({
  unitPrice: fc.integer({ min: 0, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  vatRate: fc.constantFrom(...RATES),
});
/** Carts of up to 12 lines with distinct codes. */
const linesArb = fc
  .array(lineArb, { maxLength: 12 })
  .map((ls): TotalsLineInput[] => ls.map((l, i) => ({ ...l, code: `P${String(i).padStart(3, '0')}` })));
const cartArb = fc.record({
  lines: linesArb,
  discount: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 10_000_000 })),
  delivery: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
});

describe('money helpers', () => {
  it('divides half up', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(divideHalfUp(15, 10)).toBe(2);
    expect(divideHalfUp(25, 10)).toBe(3);
    expect(divideHalfUp(0, 7)).toBe(0);
    expect(() => divideHalfUp(-1, 7)).toThrow(RangeError);
  });

  it('takes VAT out of gross prices, half up', () => {
    // 125 x 25 / 125 = 25 exactly; 10 x 25 / 125 = 2; 3 x 25/125 = 0.6 -> 1; 2 x 25/125 = 0.4 -> 0
    expect(vatOfGross(125, 25)).toBe(25);
    expect(vatOfGross(10, 25)).toBe(2);
    expect(vatOfGross(3, 25)).toBe(1);
    expect(vatOfGross(2, 25)).toBe(0);
    // 21 cents at 5 % hold exactly 1.0; 226 cents at 13 % exactly 26.0
    expect(vatOfGross(21, 5)).toBe(1);
    expect(vatOfGross(226, 13)).toBe(26);
    // (100 + rate) is odd for 5, 13 and 25, so a VAT share is never exactly x.5 cents; the half-up
    // boundary itself is divideHalfUp's: 1/2 rounds up, 49/100 down (also used for percent coupons)
    expect(divideHalfUp(1, 2)).toBe(1);
    expect(divideHalfUp(49, 100)).toBe(0);
    // 250 cents at 25 % = 50.0; 249 -> 49.8 -> 50; 247 -> 49.4 -> 49
    expect(vatOfGross(249, 25)).toBe(50);
    expect(vatOfGross(247, 25)).toBe(49);
  });

  it('rounds the per-rate VAT half up exactly like the rule says', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...RATES), (gross, rate) => {
        const exact = (gross * rate) / (100 + rate);
        const vat = vatOfGross(gross, rate);
        // half up: vat - 0.5 <= exact < vat + 0.5 (with integer arithmetic for the boundary)
        expect(2 * gross * rate >= (2 * vat - 1) * (100 + rate)).toBe(true);
        expect(2 * gross * rate < (2 * vat + 1) * (100 + rate)).toBe(true);
        expect(Math.abs(vat - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('allocates proportionally with parts that sum exactly and never exceed their weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, f) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const amount = Math.floor(total * f);
          const parts = allocateProportionally(
            amount,
            weights.map((weight, i) => ({ key: `k${i}`, weight })),
          );
          const values = [...parts.values()];
          expect(values.reduce((a, b) => a + b, 0)).toBe(amount);
          weights.forEach((w, i) => {
            const p = parts.get(`k${i}`)!;
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(w);
            // largest remainder: each part is the floor or the ceiling of its exact share
            if (total > 0) expect(Math.abs(p - (amount * w) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('computeTotals', () => {
  it('for any cart: vat_base + vat_total == total, and the per-rate rows add up to them', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const t = computeTotals(cart);
        expect(t.vatBase + t.vatTotal).toBe(t.total);
        expect(t.vatByRate.reduce((s, r) => s + r.base, 0)).toBe(t.vatBase);
        expect(t.vatByRate.reduce((s, r) => s + r.vat, 0)).toBe(t.vatTotal);
        expect(t.total).toBe(t.subtotal - t.discount + t.delivery);
        expect(t.lines.reduce((s, l) => s + l.lineTotal, 0)).toBe(t.subtotal);
        expect(t.lines.reduce((s, l) => s + l.discount, 0)).toBe(t.discount);
        for (const r of t.vatByRate) {
          expect(Number.isInteger(r.base) && Number.isInteger(r.vat)).toBe(true);
          expect(r.vat).toBe(vatOfGross(r.base + r.vat, r.rate));
        }
        // rates listed once, ascending
        expect(t.vatByRate.map((r) => r.rate)).toEqual([...new Set(t.vatByRate.map((r) => r.rate))].sort((a, b) => a - b));
      }),
    );
  });

  it('never goes below zero, whatever the discount', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const t = computeTotals(cart);
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        for (const v of [t.subtotal, t.discount, t.delivery, t.total, t.vatBase, t.vatTotal]) expect(v).toBeGreaterThanOrEqual(0);
        for (const r of t.vatByRate) expect(Math.min(r.base, r.vat)).toBeGreaterThanOrEqual(0);
        for (const l of t.lines) expect(l.discount).toBeLessThanOrEqual(l.lineTotal);
      }),
    );
  });

  it('is stable under line order', () => {
    fc.assert(
      fc.property(
        cartArb.chain((cart) =>
          fc.tuple(fc.constant(cart), fc.shuffledSubarray(cart.lines, { minLength: cart.lines.length, maxLength: cart.lines.length })),
        ),
        ([cart, shuffled]) => {
          const a = computeTotals(cart);
          const b = computeTotals({ ...cart, lines: shuffled });
          const byCode = (t: typeof a) => Object.fromEntries(t.lines.map((l) => [l.code, l]));
          expect({ ...b, lines: byCode(b) }).toEqual({ ...a, lines: byCode(a) });
        },
      ),
    );
  });

  it('reduces the bases of the discounted lines proportionally and puts delivery at 25 %', () => {
    // 2 x 4.00 at 5 % and 1 x 12.00 at 25 %; 2.00 discount -> 0.80 off the 5 % line, 1.20 off the 25 % line
    const t = computeTotals({
      lines: [
        { code: 'A', unitPrice: 400, quantity: 2, vatRate: 5 },
        { code: 'B', unitPrice: 1200, quantity: 1, vatRate: 25 },
      ],
      discount: 200,
      delivery: 500,
    });
    expect(t.lines).toEqual([
      { code: 'A', lineTotal: 800, discount: 80 },
      { code: 'B', lineTotal: 1200, discount: 120 },
    ]);
    // 5 %: gross 720 -> VAT round(720 x 5/105 = 34.29) = 34; 25 %: gross 1080 + 500 = 1580 -> VAT 316
    expect(t.vatByRate).toEqual([
      { rate: 5, base: 686, vat: 34 },
      { rate: 25, base: 1264, vat: 316 },
    ]);
    expect(t).toMatchObject({ subtotal: 2000, discount: 200, delivery: 500, total: 2300, vatBase: 1950, vatTotal: 350 });
  });

  it('caps the discount at the subtotal and keeps delivery payable', () => {
    const t = computeTotals({ lines: [{ code: 'A', unitPrice: 300, quantity: 1, vatRate: 5 }], discount: 1000, delivery: 400 });
    expect(t).toMatchObject({ subtotal: 300, discount: 300, total: 400 });
    expect(t.vatByRate).toEqual([
      { rate: 5, base: 0, vat: 0 },
      { rate: 25, base: 320, vat: 80 },
    ]);
  });

  it('answers an empty cart with zeros', () => {
    expect(computeTotals({ lines: [], discount: 0, delivery: 0 })).toEqual({
      lines: [],
      subtotal: 0,
      discount: 0,
      delivery: 0,
      total: 0,
      vatBase: 0,
      vatTotal: 0,
      vatByRate: [],
    });
  });

  it('refuses malformed input instead of computing nonsense', () => {
    expect(() => computeTotals({ lines: [{ code: 'A', unitPrice: 1.5, quantity: 1, vatRate: 5 }], discount: 0, delivery: 0 })).toThrow(
      RangeError,
    );
    expect(() => computeTotals({ lines: [{ code: 'A', unitPrice: 100, quantity: 0, vatRate: 5 }], discount: 0, delivery: 0 })).toThrow(
      RangeError,
    );
    expect(() => computeTotals({ lines: [], discount: -1, delivery: 0 })).toThrow(RangeError);
    const twice = { code: 'A', unitPrice: 100, quantity: 1, vatRate: 5 };
    expect(() => computeTotals({ lines: [twice, twice], discount: 0, delivery: 0 })).toThrow(RangeError);
  });

  it("under the OSS: the destination's rates (decimals too) and delivery at its standard rate; the gross does not change", () => {
    const lines = [
      { code: 'PASTA', unitPrice: 400, quantity: 3, vatRate: 9.5 },
      { code: 'BOOK', unitPrice: 1500, quantity: 1, vatRate: 22 },
    ];
    const si = computeTotals({ lines, discount: 300, delivery: 990, deliveryVatRate: 22 });
    const hr = computeTotals({ lines: lines.map((l) => ({ ...l, vatRate: l.code === 'PASTA' ? 5 : 25 })), discount: 300, delivery: 990 });
    expect(si.total).toBe(hr.total);
    expect(si.vatByRate.map((r) => r.rate)).toEqual([9.5, 22]);
    expect(hr.vatByRate.map((r) => r.rate)).toEqual([5, 25]);
    // 300 discount spread 1200:1500 -> 133 and 167 (largest remainder)
    const pasta = 1200 - 133;
    const rest = 1500 - 167 + 990;
    expect(si.vatByRate).toEqual([
      { rate: 9.5, base: pasta - vatOfGross(pasta, 9.5), vat: vatOfGross(pasta, 9.5) },
      { rate: 22, base: rest - vatOfGross(rest, 22), vat: vatOfGross(rest, 22) },
    ]);
    expect(si.vatBase + si.vatTotal).toBe(si.total);
    // delivery alone at a rate no line has gets its own row
    expect(
      computeTotals({ lines: [{ code: 'P', unitPrice: 107, quantity: 1, vatRate: 7 }], discount: 0, delivery: 119, deliveryVatRate: 19 })
        .vatByRate,
    ).toEqual([
      { rate: 7, base: 100, vat: 7 },
      { rate: 19, base: 100, vat: 19 },
    ]);
  });
});
