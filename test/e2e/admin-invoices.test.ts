// The operators' /admin/invoices pages in Chromium against the built shop (docs/invoicing/operators.md):
// with the Tax Administration's service away (the CIS sandbox told to be down), the operator ships a
// cash-on-delivery order; its invoice is issued with its ZKI and waits for CIS; once CIS is back, 'retry
// now' sends it again (NakDost) and the page shows the JIR. axe-core on the list and the detail, at 1280
// and 360 px; screenshots land in /tmp.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { placeCodOrder, signInOperator } from './operator.js';
import { BASE_URL } from './site.js';

/** Tells the shop's CIS emulator what to do (sandbox only; the same-origin proof as a browser's). */
async function cis(command: { action: 'down' } | { action: 'reset' }): Promise<void> {
  const res = await fetch(`${BASE_URL}/sandbox/cis/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE_URL },
    body: JSON.stringify(command),
  });
  expect(res.status).toBeLessThan(300);
}

/** Reloads `page` until the fiscal state reads `pattern` (the worker fiscalizes in the background). */
async function waitForState(page: Page, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = (await page.getByTestId('fiscal-state').textContent()) ?? '';
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`fiscal state still '${text}', not ${pattern}`);
    await new Promise((r) => setTimeout(r, 1000));
    await page.reload();
  }
}

describe('the /admin/invoices pages in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await cis({ action: 'reset' }).catch(() => undefined);
    await browser?.close();
  });

  it('shows an invoice waiting for CIS turn into a JIR after retry now, with no accessibility violation', async () => {
    const number = await placeCodOrder(`invoice-e2e-${randomUUID().slice(0, 8)}@example.com`);
    const context = await newContext(browser, { locale: 'en-GB', axe: true });
    try {
      const page = await context.newPage();
      await page.goto(`/admin/orders/${number}`);
      await page.waitForURL((url) => url.pathname === '/en/login');
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === `/admin/orders/${number}`);

      // CIS away while the parcel is handed over: the invoice is issued all the same, with its ZKI
      await cis({ action: 'down' });
      await page.getByLabel(/^Tracking number/).fill('RR123456785HR');
      await page.getByRole('button', { name: 'Mark as shipped' }).click();
      await page.getByTestId('fulfilment-status').filter({ hasText: 'Shipped' }).waitFor();

      // the invoice is issued by the order.shipped event's handler, a moment after the answer
      const row = page.getByTestId('invoices').locator('tbody tr');
      for (const deadline = Date.now() + 30_000; ;) {
        await page.goto(`/admin/invoices?q=${number}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        if ((await row.count()) > 0 || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      await expect(row.count()).resolves.toBe(1);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-invoices-list.png', fullPage: true });
      await row.first().locator('th a').click();
      await page.getByTestId('fiscal-state').waitFor();
      const waiting = await waitForState(page, /^Waiting for CIS \(attempt [1-9]/);
      expect(waiting).toMatch(/next at/);
      expect(await page.getByTestId('jir').textContent()).toBe('—');
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.setViewportSize({ width: 360, height: 780 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await page.screenshot({ path: '/tmp/admin-invoice-waiting-360.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      // CIS back: 'retry now' sends it at once, as a late delivery
      await cis({ action: 'reset' });
      await page.getByRole('button', { name: 'Retry now' }).click();
      await page.getByTestId('notice').filter({ hasText: 'Fiscalization started again.' }).waitFor();
      const done = await waitForState(page, /^Fiscalized \(JIR /);
      const jir = (await page.getByTestId('jir').textContent()) ?? '';
      expect(jir).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(done).toContain(jir);
      expect(await page.getByTestId('attempts').locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-invoice-fiscalized.png', fullPage: true });
    } finally {
      await context.close();
    }
  }, 180_000);
});
