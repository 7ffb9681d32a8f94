// The checkout in Chromium against the built shop with the demo catalogue, every language covering a full
// purchase with its pages and mails: a guest buys with cash on delivery in Croatian and English through all
// three steps (values survive a reload, the confirmation shows lines and totals as the cart has them), ticking
// 'create an account' (activation mail in the order's language); a guest pays by card through the payment
// sandbox's page in German and Slovenian (declined -> cancel -> failure page -> try again
// -> approved -> success page -> confirmation mail); a registered user pays by card (Slovenian) and finds the
// order in the profile. Step 1's checks are shown in the page's language next to their fields with the focus
// on the first; an R1 order with a bad OIB is refused with a clear message (by the form and by the API) in all
// four languages; axe-core finds zero violations on every step, the failure and the success page; no console
// problems. About 2 to 3 minutes on the shared 2-core machine.
import type { Browser, Locator, Page } from 'playwright-core';
import { formatEuro } from '../../contract/money.js';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { readFileSync } from 'node:fs';
import { emlInbox, type InboxMail } from '../support/eml-inbox.js';
import { addViaApi, apiCart, BASE_URL, getHtml, hydrated, signInCookies, textOf, tFor, watchPage } from './site.js';
import { declineAtProvider } from './provider.js';
import { FILLED, guestContext, onConfirmation, text } from './checkout-steps.js';

type Translate = ReturnType<typeof tFor>;

/** A valid OIB (ISO 7064 MOD 11,10 check digit) and the same with a wrong check digit. */
const BAD_OIB = '69435151531';

const activeName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null);

/** A field by its visible label (required fields: the label alone). */
const field = (main: Locator, label: string) => main.getByLabel(label, { exact: true });

/** The error text tied to a control by aria-describedby. */
async function describedError(page: Page, control: Locator): Promise<string> {
  expect(await control.getAttribute('aria-invalid')).toBe('true');
  const ids = (await control.getAttribute('aria-describedby')) ?? '';
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId).toBeDefined();
  return text(page.locator(`[id="${errorId}"]`));
}

async function fillDelivery(main: Locator, t: Translate, email: string): Promise<void> {
  await field(main, t('account.common.email')).fill(email);
  await field(main, t('checkout.delivery.phone')).fill('+385 91 234 5678');
  await field(main, t('account.common.firstName')).fill('Ana');
  await field(main, t('account.common.lastName')).fill('Horvat');
  await field(main, t('checkout.delivery.street')).fill('Ilica 1');
  await field(main, t('checkout.delivery.postalCode')).fill('10000');
  await field(main, t('checkout.delivery.city')).fill('Zagreb');
  await field(main, t('checkout.delivery.country')).selectOption('HR');
}

const CONSOLE_REFUSED = /Failed to load resource: the server responded with a status of 4(09|22)/;

/**
 * The order confirmation mail to `email`: its subject names the order, it is in the order's language, and its
 * link opens the order's page (the success page with the view token) showing the order, its payment method
 * and status, accessible.
 */
async function expectConfirmationMail(
  page: Page,
  locale: Locale,
  email: string,
  number: string,
  method: 'cod' | 'card',
  inbox: ReturnType<typeof emlInbox> = emlInbox(),
) {
  const t = tFor(locale);
  // other mails to the same address (an account's activation) are handed back
  const skipped: InboxMail[] = [];
  let mail = await inbox.waitFor(email, 30_000);
  while (!mail.subject.includes(number) && skipped.length < 3) {
    skipped.push(mail);
    mail = await inbox.waitFor(email, 30_000);
  }
  expect(mail.subject).toContain(number);
  expect(mail.language).toBe(locale);
  const link = mail.links.find((l) => l.includes(number));
  expect(link).toBeDefined();
  expect(new URL(link!).pathname).toBe(publicPath('payment_success', locale));
  await page.goto(link!.replace(BASE_URL, ''));
  await hydrated(page);
  const summary = page.locator('main').getByTestId('order-summary');
  await summary.waitFor();
  expect(await text(summary.getByTestId('order-number'))).toBe(number);
  expect(await text(summary)).toContain(t(`checkout.method.${method}`));
  const status = method === 'card' ? 'paid' : 'awaiting_payment';
  expect(await summary.locator('[data-payment-status]').getAttribute('data-payment-status')).toBe(status);
  expect(describeViolations(await axeViolations(page))).toBe('');
  return skipped;
}

/**
 * A shopper with a cart on step 1 fills the form through the three steps (axe-core on each) to the confirmation
 * step. Returns the confirmation step.
 */
