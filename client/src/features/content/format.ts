/** Formatting helpers of the content screens (by hand, like the catalogue's: server and browser render the same characters). */
import type { Locale } from '../../../../contract/locales';
import type { ContentAlternates } from '../../../../contract/api/content';
import type { LocaleParams } from '../../seo/head';
import { formatDecimal } from '../catalog/format';
import { formatEuro } from '../../../../contract/money';

export { formatDate, formatDecimal } from '../catalog/format';

/** BCP 47 tags of the page languages (JSON-LD inLanguage). */
export const LANGUAGE_TAGS: Record<Locale, string> = { hr: 'hr-HR', en: 'en', de: 'de', sl: 'sl-SI' };

/** Grams with at most one decimal: 1.5 -> '1,5 g' (en '1.5 g'). */
export function formatGrams(value: number, locale: Locale): string {
  return `${formatDecimal(value, locale)} g`;
}

/** A euro amount given as a number with decimals (EU project values): 1234567.5 -> '1.234.567,50 €' (en '€1,234,567.50'). */
export function formatEuroAmount(value: number, locale: Locale): string {
  return formatEuro(Math.round(value * 100), locale);
}

/**
 * Route params of an entry's page in every language from the API's `alternates` (language switcher,
 * canonical, hreflang). A language the entry is not published in keeps this page's own value (its page
 * there is the 404 page, as the switcher's link says nothing else can be offered).
 */
export function localeParamsFromAlternates(alternates: ContentAlternates, param: string, own: string): LocaleParams {
  const of = (l: Locale) => ({ [param]: alternates[l] ?? own });
  return { hr: of('hr'), en: of('en'), de: of('de'), sl: of('sl') };
}
