import { describe, expect, it } from '@jest/globals';
import { formatOrderNumber, orderYear } from './order-number.js';

describe('orderYear (Europe/Zagreb)', () => {
  it('turns the year at midnight in Zagreb, not in UTC', () => {
    // winter: UTC+1
    expect(orderYear(new Date('2026-12-31T22:59:59.999Z'))).toBe(2026);
    expect(orderYear(new Date('2026-12-31T23:00:00.000Z'))).toBe(2027);
    expect(orderYear(new Date('2027-01-01T00:30:00.000Z'))).toBe(2027);
    expect(orderYear(new Date('2026-06-15T12:00:00.000Z'))).toBe(2026);
  });

  it('refuses an invalid date', () => {
    expect(() => orderYear(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('formatOrderNumber', () => {
  it('writes ZZ-<year>-<6 digits>', () => {
    expect(formatOrderNumber(2026, 1)).toBe('ZZ-2026-000001');
    expect(formatOrderNumber(2026, 123)).toBe('ZZ-2026-000123');
    expect(formatOrderNumber(2027, 999_999)).toBe('ZZ-2027-999999');
    for (const n of [1, 42, 999_999]) expect(formatOrderNumber(2026, n)).toMatch(/^ZZ-\d{4}-\d{6}$/);
  });

  it('refuses sequences that are no positive integers', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => formatOrderNumber(2026, n)).toThrow(RangeError);
  });
});
