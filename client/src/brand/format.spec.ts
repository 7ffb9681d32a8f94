import { describe, expect, it } from '@jest/globals';
import { company } from './company';
import { formatEuro, formatIban, nameFromSlug } from './format';

describe('formatEuro', () => {
  it('formats cents per language', () => {
    expect(formatEuro(265_446, 'hr')).toBe('2.654,46 €');
    expect(formatEuro(265_446, 'de')).toBe('2.654,46 €');
    expect(formatEuro(265_446, 'en')).toBe('€2,654.46');
    expect(formatEuro(5, 'sl')).toBe('0,05 €');
    expect(formatEuro(123_456_789, 'en')).toBe('€1,234,567.89');
    expect(formatEuro(-250, 'hr')).toBe('-2,50 €');
  });
});

describe('company data', () => {
  it('has an OIB with a valid ISO 7064 MOD 11,10 check digit', () => {
    const digits = company.oib.split('').map(Number);
    let a = 10;
    for (const d of digits.slice(0, 10)) {
      a = (a + d) % 10 || 10;
      a = (a * 2) % 11;
    }
    expect(digits).toHaveLength(11);
    expect((11 - a) % 10).toBe(digits[10]);
    expect(company.vatId).toBe(`HR${company.oib}`);
  });

  it('has a valid Croatian IBAN', () => {
    expect(company.iban).toMatch(/^HR\d{19}$/);
    const rearranged = company.iban.slice(4) + company.iban.slice(0, 4);
    const numeric = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    expect(BigInt(numeric) % 97n).toBe(1n);
    expect(formatIban(company.iban)).toBe('HR58 2993 0051 1004 8271 6');
  });

  it('states the share capital that HRK 20,000 converts to at the fixed rate', () => {
    expect(Math.round((20_000 / 7.5345) * 100)).toBe(company.shareCapitalCents);
  });
});

describe('nameFromSlug', () => {
  it('makes slugs readable', () => {
    expect(nameFromSlug('kamut-fusilli')).toBe('Kamut fusilli');
    expect(nameFromSlug('%C4%8Devapi')).toBe('Čevapi');
    expect(nameFromSlug('%E0%A4%A')).toBe('%E0%A4%A');
    expect(nameFromSlug(undefined)).toBe('');
  });
});
