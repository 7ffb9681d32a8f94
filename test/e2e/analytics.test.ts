// Consent-gated analytics in Chromium (docs/analytics.md). The e2e shop runs with GTM_ID and GTM_SCRIPT_ORIGIN
// pointed at a local emulator of Google Tag Manager and GA4 (test/support/gtm-emulator-server.mjs, started by the e2e
// setup): before a choice and with 'essential only' not one request reaches it (nor any Google host) and the
// CSP names no analytics host; 'accept all' loads exactly the container and its one hit, with Consent Mode v2
// defaults denied first; a reload with the 'all' cookie loads it again; withdrawing on the cookies page deletes
// the GA cookies and stops it; and back. Also: axe on the cookies page's new control, and the brand marquee
// (moves by default, pauses on hover, stands still under prefers-reduced-motion).
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { LOCALE_COOKIE } from '../../contract/locales.js';
import { storageEntryOf } from '../../contract/cookies.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { EMULATED_MEASUREMENT_ID, GTM_ID, GTM_ORIGIN } from '../support/gtm-emulator.js';
import { BASE_URL, hydrated, watchPage } from './site.js';

const GOOGLE_HOST = /(^|\.)(google-analytics\.com|analytics\.google\.com|googletagmanager\.com|google\.com|doubleclick\.net)$/;
const GA_SESSION_COOKIE = `_ga_${EMULATED_MEASUREMENT_ID.slice(2)}`;

