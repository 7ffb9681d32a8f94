// Every screen of the paths table in every language, as the built shop serves it: the server-rendered
// HTML has the right language, title, heading, canonical, hreflang alternates, Open Graph locale, CSRF
// token and language switcher (plain fetch: 144+ pages in seconds). Then the sitemap index /sitemap.xml, the
// four language sitemaps it names (every URL fetched: 200) and /robots.txt,
// and one screen per language in Chromium: hydrated without console errors, with the full layout.
import type { Browser } from 'playwright-core';
import { company } from '../../contract/brand/company.js';
import { EUR_HRK_NOTICE } from '../../contract/brand/constants.js';
import { LOCALES, LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { SCREENS, SCREEN_IDS, matchPublicPath, publicPath, type ScreenId } from '../../contract/paths.js';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  BASE_URL,
  HtmlPage,
  absolute,
  expectedAlternates,
  getHtml,
  hydrated,
  mapLimit,
  CONTENT_TEXT_SCREENS,
  NO_CONTENT_SCREENS,
  NOT_FOUND_SAMPLE_SCREENS,
  readPage,
  sampleName,
  PROTECTED_SCREENS,
  screenCases,
  setCookies,
  signInCookies,
  tFor,
  watchPage,
  type ScreenCase,
} from './site.js';

// Typed out again (not read from the code under test): spec section 2 and docs/i18n-routing.md.
const OG_LOCALE: Record<Locale, string> = { hr: 'hr_HR', en: 'en_GB', de: 'de_DE', sl: 'sl_SI' };
const MAIN_NAV_LABEL: Record<Locale, string> = {
  hr: 'Glavna navigacija',
  en: 'Main navigation',
  de: 'Hauptnavigation',
  sl: 'Glavna navigacija',
};
const BROWSER_LOCALE: Record<Locale, string> = { hr: 'hr-HR', en: 'en-GB', de: 'de-DE', sl: 'sl-SI' };
const SWITCHER_LABEL: Record<Locale, string> = { hr: 'Odabir jezika', en: 'Choose language', de: 'Sprache wählen', sl: 'Izbira jezika' };

const cases = screenCases();
/** The visitor's cookie says another language: the URL must still win, and the cookie stays untouched. */
const otherLocale = (l: Locale): Locale => LOCALES[(LOCALES.indexOf(l) + 1) % LOCALES.length];

interface Fetched {
  status: number;
  contentLanguage: string | null;
  setCookie: string[];
  page: HtmlPage;
}
const fetched = new Map<string, Fetched>();

function expectedTitle(c: ScreenCase): string {
  const t = tFor(c.locale);
  if (c.screen === 'home') return t('screens.home.title');
  return t('site.titleTemplate', { title: t(`screens.${c.screen}.title`, { name: sampleName(c.params) }) });
}

