/**
 * Delivery defaults: the ONE place to change fees, zones, parcel size and the free-delivery
 * threshold (documented in docs/cart.md). All money in gross euro cents (VAT 25 % included).
 * In contract/ because the cart (server/modules/cart) prices with it and the delivery page
 * (client, features/content) prints its prices from it: one source, so they can never differ.
 */

export type DeliveryZone = 'HR' | 'EU1' | 'EU2';

export interface ZoneFee {
  /** Fee per parcel before the weight part. */
  perParcel: number;
  /** Fee per started kilogram of the parcel's weight. */
  perStartedKg: number;
}

export interface DeliveryConfig {
  /** National post parcel service (Hrvatska pošta); shown to the shopper. */
  carrier: string;
  deliveryDays: { min: number; max: number };
  /** Heaviest parcel the carrier takes; heavier orders ship as several parcels. */
  maxParcelGrams: number;
  /** No parcel costs less than this, whatever its zone and weight. */
  minimumFeePerParcel: number;
  fees: Record<DeliveryZone, ZoneFee>;
  /** Goods value (after discount) from which delivery within Croatia is free. Croatia only. */
  freeDeliveryThresholdHr: number;
  /** EU zone 1: Croatia's neighbours and near markets. */
  zone1Countries: readonly string[];
  /** EU zone 2: the rest of the European Union. */
  zone2Countries: readonly string[];
}

export const DELIVERY_CONFIG: DeliveryConfig = {
  carrier: 'Hrvatska pošta (Paket 24)',
  deliveryDays: { min: 3, max: 5 },
  maxParcelGrams: 20_000,
  minimumFeePerParcel: 400,
  fees: {
    HR: { perParcel: 300, perStartedKg: 15 },
    EU1: { perParcel: 900, perStartedKg: 60 },
    EU2: { perParcel: 1400, perStartedKg: 90 },
  },
  freeDeliveryThresholdHr: 5000,
  zone1Countries: ['SI', 'AT', 'HU', 'IT', 'DE', 'CZ', 'SK'],
  zone2Countries: ['BE', 'BG', 'CY', 'DK', 'EE', 'FI', 'FR', 'GR', 'IE', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'ES', 'SE'],
};

/** Postal code formats we check strictly; other countries accept 2 to 10 letters, digits, spaces or hyphens. */
export const POSTAL_CODE_FORMATS: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  HR: { pattern: /^\d{5}$/, example: '10000' },
  SI: { pattern: /^\d{4}$/, example: '1000' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  DE: { pattern: /^\d{5}$/, example: '10115' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  HU: { pattern: /^\d{4}$/, example: '1051' },
};
