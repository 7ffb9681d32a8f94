// No shopper is ever stuck (issue 19) in Chromium against the built shop: a declined card order is offered
// again at the checkout and switched to cash on delivery; the success page turns paid by itself; the shop
// opened under 127.0.0.1 while PUBLIC_URL says localhost is redirected and its card hand-off works.
import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { startBuiltShop, type BuiltShop } from '../support/built-shop.js';
import { BASE_URL, hydrated, markDocument, sameDocument, tFor } from './site.js';
import { declineAtProvider } from './provider.js';
import { emlInbox } from '../support/eml-inbox.js';
import { FILLED, guestContext, onConfirmation, text } from './checkout-steps.js';

/** Screenshots for people to look at (E2E_SHOTS_DIR, e.g. /work/shots/shopper); none without it. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The checkout's filled-in steps, paying by card. */
const BY_CARD = { ...FILLED, email: 'pending@example.com', payment_method: 'card' };

/** A guest with one pack on the confirmation step (card), at `base`. */
const onCardConfirmation = (page: Page, locale: Locale, base = BASE_URL, email = BY_CARD.email) =>
  onConfirmation(page, locale, { ...BY_CARD, email }, base);

/** axe at 1280 px and 360 px; the violations, labelled. */
async function audit(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    found.push(...(await axeViolations(page)).map((v) => `${label} at ${width}: ${describeViolations([v])}`));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

describe('no shopper is stuck (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('declined -> back to checkout -> the pending order is offered -> pay on delivery -> order received', async () => {
    const locale: Locale = 'en';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const main = page.locator('main');
      const report: string[] = [];
      const confirm = await onCardConfirmation(page, locale, BASE_URL, `declined-${Date.now().toString(36)}@example.com`);
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
      await declineAtProvider(page, locale);
      await hydrated(page);
      const number = new URL(page.url()).searchParams.get('order')!;
      expect(await text(main.getByTestId('order-failed'))).toBe(t('checkout.fail.message'));
      // the failure page shows the order and what can be done with it
      const onFail = main.getByTestId('pending-order');
      await onFail.waitFor();
      expect(await onFail.getAttribute('data-order-number')).toBe(number);
      expect(await text(onFail.locator('h2').first())).toBe(t('checkout.pending.heading', { number }));
      report.push(...(await audit(page, 'failure page')));
      await shot(page, 'payment-fail-pending-order');

      // 'Back to checkout': the cart is empty (the order took its lines), the order is offered instead
      await main.getByRole('link', { name: t('checkout.fail.backToCheckout'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === publicPath('checkout', locale));
      const offered = main.getByTestId('pending-order');
      await offered.waitFor();
      expect(await offered.getAttribute('data-order-number')).toBe(number);
      expect(await main.locator('[data-checkout-empty]').count()).toBe(0);
      expect(await text(offered)).toContain('Ilica 1');
      expect(await text(offered.locator('[data-total="total"]'))).toMatch(/€/);
      report.push(...(await audit(page, 'checkout with a pending order')));
      await shot(page, 'checkout-pending-order');
      await page.setViewportSize({ width: 360, height: 800 });
      await shot(page, 'checkout-pending-order-360');
      await page.setViewportSize({ width: 1280, height: 800 });

      await offered.getByRole('button', { name: t('checkout.pending.switchToCod'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale) && url.searchParams.get('order') === number);
      const outcome = main.getByTestId('order-success');
      await page.waitForFunction(
        () => document.querySelector('[data-payment-outcome]')?.getAttribute('data-payment-outcome') === 'received',
      );
      expect(await page.locator('h1').innerText()).toBe(t('checkout.success.receivedHeading'));
      expect(await page.title()).toContain(t('checkout.success.receivedHeading'));
      const said = await text(outcome);
      expect(said).toContain(t('checkout.success.received'));
      expect(said).toContain(t('checkout.success.sentByEmail'));
      // the thanks once on the page, 'payment successful' nowhere
      expect((await text(main)).split(t('checkout.success.thanks')).length - 1).toBeLessThanOrEqual(1);
      expect(await text(page.locator('body'))).not.toMatch(/payment successful/i);
      expect(await text(main.getByTestId('order-summary'))).toContain(t('checkout.method.cod'));
      report.push(...(await audit(page, 'order received')));
      await shot(page, 'order-received-cod');

      // nothing pending any more: the checkout says the cart is empty again
      await page.goto(publicPath('checkout', locale));
      await hydrated(page);
      await main.locator('[data-checkout-empty]').waitFor();
      expect(report).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cancels a pending order from the failure page: the cart holds its lines again', async () => {
    const locale: Locale = 'hr';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const main = page.locator('main');
      const confirm = await onCardConfirmation(page, locale);
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
      await declineAtProvider(page, locale);
      await hydrated(page);
      const panel = main.getByTestId('pending-order');
      await panel.waitFor();
      await panel.getByRole('button', { name: t('checkout.pending.cancel'), exact: true }).click();
      const ask = panel.getByTestId('pending-cancel-confirm');
      expect(await text(ask)).toContain(t('checkout.pending.cancelNo'));
      await shot(page, 'payment-fail-cancel-confirm');
      await ask.getByRole('button', { name: t('checkout.pending.cancelYes'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === publicPath('cart', locale));
      await hydrated(page);
      await page.waitForFunction(
        () => document.body.innerText.includes('ZZ-SPAG-400') || document.querySelectorAll('[data-product-code]').length > 0,
      );
      const lines = await page.evaluate(
        async () =>
          ((await (await fetch('/api/cart')).json()) as { data: { lines: Array<{ product_code: string; quantity: number }> } }).data.lines,
      );
      expect(lines).toEqual([expect.objectContaining({ product_code: 'ZZ-SPAG-400', quantity: 1 })]);
    } finally {
      await context.close();
    }
  });

  it('the success page of a card order says it is confirming the payment, then turns paid by itself', async () => {
    const locale: Locale = 'de';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const confirm = await onCardConfirmation(page, locale, BASE_URL, `poll-${Date.now().toString(36)}@example.com`);
      // the placement's answer (number and view token), read as it passes (the page leaves for the provider at once)
      let placed: { order: { number: string }; view_token: string } | undefined;
      await page.route('**/api/orders', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch();
        placed = ((await response.json()) as { data: typeof placed }).data;
        await route.fulfill({ response });
      });
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
      await page.waitForURL(/\/sandbox\/monri\//);
      const { order, view_token } = placed!;

      // the order's success page, open while the payment is still to be made
      const watcher = await context.newPage();
      await watcher.goto(`${publicPath('payment_success', locale)}?order=${order.number}&token=${encodeURIComponent(view_token)}`);
      await hydrated(watcher);
      await watcher.waitForFunction(
        () => document.querySelector('[data-payment-outcome]')?.getAttribute('data-payment-outcome') === 'confirming',
      );
      const live = watcher.locator('main').getByTestId('order-success');
      expect(await live.getAttribute('aria-live')).toBe('polite');
      expect(await text(live)).toBe(t('checkout.success.confirming'));
      expect(await text(watcher.locator('main'))).not.toContain(t('checkout.success.sentByEmail'));
      expect(describeViolations(await axeViolations(watcher))).toBe('');
      await shot(watcher, 'success-confirming');
      await markDocument(watcher);

      await page.locator('button.approve').click();
      // the callback settles the payment in the worker; the page asks again every 2 s and flips without a reload
      await watcher.waitForFunction(
        () => document.querySelector('[data-payment-outcome]')?.getAttribute('data-payment-outcome') === 'paid',
        null,
        {
          timeout: 30_000,
        },
      );
      expect(await sameDocument(watcher)).toBe(true);
      expect(await text(live)).toContain(t('checkout.success.paid'));
      expect(await watcher.locator('[data-payment-status]').getAttribute('data-payment-status')).toBe('paid');
      await shot(watcher, 'success-paid');
    } finally {
      await context.close();
    }
  });

  it('a hand-off the browser refuses (CSP form-action) leaves the shopper with the pending order, never an empty cart', async () => {
    const locale: Locale = 'sl';
    const t = tFor(locale);
    // CSP enforced (no axe here: the axe contexts bypass the CSP)
    const context = await newContext(browser, { locale: 'sl-SI' });
    await context.addCookies([
      { name: LOCALE_COOKIE, value: locale, url: BASE_URL },
      { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
    ]);
    try {
      const page = await context.newPage();
      const confirm = await onCardConfirmation(page, locale);
      // the real placement, its form pointed at an origin the page's form-action does not allow
      await page.route('**/api/orders', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch();
        const body = (await response.json()) as { data: { payment: { action: string } } };
        body.data.payment.action = 'http://blocked.invalid/v2/form';
        await route.fulfill({ response, json: body });
      });
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
      // the placement emptied the cart, so the checkout offers the pending order (the blocked navigation never
      // commits: poll the document rather than wait for a navigation to end)
      await page.waitForFunction(() => !!document.querySelector('main [data-testid="pending-order"]'), null, { timeout: 20_000 });
      expect(await page.locator('main [data-testid="pending-order"] h2').first().innerText()).toContain('ZZ-');
      expect(await page.locator('[data-checkout-empty]').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(publicPath('checkout', locale));
      await shot(page, 'handoff-blocked');
    } finally {
      await context.close();
    }
  });

  it("the account's order detail offers an unpaid card order: pay on delivery from there", async () => {
    const locale: Locale = 'hr';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const main = page.locator('main');
      const email = `account-pending-${Date.now().toString(36)}@example.com`;
      // an activated account, signed in through the login form
      await page.goto(publicPath('register', locale));
      await hydrated(page);
      const registered = await page.evaluate(async (address) => {
        const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
        const res = await fetch('/api/users', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
          body: JSON.stringify({
            first_name: 'Ana',
            last_name: 'Horvat',
            birthday: '1990-05-01',
            email: address,
            password: 'tjestenina1',
            password_confirmation: 'tjestenina1',
            terms_accepted: true,
            locale: 'hr',
          }),
        });
        return res.status;
      }, email);
      expect(registered).toBeLessThan(300);
      const mail = await emlInbox().waitFor(email);
      await page.goto(mail.links[0].replace(BASE_URL, ''));
      await hydrated(page);
      await page.getByTestId('link-form').locator('button[type="submit"]').click();
      await page.getByTestId('link-done').waitFor();
      await page.goto(publicPath('login', locale));
      await hydrated(page);
      const form = page.getByTestId('login-form');
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill('tjestenina1');
      await form.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname !== publicPath('login', locale));

      // a card order whose payment page is closed without paying
      const confirm = await onCardConfirmation(page, locale, BASE_URL, email);
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
      await page.waitForURL(/\/sandbox\/monri\//);
      const orders = await page.evaluate(
        async () => ((await (await fetch('/api/orders')).json()) as { data: Array<{ number: string }> }).data,
      );
      const number = orders[0]!.number;

      // the account's order detail shows it as waiting for payment, with the three choices
      const detailPath = publicPath('profile_order', locale, { number });
      await page.goto(detailPath);
      await hydrated(page);
      const panel = main.getByTestId('pending-order');
      await panel.waitFor();
      expect(await panel.getAttribute('data-order-number')).toBe(number);
      for (const name of ['checkout.pending.payAgain', 'checkout.pending.switchToCod', 'checkout.pending.cancel']) {
        expect(await panel.getByRole('button', { name: t(name), exact: true }).count()).toBe(1);
      }
      expect(await audit(page, 'order detail with a pending order')).toEqual([]);
      await shot(page, 'account-order-pending');

      await panel.getByRole('button', { name: t('checkout.pending.switchToCod'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale) && url.searchParams.get('order') === number);
      await page.waitForFunction(
        () => document.querySelector('[data-payment-outcome]')?.getAttribute('data-payment-outcome') === 'received',
      );
      expect(await page.locator('h1').innerText()).toBe(t('checkout.success.receivedHeading'));

      // back on the account: paid on delivery now, nothing left to choose
      await page.goto(detailPath);
      await hydrated(page);
      await main.getByTestId('order-facts').waitFor();
      expect(await main.getByTestId('order-facts').locator('[data-payment-method]').getAttribute('data-payment-method')).toBe('cod');
      expect(await main.getByTestId('pending-order').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('without an order in the URL the success page claims nothing about an e-mail', async () => {
    const t = tFor('en');
    const context = await guestContext(browser, 'en');
    try {
      const page = await context.newPage();
      await page.goto(`${publicPath('payment_success', 'en')}?order=nonsense`);
      await hydrated(page);
      const main = page.locator('main');
      expect(await text(main.getByTestId('order-unknown'))).toBe(t('checkout.success.noOrder'));
      expect(await text(main)).not.toContain(t('checkout.success.sentByEmail'));
    } finally {
      await context.close();
    }
  });
});

describe('the shop opened under 127.0.0.1 while PUBLIC_URL says localhost (Chromium)', () => {
  let browser: Browser;
  let shop: BuiltShop;
  let port: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    shop = await startBuiltShop('host', (p) => ({ PUBLIC_URL: `http://localhost:${p}` }));
    port = new URL(shop.url).port;
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('redirects to PUBLIC_URL, and the card hand-off reaches the payment page and comes back paid', async () => {
    const locale: Locale = 'en';
    const t = tFor(locale);
    const publicOrigin = `http://localhost:${port}`;
    const context = await guestContext(browser, locale, publicOrigin);
    try {
      const page = await context.newPage();
      const blocked: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|form-action/i.test(m.text())) blocked.push(m.text());
      });
      await page.goto(`http://127.0.0.1:${port}${publicPath('checkout', locale)}`);
      expect(new URL(page.url()).origin).toBe(publicOrigin);
      const confirm = await onCardConfirmation(page, locale, `http://127.0.0.1:${port}`);
      expect(new URL(page.url()).origin).toBe(publicOrigin);
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
      await page.waitForURL(/\/sandbox\/monri\//);
      await page.locator('button.approve').click();
      await page.waitForURL((url) => url.origin === publicOrigin && url.pathname === publicPath('payment_success', locale));
      await hydrated(page);
      await page.locator('main').getByTestId('order-summary').waitFor();
      expect(blocked).toEqual([]);
      expect(shop.output()).not.toMatch(/"level":"error"/);
    } finally {
      await context.close();
    }
  });
});
