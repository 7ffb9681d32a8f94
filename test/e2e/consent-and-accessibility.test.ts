// The cookie banner (nothing but essential cookies before or after a choice, the choice remembered, server and
// browser agreeing on it) and axe-core: zero WCAG 2.2 AA violations on the layout (home), a content screen
// and the error page, at 1280 px and 360 px, with the banner open and after it is dismissed.
import type { Browser, Page } from 'playwright-core';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { GTM_ORIGIN } from '../support/gtm-emulator.js';
import { BASE_URL, absolute, hydrated, tFor, watchPage } from './site.js';

/** Cookies the shop may set without consent: language, anonymous session, CSRF secret, and the choice itself. */
const ESSENTIAL = ['csrf', 'locale', 'sid'];
const HALF_YEAR_SECONDS = 182 * 24 * 60 * 60;

const cookieNames = async (page: Page) => (await page.context().cookies()).map((c) => c.name).sort();

describe('cookie consent in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sets only essential cookies before a choice, remembers "essential only", and can be changed on the cookies page', async () => {
    const context = await newContext(browser, { locale: 'hr-HR' });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const origins = new Set<string>();
      page.on('request', (r) => origins.add(new URL(r.url()).origin));

      await page.goto('/');
      await hydrated(page);
      const banner = page.getByRole('region', { name: 'Kolačići', exact: true });
      await banner.waitFor();
      expect(await cookieNames(page)).toEqual(ESSENTIAL);
      // The language cookie is readable by the page (the switcher writes it); the session cookies are not.
      expect((await context.cookies()).filter((c) => !c.httpOnly).map((c) => c.name)).toEqual(['locale']);

      await banner.getByRole('button', { name: 'Samo nužni kolačići', exact: true }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await cookieNames(page)).toEqual([CONSENT_COOKIE, ...ESSENTIAL].sort());
      const consent = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE)!;
      expect(consent).toMatchObject({ value: 'essential', path: '/', sameSite: 'Lax' });
      expect(consent.expires - Date.now() / 1000).toBeGreaterThan(HALF_YEAR_SECONDS - 3600);

      // The server knows the choice: a reload renders no banner (and hydrates without a mismatch).
      await page.reload();
      await hydrated(page);
      expect(await page.getByRole('region', { name: 'Kolačići', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Samo nužni kolačići', exact: true }).count()).toBe(0);

      // The cookies page shows the choice and reopens the banner; accepting all is remembered.
      await page.goto('/kolacici');
      await hydrated(page);
      const main = page.locator('main');
      expect(await main.innerText()).toContain('Trenutačna postavka: samo nužni kolačići.');
      await main.getByRole('button', { name: 'Promijeni postavke kolačića', exact: true }).click();
      // This page was served for 'essential' (its CSP allows no analytics host): accepting loads it once more.
      const reloaded = page.waitForResponse((r) => r.request().isNavigationRequest());
      await banner.getByRole('button', { name: 'Prihvati sve kolačiće', exact: true }).click();
      await reloaded;
      await hydrated(page);
      expect(await page.getByRole('region', { name: 'Kolačići', exact: true }).count()).toBe(0);
      expect(await main.innerText()).toContain('Trenutačna postavka: svi kolačići prihvaćeni.');
      expect((await context.cookies()).find((c) => c.name === CONSENT_COOKIE)?.value).toBe('all');
      // 'all' loads the analytics container (the e2e shop's is an emulator on loopback, test/e2e/analytics.test.ts),
      // which sets Google Analytics' two cookies; nothing else is fetched from elsewhere.
      await page.waitForFunction(() => document.cookie.includes('_ga='));
      expect((await cookieNames(page)).filter((n) => !n.startsWith('_ga'))).toEqual([CONSENT_COOKIE, ...ESSENTIAL].sort());
      expect([...origins].sort()).toEqual([BASE_URL, GTM_ORIGIN].sort());
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility (axe-core, WCAG 2.2 AA) in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const PAGES: Array<{ name: string; path: string; status: number; locale: Locale }> = [
    { name: 'home (layout)', path: '/', status: 200, locale: 'hr' },
    { name: 'contact (content screen)', path: '/kontakt', status: 200, locale: 'hr' },
    { name: 'about us in English (content screen)', path: '/en/about-us', status: 200, locale: 'en' },
    { name: 'error page', path: '/ova-stranica-ne-postoji', status: 404, locale: 'hr' },
  ];
  const VIEWPORTS = [
    { width: 1280, height: 800 },
    { width: 360, height: 640 },
  ];

  it.each(VIEWPORTS.map((v) => [v.width, v] as const))(
    'zero violations at %i px, with the cookie banner and after dismissing it',
    async (_w, viewport) => {
      const context = await newContext(browser, { axe: true, viewport });
      try {
        await context.addCookies([{ name: LOCALE_COOKIE, value: 'hr', url: BASE_URL }]);
        const page = await context.newPage();
        const watch = watchPage(page);
        const report: string[] = [];
        const audit = async (label: string) => {
          const violations = await axeViolations(page);
          if (violations.length) report.push(`${label} @${viewport.width}px:\n${describeViolations(violations)}`);
        };

        for (const banner of ['banner open', 'banner dismissed']) {
          for (const p of PAGES) {
            const res = await page.goto(p.path);
            expect([p.path, res?.status()]).toEqual([p.path, p.status]);
            await hydrated(page);
            const bannerButton = page.getByRole('button', { name: tFor(p.locale)('cookieConsent.essentialOnly'), exact: true });
            expect([p.path, banner, await bannerButton.count()]).toEqual([p.path, banner, banner === 'banner open' ? 1 : 0]);
            await audit(`${p.name}, ${banner}`);
            if (viewport.width < 600 && p.path === '/') {
              // The small-screen menu, opened.
              await page.getByRole('button', { name: 'Izbornik', exact: true }).click();
              await page.getByRole('navigation', { name: 'Glavna navigacija', exact: true }).waitFor({ state: 'visible' });
              await audit(`${p.name} with the menu open, ${banner}`);
            }
          }
          if (banner === 'banner open') {
            await page.goto('/');
            await hydrated(page);
            await page.getByRole('button', { name: 'Samo nužni kolačići', exact: true }).click();
            await page.waitForFunction(() => document.cookie.includes('cookie_consent=essential'));
          }
        }
        expect(page.url()).toBe(absolute('/ova-stranica-ne-postoji'));
        expect(report.join('\n\n')).toBe('');
        expect(watch.problems()).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
