/**
 * Permanent (301) redirects from the old site's addresses to the current ones (docs/legacy-redirects.md).
 * The old site registered its paths under every language prefix, so the table is keyed by the path AFTER
 * the prefix and applies in every language: /tko-smo -> /o-nama, /en/tko-smo -> /en/about-us.
 *
 * Order of resolution, one hop to the final address:
 *  1. clean-up: repeated slashes collapse, a trailing slash goes, `index.php`/`index.html` go;
 *  2. old language prefixes: /eng -> /en, /slo -> /sl, /hr -> (no prefix);
 *  3. the rest is a current screen with a fixed path in that language -> done (only clean-up/prefix changed);
 *  4. the rest is in the legacy table -> that screen in that language (before dynamic screens, so that
 *     /blog/recepti goes to the recipes and is not read as a blog post called "recepti");
 *  5. the rest is a current dynamic screen (/blog/some-post) -> done;
 *  6. the rest is a current path of ANOTHER language (/en/kosarica, /de/products) -> the same screen in this one.
 * Query strings are kept. Paths that match nothing are left to the router (404).
 */
import { LOCALES, localePrefix, type Locale } from '../../../contract/locales';
import { SCREENS, fillPattern, matchPublicPath, publicPath, splitPublicPath, type ScreenId } from '../../../contract/paths';

/** Old path (after the language prefix, lower case; `$slug` is kept) -> current screen. */
export const LEGACY_PATHS: Array<[string, ScreenId]> = [
  ['/index.php', 'home'],
  ['/index.html', 'home'],
  ['/pocetna', 'home'],
  ['/home', 'home'],
  ['/tko-smo', 'about_us'],
  ['/o-nama-2', 'about_us'],
  ['/about', 'about_us'],
  ['/who-we-are', 'about_us'],
  ['/povijest', 'about_us'],
  ['/o-tjestenini', 'products'],
  ['/tjestenina', 'products'],
  ['/nasi-proizvodi', 'products'],
  ['/about-pasta', 'products'],
  ['/tjestenina/$slug', 'product'],
  ['/proizvodi-2/$slug', 'product'],
  ['/product-category/$slug', 'products_slug'],
  ['/proizvod-kategorija/$slug', 'products_slug'],
  ['/trgovina', 'webshop'],
  ['/shop', 'webshop'],
  ['/shop/$slug', 'webshop_slug'],
  ['/novosti', 'blog'],
  ['/news', 'blog'],
  ['/novosti/$slug', 'blog_post'],
  ['/news/$slug', 'blog_post'],
  ['/blog/recepti', 'recipes'],
  ['/blog/recepti/$slug', 'recipe'],
  ['/recepti-2', 'recipes'],
  ['/recepti-2/$slug', 'recipe'],
  ['/recept/$slug', 'recipe'],
  ['/recipe/$slug', 'recipe'],
  ['/zastita-osobnih-podataka', 'privacy_policy'],
  ['/privatnost', 'privacy_policy'],
  ['/politika-kolacica', 'cookies'],
  ['/uvjeti-poslovanja', 'general_terms'],
  ['/uvjeti-koristenja', 'general_terms'],
  ['/nacini-placanja', 'payment_terms'],
  ['/dostava-i-povrat', 'delivery'],
  ['/kontakti', 'contact'],
  ['/kontaktirajte-nas', 'contact'],
  ['/eu-projekt', 'eu_projects'],
  ['/eu-fondovi', 'eu_projects'],
  ['/cart', 'cart'],
  ['/checkout', 'checkout'],
  ['/my-account', 'profile'],
  ['/moj-racun', 'profile'],
];

/** Old language prefixes (lower case) -> current language. */
export const LEGACY_PREFIXES: Record<string, Locale> = {
  hr: 'hr',
  cro: 'hr',
  eng: 'en',
  en: 'en',
  ger: 'de',
  deu: 'de',
  de: 'de',
  slo: 'sl',
  si: 'sl',
  sl: 'sl',
};

const compiledLegacy = LEGACY_PATHS.map(([pattern, screen]) => {
  const params: string[] = [];
  const body = pattern
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment.startsWith('$')) {
        params.push(segment.slice(1));
        return '/([^/]+)';
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { regex: new RegExp(`^${body}$`, 'i'), params, screen };
});

function screenPath(screen: ScreenId, locale: Locale, params: Record<string, string>): string | null {
  try {
    return publicPath(screen, locale, params);
  } catch {
    return null;
  }
}

/** The current screen in `locale` that `rest` (a path after the prefix) names in any language, if any. */
function crossLanguage(rest: string, locale: Locale): string | null {
  for (const other of LOCALES) {
    if (other === locale) continue;
    const match = matchPublicPath(`${localePrefix(other)}${rest}` || '/');
    if (match && match.locale === other) return publicPath(match.screen, locale, match.params);
  }
  return null;
}

function legacy(rest: string, locale: Locale): string | null {
  for (const { regex, params, screen } of compiledLegacy) {
    const m = regex.exec(rest);
    if (!m) continue;
    const values = Object.fromEntries(params.map((name, i) => [name, m[i + 1]]));
    return screenPath(screen, locale, values);
  }
  return null;
}

/** Where an old or untidy pathname now lives, or null when it needs no redirect. */
export function resolveLegacyRedirect(pathname: string): string | null {
  let path = pathname.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  path = path.replace(/\/index\.(php|html?)$/i, '') || '/';

  // Old or current language prefix.
  let locale: Locale;
  let rest: string;
  const prefix = /^\/([^/]+)(\/.*)?$/.exec(path);
  const legacyLocale = prefix ? LEGACY_PREFIXES[prefix[1].toLowerCase()] : undefined;
  if (prefix && legacyLocale) {
    locale = legacyLocale;
    rest = prefix[2] ?? '';
  } else {
    ({ locale, rest } = splitPublicPath(path));
  }

  const normalized = `${localePrefix(locale)}${rest}` || '/';
  const current = matchPublicPath(normalized);
  const isStatic = current !== null && !SCREENS[current.screen].paths[locale].includes('$');
  const target = isStatic
    ? normalized
    : (legacy(rest, locale) ?? (current ? normalized : null) ?? crossLanguage(rest, locale) ?? normalized);
  return target !== pathname ? target : null;
}

/** Every legacy pattern with sample values, for docs and tests. */
export function legacyExamples(): Array<{ from: string; to: string }> {
  return LEGACY_PATHS.map(([pattern, screen]) => {
    const from = fillPattern(pattern, { slug: 'primjer' });
    return { from, to: screenPath(screen, 'hr', { slug: 'primjer' }) ?? '' };
  });
}
