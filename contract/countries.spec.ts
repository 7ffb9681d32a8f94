import { describe, expect, it } from '@jest/globals';
import { DELIVERY_COUNTRIES, EU_COUNTRIES, HOME_COUNTRY, countryName, isEuCountry } from './countries.js';

describe('countries', () => {
  it('lists the 27 EU member states once each, sorted', () => {
    expect(new Set(EU_COUNTRIES).size).toBe(27);
    expect([...EU_COUNTRIES].sort()).toEqual([...EU_COUNTRIES]);
  });

  it('delivers to every EU country, home first', () => {
    expect(DELIVERY_COUNTRIES[0]).toBe(HOME_COUNTRY);
    expect([...DELIVERY_COUNTRIES].sort()).toEqual([...EU_COUNTRIES]);
  });

  it('knows EU codes and nothing else', () => {
    expect(isEuCountry('SI')).toBe(true);
    for (const v of ['si', 'BA', 'GB', '', null, 7, ['HR']]) expect(isEuCountry(v)).toBe(false);
  });

  it('names countries in the language, and falls back to the code', () => {
    expect(countryName('HR', 'hr')).toBe('Hrvatska');
    expect(countryName('SI', 'de')).toBe('Slowenien');
    expect(countryName('not a code', 'en')).toBe('not a code');
  });
});
