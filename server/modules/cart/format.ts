import { LOCALE_TAGS, type Locale } from '../../../contract/locales.js';

/** A date as shoppers in Croatia see it (Zagreb time): "1. lipnja 2026.", "1 June 2026", … */
export function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'Europe/Zagreb' }).format(date);
}