describe('every screen in every language (server-rendered HTML)', () => {
  beforeAll(async () => {
    // Protected screens are fetched signed in (the demo customer); visitors are redirected (below).
    const session = await signInCookies();
    const results = await mapLimit(cases, 4, async (c) => {
      const locale = `${LOCALE_COOKIE}=${otherLocale(c.locale)}`;
      const res = await getHtml(c.path, { cookie: PROTECTED_SCREENS.has(c.screen) ? `${locale}; ${session}` : locale });
      return {
        status: res.status,
        contentLanguage: res.headers.get('content-language'),
        setCookie: setCookies(res),
        page: await readPage(res),
      };
    });
    cases.forEach((c, i) => fetched.set(c.path, results[i]));
  });

  it('covers the whole paths table: each screen x language once, at a distinct URL', () => {
    expect(SCREEN_IDS.length).toBeGreaterThanOrEqual(36);
    expect(cases).toHaveLength(SCREEN_IDS.length * LOCALES.length);
    expect(new Set(cases.map((c) => c.path)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [`${c.screen}_${c.locale}`, c.path, c] as const))('%s %s', (_name, path, c) => {
    const { status, contentLanguage, setCookie, page } = fetched.get(path)!;
    // The URL wins over the locale cookie, and a page view never rewrites the cookie.
    expect(setCookie.filter((s) => s.startsWith(`${LOCALE_COOKIE}=`))).toEqual([]);
    expect(contentLanguage).toBe(c.locale);
    expect(page.lang).toBe(c.locale);
    if (NO_CONTENT_SCREENS.has(c.screen) || NOT_FOUND_SAMPLE_SCREENS.has(c.screen)) {
      // No content yet: the 404 page in the error layout, for no search engine (not a page titled from the URL).
      expect(status).toBe(404);
      expect(page.main).toMatchObject({ 'data-route': 'error', 'data-layout': 'error' });
      expect(page.title).toMatch(/^(Greška|Error|Fehler|Napaka) 404 · /);
      expect(page.meta('robots')).toEqual(['noindex']);
      expect(page.links('canonical')).toEqual([]);
      return;
    }
    expect(status).toBe(200);
    if (CONTENT_TEXT_SCREENS.has(c.screen)) {
      // Title and heading from the content (its SEO title and title).
      expect(page.title).toMatch(new RegExp(`^.+ \\| ${tFor(c.locale)('site.name')}$`));
      expect(page.h1s).toHaveLength(1);
    } else {
      expect(page.title).toBe(expectedTitle(c));
      expect(page.h1s).toEqual([tFor(c.locale)(`screens.${c.screen}.heading`, { name: sampleName(c.params) })]);
    }
    expect(page.main).toMatchObject({ 'data-route': `${c.screen}_${c.locale}`, 'data-layout': 'default' });

    // One self-referencing canonical and exactly five alternates (hr, en, de, sl, x-default -> hr).
    const canonical = absolute(c.path);
    expect(page.links('canonical').map((l) => l.href)).toEqual([canonical]);
    const alternates = page.links('alternate').filter((l) => l.hreflang);
    expect(Object.fromEntries(alternates.map((l) => [l.hreflang, l.href]))).toEqual(expectedAlternates(c.screen, c.params));
    expect(alternates).toHaveLength(5);
    expect(page.meta('og:url')).toEqual([canonical]);
    expect(page.meta('og:locale')).toEqual([OG_LOCALE[c.locale]]);

    // Private screens are kept out of search results; public ones carry no robots restriction.
    const def = SCREENS[c.screen];
    expect(page.meta('robots')).toEqual(def.private ? ['noindex, nofollow'] : def.noindex ? ['noindex, follow'] : []);

    const csrf = page.meta('csrf-token');
    expect(csrf).toHaveLength(1);
    expect(csrf[0].length).toBeGreaterThanOrEqual(32);

    // The language switcher: the same screen (same parameters) in all four languages, this one current.
    const switcher = HtmlPage.tags(page.nav(SWITCHER_LABEL[c.locale]) ?? '', 'a');
    const alternatesByLang = expectedAlternates(c.screen, c.params);
    expect(switcher.map((a) => [a.lang, a.hreflang, absolute(a.href), a['aria-current'] ?? null])).toEqual(
      LOCALES.map((l) => [l, l, alternatesByLang[l], l === c.locale ? 'page' : null]),
    );
  });
});

describe('protected screens as a visitor', () => {
  const protectedCases = cases.filter((c) => PROTECTED_SCREENS.has(c.screen));

  it('covers the five account screens in four languages', () => {
    expect(protectedCases).toHaveLength(20);
  });

  it.each(protectedCases.map((c) => [`${c.screen}_${c.locale}`, c.path, c] as const))(
    '%s %s redirects to the login page of its language and back',
    async (_n, path, c) => {
      const res = await getHtml(path, { cookie: `${LOCALE_COOKIE}=${otherLocale(c.locale)}` });
      expect(res.status).toBeGreaterThanOrEqual(300);
      expect(res.status).toBeLessThan(400);
      expect(res.headers.get('location')).toBe(`${publicPath('login', c.locale)}?redirect=${encodeURIComponent(path)}`);
    },
  );
});

describe('sitemap index, language sitemaps and robots.txt', () => {
  /** Content entries' screens: listed in the languages the entry is published in (client/src/ssr/sitemap.ts). */
  const CONTENT_DETAIL_SCREENS: ScreenId[] = ['recipe', 'blog_post', 'superfoodie_slug', 'method'];
  const publicScreens = SCREEN_IDS.filter((s) => !SCREENS[s].private && !SCREENS[s].noindex && !SCREENS[s].internal.includes('$'));
  // Typed out from docs/i18n-routing.md (Croatian has no path prefix, so its sitemap is /sitemap-hr.xml).
  const SITEMAP_URL: Record<Locale, string> = {
    hr: `${BASE_URL}/sitemap-hr.xml`,
    en: `${BASE_URL}/en/sitemap.xml`,
    de: `${BASE_URL}/de/sitemap.xml`,
    sl: `${BASE_URL}/sl/sitemap.xml`,
  };
  interface Listed {
    loc: string;
    alternates: Partial<Record<string, string>>;
  }
  const listed = new Map<Locale, Listed[]>();
  let browser: Browser;

  /** Strict XML well-formedness by Chromium's XML parser: the root's name and namespace, or the parser's error. */
  async function parseXml(xml: string): Promise<{ root: string; ns: string | null; error: string | null }> {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      return await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const error = doc.getElementsByTagName('parsererror')[0];
        return {
          root: doc.documentElement.localName,
          ns: doc.documentElement.namespaceURI,
          error: error ? (error.textContent ?? 'error') : null,
        };
      }, xml);
    } finally {
      await context.close();
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('/sitemap.xml is a sitemap index naming the four language sitemaps', async () => {
    const res = await fetch(`${BASE_URL}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(await parseXml(xml)).toEqual({ root: 'sitemapindex', ns: 'http://www.sitemaps.org/schemas/sitemap/0.9', error: null });
    const locs = HtmlPage.elements(xml, 'sitemap').map((s) => /<loc>([^<]+)<\/loc>/.exec(s.inner)?.[1]);
    expect(locs).toEqual(LOCALES.map((l) => SITEMAP_URL[l]));
  });

  it.each([...LOCALES])(
    '%s: the language sitemap (/en/sitemap.xml was a 404 page) lists its own pages, categories and products with alternates',
    async (locale) => {
      const res = await fetch(SITEMAP_URL[locale]);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
      const xml = await res.text();
      expect(await parseXml(xml)).toEqual({ root: 'urlset', ns: 'http://www.sitemaps.org/schemas/sitemap/0.9', error: null });
      expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const urls: Listed[] = HtmlPage.elements(xml, 'url').map((u) => ({
        loc: /<loc>([^<]+)<\/loc>/.exec(u.inner)?.[1] ?? '',
        alternates: Object.fromEntries(HtmlPage.tags(u.inner, 'xhtml:link').map((l) => [l.hreflang, l.href])),
      }));
      listed.set(locale, urls);
      expect(urls.length).toBeLessThan(50_000);
      const locs = urls.map((u) => u.loc);
      expect(new Set(locs).size).toBe(locs.length);
      for (const u of urls) {
        // Absolute, in this sitemap's language, its own alternate, and all five alternates (a content
        // entry: the languages it is published in, x-default with Croatian).
        expect(u.loc.startsWith(`${BASE_URL}/`)).toBe(true);
        expect([u.loc, matchPublicPath(new URL(u.loc).pathname)?.locale]).toEqual([u.loc, locale]);
        const isContent = CONTENT_DETAIL_SCREENS.includes(matchPublicPath(new URL(u.loc).pathname)?.screen as ScreenId);
        const languages = LOCALES.filter((l) => u.alternates[l] !== undefined);
        if (!isContent) expect(Object.keys(u.alternates).sort()).toEqual(['de', 'en', 'hr', 'sl', 'x-default']);
        else expect(Object.keys(u.alternates).sort()).toEqual([...languages, ...(u.alternates.hr ? ['x-default'] : [])].sort());
        expect(u.alternates[locale]).toBe(u.loc);
        expect(u.alternates['x-default']).toBe(u.alternates.hr);
        for (const l of languages) expect(matchPublicPath(new URL(u.alternates[l]!).pathname)?.locale).toBe(l);
      }
      // Every public screen without parameters, with the expected alternates.
      for (const screen of publicScreens) {
        expect(urls).toContainEqual({ loc: absolute(publicPath(screen, locale)), alternates: expectedAlternates(screen, {}) });
      }
      // Every product and category of the catalogue, by this language's slug.
      const products = (await (await fetch(`${BASE_URL}/api/catalog/products?locale=${locale}&page_size=48`)).json()) as {
        data: { items: Array<{ slug: string }>; total: number };
      };
      expect(products.data.total).toBeGreaterThan(0);
      expect(products.data.total).toBeLessThanOrEqual(48);
      for (const p of products.data.items) expect(locs).toContain(absolute(publicPath('product', locale, { slug: p.slug })));
      const categories = (await (await fetch(`${BASE_URL}/api/catalog/categories?locale=${locale}`)).json()) as {
        data: Array<{ slug: string }>;
      };
      for (const c of categories.data) expect(locs).toContain(absolute(publicPath('products_slug', locale, { slug: c.slug })));
      // Every published content entry with a page of its own, by this language's slug, when published in it.
      const content = (await (await fetch(`${BASE_URL}/api/content/sitemap`)).json()) as {
        data: Array<{ type: 'recipes' | 'blog' | 'superfoodie' | 'methods'; alternates: Partial<Record<Locale, string>> }>;
      };
      const CONTENT_SCREEN = {
        recipes: ['recipe', 'slug'],
        blog: ['blog_post', 'slug'],
        superfoodie: ['superfoodie_slug', 'slug'],
        methods: ['method', 'product'],
      } as const;
      for (const e of content.data) {
        const slug = e.alternates[locale];
        const [screen, param] = CONTENT_SCREEN[e.type];
        if (slug) expect(locs).toContain(absolute(publicPath(screen, locale, { [param]: slug })));
      }
      // No private screen, no product page without a product.
      for (const loc of locs) {
        const screen = matchPublicPath(new URL(loc).pathname)?.screen as ScreenId;
        expect([loc, SCREENS[screen].private ?? false, SCREENS[screen].noindex ?? false]).toEqual([loc, false, false]);
      }
    },
  );

  it('every URL of the four sitemaps answers 200 in its language', async () => {
    const all = LOCALES.flatMap((l) => (listed.get(l) ?? []).map((u) => ({ locale: l, loc: u.loc })));
    expect(all.length).toBeGreaterThan(LOCALES.length * publicScreens.length);
    const results = await mapLimit(all, 4, async ({ locale, loc }) => {
      const res = await fetch(loc, { redirect: 'manual', headers: { Cookie: `${LOCALE_COOKIE}=${locale}`, Accept: 'text/html' } });
      await res.body?.cancel();
      return { loc, status: res.status, lang: res.headers.get('content-language') };
    });
    expect(results.filter((r) => r.status !== 200 || r.lang !== all.find((a) => a.loc === r.loc)?.locale)).toEqual([]);
  });

  it('robots.txt points to the sitemap, disallows every private screen and no public one', async () => {
    const res = await fetch(`${BASE_URL}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const robots = await res.text();
    expect(robots.split('\n')).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]);
    expect(disallowed).toEqual(expect.arrayContaining(['/api/', '/admin/', '/kosarica', '/en/cart', '/prijava', '/profil']));
    const blocked = (path: string) => disallowed.some((d) => path.startsWith(d));
    for (const c of cases) expect([c.path, blocked(c.path)]).toEqual([c.path, !!SCREENS[c.screen].private]);
  });
});