async function formToConfirmation(page: Page, locale: Locale, email: string, method: 'cod' | 'card', report: string[]): Promise<Locator> {
  const t = tFor(locale);
  const main = page.locator('main');
  const delivery = main.getByTestId('checkout-delivery');
  await delivery.waitFor();
  await fillDelivery(main, t, email);
  report.push(...(await axeViolations(page)).map((v) => `step 1 (${locale}): ${describeViolations([v])}`));
  await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
  const shipping = main.getByTestId('checkout-shipping');
  await shipping.waitFor();
  await shipping.getByLabel(t(`checkout.method.${method}`), { exact: true }).check();
  await shipping.getByLabel(t('checkout.shipping.terms'), { exact: true }).check();
  report.push(...(await axeViolations(page)).map((v) => `step 2 (${locale}): ${describeViolations([v])}`));
  await shipping.getByRole('button', { name: t('checkout.shipping.submit'), exact: true }).click();
  const confirm = main.getByTestId('checkout-confirm');
  await confirm.waitFor();
  expect(await text(confirm.getByTestId('confirm-shipping'))).toContain(t(`checkout.method.${method}`));
  report.push(...(await axeViolations(page)).map((v) => `step 3 (${locale}): ${describeViolations([v])}`));
  return confirm;
}

describe('checkout in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(['hr', 'en'] as const)('a guest buys with cash on delivery through all steps in %s', async (locale) => {
    const t = tFor(locale);
    const money = (cents: number) => formatEuro(cents, locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const report: string[] = [];
      // every state at 1280 px and, in Croatian, at 360 px too (tables and field grids on a phone)
      const audit = async (label: string) => {
        const v = await axeViolations(page);
        if (v.length) report.push(`${label}:\n${describeViolations(v)}`);
        if (locale !== 'hr') return;
        await page.setViewportSize({ width: 360, height: 740 });
        await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 50))));
        const narrow = await axeViolations(page);
        if (narrow.length) report.push(`${label} at 360 px:\n${describeViolations(narrow)}`);
        await page.setViewportSize({ width: 1280, height: 800 });
      };
      const main = page.locator('main');
      const checkoutPath = publicPath('checkout', locale);

      // An empty cart: nothing to order.
      const res = await page.goto(checkoutPath);
      expect(res?.status()).toBe(200);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await hydrated(page);
      await main.locator('[data-checkout-empty]').waitFor();
      await audit('empty cart');

      await addViaApi(page, 'ZZ-SPAG-400', 2);
      await addViaApi(page, 'ZZ-TAGL-400', 3);
      await page.reload();
      await hydrated(page);

      // Step 1: an empty form is refused field by field, in the page's language, the focus on the first field.
      const delivery = main.getByTestId('checkout-delivery');
      await delivery.waitFor();
      expect(await main.locator('nav li[aria-current="step"]').innerText()).toContain(t('checkout.steps.delivery'));
      const login = main.getByTestId('checkout-login').getByRole('link', { name: t('checkout.account.login'), exact: true });
      expect(await login.getAttribute('href')).toBe(
        `${publicPath('login', locale)}?redirect=${encodeURIComponent(`${checkoutPath}?step=delivery`)}`,
      );
      await audit('step 1');
      await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
      await main.getByTestId('checkout-errors').waitFor();
      expect(await text(main.getByTestId('checkout-errors'))).toBe(t('checkout.validation.summary'));
      expect(await activeName(page)).toBe('email');
      expect(await describedError(page, field(main, t('account.common.email')))).toBe(t('checkout.validation.required'));
      expect(await describedError(page, field(main, t('checkout.delivery.city')))).toBe(t('checkout.validation.required'));
      await field(main, t('account.common.email')).fill('ana@');
      await field(main, t('checkout.delivery.phone')).fill('call me');
      await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
      expect(await describedError(page, field(main, t('account.common.email')))).toBe(t('checkout.validation.email'));
      expect(await describedError(page, field(main, t('checkout.delivery.phone')))).toBe(t('checkout.validation.phone'));
      await audit('step 1 with errors');

      const email = `guest-${locale}-${Date.now()}@example.com`;
      await fillDelivery(main, t, email);
      await field(main, `${t('checkout.delivery.courierNote')} (${t('account.common.optional')})`).fill('Ring twice');

      // 'Create an account': the tick asks for what registration needs, checked as the registration screen does.
      const account = main.getByTestId('checkout-create-account');
      await account.getByLabel(t('checkout.account.create'), { exact: true }).check();
      await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
      expect(await activeName(page)).toBe('birthday');
      expect(await describedError(page, field(account, t('account.common.birthday')))).toBe(t('account.validation.required'));
      expect(await describedError(page, field(account, t('account.common.password')))).toBe(t('account.validation.required'));
      await field(account, t('account.common.birthday')).fill('1990-05-01');
      await field(account, t('account.common.password')).fill('lozinka1');
      await field(account, t('account.common.passwordConfirmation')).fill('lozinka2');
      await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
      expect(await describedError(page, field(account, t('account.common.passwordConfirmation')))).toBe(
        t('account.validation.passwordMismatch'),
      );
      await audit('step 1 with the account fields');
      await field(account, t('account.common.passwordConfirmation')).fill('lozinka1');
      // the password is never written to sessionStorage
      expect(await page.evaluate(() => sessionStorage.getItem('zz-checkout'))).not.toContain('lozinka1');
      await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();

      // Step 2: the national post with the cart's delivery price for Croatia, payment, terms.
      await page.waitForURL(/[?&]step=shipping/);
      const shipping = main.getByTestId('checkout-shipping');
      await shipping.waitFor();
      let cart = await apiCart(page, locale);
      expect(cart.destination).toEqual({ country: 'HR', postal_code: '10000' });
      expect(await text(shipping.getByTestId('checkout-carrier'))).toBe(
        t('checkout.shipping.carrier', {
          carrier: cart.shipping.carrier,
          min: cart.shipping.delivery_days.min,
          max: cart.shipping.delivery_days.max,
        }),
      );
      expect(await text(shipping.getByTestId('checkout-delivery-price'))).toContain(
        cart.delivery === 0 ? t('cartPage.free') : money(cart.delivery),
      );
      await audit('step 2');
      await shipping.getByRole('button', { name: t('checkout.shipping.submit'), exact: true }).click();
      expect(await describedError(page, shipping.getByLabel(t('checkout.shipping.terms'), { exact: true }))).toBe(
        t('checkout.validation.terms'),
      );
      const methods = shipping.getByRole('group', { name: t('checkout.shipping.paymentHeading'), exact: true });
      const methodError = (await methods.getAttribute('aria-describedby')) ?? '';
      expect(await text(page.locator(`[id="${methodError}"]`))).toBe(t('checkout.validation.paymentMethod'));
      expect(await shipping.getByLabel(t('checkout.method.card'), { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await audit('step 2 with errors');
      await shipping.getByLabel(t('checkout.method.cod'), { exact: true }).check();
      await shipping.getByLabel(t('checkout.shipping.terms'), { exact: true }).check();
      await shipping.getByRole('button', { name: t('checkout.shipping.submit'), exact: true }).click();

      // Step 3: everything entered with edit links, lines and totals as the cart has them; a reload keeps it all.
      await page.waitForURL(/[?&]step=confirm/);
      const confirm = main.getByTestId('checkout-confirm');
      await confirm.waitFor();
      await page.reload();
      await hydrated(page);
      await confirm.waitFor();
      expect(await text(confirm.getByTestId('confirm-contact'))).toContain(email);
      expect(await text(confirm.getByTestId('confirm-address'))).toContain('Ilica 1');
      expect(await text(confirm.getByTestId('confirm-notes'))).toContain('Ring twice');
      expect(await text(confirm.getByTestId('confirm-shipping'))).toContain(t('checkout.method.cod'));
      for (const [part, step] of [
        ['confirm-contact', 'delivery'],
        ['confirm-address', 'delivery'],
        ['confirm-r1', 'delivery'],
        ['confirm-shipping', 'shipping'],
      ] as const) {
        const edit = confirm.getByTestId(part).getByRole('link');
        expect([part, await text(edit)]).toEqual([part, expect.stringContaining(t('checkout.confirm.edit')) as unknown as string]);
        expect([part, await edit.getAttribute('href')]).toEqual([part, `${checkoutPath}?step=${step}`]);
      }
      cart = await apiCart(page, locale);
      for (const line of cart.lines) {
        const row = confirm.locator(`tr[data-product-code="${line.product_code}"]`);
        const rowText = await text(row);
        for (const part of [line.name, line.product_code, money(line.unit_price), String(line.quantity), money(line.line_total)])
          expect(rowText).toContain(part);
      }
      expect(await text(confirm.locator('[data-total="total"]'))).toBe(money(cart.total));
      expect(await text(confirm.locator('[data-total="vat_base"]'))).toBe(money(cart.vat_base));
      expect(await text(confirm.locator('[data-total="subtotal"]'))).toBe(money(cart.subtotal));
      await audit('step 3');
      expect(report).toEqual([]);

      // The reload forgot the account's password (it is never stored): 'Send order' returns to step 1 for it.
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCod'), exact: true }).click();
      await page.waitForURL(/[?&]step=delivery/);
      await delivery.waitFor();
      expect(await describedError(page, field(account, t('account.common.password')))).toBe(t('account.validation.required'));
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'password');
      expect(await field(account, t('account.common.birthday')).inputValue()).toBe('1990-05-01');
      await field(account, t('account.common.password')).fill('lozinka1');
      await field(account, t('account.common.passwordConfirmation')).fill('lozinka1');
      await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
      await shipping.waitFor();
      await shipping.getByRole('button', { name: t('checkout.shipping.submit'), exact: true }).click();
      await confirm.waitFor();

      // Send order: POST /api/orders with an Idempotency-Key and the total shown; then the success page.
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/api/orders') && r.method() === 'POST'),
        confirm.getByRole('button', { name: t('checkout.confirm.sendCod'), exact: true }).click(),
      ]);
      expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.parse(request.postData() ?? '{}')).toMatchObject({
        email,
        payment_method: 'cod',
        terms_accepted: true,
        expected_total: cart.total,
      });
      await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale));
      const summary = main.getByTestId('order-summary');
      await summary.waitFor();
      const number = await text(summary.getByTestId('order-number'));
      expect(number).toMatch(/^ZZ-\d{4}-\d{6,9}$/);
      // cash on delivery: an order received, not a payment (issue 19)
      expect(await page.locator('h1').innerText()).toBe(t('checkout.success.receivedHeading'));
      expect(await text(main.getByTestId('order-success'))).toContain(t('checkout.success.sentByEmail'));
      expect(await text(summary)).toContain(t('checkout.method.cod'));
      expect(await text(main.locator('[data-total="total"]'))).toBe(money(cart.total));
      expect(await main.getByRole('link', { name: t('checkout.success.backHome'), exact: true }).getAttribute('href')).toBe(
        publicPath('home', locale),
      );
      await audit('success page');

      // The cart is empty now, and so is the next checkout.
      expect((await apiCart(page, locale)).lines).toEqual([]);
      expect(await page.evaluate(() => sessionStorage.getItem('zz-checkout'))).toBeNull();

      // The account was asked for after the order was placed.
      expect(await text(main.getByTestId('account-created'))).toBe(t('checkout.success.accountCreated'));

      // Cash on delivery: the confirmation mail at placement, in the order's language, links to the order.
      const inbox = emlInbox();
      const others = await expectConfirmationMail(page, locale, email, number, 'cod', inbox);
      // and the account's activation mail, in the order's language
      const activation = others[0] ?? (await inbox.waitFor(email, 30_000));
      const mailTexts = JSON.parse(readFileSync(`emails/locales/${locale}.json`, 'utf8')) as { accountActivation: { subject: string } };
      expect(activation.subject).toBe(mailTexts.accountActivation.subject);
      expect(activation.language).toBe(locale);

      expect(report).toEqual([]);
      expect(watch.problems().filter((p) => !CONSOLE_REFUSED.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['hr', 'en', 'de', 'sl'] as const)(
    'refuses an R1 order with a bad OIB with a clear message, in the form and in the API, in %s',
    async (locale) => {
      const t = tFor(locale);
      const context = await guestContext(browser, locale);
      try {
        const page = await context.newPage();
        const watch = watchPage(page);
        const main = page.locator('main');
        await page.goto(publicPath('checkout', locale));
        await hydrated(page);
        await addViaApi(page, 'ZZ-SPAG-400', 1);
        await page.reload();
        await hydrated(page);
        const delivery = main.getByTestId('checkout-delivery');
        await delivery.waitFor();
        await fillDelivery(main, t, 'r1@example.com');
        await delivery.getByLabel(t('checkout.delivery.r1'), { exact: true }).check();
        const r1 = main.getByTestId('checkout-r1');
        await field(r1, t('checkout.delivery.companyName')).fill('Tvrtka d.o.o.');
        await field(r1, t('checkout.delivery.taxId')).fill(BAD_OIB);
        await field(r1, t('checkout.delivery.street')).fill('Vukovarska 2');
        await field(r1, t('checkout.delivery.postalCode')).fill('21000');
        await field(r1, t('checkout.delivery.city')).fill('Split');
        const violations = await axeViolations(page);
        expect(describeViolations(violations)).toBe('');
        await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
        await main.getByTestId('checkout-errors').waitFor();
        expect(await activeName(page)).toBe('tax_id');
        expect(await describedError(page, field(r1, t('checkout.delivery.taxId')))).toBe(t('checkout.validation.oib'));
        expect(page.url()).not.toContain('step=shipping');

        // The API refuses it too (a form is no authority): 422, on the tax number, nothing placed.
        const answer = await page.evaluate(async (oib) => {
          const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
          const res = await fetch('/api/orders', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token, 'Idempotency-Key': 'e2e-bad-oib-0001' },
            body: JSON.stringify({
              email: 'r1@example.com',
              phone: '+385 91 234 5678',
              delivery_address: {
                first_name: 'Ana',
                last_name: 'Horvat',
                street: 'Ilica 1',
                postal_code: '10000',
                city: 'Zagreb',
                country: 'HR',
              },
              r1_invoice: {
                company_name: 'Tvrtka d.o.o.',
                tax_id: oib,
                street: 'Vukovarska 2',
                postal_code: '21000',
                city: 'Split',
                country: 'HR',
              },
              payment_method: 'cod',
              terms_accepted: true,
              expected_total: 0,
            }),
          });
          return { status: res.status, body: (await res.json()) as { errors?: Array<{ code: string; field?: string; message: string }> } };
        }, BAD_OIB);
        expect(answer.status).toBe(422);
        const oibError = answer.body.errors?.find((e) => e.code === 'ORDER_OIB_INVALID');
        expect(oibError?.field).toBe('r1_invoice.tax_id');
        expect(oibError?.message).toMatch(/OIB/);
        expect((await apiCart(page, locale)).lines.map((l) => l.product_code)).toEqual(['ZZ-SPAG-400']);
        expect(watch.problems().filter((p) => !CONSOLE_REFUSED.test(p))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('a total that changed before sending is shown with the new totals and confirmed again (409, then a new attempt)', async () => {
    const locale: Locale = 'hr';
    const t = tFor(locale);
    const money = (cents: number) => formatEuro(cents, locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const main = page.locator('main');
      const confirm = await onConfirmation(page, locale, { ...FILLED, email: 'changed@example.com' });
      const before = await apiCart(page, locale);
      expect(await text(confirm.locator('[data-total="total"]'))).toBe(money(before.total));

      // Meanwhile the cart changes (another tab): the order is refused, nothing is placed.
      await addViaApi(page, 'ZZ-SPAG-400', 1);
      const after = await apiCart(page, locale);
      expect(after.total).not.toBe(before.total);
      const send = confirm.getByRole('button', { name: t('checkout.confirm.sendCod'), exact: true });
      const [first, refused] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/api/orders') && r.method() === 'POST'),
        page.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST'),
        send.click(),
      ]);
      expect(refused.status()).toBe(409);
      expect(JSON.parse(first.postData() ?? '{}').expected_total).toBe(before.total);
      const notice = main.getByTestId('checkout-total-changed');
      await notice.waitFor();
      expect(await text(notice)).toContain(t('checkout.confirm.totalChanged', { total: money(after.total) }));
      expect(await text(confirm.locator('[data-total="total"]'))).toBe(money(after.total));
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
      expect(describeViolations(await axeViolations(page))).toBe('');

      // Confirmed again: a new attempt (a new Idempotency-Key) with the new total.
      const [second] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/api/orders') && r.method() === 'POST'),
        send.click(),
      ]);
      expect(second.headers()['idempotency-key']).not.toBe(first.headers()['idempotency-key']);
      expect(JSON.parse(second.postData() ?? '{}').expected_total).toBe(after.total);
      await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale));
      await main.getByTestId('order-summary').waitFor();
      expect(await text(main.locator('[data-total="total"]'))).toBe(money(after.total));
      expect(watch.problems().filter((p) => !CONSOLE_REFUSED.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an answer lost on the way is retried with the same Idempotency-Key and gives the same order, not a second one', async () => {
    const locale: Locale = 'en';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const main = page.locator('main');
      const confirm = await onConfirmation(page, locale, FILLED);
      const keys: string[] = [];
      let placed: { order: { number: string } } | null = null;
      await page.route('**/api/orders', async (route) => {
        keys.push(route.request().headers()['idempotency-key']);
        if (placed) return route.continue();
        // the server places the order, the browser never hears of it
        const response = await route.fetch();
        placed = ((await response.json()) as { data: { order: { number: string } } }).data;
        await route.abort('connectionreset');
      });
      const send = confirm.getByRole('button', { name: t('checkout.confirm.sendCod'), exact: true });
      await send.click();
      const failed = main.getByTestId('checkout-failed');
      await failed.waitFor();
      expect(await text(failed)).toBe(t('checkout.errors.general'));
      expect(placed).not.toBeNull();
      await send.click();
      await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale));
      const number = await text(main.getByTestId('order-summary').getByTestId('order-number'));
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(number).toBe(placed!.order.number);
      expect(watch.problems().filter((p) => !/ERR_CONNECTION_RESET|ERR_FAILED/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['de', 'sl'] as const)(
    'a guest pays by card in %s: declined on the sandbox page -> cancel -> failure page -> try again -> approved -> success page, paid and mailed',
    async (locale) => {
      const t = tFor(locale);
      const context = await guestContext(browser, locale);
      try {
        const page = await context.newPage();
        const watch = watchPage(page);
        const main = page.locator('main');
        const report: string[] = [];
        const checkoutPath = publicPath('checkout', locale);
        await page.goto(checkoutPath);
        await hydrated(page);
        await addViaApi(page, 'ZZ-SPAG-400', 1);
        // a later step opened directly, before the first is complete, goes back to the first
        await page.goto(`${checkoutPath}?step=confirm`);
        await hydrated(page);
        await page.waitForURL(/[?&]step=delivery/);
        const delivery = main.getByTestId('checkout-delivery');
        await delivery.waitFor();
        // step 1's checks in the page's language
        await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
        expect(await describedError(page, field(main, t('account.common.email')))).toBe(t('checkout.validation.required'));
        report.push(...(await axeViolations(page)).map((v) => `step 1 with errors: ${describeViolations([v])}`));

        const email = `card-${locale}-${Date.now().toString(36)}@example.com`;
        const confirm = await formToConfirmation(page, locale, email, 'card', report);
        await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
        // the shop's own emulator of the hosted page (PAYMENT_PROVIDER=sandbox)
        // as on Monri's page: a declined card keeps the buyer there (no callback), who cancels back to the shop
        await declineAtProvider(page, locale);
        await hydrated(page);
        expect(await text(main.getByTestId('order-failed'))).toBe(t('checkout.fail.message'));
        const inbox = emlInbox();
        const failedNumber = new URL(page.url()).searchParams.get('order')!;
        report.push(...(await axeViolations(page)).map((v) => `failure page: ${describeViolations([v])}`));
        await main
          .getByTestId('pending-order')
          .getByRole('button', { name: t('checkout.pending.payAgain'), exact: true })
          .click();
        await page.waitForURL(/\/sandbox\/monri\//);
        await page.locator('button.approve').click();
        await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale) && url.searchParams.has('order'));
        const number = new URL(page.url()).searchParams.get('order')!;
        expect(number).toMatch(/^ZZ-\d{4}-\d{6,9}$/);
        await hydrated(page);
        const summary = main.getByTestId('order-summary');
        await summary.waitFor();
        expect(await text(summary.getByTestId('order-number'))).toBe(number);
        expect(await page.locator('h1').innerText()).toBe(t('screens.payment_success.heading'));
        expect(await text(summary)).toContain(t('checkout.method.card'));
        report.push(...(await axeViolations(page)).map((v) => `success page: ${describeViolations([v])}`));
        expect((await apiCart(page, locale)).lines).toEqual([]);

        // the callback settles the payment in the worker; then the confirmation mail, in the order's language
        // (no 'payment not completed' mail: the decline was never called back, and the order was paid before reconciliation looked)
        expect(number).toBe(failedNumber);
        await expectConfirmationMail(page, locale, email, number, 'card', inbox);
        expect(report).toEqual([]);
        // the shop's pages only: the emulated provider's page is not the checkout (its favicon request may 404)
        expect(watch.problems().filter((p) => !CONSOLE_REFUSED.test(p) && !/ on [^ ]*\/sandbox\/monri\//.test(p))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it("card: the answer's payment form is posted to the provider's page at once", async () => {
    const locale: Locale = 'de';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const confirm = await onConfirmation(page, locale, { ...FILLED, payment_method: 'card' });
      // The provider's hosted page: a stand-in on the shop's own origin (the CSP allows forms to 'self').
      const action = `${BASE_URL}/e2e-provider/form`;
      const fields = { order_number: 'ZZ-2026-000042', amount: '329', currency: 'EUR', digest: 'abc123' };
      await page.route('**/api/orders', (route) =>
        route.fulfill({
          status: 201,
          contentType: 'application/json',
          body: JSON.stringify({
            data: { order: { number: 'ZZ-2026-000042' }, view_token: 'token', payment: { action, method: 'POST', fields } },
          }),
        }),
      );
      let posted: string | null = null;
      await page.route('**/e2e-provider/form', async (route) => {
        posted = route.request().postData();
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><html lang="de"><title>Provider</title><p>Provider</p></html>',
        });
      });
      const send = confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true });
      await send.click();
      await page.waitForURL(action);
      expect(Object.fromEntries(new URLSearchParams(posted ?? ''))).toEqual(fields);
    } finally {
      await context.close();
    }
  });

  it("the hand-off's visible 'continue' button posts the form when the automatic submit did not happen", async () => {
    const locale: Locale = 'hr';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      // the automatic submit is blocked (as by a script blocker)
      await page.addInitScript(() => {
        HTMLFormElement.prototype.submit = () => undefined;
      });
      const confirm = await onConfirmation(page, locale, { ...FILLED, payment_method: 'card' });
      const action = `${BASE_URL}/e2e-provider/manual`;
      await page.route('**/api/orders', (route) =>
        route.fulfill({
          status: 201,
          contentType: 'application/json',
          body: JSON.stringify({
            data: {
              order: { number: 'ZZ-2026-000043' },
              view_token: 'token',
              payment: { action, method: 'POST', fields: { a: '1', b: 'č ž' } },
            },
          }),
        }),
      );
      let posted: string | null = null;
      await page.route('**/e2e-provider/manual', async (route) => {
        posted = route.request().postData();
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><html lang="hr"><title>Provider</title><p>Provider</p></html>',
        });
      });
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
      const form = page.getByTestId('payment-handoff');
      await form.waitFor();
      expect(await text(form.getByRole('status'))).toBe(t('checkout.confirm.redirecting'));
      expect(describeViolations(await axeViolations(page))).toBe('');
      await form.getByRole('button', { name: t('checkout.confirm.continuePayment'), exact: true }).click();
      await page.waitForURL(action);
      expect(Object.fromEntries(new URLSearchParams(posted ?? ''))).toEqual({ a: '1', b: 'č ž' });
    } finally {
      await context.close();
    }
  });

  it('a guest logs in from the checkout, comes back with the cart, finds the details filled in, pays by card and sees the order in the profile', async () => {
    const locale: Locale = 'sl';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const main = page.locator('main');
      const checkoutPath = publicPath('checkout', locale);
      const email = `buyer-${Date.now().toString(36)}@example.com`;
      await page.goto(checkoutPath);
      await hydrated(page);
      // an activated account
      const registered = await page.evaluate(async (address) => {
        const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
        const res = await fetch('/api/users', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
          body: JSON.stringify({
            first_name: 'Mojca',
            last_name: 'Novak',
            birthday: '1990-05-01',
            email: address,
            password: 'geslo123',
            password_confirmation: 'geslo123',
            terms_accepted: true,
            locale: 'sl',
          }),
        });
        return res.status;
      }, email);
      expect(registered).toBeLessThan(300);
      const inbox = emlInbox();
      const mail = await inbox.waitFor(email);
      // the activation page from the mail: its button activates (a GET of the link changes nothing)
      await page.goto(mail.links[0].replace(BASE_URL, ''));
      await hydrated(page);
      await page.getByTestId('link-form').locator('button[type="submit"]').click();
      await page.getByTestId('link-done').waitFor();

      // as a guest with a cart, at the checkout: log in from there
      await page.goto(checkoutPath);
      await hydrated(page);
      await addViaApi(page, 'ZZ-TAGL-400', 2);
      await page.reload();
      await hydrated(page);
      await main
        .getByTestId('checkout-login')
        .getByRole('link', { name: t('checkout.account.login'), exact: true })
        .click();
      await page.waitForURL((url) => url.pathname === publicPath('login', locale));
      await hydrated(page);
      const form = page.getByTestId('login-form');
      await form.locator('input[name="email"]').fill(email);
      await form.locator('input[name="password"]').fill('geslo123');
      await form.locator('button[type="submit"]').click();

      // back at the checkout: the cart is there, the details come from the profile, no login offer
      await page.waitForURL((url) => url.pathname === checkoutPath);
      const delivery = main.getByTestId('checkout-delivery');
      await delivery.waitFor();
      await page.waitForFunction(
        (address) => (document.querySelector('input[name="email"]') as HTMLInputElement | null)?.value === address,
        email,
      );
      expect(await field(main, t('account.common.firstName')).inputValue()).toBe('Mojca');
      expect(await field(main, t('account.common.lastName')).inputValue()).toBe('Novak');
      expect(await main.getByTestId('checkout-login').count()).toBe(0);
      expect((await apiCart(page, locale)).lines.map((l) => [l.product_code, l.quantity])).toEqual([['ZZ-TAGL-400', 2]]);
      expect(describeViolations(await axeViolations(page))).toBe('');

      await field(main, t('checkout.delivery.phone')).fill('+386 41 123 456');
      await field(main, t('checkout.delivery.street')).fill('Slovenska cesta 1');
      await field(main, t('checkout.delivery.postalCode')).fill('1000');
      await field(main, t('checkout.delivery.city')).fill('Ljubljana');
      await field(main, t('checkout.delivery.country')).selectOption('SI');
      await delivery.getByRole('button', { name: t('checkout.delivery.submit'), exact: true }).click();
      const shipping = main.getByTestId('checkout-shipping');
      await shipping.waitFor();
      await shipping.getByLabel(t('checkout.method.card'), { exact: true }).check();
      await shipping.getByLabel(t('checkout.shipping.terms'), { exact: true }).check();
      await shipping.getByRole('button', { name: t('checkout.shipping.submit'), exact: true }).click();
      const confirm = main.getByTestId('checkout-confirm');
      await confirm.waitFor();
      expect(await text(confirm.getByTestId('confirm-address'))).toContain('Ljubljana');
      // by card, through the sandbox's hosted page
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCard'), exact: true }).click();
      await page.waitForURL(/\/sandbox\/monri\//);
      await page.locator('button.approve').click();
      await page.waitForURL((url) => url.pathname === publicPath('payment_success', locale));
      await hydrated(page);
      const number = await text(main.getByTestId('order-summary').getByTestId('order-number'));
      // the confirmation mail follows the settled payment
      expect((await inbox.waitFor(email, 30_000)).subject).toContain(number);

      // the order is the account's: in the list, and its detail screen one click away
      await page.goto(publicPath('profile_orders', locale));
      await hydrated(page);
      const card = main.locator(`[data-order-number="${number}"]`);
      await card.waitFor();
      const detailPath = publicPath('profile_order', locale, { number });
      expect(await card.getByTestId('order-detail-link').getAttribute('href')).toBe(detailPath);
      await card.getByTestId('order-detail-link').click();
      await page.waitForURL((url) => url.pathname === detailPath);
      await hydrated(page);
      // A client-side navigation: the address changes first, the page once its loader has answered.
      await page.getByRole('heading', { level: 1, name: t('account.order.heading', { number }) }).waitFor();
      expect(await page.locator('h1').innerText()).toBe(t('account.order.heading', { number }));
      const facts = main.getByTestId('order-facts');
      expect(await text(facts.getByTestId('order-number'))).toBe(number);
      expect(await facts.locator('[data-payment-method]').getAttribute('data-payment-method')).toBe('card');
      expect(await text(facts.locator('[data-payment-status]'))).toBe(t('checkout.paymentStatus.paid'));
      expect(await text(facts.locator('[data-fulfilment-status]'))).toBe(t('account.orderDetail.fulfilment.placed'));
      expect(await text(facts.getByTestId('tracking-number'))).toBe(t('account.orderDetail.noTracking'));
      const row = await text(main.locator('tr[data-product-code="ZZ-TAGL-400"]'));
      expect(row).toContain('ZZ-TAGL-400');
      expect(row).toContain('2');
      expect(await main.locator('[data-total="total"]').count()).toBe(1);
      expect(await main.locator('[data-total="vat_base"]').count()).toBe(1);
      expect(await text(main.getByTestId('order-delivery-address'))).toContain('Slovenska cesta 1');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      expect(describeViolations(await axeViolations(page))).toBe('');
      // a malformed or unknown number is the 404 page
      for (const bad of ['ZZ-12', 'ZZ-2099-999999']) {
        const res = await page.goto(publicPath('profile_order', locale, { number: bad }));
        expect([bad, res?.status()]).toEqual([bad, 404]);
      }
      expect(watch.problems().filter((p) => !CONSOLE_REFUSED.test(p))).toEqual([]);

      // someone else's order is the 404 page too (the demo customer asks for this one)
      const other = await newContext(browser);
      try {
        await other.addCookies(
          (await signInCookies()).split('; ').map((c) => {
            const [name, ...value] = c.split('=');
            return { name, value: value.join('='), url: BASE_URL };
          }),
        );
        const res = await (await other.newPage()).goto(detailPath);
        expect(res?.status()).toBe(404);
      } finally {
        await other.close();
      }
    } finally {
      await context.close();
    }
  });

  it('a refusal the API ties to a field of an earlier step opens that step with the message on the field, focused', async () => {
    const locale: Locale = 'en';
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const main = page.locator('main');
      const confirm = await onConfirmation(page, locale, FILLED);
      const message = 'We cannot deliver to this town.';
      await page.route('**/api/orders', (route) =>
        route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ errors: [{ code: 'ORDER_FIELD_INVALID', message, field: 'delivery_address.city' }] }),
        }),
      );
      await confirm.getByRole('button', { name: t('checkout.confirm.sendCod'), exact: true }).click();
      await page.waitForURL(/[?&]step=delivery/);
      await main.getByTestId('checkout-delivery').waitFor();
      const city = field(main, t('checkout.delivery.city'));
      expect(await describedError(page, city)).toBe(message);
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'city');
      expect(await city.inputValue()).toBe('Zagreb');
    } finally {
      await context.close();
    }
  });

  it('without JavaScript the server-rendered checkout says clearly that it needs it, in all four languages', async () => {
    for (const locale of ['hr', 'en', 'de', 'sl'] as const) {
      const res = await getHtml(publicPath('checkout', locale), { cookie: `${LOCALE_COOKIE}=${locale}` });
      expect(res.status).toBe(200);
      const html = await res.text();
      const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html.slice(html.indexOf('<main')));
      expect([locale, noscript ? textOf(noscript[1]) : null]).toEqual([locale, tFor(locale)('checkout.noScript')]);
    }
    // and a browser with scripts off shows it
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false, locale: 'en-GB' });
    try {
      await context.addCookies([{ name: LOCALE_COOKIE, value: 'en', url: BASE_URL }]);
      const page = await context.newPage();
      await page.goto(publicPath('checkout', 'en'));
      expect(await text(page.locator('main').getByTestId('checkout-noscript'))).toBe(tFor('en')('checkout.noScript'));
    } finally {
      await context.close();
    }
  });

  it.each(['hr', 'en', 'de', 'sl'] as const)('the failure page says so and leads back to the checkout in %s', async (locale) => {
    const t = tFor(locale);
    const context = await guestContext(browser, locale);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const res = await page.goto(publicPath('payment_fail', locale));
      expect(res?.status()).toBe(200);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await hydrated(page);
      const main = page.locator('main');
      expect(await text(main.getByTestId('order-failed'))).toBe(t('checkout.fail.message'));
      const checkoutPath = publicPath('checkout', locale);
      expect(await main.getByRole('link', { name: t('checkout.fail.tryAgain'), exact: true }).getAttribute('href')).toBe(
        `${checkoutPath}?step=confirm`,
      );
      expect(await main.getByRole('link', { name: t('checkout.fail.backToCheckout'), exact: true }).getAttribute('href')).toBe(
        checkoutPath,
      );
      expect(describeViolations(await axeViolations(page))).toBe('');
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
