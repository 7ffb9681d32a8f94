/**
 * The four languages of the shop (spec section 9) and everything that is said about them in one place.
 * Pure data and functions, shared by the server, the client and the e-mails (contract/README.md).
 */
import { COOKIE_NAMES } from './cookies.js';
export const LOCALES = ['hr', 'en', 'de', 'sl'] as const;
export type Locale = (typeof LOCALES)[number];

/** Croatian is the default language and has no URL prefix. */
export const DEFAULT_LOCALE: Locale = 'hr';

/** Cookie that keeps the visitor's language choice (spec section 2: 365 days, SameSite=Lax). */
export const LOCALE_COOKIE = COOKIE_NAMES.locale;
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Each language's BCP 47 tag with the territory the shop writes for (number and date formats). The
 * spec's `en-EN` names no real territory ("EN" is not an ISO 3166 country code), so English is
 * en-GB, the closest match for a European shop.
 */
export const LOCALE_TAGS: Record<Locale, string> = {
  hr: 'hr-HR',
  en: 'en-GB',
  de: 'de-DE',
  sl: 'sl-SI',
};

/** Open Graph locales (language_TERRITORY): the tags above with an underscore. */
export const OG_LOCALES = Object.fromEntries(Object.entries(LOCALE_TAGS).map(([l, tag]) => [l, tag.replace('-', '_')])) as Record<
  Locale,
  string
>;

/** Each language's own name, as shown in the language switcher (endonyms are not translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  hr: 'Hrvatski',
  en: 'English',
  de: 'Deutsch',
  sl: 'Slovenščina',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The public URL prefix of a language: '' for Croatian, '/en', '/de', '/sl' for the others. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

export interface LanguageRange {
  tag: string;
  q: number;
}

/**
 * An Accept-Language header (`de-AT,de;q=0.9,en;q=0.8`) as ranges, best first (stable for equal
 * weights); malformed entries and q=0 are dropped. The one parser of that header: the server's
 * error language and the page's first-visit language both read it.
 */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [rawTag, ...params] = part.trim().split(';');
      const tag = rawTag.trim().toLowerCase();
      let q = 1;
      for (const param of params) {
        const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
        if (m) q = Number(m[1]);
      }
      return { tag, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0, index };
    })
    .filter((r) => r.tag !== '' && /^[a-z0-9*-]+$/.test(r.tag) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag, q }) => ({ tag, q }));
}

/** The shop language the header prefers most, by primary subtag (de-AT -> de); null when none of ours. */
export function preferredLocale(acceptLanguage: string | null | undefined): Locale | null {
  for (const { tag } of parseAcceptLanguage(acceptLanguage)) {
    const primary = tag.split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/**
 * The best of our languages for an Accept-Language header, or `fallback` (hr) when none matches.
 * API clients (our own pages included) send the page's language this way, so error messages come
 * back in it.
 */
export function negotiateLocale(acceptLanguage: string | undefined | null, fallback: Locale = DEFAULT_LOCALE): Locale {
  return preferredLocale(acceptLanguage) ?? fallback;
}
