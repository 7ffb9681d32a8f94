/**
 * THE table of screens (spec section 2) and their four public paths, plus the functions that map public
 * URLs to the router's internal ones and back. The router's `rewrite` option, the language switcher,
 * canonical/hreflang tags, the sitemap, robots.txt, legacy redirects and the first-visit language redirect
 * all read this one table. How to add a screen: docs/i18n-routing.md.
 *
 * Internal paths: `/{locale}{internal}` (e.g. `/hr/cart`, `/de/products/fusilli`), one route file per screen
 * under client/src/routes/$locale/. Public paths: `{prefix}{path}` (e.g. `/kosarica`, `/de/produkten/fusilli`).
 * Path patterns use the router's syntax: `$name` is a whole dynamic segment, `{$name}-suffix` a dynamic
 * segment with a fixed suffix. Dynamic values pass through untranslated and byte-for-byte (still
 * percent-encoded), so `toPublic(toInternal(url)) === url` for every URL.
 *
 * Pure TypeScript without imports from React or the router: jest tests it directly.
 */
import { DEFAULT_LOCALE, LOCALES, isLocale, localePrefix, type Locale } from './locales.js';

export type ScreenId =
  | 'home'
  | 'cart'
  | 'checkout'
  | 'payment_success'
  | 'payment_fail'
  | 'login'
  | 'register'
  | 'forgot_password'
  | 'reset_password'
  | 'profile'
  | 'profile_edit'
  | 'profile_orders'
  | 'profile_order'
  | 'profile_reset_password'
  | 'product_index'
  | 'product'
  | 'products'
  | 'products_slug'
  | 'webshop'
  | 'webshop_slug'
  | 'recipes'
  | 'recipe'
  | 'blog'
  | 'blog_post'
  | 'superfoodie'
  | 'superfoodie_slug'
  | 'method'
  | 'about_us'
  | 'story'
  | 'contact'
  | 'eu_projects'
  | 'delivery'
  | 'cookies'
  | 'gdpr'
  | 'privacy_policy'
  | 'general_terms'
  | 'payment_terms'
  | 'newsletter_confirm'
  | 'newsletter_unsubscribe'
  | 'account_activation'
  | 'magic_link'
  | 'email_confirmation';

export interface ScreenDefinition {
  /** Internal path after the `/$locale` segment; '' for home. Also the route file's path. */
  internal: string;
  /** Public path per language, without the language prefix; '' for home. */
  paths: Record<Locale, string>;
  /**
   * Private screens (cart, checkout, account, payment results, auth forms) are `noindex`, disallowed in
   * robots.txt and left out of the sitemap.
   */
  private?: boolean;
  /** Public but not for search results (noindex, not in the sitemap), e.g. the product page without a product. */
  noindex?: boolean;
  /** The URL carries a mailed link's secret token: the page asks for no referrer (`<meta name="referrer">`). */
  tokenInUrl?: boolean;
  /** Breadcrumb parent (home is the implicit root of every trail). */
  parent?: ScreenId;
}

const same = (path: string): Record<Locale, string> => ({ hr: path, en: path, de: path, sl: path });

