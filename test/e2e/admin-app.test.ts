// The back office app at /admin in Chromium against the built shop (docs/admin.md 'The back-office
// app', 'Dashboard'): the demo operator is sent to sign in and comes back to the dashboard, which
// counts the order just placed; the app runs under the shop's real CSP (its nonce on the page's tags;
// no console problem); the back office's language switches to English and back, and the choice
// survives a reload; axe-core finds no WCAG 2.2 AA violation at 1280 and 360 px, and nothing scrolls
// sideways at 360 px (the navigation folds behind the menu button). Screenshots land in /tmp/admin-*.png.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { placeCodOrder, signInOperator } from './operator.js';

/** Today's order count as the dashboard shows it (the first period card's figure: '3 narudžbe' -> 3). */
async function todaysOrders(page: Page): Promise<number> {
  const figure = await page.locator('.periods .card').first().locator('.figure').textContent();
  return Number(/\d+/.exec(figure ?? '')![0]);
}

describe('the back office app (/admin) in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs the operator in, shows the dashboard with the order just placed, under the real CSP', async () => {
    const context = await newContext(browser, { locale: 'hr-HR' });
    try {
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/prijava');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin');
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { level: 1, name: 'Pregled' }).waitFor();
      const before = await todaysOrders(page);

      await placeCodOrder(`admin-app-e2e-${randomUUID().slice(0, 8)}@example.com`);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Pregled' }).waitFor();
      expect(await todaysOrders(page)).toBeGreaterThanOrEqual(before + 1);
      // Revenue for the admin, the week's chart with its table, the work and where it is done.
      expect(await page.locator('.periods').textContent()).toMatch(/Promet: [\d.]+,\d\d €/);
      expect(await page.locator('figure.chart svg rect').count()).toBe(7);
      expect(await page.locator('figure.chart table tbody tr').count()).toBe(7);
      expect(await page.getByRole('link', { name: /Za slanje/ }).getAttribute('href')).toBe('/admin/orders?view=to_ship');
      expect(
        await page.getByRole('navigation', { name: 'Administracija' }).getByRole('link', { name: 'Narudžbe' }).getAttribute('href'),
      ).toBe('/admin/orders');
      expect(await page.locator('.who').textContent()).toMatch(/\(administrator\)/);
      // Under the CSP (this context does not bypass it): nothing refused, nothing thrown.
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('switches its own language to English and back (kept across a reload), with no accessibility violation at 1280 and 360 px', async () => {
    const context = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await context.newPage();
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/prijava');
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('heading', { level: 1, name: 'Pregled' }).waitFor();
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-dashboard-hr-1280.png', fullPage: true });

      await page.getByLabel('Jezik administracije').selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.locator('.periods').textContent()).toMatch(/Revenue: €[\d,]+\.\d\d/);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-dashboard-en-1280.png', fullPage: true });
      // The choice is the person's: still English after a reload.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

      // The phone: the navigation folds behind the menu button; nothing scrolls sideways.
      await page.setViewportSize({ width: 360, height: 780 });
      expect(await page.getByRole('navigation', { name: 'Back office' }).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-dashboard-en-360.png', fullPage: true });
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-menu-en-360.png', fullPage: true });

      // And back to Croatian.
      await page.getByLabel('Back-office language').selectOption('hr');
      await page.getByRole('heading', { level: 1, name: 'Pregled' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hr');
      await page.screenshot({ path: '/tmp/admin-dashboard-hr-360.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    } finally {
      await context.close();
    }
  });
});
