/**
 * The four languages of the shop (spec section 9) and everything that is said about them in one place.
 * Pure data and functions, shared by the server, the client and the e-mails (contract/README.md).
 */
export const LOCALES = ['hr', 'en', 'de', 'sl'] as const;
export type Locale = (typeof LOCALES)[number];

/** Croatian is the default language and has no URL prefix. */
export const DEFAULT_LOCALE: Locale = 'hr';

/** Cookie that keeps the visitor's language choice (spec section 2: 365 days, SameSite=Lax). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Open Graph locales (language_TERRITORY). The spec's `en-EN` names no real territory ("EN" is not an
 * ISO 3166 country code), so English is published as en_GB, the closest match for a European shop.
 */
export const OG_LOCALES: Record<Locale, string> = {
  hr: 'hr_HR',
  en: 'en_GB',
  de: 'de_DE',
  sl: 'sl_SI',
};

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

/**
 * The best of our languages for an Accept-Language header (`de-AT,de;q=0.9,en;q=0.8`), by quality
 * then order; the default when none matches. API clients (our own pages included) send the page's
 * language this way, so error messages come back in it.
 */
export function negotiateLocale(acceptLanguage: string | undefined | null, fallback: Locale = DEFAULT_LOCALE): Locale {
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((x) => x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return (ranked.find((x) => isLocale(x.base))?.base as Locale | undefined) ?? fallback;
}
