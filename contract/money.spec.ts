import { describe, expect, it } from '@jest/globals';
import { company } from './brand/company.js';
import { formatEuro, formatIban } from './money.js';

describe('formatEuro', () => {
  it('formats cents per language', () => {
    expect(formatEuro(265_446, 'hr')).toBe('2.654,46 €');
    expect(formatEuro(265_446, 'de')).toBe('2.654,46 €');
    expect(formatEuro(265_446, 'en')).toBe('€2,654.46');
    expect(formatEuro(5, 'sl')).toBe('0,05 €');
    expect(formatEuro(123_456_789, 'en')).toBe('€1,234,567.89');
    expect(formatEuro(-250, 'hr')).toBe('-2,50 €');
  });

  it('writes the amounts of the API messages as before (2,49 €, €2.49, 20,00 €)', () => {
    expect(formatEuro(249, 'de')).toBe('2,49 €');
    expect(formatEuro(249, 'en')).toBe('€2.49');
    expect(formatEuro(2000, 'hr')).toBe('20,00 €');
    expect(formatEuro(0, 'sl')).toBe('0,00 €');
  });
});

describe('formatIban', () => {
  it('groups the IBAN in fours', () => {
    expect(formatIban(company.iban)).toBe('HR58 2993 0051 1004 8271 6');
  });
});
