import { describe, expect, it } from '@jest/globals';
import { company } from './company.js';

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
  });

  it('states the share capital that HRK 20,000 converts to at the fixed rate', () => {
    expect(Math.round((20_000 / 7.5345) * 100)).toBe(company.shareCapitalCents);
  });
});
