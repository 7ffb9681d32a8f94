/** The shop's languages (spec section 1); hr is the default. Mirrors client/src/i18n/locales.ts. */
export const LOCALES = ['hr', 'en', 'de', 'sl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'hr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
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
