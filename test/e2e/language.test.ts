// Language choice (spec section 2, docs/i18n-routing.md): on the first visit the browser language picks the
// page language once (302 + a 365-day SameSite=Lax cookie), afterwards the URL always wins; crawlers are never
// redirected and get no cookie; the language switcher goes to the same screen, parameters and query in another
// language, client-side, updating <html lang>, the head tags and the cookie.
import type { Browser } from 'playwright-core';
import { LOCALE_COOKIE } from '../../contract/locales.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { BASE_URL, absolute, getHtml, hydrated, markDocument, readPage, sameDocument, setCookies, tFor, watchPage } from './site.js';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CRAWLERS = [
  GOOGLEBOT,
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Chrome-Lighthouse',
];

describe('first visit over HTTP', () => {
  it('redirects once (302) to the browser language, same screen and query, and records it in a cookie', async () => {
    const res = await getHtml('/proizvodi/kamut-spaghetti?sort=price', { acceptLanguage: 'de-AT,de;q=0.9,en;q=0.8' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/de/produkten/kamut-spaghetti?sort=price');
    expect(setCookies(res)).toContain(`${LOCALE_COOKIE}=de; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
  });

  it('takes the best acceptable language by weight and primary subtag', async () => {
    const res = await getHtml('/o-nama', { acceptLanguage: 'fr-FR;q=1, it;q=0.9, sl-SI;q=0.5, en;q=0.4' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sl/o-nas');
  });

  it('renders without a redirect when the page is already in the browser language, and records that', async () => {
    const res = await getHtml('/en/about-us', { acceptLanguage: 'en-US,en;q=0.9' });
    expect(res.status).toBe(200);
    expect(setCookies(res)).toContain(`${LOCALE_COOKIE}=en; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`);
    expect((await readPage(res)).lang).toBe('en');
  });

  it('keeps the page language when none of ours is acceptable, so it does not ask again', async () => {
    const res = await getHtml('/de/uber-uns', { acceptLanguage: 'fr-FR,it;q=0.8' });
    expect(res.status).toBe(200);
    expect(setCookies(res)).toContain(`${LOCALE_COOKIE}=de; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`);
  });

  it('lets the URL win once the cookie exists: no redirect, no cookie rewrite', async () => {
    const res = await getHtml('/o-nama', { acceptLanguage: 'de', cookie: `${LOCALE_COOKIE}=en` });
    expect(res.status).toBe(200);
    expect(setCookies(res).filter((c) => c.startsWith(`${LOCALE_COOKIE}=`))).toEqual([]);
    expect((await readPage(res)).lang).toBe('hr');
  });

  it('never redirects a page-not-found for language', async () => {
    const res = await getHtml('/ovo-ne-postoji', { acceptLanguage: 'de' });
    expect(res.status).toBe(404);
    expect(setCookies(res).filter((c) => c.startsWith(`${LOCALE_COOKIE}=`))).toEqual([]);
  });

  it.each(CRAWLERS.map((ua) => [ua.slice(0, 60), ua]))('never redirects a crawler nor sets its language cookie: %s', async (_short, ua) => {
    const res = await getHtml('/o-nama', { acceptLanguage: 'de-DE,de;q=0.9', userAgent: ua });
    expect(res.status).toBe(200);
    expect(setCookies(res).filter((c) => c.startsWith(`${LOCALE_COOKIE}=`))).toEqual([]);
    const page = await readPage(res);
    expect(page.lang).toBe('hr');
    expect(page.links('canonical').map((l) => l.href)).toEqual([absolute('/o-nama')]);
  });
});

describe('language in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('first visit: a German browser on a Croatian page lands on the German page with a 365-day Lax cookie; later the URL wins', async () => {
    const context = await newContext(browser, { locale: 'de-DE' });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const res = await page.goto('/o-nama');
      expect(res?.status()).toBe(200);
      expect(res?.request().redirectedFrom()?.url()).toBe(absolute('/o-nama'));
      expect(page.url()).toBe(absolute('/de/uber-uns'));
      await hydrated(page);
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(await page.locator('h1').innerText()).toBe(tFor('de')('screens.about_us.heading'));

      const cookie = (await context.cookies()).find((c) => c.name === LOCALE_COOKIE);
      expect(cookie).toMatchObject({ value: 'de', path: '/', sameSite: 'Lax', httpOnly: false });
      const lifetime = cookie!.expires - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 3600);
      expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS + 60);

      // A shared Croatian link opens in Croatian: the URL wins and the cookie stays as it was.
      const second = await page.goto('/kontakt');
      expect(second?.request().redirectedFrom()).toBeNull();
      expect(page.url()).toBe(absolute('/kontakt'));
      await hydrated(page);
      expect(await page.getAttribute('html', 'lang')).toBe('hr');
      expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value).toBe('de');
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Googlebot with a German browser language gets the Croatian page, no redirect and no language cookie', async () => {
    const context = await browser.newContext({ baseURL: BASE_URL, locale: 'de-DE', userAgent: GOOGLEBOT });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const res = await page.goto('/o-nama');
      expect(res?.status()).toBe(200);
      expect(res?.request().redirectedFrom()).toBeNull();
      expect(page.url()).toBe(absolute('/o-nama'));
      await hydrated(page);
      expect(await page.getAttribute('html', 'lang')).toBe('hr');
      expect((await context.cookies()).map((c) => c.name)).not.toContain(LOCALE_COOKIE);
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the switcher goes client-side to the same screen, parameters and query in another language and updates the head and the cookie', async () => {
    const context = await newContext(browser, { locale: 'en-GB' });
    try {
      await context.addCookies([{ name: LOCALE_COOKIE, value: 'en', url: BASE_URL }]);
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto('/en/products/superfoodie?sort=price');
      await hydrated(page);
      await markDocument(page);

      const switcher = page.getByRole('navigation', { name: 'Choose language', exact: true });
      const links = await switcher
        .getByRole('link')
        .evaluateAll((as) =>
          as.map((a) => [
            a.getAttribute('lang'),
            a.getAttribute('hreflang'),
            a.getAttribute('href'),
            a.getAttribute('aria-current'),
            a.textContent,
          ]),
        );
      expect(links).toEqual([
        ['hr', 'hr', '/proizvodi/superfoodie?sort=price', null, 'HRHrvatski'],
        ['en', 'en', '/en/products/superfoodie?sort=price', 'page', 'ENEnglish'],
        ['de', 'de', '/de/produkten/superfoodie?sort=price', null, 'DEDeutsch'],
        ['sl', 'sl', '/sl/izdelki/superfoodie?sort=price', null, 'SLSlovenščina'],
      ]);

      await switcher.getByRole('link', { name: 'Deutsch', exact: true }).click();
      await page.waitForSelector('main[data-route="products_slug_de"]');
      expect(page.url()).toBe(absolute('/de/produkten/superfoodie?sort=price'));
      expect(await sameDocument(page)).toBe(true);
      const de = tFor('de');
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      await expect(page.title()).resolves.toBe(
        de('site.titleTemplate', { title: de('screens.products_slug.title', { name: 'Superfoodie' }) }),
      );
      expect(await page.locator('h1').allInnerTexts()).toEqual([de('screens.products_slug.heading', { name: 'Superfoodie' })]);
      // The head follows the page: one canonical, five alternates, the new og:locale; nothing duplicated.
      const head = await page.evaluate(() => ({
        canonical: [...document.querySelectorAll<HTMLLinkElement>('link[rel=canonical]')].map((l) => l.href),
        alternates: [...document.querySelectorAll<HTMLLinkElement>('link[rel=alternate][hreflang]')].map((l) => `${l.hreflang} ${l.href}`),
        ogLocale: [...document.querySelectorAll<HTMLMetaElement>('meta[property="og:locale"]')].map((m) => m.content),
        ogUrl: [...document.querySelectorAll<HTMLMetaElement>('meta[property="og:url"]')].map((m) => m.content),
        csrf: document.querySelectorAll('meta[name=csrf-token]').length,
      }));
      expect(head).toEqual({
        canonical: [absolute('/de/produkten/superfoodie')],
        alternates: [
          `hr ${absolute('/proizvodi/superfoodie')}`,
          `en ${absolute('/en/products/superfoodie')}`,
          `de ${absolute('/de/produkten/superfoodie')}`,
          `sl ${absolute('/sl/izdelki/superfoodie')}`,
          `x-default ${absolute('/proizvodi/superfoodie')}`,
        ],
        ogLocale: ['de_DE'],
        ogUrl: [absolute('/de/produkten/superfoodie')],
        csrf: 1,
      });
      const germanSwitcher = page.getByRole('navigation', { name: 'Sprache wählen', exact: true });
      expect(await germanSwitcher.locator('a[aria-current=page]').getAttribute('hreflang')).toBe('de');
      // The explicit choice is remembered...
      expect((await context.cookies()).find((c) => c.name === LOCALE_COOKIE)).toMatchObject({ value: 'de', sameSite: 'Lax', path: '/' });
      // ...and a reload serves German from the server, consistent with what the browser rendered.
      await page.reload();
      await hydrated(page);
      expect(await page.getAttribute('html', 'lang')).toBe('de');
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
