import { describe, expect, it } from '@jest/globals';
import { LOCALES, type Locale } from './locales.js';
import {
  SCREEN_IDS,
  SCREENS,
  alternatesOf,
  internalPath,
  matchInternalPath,
  matchPublicPath,
  parseRouteName,
  publicPath,
  routeName,
  toInternalPath,
  toPublicPath,
  translatePublicPath,
  type ScreenId,
} from './paths.js';

const SAMPLE_PARAMS = { slug: 'kamut-fusilli', token: 'f3a9c2d1e0', product: 'kamut', number: 'ZZ-2026-000123' };

/**
 * Spec section 2, typed out again independently of the table in paths.ts: [screen, hr, en, de, sl].
 * A typo in either place fails the test.
 */
const SPEC: Array<[ScreenId, string, string, string, string]> = [
  ['home', '/', '/en', '/de', '/sl'],
  ['cart', '/kosarica', '/en/cart', '/de/cart', '/sl/kosarica'],
  ['checkout', '/placanje', '/en/checkout', '/de/checkout', '/sl/placanje'],
  ['payment_success', '/placanje-uspjesno', '/en/payment-success', '/de/payment-success', '/sl/placanje-uspjesno'],
  ['payment_fail', '/placanje-neuspjesno', '/en/payment-fail', '/de/payment-fail', '/sl/placanje-neuspjesno'],
  ['login', '/prijava', '/en/login', '/de/login', '/sl/login'],
  ['register', '/registracija', '/en/register', '/de/register', '/sl/registracija'],
  ['forgot_password', '/zaboravljena-lozinka', '/en/forgot-password', '/de/forgot-password', '/sl/zaboravljena-lozinka'],
  [
    'reset_password',
    '/ponisti-lozinku/f3a9c2d1e0',
    '/en/reset-password/f3a9c2d1e0',
    '/de/reset-password/f3a9c2d1e0',
    '/sl/ponisti-lozinku/f3a9c2d1e0',
  ],
  ['profile', '/profil', '/en/profile', '/de/profile', '/sl/profil'],
  ['profile_edit', '/profil/uredi', '/en/profile/edit', '/de/profile/edit', '/sl/profil/uredi'],
  ['profile_orders', '/profil/narudzbe', '/en/profile/orders', '/de/profile/orders', '/sl/profil/narudzbe'],
  [
    'profile_order',
    '/profil/narudzbe/ZZ-2026-000123',
    '/en/profile/orders/ZZ-2026-000123',
    '/de/profile/orders/ZZ-2026-000123',
    '/sl/profil/narudzbe/ZZ-2026-000123',
  ],
  [
    'profile_reset_password',
    '/profil/ponisti-lozinku',
    '/en/profile/reset-password',
    '/de/profile/reset-password',
    '/sl/profil/ponisti-lozinku',
  ],
  ['product_index', '/proizvod', '/en/product', '/de/product', '/sl/izdelek'],
  ['product', '/proizvod/kamut-fusilli', '/en/product/kamut-fusilli', '/de/product/kamut-fusilli', '/sl/izdelek/kamut-fusilli'],
  ['products', '/proizvodi', '/en/products', '/de/produkten', '/sl/izdelki'],
  ['products_slug', '/proizvodi/kamut-fusilli', '/en/products/kamut-fusilli', '/de/produkten/kamut-fusilli', '/sl/izdelki/kamut-fusilli'],
  ['webshop', '/webshop', '/en/webshop', '/de/webshop', '/sl/webshop'],
  ['webshop_slug', '/webshop/kamut-fusilli', '/en/webshop/kamut-fusilli', '/de/webshop/kamut-fusilli', '/sl/webshop/kamut-fusilli'],
  ['recipes', '/recepti', '/en/recipes', '/de/rezepte', '/sl/recepti'],
  ['recipe', '/recepti/kamut-fusilli', '/en/recipes/kamut-fusilli', '/de/rezepte/kamut-fusilli', '/sl/recepti/kamut-fusilli'],
  ['blog', '/blog', '/en/blog', '/de/blog', '/sl/blog'],
  ['blog_post', '/blog/kamut-fusilli', '/en/blog/kamut-fusilli', '/de/blog/kamut-fusilli', '/sl/blog/kamut-fusilli'],
  ['superfoodie', '/superfoodie', '/en/superfoodie', '/de/superfoodie', '/sl/superfoodie'],
  [
    'superfoodie_slug',
    '/superfoodie/kamut-fusilli',
    '/en/superfoodie/kamut-fusilli',
    '/de/superfoodie/kamut-fusilli',
    '/sl/superfoodie/kamut-fusilli',
  ],
  ['method', '/kamut-metoda', '/en/kamut-method', '/de/kamut-method', '/sl/kamut-metoda'],
  ['about_us', '/o-nama', '/en/about-us', '/de/uber-uns', '/sl/o-nas'],
  [
    'story',
    '/prica-vrijedna-svakog-slova',
    '/en/a-story-worth-every-letter',
    '/de/a-story-worth-every-letter',
    '/sl/zgodba-vredna-vsake-crke',
  ],
  ['contact', '/kontakt', '/en/contact', '/de/kontakt', '/sl/kontakt'],
  ['eu_projects', '/eu-projekti', '/en/eu-projects', '/de/eu-projekte', '/sl/eu-projekti'],
  ['delivery', '/dostava', '/en/delivery', '/de/delivery', '/sl/dostava'],
  ['cookies', '/kolacici', '/en/cookies', '/de/cookies', '/sl/kolacici'],
  ['gdpr', '/gdpr', '/en/gdpr', '/de/gdpr', '/sl/gdpr'],
  ['privacy_policy', '/politika-privatnosti', '/en/privacy-policy', '/de/privacy-policy', '/sl/politika-privatnosti'],
  [
    'general_terms',
    '/opci-uvjeti-poslovanja',
    '/en/general-terms-and-conditions',
    '/de/general-terms-and-conditions',
    '/sl/opci-uvjeti-poslovanja',
  ],
  [
    'payment_terms',
    '/uvjeti-i-nacini-placanja',
    '/en/terms-and-methods-of-payment',
    '/de/terms-and-methods-of-payment',
    '/sl/uvjeti-i-nacini-placanja',
  ],
  ['newsletter_confirm', '/newsletter/potvrda', '/en/newsletter/confirm', '/de/newsletter/bestaetigen', '/sl/e-novice/potrditev'],
  ['newsletter_unsubscribe', '/newsletter/odjava', '/en/newsletter/unsubscribe', '/de/newsletter/abmelden', '/sl/e-novice/odjava'],
  ['account_activation', '/aktivacija-racuna', '/en/activate-account', '/de/konto-aktivieren', '/sl/aktivacija-racuna'],
  ['magic_link', '/prijava-poveznicom', '/en/sign-in-link', '/de/anmeldelink', '/sl/prijava-s-povezavo'],
  ['email_confirmation', '/potvrda-e-adrese', '/en/confirm-email', '/de/e-mail-bestaetigen', '/sl/potrditev-e-naslova'],
];