describe('one screen per language in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const samples: Array<{ screen: ScreenId; locale: Locale; params?: Record<string, string> }> = [
    { screen: 'home', locale: 'hr' },
    { screen: 'about_us', locale: 'en' },
    { screen: 'contact', locale: 'de' },
    { screen: 'recipes', locale: 'sl' },
  ];
  const NAV: ScreenId[] = ['webshop', 'recipes', 'blog', 'superfoodie', 'about_us', 'contact'];
  const LEGAL: ScreenId[] = ['privacy_policy', 'cookies', 'gdpr', 'general_terms', 'payment_terms', 'delivery', 'eu_projects'];

  it.each(samples.map((s) => [`${s.screen}_${s.locale}`, s] as const))(
    '%s renders, hydrates cleanly and has the whole layout',
    async (_name, s) => {
      const context = await newContext(browser, { locale: BROWSER_LOCALE[s.locale] });
      try {
        await context.addCookies([{ name: LOCALE_COOKIE, value: s.locale, url: BASE_URL }]);
        const page = await context.newPage();
        const watch = watchPage(page);
        const path = publicPath(s.screen, s.locale, s.params);
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
        await hydrated(page);
        const t = tFor(s.locale);

        expect(page.url()).toBe(absolute(path));
        expect(await page.getAttribute('html', 'lang')).toBe(s.locale);
        if (CONTENT_TEXT_SCREENS.has(s.screen)) {
          expect(await page.title()).toMatch(new RegExp(`^.+ \\| ${t('site.name')}$`));
          expect(await page.locator('h1').count()).toBe(1);
        } else {
          expect(await page.title()).toBe(
            s.screen === 'home'
              ? t('screens.home.title')
              : t('site.titleTemplate', { title: t(`screens.${s.screen}.title`, { name: 'Kamut spaghetti' }) }),
          );
          expect(await page.locator('h1').allInnerTexts()).toEqual([t(`screens.${s.screen}.heading`, { name: 'Kamut spaghetti' })]);
        }
        expect(await page.locator('link[rel=canonical]').evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).href))).toEqual([
          absolute(path),
        ]);
        expect(await page.locator('link[rel=alternate][hreflang]').count()).toBe(5);
        expect(await page.locator('meta[name=csrf-token]').getAttribute('content')).toMatch(/.{32,}/);

        // Layout: skip link, logo home, main navigation and cart in this language, footer with company data.
        const hrefs = (selector: string) => page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(await page.locator('a[href="#main"]').innerText()).toBe(t('a11y.skipToContent'));
        expect(await page.getByRole('link', { name: t('a11y.homeLink'), exact: true }).getAttribute('href')).toBe(
          publicPath('home', s.locale),
        );
        expect(await hrefs(`nav[aria-label="${MAIN_NAV_LABEL[s.locale]}"] a`)).toEqual(NAV.map((n) => publicPath(n, s.locale)));
        expect(await page.getByRole('link', { name: t('cart.indicator', { count: 0 }), exact: true }).getAttribute('href')).toBe(
          publicPath('cart', s.locale),
        );
        expect(await hrefs('footer nav a')).toEqual(LEGAL.map((n) => publicPath(n, s.locale)));
        const footer = await page.locator('footer').innerText();
        expect(footer).toContain(EUR_HRK_NOTICE);
        expect(footer).toContain(company.legalName);
        expect(EUR_HRK_NOTICE).toBe('1 EUR = 7,53450 HRK');
        // No consent yet: the banner asks, in this language.
        await page.getByRole('region', { name: t('cookieConsent.heading'), exact: true }).waitFor();

        expect(watch.problems()).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('the console watch catches a hydration mismatch (so "no problems" above means something)', async () => {
    const context = await newContext(browser, { locale: 'en-GB' });
    try {
      await context.addCookies([{ name: LOCALE_COOKIE, value: 'en', url: BASE_URL }]);
      const page = await context.newPage();
      const watch = watchPage(page);
      // Serve the real page with one word of the server's HTML changed: the browser renders something else.
      await page.route(absolute('/en/about-us'), async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        expect(html).toContain('<h1>About us</h1>');
        await route.fulfill({ response, body: html.replace('<h1>About us</h1>', '<h1>About them</h1>') });
      });
      await page.goto('/en/about-us');
      await hydrated(page);
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About us');
      expect(watch.problems().join('\n')).toMatch(/pageerror: .*(Minified React error #418|Hydration failed)/);
    } finally {
      await context.close();
    }
  });
});
