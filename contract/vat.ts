import { EU_COUNTRIES, HOME_COUNTRY, isEuCountry, type EuCountry } from './countries.js';

/**
 * VAT across the EU (docs/invoicing/vat.md): product classes, the rates per member state and class,
 * and the rule that picks the rate of a sale.
 *
 * Below the EU threshold of EUR 10,000 a calendar year of intra-Community distance sales of goods
 * (Directive 2006/112/EC art. 59c, as inserted by Directive (EU) 2017/2455; Croatian VAT act art. 17)
 * the place of supply stays in Croatia: Croatian VAT on every sale, whatever the EU destination. Above
 * it (or when the seller opts for it), the place of supply of a distance sale of goods is where the
 * transport ends (art. 33(a)) and that country's VAT is charged and declared through the One-Stop Shop
 * (arts. 369a-369k; Croatian VAT act art. 22a and the special-scheme articles). The shop follows its
 * configuration switch `VAT_OSS` (server config) for the rule in force.
 */

/** What a product is for VAT: `food` (pasta, flour and the like: the reduced food rates), `standard` (books, merchandise, …). */
export const VAT_CLASSES = ['food', 'standard'] as const;
export type VatClass = (typeof VAT_CLASSES)[number];

export function isVatClass(value: unknown): value is VatClass {
  return typeof value === 'string' && (VAT_CLASSES as readonly string[]).includes(value);
}

/** Where the rates below come from and the date they describe. */
export const VAT_RATES_SOURCE = {
  source:
    'European Commission, "VAT rates applied in the Member States of the European Union" (taxation_customs, TEDB), ' +
    'read for dry pasta (CN 1902 11/19) and the standard rate; changes announced for 2025/2026 applied (see notes)',
  asOf: '2026-11-28',
} as const;

export interface CountryVatRates {
  /** The standard rate (percent): goods without a reduced rate, and delivery (docs/invoicing/vat.md). */
  standard: number;
  /** The rate for dry pasta and the like (percent). */
  food: number;
  /** Where the table is uncertain or the food rate depends on the product. */
  note?: string;
}

/**
 * Rates per EU member state, in percent, for goods delivered there under the OSS. Croatia's row is
 * the standard rate only: Croatian sales keep the catalogue's own per-product rate.
 */
export const EU_VAT_RATES: Readonly<Record<EuCountry, CountryVatRates>> = {
  AT: { standard: 20, food: 10 },
  BE: { standard: 21, food: 6 },
  BG: { standard: 20, food: 20, note: 'pasta at the standard rate (the 0 % rate on bread and flour ended 2024)' },
  CY: { standard: 19, food: 5 },
  CZ: { standard: 21, food: 12, note: 'one reduced rate of 12 % since 2024' },
  DE: { standard: 19, food: 7 },
  DK: { standard: 25, food: 25, note: 'no reduced rates' },
  EE: { standard: 24, food: 24, note: 'standard rate 24 % since 1 July 2025; no reduced food rate' },
  ES: { standard: 21, food: 10, note: 'pasta 10 %; bread-making flour 4 % (the catalogue sells no flour today)' },
  FI: { standard: 25.5, food: 13.5, note: 'standard 25.5 % since 1 Sept 2024; food 13.5 % from 1 Jan 2026' },
  FR: { standard: 20, food: 5.5 },
  GR: { standard: 24, food: 13 },
  HR: { standard: 25, food: 25, note: 'never used: Croatian sales keep the catalogue rate of each product' },
  HU: { standard: 27, food: 27, note: 'pasta at the standard rate (the 18 % and 5 % rates cover other foods): check' },
  IE: { standard: 23, food: 0, note: 'most food zero-rated' },
  IT: { standard: 22, food: 4, note: 'pasta and flour 4 %' },
  LT: { standard: 21, food: 21, note: 'no reduced food rate' },
  LU: { standard: 17, food: 3 },
  LV: { standard: 21, food: 21, note: 'the 12 % rate covers fruit, vegetables and (since 2025) some staples, not pasta: check' },
  MT: { standard: 18, food: 0, note: 'food zero-rated' },
  NL: { standard: 21, food: 9 },
  PL: { standard: 23, food: 5 },
  PT: { standard: 23, food: 6, note: 'mainland rates (Azores and Madeira lower)' },
  RO: { standard: 21, food: 11, note: 'standard 21 % and reduced 11 % since 1 August 2025' },
  SE: { standard: 25, food: 6, note: 'food 6 % from 1 April 2026 to 31 December 2027 (12 % before and after)' },
  SI: { standard: 22, food: 9.5 },
  SK: { standard: 23, food: 19, note: 'standard 23 % since 2025; pasta at 19 % (5 % for a list of basic foods): check' },
};

