import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { r1Document } from '../../../../test/support/r1-invoice-document.js';
import { deriveNetAmounts } from './net-amounts.js';

const RATES = [5, 13, 25];

describe('deriveNetAmounts', () => {
  it('splits the sample into nets that add up per rate to the document bases (BR-S-08) and in total to vatBase (BR-CO-13)', () => {
    const doc = r1Document({
      lines: [
        { code: 'A', name: 'A', quantity: 2, unitPrice: 349, vatRate: 25 },
        { code: 'B', name: 'B', quantity: 3, unitPrice: 260, vatRate: 5 },
      ],
      discountByRate: [
        { rate: 5, gross: 78 },
        { rate: 25, gross: 70 },
      ],
      delivery: 499,
    });
    const net = deriveNetAmounts(doc);
    // 698 / 1.25 = 558.4 -> 558; 780 / 1.05 = 742.86 -> 743; delivery 499 / 1.25 = 399.2 -> 399
    expect(net.lines).toEqual([558, 743]);
    expect(net.delivery).toEqual({ rate: 25, net: 399 });
    // bases: 5 %: 702 - 33 = 669 = 743 - 74; 25 %: 1127 - 225 = 902 = 558 + 399 - 55
    expect(doc.vatByRate).toEqual([
      { rate: 5, base: 669, vat: 33 },
      { rate: 25, base: 902, vat: 225 },
    ]);
    expect(net.allowances).toEqual([
      { rate: 5, net: 74 },
      { rate: 25, net: 55 },
    ]);
  });

  it('settles the rounding of a rate without discount on its largest line', () => {
    // 3 x 1 cent at 25 %: each line 0.8 -> 1 cent net, base 3 - round(0.6) = 2: one line gives a cent back
    const doc = r1Document({
      lines: [
        { code: 'A', name: 'A', quantity: 1, unitPrice: 1, vatRate: 25 },
        { code: 'B', name: 'B', quantity: 2, unitPrice: 1, vatRate: 25 },
      ],
    });
    expect(doc.vatByRate).toEqual([{ rate: 25, base: 2, vat: 1 }]);
    expect(deriveNetAmounts(doc).lines).toEqual([1, 1]);
  });

  it('always balances to the cent, per rate and in total, for invoices and their stornos, each line within a cent per component of its rate of its exact net', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 40 }),
      unitPrice: fc.integer({ min: 1, max: 20_000 }),
      vatRate: fc.constantFrom(...RATES),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.nat({ max: 30 }),
        fc.nat({ max: 999 }),
        fc.constantFrom(...RATES),
        fc.boolean(),
        (lines, pct, delivery, deliveryRate, storno) => {
          const sign = storno ? -1 : 1;
          const perRate = new Map<number, number>();
          for (const l of lines) perRate.set(l.vatRate, (perRate.get(l.vatRate) ?? 0) + l.quantity * l.unitPrice);
          const discountByRate = [...perRate.entries()].map(([rate, gross]) => ({ rate, gross: sign * Math.floor((gross * pct) / 100) }));
          const doc = r1Document({
            lines: lines.map((l, i) => ({ code: `P${i}`, name: `P${i}`, ...l, quantity: sign * l.quantity })),
            discountByRate,
            delivery: sign * delivery,
            deliveryVatRate: deliveryRate,
          });
          const net = deriveNetAmounts(doc);
          expect(net.lineTotal - net.allowanceTotal + net.chargeTotal).toBe(doc.vatBase);
          for (const row of doc.vatByRate) {
            const lineSum = doc.lines.reduce((s, l, i) => s + (l.vatRate === row.rate ? net.lines[i] : 0), 0);
            const allowance = net.allowances.find((a) => a.rate === row.rate)?.net ?? 0;
            const charge = net.delivery?.rate === row.rate ? net.delivery.net : 0;
            expect(lineSum - allowance + charge).toBe(row.base);
          }
          const components = (rate: number) => doc.lines.filter((l) => l.vatRate === rate).length + 2;
          doc.lines.forEach((l, i) =>
            expect(Math.abs(net.lines[i] - (l.lineTotal * 100) / (100 + l.vatRate))).toBeLessThanOrEqual(components(l.vatRate)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