/** Every screen of spec section 2, in the spec's order. */
export const SCREENS: Record<ScreenId, ScreenDefinition> = {
  home: { internal: '', paths: same('') },
  cart: {
    internal: '/cart',
    paths: { hr: '/kosarica', en: '/cart', de: '/cart', sl: '/kosarica' },
    private: true,
  },
  checkout: {
    internal: '/checkout',
    paths: { hr: '/placanje', en: '/checkout', de: '/checkout', sl: '/placanje' },
    private: true,
    parent: 'cart',
  },
  payment_success: {
    internal: '/payment-success',
    paths: { hr: '/placanje-uspjesno', en: '/payment-success', de: '/payment-success', sl: '/placanje-uspjesno' },
    private: true,
  },
  payment_fail: {
    internal: '/payment-fail',
    paths: { hr: '/placanje-neuspjesno', en: '/payment-fail', de: '/payment-fail', sl: '/placanje-neuspjesno' },
    private: true,
  },
  login: {
    internal: '/login',
    paths: { hr: '/prijava', en: '/login', de: '/login', sl: '/login' },
    private: true,
  },
  register: {
    internal: '/register',
    paths: { hr: '/registracija', en: '/register', de: '/register', sl: '/registracija' },
    private: true,
  },
  forgot_password: {
    internal: '/forgot-password',
    paths: { hr: '/zaboravljena-lozinka', en: '/forgot-password', de: '/forgot-password', sl: '/zaboravljena-lozinka' },
    private: true,
    parent: 'login',
  },
  reset_password: {
    internal: '/reset-password/$token',
    paths: {
      hr: '/ponisti-lozinku/$token',
      en: '/reset-password/$token',
      de: '/reset-password/$token',
      sl: '/ponisti-lozinku/$token',
    },
    private: true,
    tokenInUrl: true,
    parent: 'login',
  },
  profile: {
    internal: '/profile',
    paths: { hr: '/profil', en: '/profile', de: '/profile', sl: '/profil' },
    private: true,
  },
  profile_edit: {
    internal: '/profile/edit',
    paths: { hr: '/profil/uredi', en: '/profile/edit', de: '/profile/edit', sl: '/profil/uredi' },
    private: true,
    parent: 'profile',
  },
  profile_orders: {
    internal: '/profile/orders',
    paths: { hr: '/profil/narudzbe', en: '/profile/orders', de: '/profile/orders', sl: '/profil/narudzbe' },
    private: true,
    parent: 'profile',
  },
  /** One order of the signed-in user (issue 10), by its number (`ZZ-2026-000123`). */
  profile_order: {
    internal: '/profile/orders/$number',
    paths: {
      hr: '/profil/narudzbe/$number',
      en: '/profile/orders/$number',
      de: '/profile/orders/$number',
      sl: '/profil/narudzbe/$number',
    },
    private: true,
    parent: 'profile_orders',
  },
  profile_reset_password: {
    internal: '/profile/reset-password',
    paths: {
      hr: '/profil/ponisti-lozinku',
      en: '/profile/reset-password',
      de: '/profile/reset-password',
      sl: '/profil/ponisti-lozinku',
    },
    private: true,
    parent: 'profile',
  },
  product_index: {
    internal: '/product',
    paths: { hr: '/proizvod', en: '/product', de: '/product', sl: '/izdelek' },
    noindex: true,
    parent: 'products',
  },
  product: {
    internal: '/product/$slug',
    paths: { hr: '/proizvod/$slug', en: '/product/$slug', de: '/product/$slug', sl: '/izdelek/$slug' },
    parent: 'products',
  },
  products: {
    internal: '/products',
    paths: { hr: '/proizvodi', en: '/products', de: '/produkten', sl: '/izdelki' },
  },
  products_slug: {
    internal: '/products/$slug',
    paths: { hr: '/proizvodi/$slug', en: '/products/$slug', de: '/produkten/$slug', sl: '/izdelki/$slug' },
    parent: 'products',
  },
  webshop: { internal: '/webshop', paths: same('/webshop') },
  webshop_slug: {
    internal: '/webshop/$slug',
    paths: same('/webshop/$slug'),
    parent: 'webshop',
  },
  recipes: {
    internal: '/recipes',
    paths: { hr: '/recepti', en: '/recipes', de: '/rezepte', sl: '/recepti' },
  },
  recipe: {
    internal: '/recipes/$slug',
    paths: { hr: '/recepti/$slug', en: '/recipes/$slug', de: '/rezepte/$slug', sl: '/recepti/$slug' },
    parent: 'recipes',
  },
  blog: { internal: '/blog', paths: same('/blog') },
  blog_post: { internal: '/blog/$slug', paths: same('/blog/$slug'), parent: 'blog' },
  superfoodie: { internal: '/superfoodie', paths: same('/superfoodie') },
  superfoodie_slug: {
    internal: '/superfoodie/$slug',
    paths: same('/superfoodie/$slug'),
    parent: 'superfoodie',
  },
  method: {
    internal: '/{$product}-method',
    paths: {
      hr: '/{$product}-metoda',
      en: '/{$product}-method',
      de: '/{$product}-method',
      sl: '/{$product}-metoda',
    },
    parent: 'about_us',
  },
  about_us: {
    internal: '/about-us',
    paths: { hr: '/o-nama', en: '/about-us', de: '/uber-uns', sl: '/o-nas' },
  },
  story: {
    internal: '/a-story-worth-every-letter',
    paths: {
      hr: '/prica-vrijedna-svakog-slova',
      en: '/a-story-worth-every-letter',
      de: '/a-story-worth-every-letter',
      sl: '/zgodba-vredna-vsake-crke',
    },
    parent: 'about_us',
  },
  contact: {
    internal: '/contact',
    paths: { hr: '/kontakt', en: '/contact', de: '/kontakt', sl: '/kontakt' },
  },
  eu_projects: {
    internal: '/eu-projects',
    paths: { hr: '/eu-projekti', en: '/eu-projects', de: '/eu-projekte', sl: '/eu-projekti' },
    parent: 'about_us',
  },
  delivery: {
    internal: '/delivery',
    paths: { hr: '/dostava', en: '/delivery', de: '/delivery', sl: '/dostava' },
  },
  cookies: {
    internal: '/cookies',
    paths: { hr: '/kolacici', en: '/cookies', de: '/cookies', sl: '/kolacici' },
  },
  gdpr: { internal: '/gdpr', paths: same('/gdpr') },
  privacy_policy: {
    internal: '/privacy-policy',
    paths: { hr: '/politika-privatnosti', en: '/privacy-policy', de: '/privacy-policy', sl: '/politika-privatnosti' },
  },
  general_terms: {
    internal: '/general-terms-and-conditions',
    paths: {
      hr: '/opci-uvjeti-poslovanja',
      en: '/general-terms-and-conditions',
      de: '/general-terms-and-conditions',
      sl: '/opci-uvjeti-poslovanja',
    },
  },
  payment_terms: {
    internal: '/terms-and-methods-of-payment',
    paths: {
      hr: '/uvjeti-i-nacini-placanja',
      en: '/terms-and-methods-of-payment',
      de: '/terms-and-methods-of-payment',
      sl: '/uvjeti-i-nacini-placanja',
    },
  },
  // The newsletter's double opt-in and unsubscribe pages (issue 13, docs/newsletter.md): reached
  // by the links of the newsletter mails (`?token=`), never indexed.
  newsletter_confirm: {
    internal: '/newsletter/confirm',
    paths: { hr: '/newsletter/potvrda', en: '/newsletter/confirm', de: '/newsletter/bestaetigen', sl: '/e-novice/potrditev' },
    private: true,
  },
  newsletter_unsubscribe: {
    internal: '/newsletter/unsubscribe',
    paths: { hr: '/newsletter/odjava', en: '/newsletter/unsubscribe', de: '/newsletter/abmelden', sl: '/e-novice/odjava' },
    private: true,
  },
  // The account mails' links (issue 19, docs/identity.md 'Links in mails'): `?token=`; opening the page
  // changes nothing (a mail scanner uses nothing up), its button does. Never indexed.
  account_activation: {
    internal: '/activate-account',
    paths: { hr: '/aktivacija-racuna', en: '/activate-account', de: '/konto-aktivieren', sl: '/aktivacija-racuna' },
    private: true,
    tokenInUrl: true,
  },
  magic_link: {
    internal: '/sign-in-link',
    paths: { hr: '/prijava-poveznicom', en: '/sign-in-link', de: '/anmeldelink', sl: '/prijava-s-povezavo' },
    private: true,
    tokenInUrl: true,
  },
  email_confirmation: {
    internal: '/confirm-email',
    paths: { hr: '/potvrda-e-adrese', en: '/confirm-email', de: '/e-mail-bestaetigen', sl: '/potrditev-e-naslova' },
    private: true,
    tokenInUrl: true,
  },
};

