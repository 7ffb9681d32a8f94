import { describe, expect, it } from '@jest/globals';
import { DELIVERY_COUNTRIES, formatKg, freeDeliveryProgress, packCount, parseQuantity, sortedCountries } from './cart-helpers';

const line = (quantity: number) => ({
  product_code: 'ZZ-X',
  name: 'X',
  slug: 'x',
  quantity,
  unit_price: 100,
  line_total: 100 * quantity,
  vat_rate: 5,
  stock: null,
});

describe('cart helpers', () => {
  it('parses the quantity field: whole numbers clamped to 1..99, anything else null', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('0')).toBe(1);
    expect(parseQuantity('150')).toBe(99);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('2.5')).toBeNull();
    expect(parseQuantity('-1')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
    expect(parseQuantity('1e3')).toBeNull();
  });

  it('computes the progress toward free delivery from what is missing', () => {
    const cart = { subtotal: 3000, discount: 500, free_delivery: { applies: true, missing: 2500 }, lines: [line(1)] };
    expect(freeDeliveryProgress(cart)).toEqual({ reached: 2500, threshold: 5000, missing: 2500, done: false });
    expect(freeDeliveryProgress({ ...cart, subtotal: 6000, discount: 0, free_delivery: { applies: true, missing: 0 } })).toEqual({
      reached: 6000,
      threshold: 6000,
      missing: 0,
      done: true,
    });
  });

  it('shows no progress outside Croatia or for an empty cart', () => {
    expect(
      freeDeliveryProgress({ subtotal: 3000, discount: 0, free_delivery: { applies: false, missing: null }, lines: [line(1)] }),
    ).toBeNull();
    expect(freeDeliveryProgress({ subtotal: 0, discount: 0, free_delivery: { applies: true, missing: 5000 }, lines: [] })).toBeNull();
  });

  it('counts packs', () => {
    expect(packCount({ lines: [line(2), line(3)] })).toBe(5);
    expect(packCount({ lines: [] })).toBe(0);
  });

  it('lists the 27 EU countries once, Croatia first, the rest by name in the language', () => {
    expect(new Set(DELIVERY_COUNTRIES).size).toBe(27);
    const names: Record<string, string> = { HR: 'Hrvatska', SI: 'Slovenija', AT: 'Austrija', DE: 'Njemačka', ČE: 'x' };
    const sorted = sortedCountries('hr', (c) => names[c] ?? c);
    expect(sorted[0]).toEqual({ code: 'HR', name: 'Hrvatska' });
    expect(sorted.map((c) => c.code).indexOf('AT')).toBeLessThan(sorted.map((c) => c.code).indexOf('SI'));
    expect(sorted).toHaveLength(27);
  });

  it('formats weights in kilograms with the language decimal mark', () => {
    expect(formatKg(2400, 'hr')).toBe('2,4 kg');
    expect(formatKg(2400, 'en')).toBe('2.4 kg');
    expect(formatKg(20_050, 'de')).toBe('20,1 kg');
  });
});
