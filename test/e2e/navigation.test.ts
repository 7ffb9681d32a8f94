// Navigation behaviour (spec section 2, docs/i18n-routing.md): a route change shows the loading indicator
// (progress bar, aria-busy on <main>) and ends it, inside a View Transition named "page"; a hash target is
// scrolled to, another page starts at the top, a hash-only change on the same path does not scroll, and back
// navigation restores the saved position; focus moves to <main> after a page change; the skip link and the
// small-screen menu work. Everything client-side in one document, in Chromium.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { LOCALE_COOKIE } from '../../contract/locales.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { launchBrowser, newContext } from '../support/browser.js';
import {
  BASE_URL,
  absolute,
  hydrated,
  markDocument,
  routerNavigate,
  sameDocument,
  scrollTo,
  watchPage,
  windowScrollY,
  type ConsoleWatch,
} from './site.js';

const route = (page: Page) => page.locator('main').getAttribute('data-route');

describe('navigation in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let watch: ConsoleWatch;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    context = await newContext(browser, { locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    // English pages, consent already given: the banner stays out of the way of scroll positions.
    await context.addCookies([
      { name: LOCALE_COOKIE, value: 'en', url: BASE_URL },
      { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
    ]);
    page = await context.newPage();
    watch = watchPage(page);
  });
  afterEach(async () => {
    const problems = watch.problems();
    await context?.close();
    expect(problems).toEqual([]);
  });

  it('a route change shows the progress bar and aria-busy while the next page loads, keeps the old page meanwhile, and ends both', async () => {
    await page.goto('/en/about-us');
    await hydrated(page);
    await markDocument(page);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main')!).viewTransitionName)).toBe('page');
    expect(await page.locator('[role=progressbar]').count()).toBe(0);
    expect(await page.locator('main').getAttribute('aria-busy')).toBeNull();

    // Hold every script the next page asks for, so the loading phase lasts until we let go.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held: string[] = [];
    await page.route(/\/assets\/.*\.js$/, async (r: Route) => {
      held.push(r.request().url());
      await gate;
      await r.continue();
    });
    // Record every state <main> and the bar go through, to see the loading start AND end.
    await page.evaluate(() => {
      const w = self as unknown as { __states: string[] };
      w.__states = [];
      const record = () => {
        const main = document.querySelector('main')!;
        const state = `${main.dataset.route} busy=${main.getAttribute('aria-busy')} bar=${document.querySelectorAll('[role=progressbar]').length}`;
        if (w.__states[w.__states.length - 1] !== state) w.__states.push(state);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Contact', exact: true })
      .click();
    const bar = page.getByRole('progressbar', { name: 'Loading page', exact: true });
    await bar.waitFor();
    expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
    expect(await route(page)).toBe('about_us_en'); // the old page stays until the new one is ready
    // It appears after a short delay (no flicker on instant navigations), then is visible.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[role=progressbar]')!).opacity === '1');
    expect(held.length).toBeGreaterThan(0);

    release();
    await page.waitForSelector('main[data-route="contact_en"]');
    await bar.waitFor({ state: 'detached' });
    expect(await page.locator('main').getAttribute('aria-busy')).toBeNull();
    expect(await page.evaluate(() => (self as unknown as { __states: string[] }).__states)).toEqual([
      'about_us_en busy=true bar=1',
      'contact_en busy=null bar=0',
    ]);
    expect(page.url()).toBe(absolute('/en/contact'));
    expect(await page.title()).toBe('Contact | Zlatno zrno');
    expect(await sameDocument(page)).toBe(true); // a client-side change, no page load
    // Focus moves to the new page's <main> for screen readers.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('a route change runs inside a View Transition (the "page" transition)', async () => {
    await page.goto('/en/about-us');
    await hydrated(page);
    await page.evaluate(() => {
      const w = self as unknown as { __transitions: number };
      w.__transitions = 0;
      const original = document.startViewTransition.bind(document);
      document.startViewTransition = ((arg: Parameters<typeof original>[0]) => {
        w.__transitions++;
        return original(arg);
      }) as typeof document.startViewTransition;
    });
    await page
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Recipes', exact: true })
      .click();
    await page.waitForSelector('main[data-route="recipes_en"]');
    expect(await page.evaluate(() => (self as unknown as { __transitions: number }).__transitions)).toBeGreaterThanOrEqual(1);
  });

  describe('scrolling, on a short screen', () => {
    beforeEach(async () => {
      await page.setViewportSize({ width: 360, height: 500 });
      await page.goto('/en/about-us');
      await hydrated(page);
      await markDocument(page);
      // The page must be long enough for the positions used below.
      expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(900);
      expect(await windowScrollY(page)).toBe(0);
    });

    const inView = (page: Page, id: string) =>
      page.evaluate((target) => {
        const r = document.getElementById(target)!.getBoundingClientRect();
        return r.top >= 0 && r.top < innerHeight;
      }, id);

    it('a navigation to a hash on the same page scrolls the target into view', async () => {
      await routerNavigate(page, { to: '/$locale/about-us', params: { locale: 'en' }, hash: 'footer-contact' });
      await page.waitForFunction(() => scrollY > 0);
      expect(page.url()).toBe(absolute('/en/about-us#footer-contact'));
      expect(await inView(page, 'footer-contact')).toBe(true);
      expect(await sameDocument(page)).toBe(true);
    });

    it('a navigation to a hash on another page scrolls to that target', async () => {
      await routerNavigate(page, { to: '/$locale/contact', params: { locale: 'en' }, hash: 'footer-company' });
      await page.waitForSelector('main[data-route="contact_en"]');
      await page.waitForFunction(() => scrollY > 0);
      expect(await inView(page, 'footer-company')).toBe(true);
    });

    it('a hash-only change on the same path does not scroll (to the top or anywhere)', async () => {
      await scrollTo(page, 300);
      await routerNavigate(page, { to: '/$locale/about-us', params: { locale: 'en' }, hash: 'no-such-target' });
      expect(page.url()).toBe(absolute('/en/about-us#no-such-target'));
      await page.waitForTimeout(150);
      expect(await windowScrollY(page)).toBe(300);
      await routerNavigate(page, { to: '/$locale/about-us', params: { locale: 'en' } });
      expect(page.url()).toBe(absolute('/en/about-us'));
      await page.waitForTimeout(150);
      expect(await windowScrollY(page)).toBe(300);
    });

    it('another page starts at the top, and back restores the saved position', async () => {
      await scrollTo(page, 420);
      // A footer link of the layout, clicked where it is (no scrolling by the test).
      await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/en/delivery"]')!.click());
      await page.waitForSelector('main[data-route="delivery_en"]');
      expect(page.url()).toBe(absolute('/en/delivery'));
      await page.waitForFunction(() => scrollY === 0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await scrollTo(page, 150);

      await page.goBack();
      await page.waitForSelector('main[data-route="about_us_en"]');
      await page.waitForFunction(() => Math.round(scrollY) === 420);
      await page.goForward();
      await page.waitForSelector('main[data-route="delivery_en"]');
      await page.waitForFunction(() => Math.round(scrollY) === 150);
      expect(await sameDocument(page)).toBe(true);
    });
  });

  it('the skip link is the first stop and takes focus to the content', async () => {
    await page.goto('/en/contact');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    expect(page.url()).toBe(absolute('/en/contact#main'));
  });

  it('on a small screen the menu opens, closes with Escape, and closes after a navigation', async () => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/en');
    await hydrated(page);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const nav = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await nav.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    await nav.waitFor({ state: 'hidden' });

    await button.click();
    await nav.getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForSelector('main[data-route="blog_en"]');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await nav.waitFor({ state: 'hidden' });
  });
});