const CASES = SPEC.flatMap(([screen, ...paths]) => LOCALES.map((locale, i) => ({ screen, locale, publicUrl: paths[i] as string })));

const paramsOf = (screen: ScreenId) => {
  const names = [...SCREENS[screen].internal.matchAll(/\$(\w+)/g)].map((m) => m[1]);
  return Object.fromEntries(names.map((n) => [n, SAMPLE_PARAMS[n as keyof typeof SAMPLE_PARAMS]]));
};

/** What the client router's rewrite does with a whole URL (client/src/i18n/rewrite.ts): only the pathname changes. */
function roundTrip(href: string): { internal: string; back: string } {
  const internal = new URL(href, 'http://localhost');
  internal.pathname = toInternalPath(internal.pathname);
  const back = new URL(internal.href);
  back.pathname = toPublicPath(back.pathname);
  return { internal: internal.href.replace(internal.origin, ''), back: back.href.replace(back.origin, '') };
}

describe('paths table', () => {
  it('covers every screen of spec section 2 exactly once', () => {
    expect(SPEC.map(([s]) => s).sort()).toEqual([...SCREEN_IDS].sort());
  });

  it.each(CASES)('$screen in $locale is $publicUrl', ({ screen, locale, publicUrl }) => {
    expect(publicPath(screen, locale, paramsOf(screen))).toBe(publicUrl);
  });

  it.each(CASES)('$publicUrl maps to route $screen_$locale and back exactly', ({ screen, locale, publicUrl }) => {
    const match = matchPublicPath(publicUrl);
    expect(match).toEqual({ screen, locale, params: paramsOf(screen) });
    expect(routeName(match!.screen, match!.locale)).toBe(`${screen}_${locale}`);

    const internal = toInternalPath(publicUrl);
    expect(internal).toBe(internalPath(screen, locale, paramsOf(screen)));
    expect(internal.startsWith(`/${locale}`)).toBe(true);
    expect(matchInternalPath(internal)).toEqual({ screen, locale, params: paramsOf(screen) });
    expect(toPublicPath(internal)).toBe(publicUrl);

    // Through the router's rewrite pair, with search and hash.
    for (const suffix of ['', '?page=2&sort=price', '#ingredients', '?q=fusilli#top']) {
      const { back, internal: rewritten } = roundTrip(publicUrl + suffix);
      expect(back).toBe(publicUrl + suffix);
      expect(rewritten).toBe(internal + suffix);
    }
  });

  it('gives route names with a locale suffix and parses them back', () => {
    expect(routeName('cart', 'hr')).toBe('cart_hr');
    expect(routeName('payment_success', 'sl')).toBe('payment_success_sl');
    expect(parseRouteName('payment_success_sl')).toEqual({ screen: 'payment_success', locale: 'sl' });
    expect(parseRouteName('cart_fr')).toBeNull();
    expect(parseRouteName('basket_en')).toBeNull();
    expect(parseRouteName('cart')).toBeNull();
  });

  it('uses the German words from the spec', () => {
    expect(publicPath('products', 'de')).toBe('/de/produkten');
    expect(publicPath('recipes', 'de')).toBe('/de/rezepte');
    expect(publicPath('about_us', 'de')).toBe('/de/uber-uns');
    expect(publicPath('eu_projects', 'de')).toBe('/de/eu-projekte');
    expect(toInternalPath('/de/produkten')).toBe('/de/products');
    expect(toInternalPath('/kosarica')).toBe('/hr/cart');
    expect(toInternalPath('/en/cart')).toBe('/en/cart');
    expect(toPublicPath('/hr/cart')).toBe('/kosarica');
    expect(toPublicPath('/de/products')).toBe('/de/produkten');
    expect(toPublicPath('/hr')).toBe('/');
  });
});

