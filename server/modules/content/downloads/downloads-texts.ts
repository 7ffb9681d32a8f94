import { LOCALES, type Locale } from '../../../../contract/locales.js';
import type { DownloadKind } from '../../../../contract/api/downloads.js';
import { SERVER_TEXTS } from '../../../platform/i18n/index.js';

/**
 * The words the two PDFs print around the data, from server/locales (`downloads`). Titles and
 * summaries of the downloads come from the content entries (`content/downloads/*.md`) when the
 * content module has them; `FALLBACK_TITLES` (the same texts) stand in until then.
 */

const byLocale = <T>(pick: (locale: Locale) => T): Record<Locale, T> =>
  Object.fromEntries(LOCALES.map((l) => [l, pick(l)])) as Record<Locale, T>;
const downloads = (locale: Locale) => SERVER_TEXTS[locale].downloads;

export const FALLBACK_TITLES: Record<DownloadKind, Record<Locale, { title: string; summary: string }>> = {
  catalogue: byLocale((l) => downloads(l).titles.catalogue),
  'fun-book': byLocale((l) => downloads(l).titles['fun-book']),
};

/** File names offered to the browser (`Content-Disposition`), per language: ASCII and the UTF-8 form. */
export const FILE_NAMES: Record<DownloadKind, Record<Locale, string>> = {
  catalogue: byLocale((l) => downloads(l).fileNames.catalogue),
  'fun-book': byLocale((l) => downloads(l).fileNames['fun-book']),
};

export interface CatalogueLabels {
  title: string;
  /** `{date}`: the day the prices are from. */
  asOf: string;
  intro: string;
  since: string;
  oib: string;
  vatId: string;
  code: string;
  pack: Record<'standard' | 'business', string>;
  pricePerPiece: string;
  vatIncluded: string;
  perKg: string;
  offerUntil: string;
  lowest30d: string;
  available: string;
  soonAvailable: string;
  stockLeft: string;
  ingredients: string;
  allergens: string;
  lines: Record<string, string>;
  pricesNote: string;
  truncated: string;
  page: string;
  contents: string;
  /** The producer's country, after its address. */
  country: string;
}

export const CATALOGUE_LABELS: Record<Locale, CatalogueLabels> = byLocale((l) => downloads(l).catalogue);

/** `{name}` placeholders filled from `values`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The calendar day of `at` in Croatia (Europe/Zagreb), where the shop's prices and offers are read. */
export function zagrebDay(at: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zagreb',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** A date as each language writes it: 24. 11. 2026. (hr), 24 November 2026 (en), 24.11.2026 (de), 24. 11. 2026 (sl). Digits by hand, so every ICU gives the same text. */
export function formatDay(at: Date, locale: Locale): string {
  const { year, month, day } = zagrebDay(at);
  switch (locale) {
    case 'hr':
      return `${day}. ${month}. ${year}.`;
    case 'en':
      return `${day} ${EN_MONTHS[month - 1]} ${year}`;
    case 'de':
      return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
    case 'sl':
      return `${day}. ${month}. ${year}`;
  }
}

/** 400 -> "400 g", 1000 -> "1 kg" (decimal comma except in English). */
export function formatWeight(grams: number, locale: Locale): string {
  if (grams < 1000) return `${grams} g`;
  const kg = (grams / 1000).toString();
  return `${locale === 'en' ? kg : kg.replace('.', ',')} kg`;
}