export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

/**
 * Internal marker segment for public paths that match no screen: `/nepostoji` -> `/hr/~/nepostoji`.
 * No route has a `~` segment, so an unknown path can never land on a screen (e.g. `/cart` is not the
 * Croatian cart and must not become `/hr/cart`); the 404 page still knows the language.
 */
export const UNMATCHED_SEGMENT = '~';

/** Route names carry the locale suffix: `cart_hr`, `cart_en`, ... */
export function routeName(screen: ScreenId, locale: Locale): string {
  return `${screen}_${locale}`;
}

export function parseRouteName(name: string): { screen: ScreenId; locale: Locale } | null {
  const at = name.lastIndexOf('_');
  const screen = name.slice(0, at);
  const locale = name.slice(at + 1);
  if (at < 0 || !isLocale(locale) || !(screen in SCREENS)) return null;
  return { screen: screen as ScreenId, locale };
}

/** The router's path (route `to`) of a screen, e.g. `/$locale/cart`, `/$locale` for home. */
export function routePath(screen: ScreenId): string {
  return `/$locale${SCREENS[screen].internal}`;
}

// ---------------------------------------------------------------------------------------------------
// Pattern compilation

interface CompiledPattern {
  regex: RegExp;
  params: string[];
  /** Segments with a dynamic part; static patterns are tried before dynamic ones. */
  dynamicSegments: number;
  template: string;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(template: string): CompiledPattern {
  const params: string[] = [];
  let dynamicSegments = 0;
  const body = template
    .split('/')
    .slice(1)
    .map((segment) => {
      const whole = /^\$([A-Za-z_]\w*)$/.exec(segment);
      if (whole) {
        params.push(whole[1]);
        dynamicSegments++;
        return '([^/]+)';
      }
      const braced = /^(.*)\{\$([A-Za-z_]\w*)\}(.*)$/.exec(segment);
      if (braced) {
        params.push(braced[2]);
        dynamicSegments++;
        return `${escapeRegex(braced[1])}([^/]+?)${escapeRegex(braced[3])}`;
      }
      return escapeRegex(segment);
    })
    .map((s) => `/${s}`)
    .join('');
  return { regex: new RegExp(`^${body}$`), params, dynamicSegments, template };
}

/** Fills a pattern with (still encoded) parameter values. */
export function fillPattern(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{\$([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (_m, braced: string | undefined, whole: string | undefined) => {
    const name = (braced ?? whole) as string;
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${template}`);
    return value;
  });
}

interface Candidate {
  screen: ScreenId;
  pattern: CompiledPattern;
}

function buildCandidates(pick: (def: ScreenDefinition) => string): Candidate[] {
  return SCREEN_IDS.map((screen) => ({ screen, pattern: compile(pick(SCREENS[screen]) || '/') }))
    .map((c) => (c.pattern.template === '/' ? { ...c, pattern: { ...c.pattern, regex: /^$/ } } : c))
    .sort((a, b) => a.pattern.dynamicSegments - b.pattern.dynamicSegments);
}

const publicCandidates: Record<Locale, Candidate[]> = Object.fromEntries(
  LOCALES.map((locale) => [locale, buildCandidates((def) => def.paths[locale])]),
) as Record<Locale, Candidate[]>;

const internalCandidates: Candidate[] = buildCandidates((def) => def.internal);

function matchCandidates(candidates: Candidate[], path: string): ScreenMatchBase | null {
  for (const { screen, pattern } of candidates) {
    const m = pattern.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    pattern.params.forEach((name, i) => {
      params[name] = m[i + 1];
    });
    return { screen, params };
  }
  return null;
}

interface ScreenMatchBase {
  screen: ScreenId;
  /** Dynamic values exactly as they appear in the URL (percent-encoded). */
  params: Record<string, string>;
}

export interface ScreenMatch extends ScreenMatchBase {
  locale: Locale;
}

// ---------------------------------------------------------------------------------------------------
// Public <-> internal

/**
 * A public pathname with a language prefix (`/en`, `/de/produkten`): every language but the default
 * one, which has no prefix, taken from the list of languages (a new language is routed by adding it
 * there; docs/adding-a-language.md).
 */
export function prefixedPathPattern(locales: readonly string[] = LOCALES, defaultLocale: string = DEFAULT_LOCALE): RegExp {
  return new RegExp(`^/(${locales.filter((l) => l !== defaultLocale).join('|')})(/.*)?$`);
}

const PREFIXED_PATH = prefixedPathPattern();

/** Splits a public pathname into its language and the rest ('' for a language's home). */
export function splitPublicPath(pathname: string): { locale: Locale; rest: string } {
  const m = PREFIXED_PATH.exec(pathname);
  if (m && isLocale(m[1])) return { locale: m[1], rest: m[2] ?? '' };
  return { locale: DEFAULT_LOCALE, rest: pathname === '/' ? '' : pathname };
}

/** Which screen a public pathname shows, or null when it shows none (a 404). Exact match, no trailing slash. */
export function matchPublicPath(pathname: string): ScreenMatch | null {
  const { locale, rest } = splitPublicPath(pathname);
  const match = matchCandidates(publicCandidates[locale], rest);
  return match ? { ...match, locale } : null;
}

/** Which screen an internal pathname (`/hr/cart`) is, or null. */
export function matchInternalPath(pathname: string): ScreenMatch | null {
  const m = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!m || !isLocale(m[1])) return null;
  const match = matchCandidates(internalCandidates, m[2] ?? '');
  return match ? { ...match, locale: m[1] } : null;
}

/** The language of an internal pathname; the default language when it has none. */
export function localeOfInternalPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** Public pathname of a screen in a language, e.g. publicPath('products', 'de') === '/de/produkten'. */
export function publicPath(screen: ScreenId, locale: Locale, params: Record<string, string> = {}): string {
  const path = fillPattern(SCREENS[screen].paths[locale], params);
  return `${localePrefix(locale)}${path}` || '/';
}

/** Internal pathname of a screen, e.g. internalPath('products', 'de') === '/de/products'. */
export function internalPath(screen: ScreenId, locale: Locale, params: Record<string, string> = {}): string {
  return `/${locale}${fillPattern(SCREENS[screen].internal, params)}`;
}

/** Router input rewrite on a pathname: public -> internal. Total: every pathname gets an internal one. */
export function toInternalPath(pathname: string): string {
  const match = matchPublicPath(pathname);
  if (match) return internalPath(match.screen, match.locale, match.params);
  const { locale, rest } = splitPublicPath(pathname);
  return `/${locale}/${UNMATCHED_SEGMENT}${rest}`;
}

/** Router output rewrite on a pathname: internal -> public. Inverse of toInternalPath. */
export function toPublicPath(pathname: string): string {
  const match = matchInternalPath(pathname);
  if (match) return publicPath(match.screen, match.locale, match.params);
  const m = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!m || !isLocale(m[1])) return pathname;
  const locale = m[1];
  const rest = m[2] ?? '';
  const unmatched = `/${UNMATCHED_SEGMENT}`;
  if (rest === unmatched || rest.startsWith(`${unmatched}/`)) {
    return `${localePrefix(locale)}${rest.slice(unmatched.length)}` || '/';
  }
  // An internal path that is no screen (a programming error, or an unknown route): keep it readable;
  // the input rewrite will mark it unmatched and the router renders the 404 page.
  return `${localePrefix(locale)}${rest}` || '/';
}

/** The same screen in another language (language switcher, hreflang); null when the path is no screen. */
export function translatePublicPath(pathname: string, locale: Locale): string | null {
  const match = matchPublicPath(pathname);
  return match ? publicPath(match.screen, locale, match.params) : null;
}

/** Public paths of one screen in all four languages (hreflang alternates, sitemap). */
export function alternatesOf(screen: ScreenId, params: Record<string, string> = {}): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, publicPath(screen, l, params)])) as Record<Locale, string>;
}
