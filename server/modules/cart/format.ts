import type { Locale } from '../../platform/i18n/index.js';

/** BCP 47 tags for number, date and country formatting. */
const TAGS: Record<Locale, string> = { hr: 'hr-HR', en: 'en-IE', de: 'de-DE', sl: 'sl-SI' };

/** Cents as a human amount in the locale's style: 1234 -> "12,34 €" (hr, de, sl) or "€12.34" (en). */
export function formatEuro(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A date as shoppers in Croatia see it (Zagreb time): "1. lipnja 2026.", "1 June 2026", … */
export function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'long', timeZone: 'Europe/Zagreb' }).format(date);
}

/** A country's name in the locale ("BA" -> "Bosna i Hercegovina"); the code itself if unknown. */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([TAGS[locale]], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
