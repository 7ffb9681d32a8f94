import { describe, expect, it } from '@jest/globals';
import { EU_COUNTRIES, HOME_COUNTRY } from './countries.js';
import { vatOfGross } from './money.js';
import {
  EU_DISTANCE_SALE_COUNTRIES,
  EU_VAT_RATES,
  VAT_CLASSES,
  VAT_RATES_SOURCE,
  deliveryVatRateFor,
  distanceSalesWarning,
  formatVatRate,
  isVatClass,
  vatCountryFor,
  vatRateFor,
} from './vat.js';

describe('EU VAT rates', () => {
  it('has a row for every EU delivery country, rates between 0 and 27.5 % with at most two decimals, food never above standard', () => {
    expect(Object.keys(EU_VAT_RATES).sort()).toEqual([...EU_COUNTRIES]);
    for (const [country, r] of Object.entries(EU_VAT_RATES)) {
      for (const rate of [r.standard, r.food]) {
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(27.5);
        expect(Math.round(rate * 100) / 100).toBe(rate);
      }
      expect({ country, below: r.food <= r.standard }).toEqual({ country, below: true });
      expect(r.standard).toBeGreaterThanOrEqual(15); // the directive's minimum standard rate (art. 97)
    }
  });

  it('knows the reduced food rates the issue names (Germany, Slovenia, Austria) and a few well-known ones', () => {
    expect(EU_VAT_RATES.DE).toMatchObject({ standard: 19, food: 7 });
    expect(EU_VAT_RATES.SI).toMatchObject({ standard: 22, food: 9.5 });
    expect(EU_VAT_RATES.AT).toMatchObject({ standard: 20, food: 10 });
    expect(EU_VAT_RATES.IT).toMatchObject({ standard: 22, food: 4 });
    expect(EU_VAT_RATES.FR).toMatchObject({ standard: 20, food: 5.5 });
    expect(EU_VAT_RATES.HR.standard).toBe(25);
  });

  it('names its source and the date it describes', () => {
    expect(VAT_RATES_SOURCE.source).toMatch(/European Commission/);
    expect(VAT_RATES_SOURCE.asOf).toMatch(/^2026-\d{2}-\d{2}$/);
  });

  it('has two product classes', () => {
    expect(VAT_CLASSES).toEqual(['food', 'standard']);
    expect(isVatClass('food')).toBe(true);
    for (const v of ['FOOD', 'books', '', null, 5]) expect(isVatClass(v)).toBe(false);
  });
});

describe('vatRateFor', () => {
  it('without the OSS: the Croatian catalogue rate for every destination (art. 59c)', () => {
    for (const country of [...EU_COUNTRIES, 'CH', 'xx']) {
      expect(vatRateFor({ country, productClass: 'food', croatianRate: 5, oss: false })).toBe(5);
      expect(vatRateFor({ country, productClass: 'standard', croatianRate: 25, oss: false })).toBe(25);
    }
  });

  it("with the OSS: the destination's rate for the class; Croatia keeps the catalogue rate", () => {
    expect(vatRateFor({ country: 'DE', productClass: 'food', croatianRate: 25, oss: true })).toBe(7);
    expect(vatRateFor({ country: 'DE', productClass: 'standard', croatianRate: 25, oss: true })).toBe(19);
    expect(vatRateFor({ country: 'SI', productClass: 'food', croatianRate: 5, oss: true })).toBe(9.5);
    expect(vatRateFor({ country: 'IE', productClass: 'food', croatianRate: 5, oss: true })).toBe(0);
    expect(vatRateFor({ country: 'HR', productClass: 'food', croatianRate: 5, oss: true })).toBe(5);
    expect(vatRateFor({ country: 'HR', productClass: 'standard', croatianRate: 13, oss: true })).toBe(13);
  });

  it('a country outside the EU (or malformed) keeps the Croatian rate', () => {
    for (const country of ['CH', 'BA', 'de', '', 'GB'])
      expect(vatRateFor({ country, productClass: 'food', croatianRate: 5, oss: true })).toBe(5);
  });

  it('names the country whose VAT applies, and delivery takes its standard rate', () => {
    expect(vatCountryFor('DE', false)).toBe(HOME_COUNTRY);
    expect(vatCountryFor('DE', true)).toBe('DE');
    expect(vatCountryFor('HR', true)).toBe('HR');
    expect(vatCountryFor('CH', true)).toBe('HR');
    expect(deliveryVatRateFor('DE', false)).toBe(25);
    expect(deliveryVatRateFor('DE', true)).toBe(19);
    expect(deliveryVatRateFor('FI', true)).toBe(25.5);
    expect(deliveryVatRateFor('HR', true)).toBe(25);
  });
});

describe('VAT with decimals', () => {
  it('vatOfGross is exact in hundredths of a percent and equals the whole-rate formula', () => {
    // 1,055 € gross at 5.5 %: 105500 x 5.5 / 105.5 = 5500 exactly
    expect(vatOfGross(105_500, 5.5)).toBe(5500);
    // 249 at 9.5 %: 249 x 9.5 / 109.5 = 21.602 -> 22
    expect(vatOfGross(249, 9.5)).toBe(22);
    // 1255 at 25.5 %: 1255 x 25.5 / 125.5 = 255 exactly
    expect(vatOfGross(1255, 25.5)).toBe(255);
    // half up at an exact half: 211 x 5.5 / 105.5 = 11 (exact) ; 1 x 0 = 0
    expect(vatOfGross(211, 5.5)).toBe(11);
    expect(vatOfGross(999, 0)).toBe(0);
    for (let gross = 0; gross < 2000; gross += 7)
      for (const rate of [5, 13, 25]) {
        expect(vatOfGross(gross, rate)).toBe(Math.floor((2 * gross * rate + 100 + rate) / (2 * (100 + rate))));
      }
    expect(() => vatOfGross(100, 5.555)).toThrow(RangeError);
    expect(() => vatOfGross(100, -1)).toThrow(RangeError);
  });

  it('writes rates in the language', () => {
    expect(formatVatRate(25, 'hr')).toBe('25');
    expect(formatVatRate(5.5, 'hr')).toBe('5,5');
    expect(formatVatRate(5.5, 'de')).toBe('5,5');
    expect(formatVatRate(25.5, 'en')).toBe('25.5');
  });
});

describe('EU distance sales', () => {
  it('counts every EU country but Croatia', () => {
    expect(EU_DISTANCE_SALE_COUNTRIES).toHaveLength(26);
    expect(EU_DISTANCE_SALE_COUNTRIES).not.toContain('HR');
  });

  it('warns from 80 % of EUR 10,000 and is over above it', () => {
    expect(distanceSalesWarning(0)).toBe('none');
    expect(distanceSalesWarning(799_999)).toBe('none');
    expect(distanceSalesWarning(800_000)).toBe('near');
    expect(distanceSalesWarning(1_000_000)).toBe('near');
    expect(distanceSalesWarning(1_000_001)).toBe('over');
    // the year after a year above the threshold: still over (art. 59c(1)(c))
    expect(distanceSalesWarning(0, 1_000_001)).toBe('over');
    expect(distanceSalesWarning(850_000, 1_000_000)).toBe('near');
  });
});
