import fc from 'fast-check';
import { EU_COUNTRIES } from '../../../contract/countries.js';
import { DELIVERY_CONFIG, type DeliveryConfig } from './delivery.config.js';
import { normalizePostalCode, parcelWeights, quoteDelivery, zoneOf } from './delivery.js';

const config: DeliveryConfig = {
  ...DELIVERY_CONFIG,
  maxParcelGrams: 20_000,
  minimumFeePerParcel: 400,
  fees: { HR: { perParcel: 300, perStartedKg: 15 }, EU1: { perParcel: 900, perStartedKg: 60 }, EU2: { perParcel: 1400, perStartedKg: 90 } },
  freeDeliveryThresholdHr: 5000,
};

describe('delivery zones', () => {
  it('knows Croatia, the neighbour zone, the rest of the EU, and nothing else', () => {
    expect(zoneOf('HR')).toBe('HR');
    expect(zoneOf('hr')).toBe('HR');
    for (const c of ['SI', 'AT', 'HU', 'IT', 'DE']) expect(zoneOf(c)).toBe('EU1');
    for (const c of ['FR', 'ES', 'SE', 'PL', 'NL']) expect(zoneOf(c)).toBe('EU2');
    for (const c of ['BA', 'RS', 'CH', 'GB', 'US', 'XX']) expect(zoneOf(c)).toBeUndefined();
  });

  it('lists every EU country exactly once', () => {
    const all = ['HR', ...DELIVERY_CONFIG.zone1Countries, ...DELIVERY_CONFIG.zone2Countries];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...EU_COUNTRIES]);
  });
});

describe('postal codes', () => {
  it('checks the formats of HR, SI, AT, DE, IT and HU strictly', () => {
    expect(normalizePostalCode('HR', '10000')).toBe('10000');
    expect(normalizePostalCode('HR', ' 10 000 ')).toBe('10000');
    expect(normalizePostalCode('HR', 'HR-21000')).toBe('21000');
    expect(normalizePostalCode('HR', '1000')).toBeUndefined();
    expect(normalizePostalCode('HR', '100000')).toBeUndefined();
    expect(normalizePostalCode('HR', '1000a')).toBeUndefined();
    expect(normalizePostalCode('SI', 'si-1000')).toBe('1000');
    expect(normalizePostalCode('SI', '10000')).toBeUndefined();
    expect(normalizePostalCode('AT', '1010')).toBe('1010');
    expect(normalizePostalCode('AT', '101')).toBeUndefined();
    expect(normalizePostalCode('DE', '10115')).toBe('10115');
    expect(normalizePostalCode('DE', '1011')).toBeUndefined();
    expect(normalizePostalCode('IT', '00184')).toBe('00184');
    expect(normalizePostalCode('IT', '0018')).toBeUndefined();
    expect(normalizePostalCode('HU', '1051')).toBe('1051');
    expect(normalizePostalCode('HU', '10511')).toBeUndefined();
  });

  it('is lenient elsewhere but refuses rubbish', () => {
    expect(normalizePostalCode('NL', '1012 ab')).toBe('1012 AB');
    expect(normalizePostalCode('IE', 'D02 X285')).toBe('D02 X285');
    expect(normalizePostalCode('PL', '00-950')).toBe('00-950');
    expect(normalizePostalCode('FR', '')).toBeUndefined();
    expect(normalizePostalCode('FR', '7')).toBeUndefined();
    expect(normalizePostalCode('FR', '<script>')).toBeUndefined();
    expect(normalizePostalCode('FR', '12345678901')).toBeUndefined();
  });
});

describe('parcels and fees', () => {
  it('splits by the maximum parcel weight', () => {
    expect(parcelWeights(0, 20_000)).toEqual([]);
    expect(parcelWeights(400, 20_000)).toEqual([400]);
    expect(parcelWeights(20_000, 20_000)).toEqual([20_000]);
    expect(parcelWeights(20_001, 20_000)).toEqual([20_000, 1]);
    expect(parcelWeights(45_000, 20_000)).toEqual([20_000, 20_000, 5_000]);
  });

  it('charges per parcel and zone with the minimum fee per parcel', () => {
    // 0.4 kg in Croatia: 300 + 1 x 15 = 315 < 400 minimum
    expect(quoteDelivery({ zone: 'HR', weightGrams: 400, goodsValue: 300 }, config)).toEqual({
      zone: 'HR',
      parcels: 1,
      fee: 400,
      freeDelivery: { applies: true, missing: 4700, reached: false },
    });
    // 25 kg in Croatia below the threshold: parcels of 20 kg (300 + 20 x 15 = 600) and 5 kg (375 -> 400)
    expect(quoteDelivery({ zone: 'HR', weightGrams: 25_000, goodsValue: 4999 }, config)).toMatchObject({
      parcels: 2,
      fee: 1000,
      freeDelivery: { missing: 1 },
    });
    // EU zone 1, 2.4 kg: 900 + 3 x 60 = 1080; zone 2: 1400 + 3 x 90 = 1670
    expect(quoteDelivery({ zone: 'EU1', weightGrams: 2_400, goodsValue: 900 }, config)).toEqual({
      zone: 'EU1',
      parcels: 1,
      fee: 1080,
      freeDelivery: { applies: false, missing: null, reached: false },
    });
    expect(quoteDelivery({ zone: 'EU2', weightGrams: 2_400, goodsValue: 900 }, config).fee).toBe(1670);
  });

  it('is free within Croatia only, at or above the threshold', () => {
    expect(quoteDelivery({ zone: 'HR', weightGrams: 4_000, goodsValue: 5000 }, config)).toEqual({
      zone: 'HR',
      parcels: 1,
      fee: 0,
      freeDelivery: { applies: true, missing: 0, reached: true },
    });
    expect(quoteDelivery({ zone: 'HR', weightGrams: 4_000, goodsValue: 4999 }, config).fee).toBe(400);
    expect(quoteDelivery({ zone: 'EU1', weightGrams: 4_000, goodsValue: 500_000 }, config).fee).toBe(900 + 4 * 60);
  });

  it('ships nothing for an empty cart', () => {
    expect(quoteDelivery({ zone: 'HR', weightGrams: 0, goodsValue: 0 }, config)).toEqual({
      zone: 'HR',
      parcels: 0,
      fee: 0,
      freeDelivery: { applies: true, missing: 5000, reached: false },
    });
  });

  it('for any weight: enough parcels, none over the maximum, each charged at least the minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500_000 }), fc.constantFrom('HR' as const, 'EU1' as const, 'EU2' as const), (grams, zone) => {
        const weights = parcelWeights(grams, config.maxParcelGrams);
        expect(weights.reduce((a, b) => a + b, 0)).toBe(grams);
        expect(Math.max(...weights)).toBeLessThanOrEqual(config.maxParcelGrams);
        expect(weights.length).toBe(Math.ceil(grams / config.maxParcelGrams));
        const q = quoteDelivery({ zone, weightGrams: grams, goodsValue: 100 }, config);
        expect(q.parcels).toBe(weights.length);
        expect(q.fee).toBeGreaterThanOrEqual(q.parcels * config.minimumFeePerParcel);
      }),
    );
  });
});
