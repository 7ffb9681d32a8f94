// The operators' /admin/orders page in Chromium against the built shop: the demo operator is sent to
// sign in and comes back, filters the list, opens an order and ships it with a tracking number,
// cancels another (the confirmation checkbox is required, no JavaScript involved); axe-core finds no
// WCAG 2.2 AA violation on the list and the detail; screenshots land in /tmp.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { hydrated } from './site.js';
import { placeCodOrder, signInOperator } from './operator.js';

describe('the /admin/orders page in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets the operator sign in, filter, ship one order and cancel another, with no accessibility violation', async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await placeCodOrder(`admin-e2e-a-${tag}@example.com`);
    const second = await placeCodOrder(`admin-e2e-b-${tag}@example.com`);
    const context = await newContext(browser, { locale: 'en-GB', axe: true });
    try {
      const page = await context.newPage();
      const problems = watchConsole(page);

      // Not signed in: the login page in the request's language, coming back here after.
      await page.goto('/admin/orders?status=placed');
      await page.waitForURL((url) => url.pathname === '/en/login');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/orders?status=placed');
      // The page paints before the application runs (docs/performance.md): sign in once it has.
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === '/admin/orders');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      expect(await page.locator('#f-status').inputValue()).toBe('placed');

      // Filter: placed, cash on delivery, one customer's e-mail.
      await page.getByLabel('Payment method').selectOption('cod');
      await page.getByRole('searchbox').fill(`admin-e2e-a-${tag}`);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === `admin-e2e-a-${tag}`);
      expect(await page.getByTestId('order-count').textContent()).toBe('1 order found.');
      const rows = page.getByTestId('orders').locator('tbody tr');
      expect(await rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-order')).toBe(first);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-orders-list.png', fullPage: true });

      // The order: ship it with a tracking number.
      await page.getByRole('link', { name: first, exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/admin/orders/${first}`);
      await page.getByRole('heading', { level: 1, name: `Order ${first}` }).waitFor();
      expect(await page.getByTestId('fulfilment-status').textContent()).toBe('Placed');
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-orders-detail.png', fullPage: true });
      // A malformed tracking number: the same page again (422) with the message, the value kept, still accessible.
      await page.getByLabel(/^Tracking number/).fill('R!');
      await page.getByRole('button', { name: 'Mark as shipped' }).click();
      await page.getByTestId('error').waitFor();
      expect(await page.getByTestId('error').textContent()).toBe('A tracking number has 4 to 40 letters, digits, spaces or dashes.');
      expect(await page.getByLabel(/^Tracking number/).inputValue()).toBe('R!');
      expect(await page.getByLabel(/^Tracking number/).getAttribute('aria-invalid')).toBe('true');
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-orders-refused.png', fullPage: true });
      await page.getByLabel(/^Tracking number/).fill('RR123456785HR');
      await page.getByRole('button', { name: 'Mark as shipped' }).click();
      await page.waitForURL((url) => url.pathname === `/admin/orders/${first}` && url.searchParams.get('done') === 'ship');
      expect(await page.getByTestId('notice').textContent()).toBe('Order shipped.');
      expect(await page.getByTestId('fulfilment-status').textContent()).toBe('Shipped');
      expect(await page.getByTestId('tracking-number').textContent()).toBe('RR123456785HR');
      // Shipped: delivering is possible now, shipping and cancelling no more.
      expect(await page.getByRole('button', { name: 'Mark as delivered' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await page.screenshot({ path: '/tmp/admin-orders-shipped.png', fullPage: true });

      // The other order: cancelling needs the confirmation box (the browser holds the form back without it).
      await page.goto(`/admin/orders/${second}`);
      await page.getByRole('button', { name: 'Cancel order' }).click();
      expect(new URL(page.url()).searchParams.get('done')).toBeNull();
      expect(await page.getByTestId('fulfilment-status').textContent()).toBe('Placed');
      await page.getByLabel(/I confirm the cancellation/).check();
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.waitForURL((url) => url.searchParams.get('done') === 'cancel');
      expect(await page.getByTestId('notice').textContent()).toBe('Order cancelled.');
      expect(await page.getByTestId('fulfilment-status').textContent()).toBe('Cancelled');

      // Back on the list, beside the queue dashboard's link.
      await page.getByRole('link', { name: 'Back to orders' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/orders');
      expect(await page.getByRole('link', { name: 'Job queues' }).getAttribute('href')).toBe('/admin/queues');
      // Signed in already, the login page sends straight back to the operators' page.
      await page.goto('/en/login?redirect=%2Fadmin%2Forders%3Fpayment_method%3Dcod');
      await page.waitForURL((url) => url.pathname === '/admin/orders' && url.searchParams.get('payment_method') === 'cod');
      // Chromium reports the refused form's 422 answer itself; nothing else may show up.
      expect(problems.filter((p) => !/status of 422 \(Unprocessable Entity\)/.test(p))).toEqual([]);
      expect(problems.length).toBeLessThanOrEqual(1);
    } finally {
      await context.close();
    }
  });

  it('shows a signed-in customer the 403 page without order data', async () => {
    const context = await newContext(browser, { locale: 'de-DE' });
    try {
      const page = await context.newPage();
      await page.goto('/de/login');
      await hydrated(page);
      const login = page.getByTestId('login-form');
      await login.locator('input[name="email"]').fill('kupac@zlatnozrno.test');
      await login.locator('input[name="password"]').fill('tjestenina');
      await login.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname !== '/de/login');
      const res = await page.goto('/admin/orders');
      expect(res?.status()).toBe(403);
      await page.getByRole('heading', { level: 1, name: 'Zugriff verweigert' }).waitFor();
      expect(await page.locator('table').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