/** Every request the page makes to the analytics emulator or to any Google host, as "METHOD path". */
function watchAnalytics(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.origin === GTM_ORIGIN || GOOGLE_HOST.test(url.hostname)) seen.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** The Content-Security-Policy of a document answer, by directive. */
function cspOf(response: Response | null): Record<string, string[]> {
  const header = response?.headers()['content-security-policy'];
  if (!header) throw new Error(`no CSP on ${response?.url()}`);
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectNoAnalyticsInCsp(response: Response | null): void {
  const csp = cspOf(response);
  for (const d of ['script-src', 'connect-src', 'img-src'])
    expect([d, csp[d]!.filter((s) => s.includes('google') || s === GTM_ORIGIN)]).toEqual([d, []]);
}

function expectAnalyticsInCsp(response: Response | null): void {
  const csp = cspOf(response);
  expect(csp['script-src']).toEqual(expect.arrayContaining(['https://*.googletagmanager.com', GTM_ORIGIN]));
  expect(csp['connect-src']).toEqual(
    expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com', GTM_ORIGIN]),
  );
  expect(csp['img-src']).toEqual(expect.arrayContaining(['https://*.google-analytics.com', GTM_ORIGIN]));
}

/** The next document answer for this page (a reload the page does itself). */
const nextDocument = (page: Page) => page.waitForResponse((r) => r.request().isNavigationRequest() && r.url().startsWith(BASE_URL));

/** The container ran and its hit has left. */
async function containerRan(page: Page): Promise<void> {
  await page.waitForFunction(() => (self as unknown as { __gtmEmulator?: { hits: number } }).__gtmEmulator?.hits === 1);
}

/** Lets the page finish loading and idle, so a late container request would have been made. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForTimeout(800);
}

const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();
const CONTAINER = `GET /gtm.js?id=${GTM_ID}`;

describe('consent-gated analytics in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    if (!GTM_ORIGIN || !GTM_ID)
      throw new Error('The e2e setup starts the shop with GTM_ID and the GTM emulator (E2E_GTM_ORIGIN, E2E_GTM_ID)');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("makes no analytics request before a choice nor with 'essential only', and its CSP names no analytics host", async () => {
    const context = await newContext(browser, { locale: 'hr-HR' });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const analytics = watchAnalytics(page);

      expectNoAnalyticsInCsp(await page.goto('/'));
      await hydrated(page);
      const banner = page.getByRole('region', { name: 'Kolačići', exact: true });
      await banner.waitFor();
      // The banner says what 'accept all' turns on.
      expect(await banner.innerText()).toContain('Google Analytics');
      await settle(page);
      expect(analytics).toEqual([]);

      await banner.getByRole('button', { name: 'Samo nužni kolačići', exact: true }).click();
      await banner.waitFor({ state: 'detached' });
      await settle(page);
      expectNoAnalyticsInCsp(await page.reload());
      await hydrated(page);
      expectNoAnalyticsInCsp(await page.goto('/kolacici'));
      await hydrated(page);
      await settle(page);
      expect(analytics).toEqual([]);
      expect(await page.evaluate(() => 'dataLayer' in self || '__gtmEmulator' in self)).toBe(false);
      expect(await cookieNames(context)).toEqual([CONSENT_COOKIE, 'csrf', LOCALE_COOKIE, 'sid'].sort());
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("loads exactly the container and its hit after 'accept all', again on reload, and stops when consent is withdrawn", async () => {
    const context = await newContext(browser, { locale: 'hr-HR' });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const analytics = watchAnalytics(page);

      expectNoAnalyticsInCsp(await page.goto('/'));
      await hydrated(page);
      const banner = page.getByRole('region', { name: 'Kolačići', exact: true });
      // This page's CSP blocks the analytics hosts: accepting loads the page once more, with the new CSP.
      const reloaded = nextDocument(page);
      await banner.getByRole('button', { name: 'Prihvati sve kolačiće', exact: true }).click();
      expectAnalyticsInCsp(await reloaded);
      await hydrated(page);
      await containerRan(page);
      await settle(page);
      expect(analytics).toHaveLength(2);
      expect(analytics[0]).toBe(CONTAINER);
      expect(analytics[1]).toMatch(
        new RegExp(`^POST /g/collect\\?v=2&tid=${EMULATED_MEASUREMENT_ID}&gtm=${GTM_ID}&en=page_view&gcs=G101&order=default%2Cupdate&dl=`),
      );

      // Consent Mode v2: the defaults (all denied, wait_for_update) came before the update, and only analytics is granted.
      const emulated = await page.evaluate(
        () => (self as unknown as { __gtmEmulator: { defaults: unknown; consent: unknown; commands: string[] } }).__gtmEmulator,
      );
      expect(emulated.defaults).toEqual({
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
        wait_for_update: 500,
      });
      expect(emulated.commands).toEqual(['default', 'update']);
      expect(emulated.consent).toEqual({
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'granted',
      });
      // The container got the page's nonce (Tag Manager passes it on to the scripts it adds).
      expect(
        await page.evaluate(() => (document.querySelector('script[src*="/gtm.js?id="]') as HTMLScriptElement | null)?.nonce.length ?? 0),
      ).toBeGreaterThan(10);
      // The GA cookies are set, and every cookie is in the registry (the analytics ones as needing consent).
      expect(await cookieNames(context)).toEqual(expect.arrayContaining(['_ga', GA_SESSION_COOKIE]));
      for (const name of await cookieNames(context)) expect([name, storageEntryOf(name)?.consent]).toEqual([name, name.startsWith('_ga')]);

      // A returning visitor with 'all': the container loads again with the page, and the banner stays closed.
      expectAnalyticsInCsp(await page.reload());
      await hydrated(page);
      await containerRan(page);
      await settle(page);
      expect(analytics.filter((a) => a === CONTAINER)).toHaveLength(2);
      expect(analytics.filter((a) => a.startsWith('POST /g/collect'))).toHaveLength(2);
      expect(await page.getByRole('region', { name: 'Kolačići', exact: true }).count()).toBe(0);

      // The cookies page: the control shows the choice; 'essential only' withdraws at once.
      expectAnalyticsInCsp(await page.goto('/kolacici'));
      await hydrated(page);
      await containerRan(page);
      const main = page.locator('main');
      const all = main.getByRole('radio', { name: 'Svi kolačići', exact: true });
      const essential = main.getByRole('radio', { name: 'Samo nužni kolačići', exact: true });
      expect(await all.isChecked()).toBe(true);
      await settle(page);
      const before = analytics.length;
      await essential.check();
      const withdrawn = nextDocument(page);
      await main.getByRole('button', { name: 'Spremi izbor', exact: true }).click();
      expectNoAnalyticsInCsp(await withdrawn);
      await hydrated(page);
      await settle(page);
      expect(analytics.slice(before)).toEqual([]);
      expect(await page.evaluate(() => '__gtmEmulator' in self)).toBe(false);
      expect((await context.cookies()).find((c) => c.name === CONSENT_COOKIE)?.value).toBe('essential');
      expect((await cookieNames(context)).filter((n) => n.startsWith('_ga'))).toEqual([]);
      expect(await main.innerText()).toContain('Trenutačna postavka: samo nužni kolačići.');

      // And back: 'all' on the cookies page loads it again (after one reload: this page's CSP has no analytics host).
      const granted = nextDocument(page);
      await main.getByRole('radio', { name: 'Svi kolačići', exact: true }).check();
      await main.getByRole('button', { name: 'Spremi izbor', exact: true }).click();
      expectAnalyticsInCsp(await granted);
      await hydrated(page);
      await containerRan(page);
      expect(analytics.slice(before)).toEqual([CONTAINER, expect.stringMatching(/^POST \/g\/collect\?/)]);
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has zero axe violations on the cookies page with the choice control, also when nothing is chosen', async () => {
    const context = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      await context.addCookies([{ name: LOCALE_COOKIE, value: 'hr', url: BASE_URL }]);
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto('/kolacici');
      await hydrated(page);
      const main = page.locator('main');
      expect(describeViolations(await axeViolations(page))).toBe('');
      // Saving without a choice: a message tied to the group.
      await main.getByRole('button', { name: 'Spremi izbor', exact: true }).click();
      const group = main.getByRole('group', { name: 'Vaš izbor kolačića', exact: true });
      await page.waitForFunction(() => document.querySelector('fieldset[aria-invalid="true"]') !== null);
      const described = await group.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).innerText()).toBe('Odaberite jednu od dviju mogućnosti.');
      expect(describeViolations(await axeViolations(page))).toBe('');
      // The table lists the analytics cookies as needing consent.
      const gaRow = main.getByRole('row', { name: /_ga_<ID>/ });
      expect(await gaRow.innerText()).toContain('Potrebna (statistika posjeta, Google Analytics)');
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the brand marquee in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The band's horizontal offset (px) now and `ms` later. */
  async function offsets(page: Page, band: string, ms: number): Promise<[number, number]> {
    return page.evaluate(
      async ({ band, ms }) => {
        const track = document.querySelector(`section[aria-label="${band}"] [data-marquee-track]`)!;
        const x = () => new DOMMatrix(getComputedStyle(track).transform === 'none' ? undefined : getComputedStyle(track).transform).m41;
        const a = x();
        await new Promise((r) => setTimeout(r, ms));
        return [a, x()] as [number, number];
      },
      { band, ms },
    );
  }

  it('moves by default (20 s a pass, endless), pauses on hover, and stands still under prefers-reduced-motion', async () => {
    const context = await newContext(browser, { locale: 'hr-HR' });
    try {
      await context.addCookies([
        { name: LOCALE_COOKIE, value: 'hr', url: BASE_URL },
        { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
      ]);
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto('/');
      await hydrated(page);
      const band = 'Superfoodie ukratko';
      const region = page.getByRole('region', { name: band, exact: true });
      const timing = await region.evaluate((el) => {
        const s = getComputedStyle(el.querySelector('[data-marquee-track]')!);
        return { duration: s.animationDuration, delay: s.animationDelay, count: s.animationIterationCount };
      });
      expect(timing).toEqual({ duration: '20s', delay: '0s', count: 'infinite' });
      const [a, b] = await offsets(page, band, 600);
      expect(b).toBeLessThan(a - 5);
      // The copy that closes the loop is hidden from assistive technology and from the keyboard.
      expect(await region.locator('[aria-hidden="true"][inert]').count()).toBe(1);
      expect(await region.getByText('Sporo sušenje', { exact: true }).count()).toBe(2);
      expect(await region.locator('[aria-hidden="true"]').getByText('Sporo sušenje', { exact: true }).count()).toBe(1);
      expect(await region.ariaSnapshot()).not.toMatch(/Sporo sušenje[\s\S]*Sporo sušenje/);

      await region.hover();
      await page.waitForTimeout(100);
      const [c, d] = await offsets(page, band, 500);
      expect(d).toBe(c);
      await page.mouse.move(0, 0);
      // The pause button stops it for good (WCAG 2.2.2), and starts it again.
      await region.getByRole('button', { name: 'Zaustavi traku', exact: true }).click();
      await page.mouse.move(0, 0);
      const [e, f] = await offsets(page, band, 500);
      expect(f).toBe(e);
      await region.getByRole('button', { name: 'Pokreni traku', exact: true }).click();

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.reload();
      await hydrated(page);
      const [g, h] = await offsets(page, band, 600);
      expect([g, h]).toEqual([0, 0]);
      expect(await region.locator('[aria-hidden="true"]').isVisible()).toBe(false);
      expect(await region.getByRole('button').count()).toBe(0);

      // The campaign page's band of the thirty letters, and its reveal (250 ms ease-in-out, re-measured when still).
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await page.goto('/prica-vrijedna-svakog-slova');
      await hydrated(page);
      const letters = page.getByRole('region', { name: 'Trideset slova hrvatske abecede', exact: true });
      expect(await letters.locator('[lang="hr"]').count()).toBe(60);
      const [i, j] = await offsets(page, 'Trideset slova hrvatske abecede', 600);
      expect(j).toBeLessThan(i - 5);
      const summary = page.getByText('Zašto trideset slova?', { exact: true });
      await summary.click();
      const animation = await page.evaluate(() => {
        const body = document.querySelector('details > div')!;
        const [running] = body.getAnimations();
        const t = running?.effect?.getTiming();
        return { duration: t?.duration, easing: t?.easing };
      });
      expect(animation).toEqual({ duration: 250, easing: 'ease-in-out' });
      await page.waitForFunction(() => (document.querySelector('details > div') as HTMLElement).dataset.measuredHeight !== undefined);
      expect(await page.getByText(/Hrvatska abeceda ima trideset slova/).isVisible()).toBe(true);
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
