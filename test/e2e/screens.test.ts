// Every screen of the paths table in every language, as the built shop serves it: the server-rendered
// HTML has the right language, title, heading, canonical, hreflang alternates, Open Graph locale, CSRF
// token and language switcher (plain fetch: 144+ pages in seconds). Then /sitemap.xml and /robots.txt,
// and one screen per language in Chromium: hydrated without console errors, with the full layout.
import type { Browser } from 'playwright-core';
import { company } from '../../client/src/brand/company.js';
import { EUR_HRK_NOTICE } from '../../client/src/brand/constants.js';
import { LOCALES, LOCALE_COOKIE, type Locale } from '../../client/src/i18n/locales.js';
import { SCREENS, SCREEN_IDS, publicPath, type ScreenId } from '../../client/src/i18n/paths.js';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  BASE_URL,
  HtmlPage,
  absolute,
  expectedAlternates,
  getHtml,
  hydrated,
  mapLimit,
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
    expect(status).toBe(200);
    expect(contentLanguage).toBe(c.locale);
    // The URL wins over the locale cookie, and a page view never rewrites the cookie.
    expect(setCookie.filter((s) => s.startsWith(`${LOCALE_COOKIE}=`))).toEqual([]);

    expect(page.lang).toBe(c.locale);
    expect(page.title).toBe(expectedTitle(c));
    expect(page.h1s).toEqual([tFor(c.locale)(`screens.${c.screen}.heading`, { name: sampleName(c.params) })]);
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

  it('covers the four account screens in four languages', () => {
    expect(protectedCases).toHaveLength(16);
  });

  it.each(protectedCases.map((c) => [`${c.screen}_${c.locale}`, c.path, c] as const))('%s %s redirects to the login page of its language and back', async (_n, path, c) => {
    const res = await getHtml(path, { cookie: `${LOCALE_COOKIE}=${otherLocale(c.locale)}` });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(res.headers.get('location')).toBe(`${publicPath('login', c.locale)}?redirect=${encodeURIComponent(path)}`);
  });
});

describe('sitemap.xml and robots.txt', () => {
  const publicScreens = SCREEN_IDS.filter((s) => !SCREENS[s].private && !SCREENS[s].noindex && !SCREENS[s].internal.includes('$'));

  it('lists every public screen in every language, each with hreflang alternates', async () => {
    const res = await fetch(`${BASE_URL}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = HtmlPage.elements(xml, 'url').map((u) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(u.inner)?.[1],
      alternates: Object.fromEntries(HtmlPage.tags(u.inner, 'xhtml:link').map((l) => [l.hreflang, l.href])),
    }));
    const expected = publicScreens.flatMap((screen) =>
      LOCALES.map((l) => ({ loc: absolute(publicPath(screen, l)), alternates: expectedAlternates(screen, {}) })),
    );
    expect(urls).toEqual(expected);
    // The home, a translated path and no private screen.
    const locs = urls.map((u) => u.loc);
    expect(locs).toEqual(expect.arrayContaining([`${BASE_URL}/`, `${BASE_URL}/de/uber-uns`, `${BASE_URL}/sl/izdelki`]));
    for (const screen of SCREEN_IDS.filter((s) => SCREENS[s].private)) {
      for (const l of LOCALES) expect(locs).not.toContain(absolute(publicPath(screen, l, { token: 'x' })));
    }
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
    { screen: 'recipe', locale: 'sl', params: { slug: 'kamut-spaghetti' } },
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
        expect(await page.title()).toBe(
          s.screen === 'home'
            ? t('screens.home.title')
            : t('site.titleTemplate', { title: t(`screens.${s.screen}.title`, { name: 'Kamut spaghetti' }) }),
        );
        expect(await page.locator('h1').allInnerTexts()).toEqual([t(`screens.${s.screen}.heading`, { name: 'Kamut spaghetti' })]);
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