describe('the {product}-method screen', () => {
  it('maps /kamut-metoda (hr) and /en/kamut-method to the method screen', () => {
    expect(matchPublicPath('/kamut-metoda')).toEqual({ screen: 'method', locale: 'hr', params: { product: 'kamut' } });
    expect(matchPublicPath('/en/kamut-method')).toEqual({ screen: 'method', locale: 'en', params: { product: 'kamut' } });
    expect(matchPublicPath('/sl/pirina-metoda')).toEqual({ screen: 'method', locale: 'sl', params: { product: 'pirina' } });
    expect(toInternalPath('/kamut-metoda')).toBe('/hr/kamut-method');
    expect(toPublicPath('/hr/kamut-method')).toBe('/kamut-metoda');
  });

  it('keeps hyphens inside the product name', () => {
    expect(matchPublicPath('/durum-psenica-metoda')?.params).toEqual({ product: 'durum-psenica' });
    expect(matchPublicPath('/de/hartweizen-griess-method')?.params).toEqual({ product: 'hartweizen-griess' });
  });

  it('does not swallow other routes', () => {
    for (const path of ['/o-nama', '/kontakt', '/proizvodi', '/prijava', '/eu-projekti', '/prica-vrijedna-svakog-slova']) {
      expect(matchPublicPath(path)?.screen).not.toBe('method');
    }
    for (const path of ['/en/about-us', '/de/uber-uns', '/sl/o-nas', '/en/payment-fail']) {
      expect(matchPublicPath(path)?.screen).not.toBe('method');
    }
  });

  it('needs the language own suffix and a non-empty product', () => {
    expect(matchPublicPath('/kamut-method')).toBeNull();
    expect(matchPublicPath('/en/kamut-metoda')).toBeNull();
    expect(matchPublicPath('/-metoda')).toBeNull();
    expect(matchPublicPath('/kamut/x-metoda')).toBeNull();
  });
});

