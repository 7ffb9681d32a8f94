// An abandoned card payment in Chromium against a built shop of its own (PAYMENT_REMINDER_DELAY_MINUTES=0.05,
// three seconds, so the reminder job's next run finds the order): a guest orders by card in Croatian, closes the
// payment sandbox's page without deciding ('abandon': no callback, no decline), and the 'payment not completed'
// mail arrives, in Croatian, once; its link opens the payment failure page of that order, whose 'try again'
// starts a new payment; approved -> success page -> the confirmation mail says paid and the order is paid.
import type { Browser } from 'playwright-core';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { LOCALE_COOKIE } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { launchBrowser } from '../support/browser.js';
import { startBuiltShop, type BuiltShop } from '../support/built-shop.js';
import { emlInbox } from '../support/eml-inbox.js';
import { addViaApi, hydrated, tFor } from './site.js';

const SHOTS = process.env.SCREENSHOT_DIR;

describe('an abandoned card payment (built shop, Chromium)', () => {
  let shop: BuiltShop;
  let browser: Browser;

  beforeAll(async () => {
    shop = await startBuiltShop('reminder', { PAYMENT_REMINDER_DELAY_MINUTES: '0.05', AUTH_RATE_LIMIT_PER_IP: '100000' });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('abandon -> "payment not completed" mail -> its link -> failure page -> try again -> approve -> paid and confirmed', async () => {
    const locale = 'hr';
    const t = tFor(locale);
    const context = await browser.newContext({ baseURL: shop.url, locale: 'hr-HR', viewport: { width: 1280, height: 800 } });
    await context.addCookies([
      { name: LOCALE_COOKIE, value: locale, url: shop.url },
      { name: CONSENT_COOKIE, value: 'essential', url: shop.url },
    ]);
    try {
      const page = await context.newPage();
      const main = page.locator('main');
      const email = `abandon-${Date.now().toString(36)}@example.com`;
      const checkoutPath = publicPath('checkout', locale);
      await page.goto(checkoutPath);
      await hydrated(page);
      await addViaApi(page, 'ZZ-SPAG-400', 1);
      const values = {
        email,
        phone: '+385 91 234 5678',
        first_name: 'Ana',
        last_name: 'Horvat',
        street: 'Ilica 1',
        postal_code: '10000',
        city: 'Zagreb',
        country: 'HR',
        payment_method: 'card',
        terms_accepted: true,
      };
      await page.evaluate((v) => sessionStorage.setItem('zz-checkout', JSON.stringify({ values: v, attempt: null })), values);
      await page.goto(`${checkoutPath}?step=confirm`);
      await hydrated(page);
      const confirm = main.getByTestId('checkout-confirm');
      await confirm.waitFor();
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();

      // the payment sandbox's page: the shopper closes it without deciding (nothing reaches the shop)
      await page.waitForURL(/\/sandbox\/monri\//);
      await page.locator('form[action$="/abandon"] button').click();
      await page.locator('[role="status"]').waitFor();

      const inbox = emlInbox(shop.mailDir);
      const mail = await inbox.waitFor(email, 60_000);
      expect(mail.language).toBe('hr');
      expect(mail.subject).toMatch(/^Plaćanje narudžbe ZZ-\d{4}-\d{6,} nije dovršeno$/);
      const number = /ZZ-\d{4}-\d{6,}/.exec(mail.subject)![0];
      expect(mail.text).toContain('nije dovršeno');
      const retry = new URL(mail.links[0]);
      expect(retry.pathname).toBe(publicPath('payment_fail', locale));
      expect(retry.searchParams.get('order')).toBe(number);
      expect(retry.searchParams.get('token')).toBeTruthy();
      if (SHOTS) {
        const preview = await context.newPage();
        await preview.setContent(mail.html);
        await preview.screenshot({ path: `${SHOTS}/payment-not-completed-hr.png`, fullPage: true });
        await preview.close();
      }

      // the mail's link: the failure page of this order, whose pending-order panel pays the same order again
      await page.goto(`${retry.pathname}${retry.search}`);
      await hydrated(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/failure-page-from-mail-hr.png`, fullPage: true });
      const pending = main.getByTestId('pending-order');
      expect(await pending.getAttribute('data-order-number')).toBe(number);
      await pending.getByRole('button', { name: t('checkout.pending.payAgain'), exact: true }).click();
      await page.waitForURL(/\/sandbox\/monri\//);
      await page.locator('button.approve').click();
      await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale) && url.searchParams.get('order') === number);

      // the confirmation follows the paid status and says so; the reminder came once
      let confirmation = await inbox.waitFor(email, 60_000);
      expect(confirmation.subject).toContain(number);
      expect(confirmation.subject).not.toMatch(/nije dovršeno/);
      expect(confirmation.text).toContain('Karticom – plaćeno');
      const orderLink = new URL(confirmation.links[0]);
      const read = await fetch(`${shop.url}/api/orders/${number}?view_token=${encodeURIComponent(orderLink.searchParams.get('token')!)}`);
      expect(((await read.json()) as { data: { payment_status: string } }).data.payment_status).toBe('paid');
      await new Promise((r) => setTimeout(r, 4000));
      const all = (await inbox.all()).filter((m) => m.to.includes(email));
      expect(all.filter((m) => !m.invoice).map((m) => m.subject)).toEqual([mail.subject, confirmation.subject]);
      // and, the sale complete, its invoice once (docs/invoicing.md)
      expect(all.filter((m) => m.invoice).map((m) => m.subject)).toEqual([expect.stringContaining(number)]);
      confirmation = all.filter((m) => !m.invoice)[1];
      expect(confirmation.language).toBe('hr');
    } finally {
      await context.close();
    }
  }, 180_000);
});
