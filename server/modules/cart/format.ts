import type { Locale } from '../../platform/i18n/index.js';

/** BCP 47 tags for date formatting. */
const TAGS: Record<Locale, string> = { hr: 'hr-HR', en: 'en-IE', de: 'de-DE', sl: 'sl-SI' };

/** A date as shoppers in Croatia see it (Zagreb time): "1. lipnja 2026.", "1 June 2026", … */
export function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'long', timeZone: 'Europe/Zagreb' }).format(date);
}