describe('unknown paths', () => {
  const UNKNOWN = [
    '/nepostoji',
    '/cart', // the English word is not the Croatian cart
    '/hr/kosarica', // Croatian has no prefix
    '/en/kosarica',
    '/en/produkten',
    '/de/products', // the internal path of the German list, not its public path
    '/de/recipes',
    '/sl/cart',
    '/kosarica/', // trailing slash: exact matching only (the server 301s it)
    '/en/',
    '/profil/nepostoji',
    '/proizvodi/a/b',
    '/EN/cart',
    '/fr/cart',
    '/~/cart',
    '/en/~',
  ];

  it.each(UNKNOWN)('%s maps onto no screen and round-trips exactly', (path) => {
    expect(matchPublicPath(path)).toBeNull();
    const internal = toInternalPath(path);
    expect(matchInternalPath(internal)).toBeNull();
    expect(internal).toMatch(/^\/(hr|en|de|sl)\/~(\/|$)/);
    expect(toPublicPath(internal)).toBe(path);
    expect(roundTrip(`${path}?x=1`).back).toBe(`${path}?x=1`);
  });

  it('keeps the language of an unknown path for the 404 page', () => {
    expect(toInternalPath('/nepostoji')).toBe('/hr/~/nepostoji');
    expect(toInternalPath('/de/gibt-es-nicht')).toBe('/de/~/gibt-es-nicht');
  });
});

describe('dynamic segments', () => {
  it('pass through untranslated and still encoded', () => {
    const path = '/recepti/%C4%8Devapi-s-tjesteninom';
    expect(matchPublicPath(path)?.params).toEqual({ slug: '%C4%8Devapi-s-tjesteninom' });
    expect(toInternalPath(path)).toBe('/hr/recipes/%C4%8Devapi-s-tjesteninom');
    expect(roundTrip(path).back).toBe(path);
    expect(roundTrip('/recepti/čevapi').back).toBe('/recepti/%C4%8Devapi');
  });

  it('are kept when switching language (slugs are not translated yet)', () => {
    expect(translatePublicPath('/de/produkten/fusilli', 'en')).toBe('/en/products/fusilli');
    expect(translatePublicPath('/de/produkten/fusilli', 'hr')).toBe('/proizvodi/fusilli');
    expect(translatePublicPath('/ponisti-lozinku/abc', 'de')).toBe('/de/reset-password/abc');
    expect(translatePublicPath('/nepostoji', 'en')).toBeNull();
    expect(alternatesOf('method', { product: 'kamut' })).toEqual({
      hr: '/kamut-metoda',
      en: '/en/kamut-method',
      de: '/de/kamut-method',
      sl: '/sl/kamut-metoda',
    });
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => publicPath('product', 'hr')).toThrow(/slug/);
  });
});

describe('internal paths that are no screen', () => {
  it.each<[string, string]>([
    ['/hr/nothing-here', '/nothing-here'],
    ['/en/nothing-here', '/en/nothing-here'],
    ['/', '/'],
    ['/xx/cart', '/xx/cart'],
  ])('%s is written as %s', (internal, expected) => {
    expect(toPublicPath(internal)).toBe(expected);
  });

  it('every language has a distinct public path for every static screen', () => {
    for (const locale of LOCALES as readonly Locale[]) {
      const seen = new Set<string>();
      for (const screen of SCREEN_IDS) {
        const path = SCREENS[screen].paths[locale];
        expect(seen.has(path)).toBe(false);
        seen.add(path);
      }
    }
  });
});