/** The member state whose VAT a sale carries: the destination under the OSS, Croatia otherwise (art. 59c, art. 33(a)). */
export function vatCountryFor(deliveryCountry: string, oss: boolean): string {
  return oss && isEuCountry(deliveryCountry) && deliveryCountry !== HOME_COUNTRY ? deliveryCountry : HOME_COUNTRY;
}

export interface VatRateQuery {
  /** The delivery country of the order or cart (ISO 3166-1 alpha-2). */
  country: string;
  productClass: VatClass;
  /** The product's Croatian rate as the catalogue holds it (5, 13 or 25). */
  croatianRate: number;
  /** Whether the OSS applies (configuration `VAT_OSS=on`). */
  oss: boolean;
}

/**
 * The VAT rate (percent) of a product sold to `country`: the catalogue's Croatian rate unless the OSS
 * applies and the goods go to another member state, then that state's rate for the product's class.
 * A country outside the EU (the shop delivers to none today) keeps the Croatian rate: an export
 * (art. 146, 0 %) would need proof of exit the shop does not collect.
 */
export function vatRateFor({ country, productClass, croatianRate, oss }: VatRateQuery): number {
  const taxing = vatCountryFor(country, oss);
  if (taxing === HOME_COUNTRY) return croatianRate;
  return EU_VAT_RATES[taxing as EuCountry][productClass];
}

/** The Croatian standard rate (delivery's rate in Croatia today). */
export const CROATIAN_STANDARD_RATE = EU_VAT_RATES.HR.standard;

/**
 * The VAT rate of delivery: the standard rate of the member state whose VAT applies (docs/invoicing/vat.md,
 * 'Delivery'): 25 % in Croatia as today, the destination's standard rate under the OSS.
 */
export function deliveryVatRateFor(country: string, oss: boolean): number {
  return EU_VAT_RATES[vatCountryFor(country, oss) as EuCountry].standard;
}

/** A rate as written beside a price, without the percent sign: 25 -> "25", 5.5 -> "5,5" (hr, de, sl) or "5.5" (en). */
export function formatVatRate(rate: number, locale: string): string {
  const text = String(Math.round(rate * 100) / 100);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** The EU countries other than Croatia: the destinations whose sales count towards the EUR 10,000 threshold. */
export const EU_DISTANCE_SALE_COUNTRIES: readonly EuCountry[] = EU_COUNTRIES.filter((c) => c !== HOME_COUNTRY);

/** The EU-wide threshold of art. 59c(1)(c), in cents (EUR 10,000, net of VAT). */
export const EU_DISTANCE_SALES_THRESHOLD_CENTS = 1_000_000;

/** From this share of the threshold the operator is warned (`near`). */
export const EU_DISTANCE_SALES_WARNING_SHARE = 0.8;

export type DistanceSalesWarning = 'none' | 'near' | 'over';

/**
 * The warning for a year's total: `over` above the threshold (or when the preceding year's total was
 * above it: art. 59c(1)(c) keeps Croatian VAT only while neither year exceeds it), `near` from 80 %
 * of it, else `none`.
 */
export function distanceSalesWarning(totalNetCents: number, previousYearNetCents = 0): DistanceSalesWarning {
  if (totalNetCents > EU_DISTANCE_SALES_THRESHOLD_CENTS || previousYearNetCents > EU_DISTANCE_SALES_THRESHOLD_CENTS) return 'over';
  if (totalNetCents >= EU_DISTANCE_SALES_THRESHOLD_CENTS * EU_DISTANCE_SALES_WARNING_SHARE) return 'near';
  return 'none';
}
