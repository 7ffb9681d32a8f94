// The back office's order screens in Chromium against the built shop (docs/admin.md 'Orders in the
// back office'): on a phone (360 px) the demo operator is sent to sign in and comes back to 'to ship',
// opens an order, ships it with a tracking number, adds an internal note, and prints the day's packing
// slips (the PDF answer is checked); on a desktop (1280 px) a cash-on-delivery order is marked paid and
// one line of it refunded (the amount shown before confirming). axe-core (WCAG 2.2 AA) on the list
// and the order at both widths, no sideways scroll at 360 px. Screenshots: /tmp/admin-orders-*.png.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { placeCodOrder, signInOperator } from './operator.js';

async function accessible(page: Page, shot: string, width: 360 | 1280): Promise<void> {
  await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(describeViolations(await axeViolations(page))).toBe('');
  await page.screenshot({ path: `/tmp/${shot}-${width}.png`, fullPage: true });
}

describe('the order screens of the back office (/admin/orders) in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('on a phone: to ship, ship, note, the day’s slips; on a desktop: a refund of one line', async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await placeCodOrder(`admin-e2e-a-${tag}@example.com`);
    const second = await placeCodOrder(`admin-e2e-b-${tag}@example.com`);
    const context = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 360, height: 780 });
      const problems = watchConsole(page);

      // Not signed in: the login page, then back to the list's 'to ship' view.
      await page.goto('/admin/orders?view=to_ship');
      await page.waitForURL((url) => url.pathname === '/prijava');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/orders?view=to_ship');
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === '/admin/orders' && url.searchParams.get('view') === 'to_ship');
      await page.getByRole('heading', { level: 1, name: 'Narudžbe' }).waitFor();
      const views = page.getByRole('navigation', { name: 'Gotovi prikazi' });
      expect(await views.getByRole('link', { name: 'Za slanje' }).getAttribute('aria-current')).toBe('page');
      await page.locator(`tr[data-order="${first}"]`).waitFor();
      await accessible(page, 'admin-orders-list', 360);

      // The day's packing slips in one tap: one PDF, a page per order to ship (ours among them).
      const slips = await page.getByTestId('slips-to-ship').getAttribute('href');
      const pdf = await context.request.get(slips!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.headers()['x-order-numbers']!.split(',')).toEqual(expect.arrayContaining([first, second]));

      // Ship the first order with its tracking number.
      await page.getByRole('link', { name: first, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: `Narudžba ${first}` }).waitFor();
      await accessible(page, 'admin-orders-detail', 360);
      await page.getByRole('button', { name: 'Označi kao poslano' }).click();
      // nothing typed: the message on the field, the focus on it
      await page.locator('#ship-error').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('ship-field');
      await page.getByLabel('Broj pošiljke').fill('RR123456785HR');
      await page.getByRole('button', { name: 'Označi kao poslano' }).click();
      await page.getByText('Narudžba je poslana.').waitFor();
      await page.getByTestId('fulfilment-status').getByText('Poslana').waitFor();
      expect(await page.getByTestId('tracking-number').textContent()).toBe('RR123456785HR');

      // An internal note.
      await page.getByLabel('Nova bilješka').fill(`Kupac moli dostavu poslije 16 h (${tag}).`);
      await page.getByRole('button', { name: 'Dodaj bilješku' }).click();
      await page.getByTestId('notes').getByText(`Kupac moli dostavu poslije 16 h (${tag}).`).waitFor();
      expect(await page.getByTestId('notes').textContent()).toContain('operater@zlatnozrno.test');

      // Back: the list as it was left, the shipped order gone from 'to ship'.
      await page.getByRole('link', { name: /Natrag na narudžbe/ }).click();
      await page.waitForURL((url) => url.pathname === '/admin/orders' && url.searchParams.get('view') === 'to_ship');
      await page.locator(`tr[data-order="${second}"]`).waitFor();
      await page.locator(`tr[data-order="${first}"]`).waitFor({ state: 'detached' });

      // A desktop: the second order's cash arrives, then one line goes back.
      await page.setViewportSize({ width: 1280, height: 800 });
      await accessible(page, 'admin-orders-list', 1280);
      await page.getByRole('link', { name: second, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: `Narudžba ${second}` }).waitFor();
      await page.getByRole('button', { name: 'Gotovina primljena' }).click();
      await page.getByText('Gotovina je evidentirana kao primljena.').waitFor();
      const refund = page.locator('section.refund-lines');
      await refund.waitFor();
      await refund.locator('#lines-field').fill('1');
      const amount = await page.getByTestId('refund-amount').textContent();
      expect(amount).toMatch(/^Za povrat: [0-9,]+ €, od toga PDV [0-9,]+ €$/);
      await refund.getByLabel(/Potvrđujem povrat/).check();
      await accessible(page, 'admin-orders-refund', 1280);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(`/api/admin/orders/${second}/refund-lines`)),
        refund.getByRole('button', { name: /^Vrati / }).click(),
      ]);
      expect(answer.status()).toBe(200);
      await page.getByText(/^Vraćeno [0-9,]+ €\.$/).waitFor();
      expect(await refund.locator('.refunds').textContent()).toContain('uplatom na račun');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
