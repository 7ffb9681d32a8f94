import { HOME_COUNTRY } from '../../../contract/countries.js';
import { DELIVERY_CONFIG, POSTAL_CODE_FORMATS, type DeliveryConfig, type DeliveryZone } from './delivery.config.js';

export interface DeliveryQuote {
  zone: DeliveryZone;
  parcels: number;
  /** Gross cents. */
  fee: number;
  /** Free delivery progress: Croatia only; elsewhere applies=false, missing=null. */
  freeDelivery: { applies: boolean; missing: number | null; reached: boolean };
}

/** The delivery zone of an ISO 3166-1 alpha-2 country, or undefined when we do not deliver there. */
export function zoneOf(country: string, config: DeliveryConfig = DELIVERY_CONFIG): DeliveryZone | undefined {
  const c = country.toUpperCase();
  if (c === HOME_COUNTRY) return 'HR';
  if (config.zone1Countries.includes(c)) return 'EU1';
  if (config.zone2Countries.includes(c)) return 'EU2';
  return undefined;
}

/**
 * Normalizes a postal code for its country ("si-1000 " -> "1000", " 10 000" -> "10000"), or
 * returns undefined when it does not fit the country's format.
 */
export function normalizePostalCode(country: string, raw: string): string | undefined {
  const c = country.toUpperCase();
  let code = raw.trim().toUpperCase();
  if (code.startsWith(`${c}-`) || code.startsWith(`${c} `)) code = code.slice(3).trim();
  const strict = POSTAL_CODE_FORMATS[c];
  if (strict) {
    code = code.replace(/\s+/g, '');
    return strict.pattern.test(code) ? code : undefined;
  }
  code = code.replace(/\s+/g, ' ');
  return /^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/.test(code) ? code : undefined;
}

/** Parcel weights: full parcels of the maximum weight, the rest in the last one. */
export function parcelWeights(totalGrams: number, maxParcelGrams: number): number[] {
  if (totalGrams <= 0) return [];
  const full = Math.floor(totalGrams / maxParcelGrams);
  const rest = totalGrams - full * maxParcelGrams;
  return [...Array.from({ length: full }, () => maxParcelGrams), ...(rest > 0 ? [rest] : [])];
}

/**
 * Delivery by the national post parcel service: per parcel max(minimum fee, zone fee per parcel +
 * zone fee per started kg); free within Croatia when the goods (after discount) reach the threshold.
 * An empty cart ships nothing and costs nothing.
 */
export function quoteDelivery(
  input: { zone: DeliveryZone; weightGrams: number; goodsValue: number },
  config: DeliveryConfig = DELIVERY_CONFIG,
): DeliveryQuote {
  const weights = parcelWeights(input.weightGrams, config.maxParcelGrams);
  const zoneFee = config.fees[input.zone];
  const charged = weights.reduce(
    (sum, g) => sum + Math.max(config.minimumFeePerParcel, zoneFee.perParcel + zoneFee.perStartedKg * Math.ceil(g / 1000)),
    0,
  );
  if (input.zone !== 'HR')
    return { zone: input.zone, parcels: weights.length, fee: charged, freeDelivery: { applies: false, missing: null, reached: false } };
  const missing = Math.max(0, config.freeDeliveryThresholdHr - input.goodsValue);
  const reached = missing === 0 && input.goodsValue > 0;
  return { zone: input.zone, parcels: weights.length, fee: reached ? 0 : charged, freeDelivery: { applies: true, missing, reached } };
}
