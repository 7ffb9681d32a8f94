// The cart screen in Chromium, in all four languages, against the built shop with the demo catalogue and the
// demo coupons: empty state, lines with links, quantity (+/−, typed, refused by stock), remove, coupon (refused,
// applied, no longer applying), destination (delivery changes, malformed postal code), totals with VAT base,
// VAT and the breakdown per rate, free-delivery progress then congratulation, the header's count, axe-core
// zero violations in every state reached, no console problems. Screenshots (1280 and 360 px) go to
// $CART_SCREENSHOTS when set.
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { formatEuro } from '../../contract/money.js';
import { LOCALE_COOKIE, LOCALES } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { addViaApi, apiCart, BASE_URL, hydrated, tFor, watchPage } from './site.js';
import { text } from './checkout-steps.js';

const SHOTS = process.env.CART_SCREENSHOTS;

/** Runs a UI action that changes the cart and waits until the answered cart is on screen. */
async function change(page: Page, action: () => Promise<void>): Promise<number> {
  const [res] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/cart') && r.request().method() !== 'GET'), action()]);
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  return res.status();
}

describe('cart screen in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    // The quantity steps below rely on the demo tagliatelle's seeded stock (25); the checkout tests of the
    // same run place real orders that take some of it.
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      await db.query(`UPDATE product SET stock = 25 WHERE code = 'ZZ-TAGL-400'`);
    } finally {
      await db.end();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(LOCALES)('works end to end in %s', async (locale) => {
    const t = tFor(locale);
    const money = (cents: number) => formatEuro(cents, locale);
    const context = await newContext(browser, { axe: true, locale: `${locale}-${locale === 'en' ? 'GB' : locale.toUpperCase()}` });
    try {
      await context.addCookies([
        { name: LOCALE_COOKIE, value: locale, url: BASE_URL },
        { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
      ]);
      const page = await context.newPage();
      const watch = watchPage(page);
      const report: string[] = [];
      const audit = async (label: string) => {
        const v = await axeViolations(page);
        if (v.length) report.push(`${label}:\n${describeViolations(v)}`);
      };
      const main = page.locator('main');
      const cartPath = publicPath('cart', locale);
      const indicator = page.locator(`header a[href="${cartPath}"][aria-label]`);
      const shot = async (name: string) => {
        if (!SHOTS || locale !== 'hr') return;
        await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
        await page.setViewportSize({ width: 360, height: 740 });
        await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 100))));
        await audit(`${name} at 360 px`);
        await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });
      };

      // Empty: private page, message and 'continue shopping' to the webshop.
      const res = await page.goto(cartPath);
      expect(res?.status()).toBe(200);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await hydrated(page);
      await main.locator('[data-cart-status="ready"]').waitFor({ state: 'attached' });
      await main.getByRole('heading', { name: t('cartPage.emptyHeading'), exact: true }).waitFor();
      const cont = main.getByRole('link', { name: t('cartPage.continueShopping'), exact: true });
      expect(await cont.getAttribute('href')).toBe(publicPath('webshop', locale));
      await audit('empty');
      await shot('empty');

      // Has items: 2 x spaghetti + 3 x tagliatelle (14,45 €).
      await addViaApi(page, 'ZZ-SPAG-400', 2);
      await addViaApi(page, 'ZZ-TAGL-400', 3);
      await page.reload();
      await hydrated(page);
      await main.locator('[data-cart-state="has_items"]').waitFor();
      let cart = await apiCart(page, locale);
      expect(cart.lines.map((l) => [l.product_code, l.quantity])).toEqual([
        ['ZZ-SPAG-400', 2],
        ['ZZ-TAGL-400', 3],
      ]);
      expect(await indicator.getAttribute('aria-label')).toBe(t('cart.indicator', { count: 5 }));
      const lines = main.locator('li[data-product-code]');
      expect(await lines.count()).toBe(2);
      for (const line of cart.lines) {
        const li = main.locator(`li[data-product-code="${line.product_code}"]`);
        const link = li.getByRole('link', { name: line.name, exact: true });
        expect(await link.getAttribute('href')).toBe(publicPath('product', locale, { slug: line.slug }));
        const liText = await text(li);
        expect(liText).toContain(line.product_code);
        expect(liText).toContain(money(line.unit_price));
        expect(liText).toContain(money(line.line_total));
        expect(await li.getByRole('spinbutton', { name: t('cartPage.quantityLabel', { name: line.name }), exact: true }).inputValue()).toBe(
          String(line.quantity),
        );
      }
      const checkTotals = async () => {
        cart = await apiCart(page, locale);
        for (const key of ['subtotal', 'total', 'vat_base', 'vat_total'] as const) {
          expect([key, await text(main.locator(`[data-total="${key}"]`))]).toEqual([key, money(cart[key])]);
        }
        expect(await text(main.locator('[data-total="delivery"]'))).toBe(cart.delivery === 0 ? t('cartPage.free') : money(cart.delivery));
        const vatRows = main.getByRole('table', { name: t('cartPage.vatBreakdown') }).locator('tbody tr');
        expect(await vatRows.count()).toBe(cart.vat_by_rate.length);
        for (const [i, row] of cart.vat_by_rate.entries()) {
          expect(await text(vatRows.nth(i))).toBe(`${row.rate} % ${money(row.base)} ${money(row.vat)}`);
        }
        expect(cart.vat_base + cart.vat_total).toBe(cart.total);
      };
      await checkTotals();
      // Free-delivery progress.
      expect(cart.free_delivery).toEqual({ applies: true, missing: 5000 - 1445 });
      await main.getByText(t('cartPage.freeDeliveryMissing', { amount: money(3555) }), { exact: true }).waitFor();
      const bar = main.getByRole('progressbar');
      expect(await bar.evaluate((e) => [(e as HTMLProgressElement).value, (e as HTMLProgressElement).max])).toEqual([1445, 5000]);
      await audit('has items');
      await shot('has-items');

      const spag = main.locator('li[data-product-code="ZZ-SPAG-400"]');
      const tagl = main.locator('li[data-product-code="ZZ-TAGL-400"]');
      const spagName = cart.lines[0].name;
      const taglName = cart.lines[1].name;
      const taglQty = tagl.getByRole('spinbutton');

      // Coupon below its minimum: refused, with the API's message next to the field.
      const couponField = main.getByRole('textbox', { name: t('cartPage.couponLabel'), exact: true });
      await couponField.fill('dobrodosli10');
      expect(await change(page, () => main.getByRole('button', { name: t('cartPage.couponApply'), exact: true }).click())).toBe(422);
      await main.getByRole('alert').filter({ hasText: /20/ }).first().waitFor();
      expect(await couponField.inputValue()).toBe('dobrodosli10');

      // Quantity: + button, then a typed value.
      expect(
        await change(page, () => spag.getByRole('button', { name: t('cartPage.increase', { name: spagName }), exact: true }).click()),
      ).toBe(200);
      expect(await spag.getByRole('spinbutton').inputValue()).toBe('3');
      await taglQty.fill('5');
      expect(await change(page, () => taglQty.press('Enter'))).toBe(200);
      await checkTotals();
      expect(cart.lines.map((l) => l.quantity)).toEqual([3, 5]);
      expect(await indicator.getAttribute('aria-label')).toBe(t('cart.indicator', { count: 8 }));

      // Coupon applies now (3 x 2,29 + 5 x 3,29 = 23,32 €; 10 % = 2,33 €).
      await couponField.fill('dobrodosli10');
      expect(await change(page, () => main.getByRole('button', { name: t('cartPage.couponApply'), exact: true }).click())).toBe(200);
      await main.getByText(t('cartPage.couponApplied', { code: 'DOBRODOSLI10', discount: money(233) }), { exact: true }).waitFor();
      expect(await text(main.locator('[data-total="discount"]'))).toBe(`−${money(233)}`);
      await checkTotals();
      expect(cart.discount).toBe(233);
      await audit('coupon applied');

      // − button: below the coupon's minimum, the coupon stops applying and says why.
      expect(
        await change(page, () => tagl.getByRole('button', { name: t('cartPage.decrease', { name: taglName }), exact: true }).click()),
      ).toBe(200);
      expect(
        await change(page, () => tagl.getByRole('button', { name: t('cartPage.decrease', { name: taglName }), exact: true }).click()),
      ).toBe(200);
      cart = await apiCart(page, locale);
      expect(cart.coupon?.valid).toBe(false);
      const warning = main.locator('[data-coupon-valid="false"]').getByRole('alert');
      expect(await text(warning)).toBe(
        `${t('cartPage.couponInvalid', { code: 'DOBRODOSLI10' })} ${cart.coupon?.problem?.message}`.replace(/\s+/g, ' '),
      );
      expect(await main.locator('[data-total="discount"]').count()).toBe(0);
      await audit('coupon no longer applying');

      // More than the stock: refused next to the line, nothing changes, and the field shows what the cart
      // holds again (never a quantity the cart does not have), with the message saying why.
      await taglQty.fill('30');
      expect(await change(page, () => taglQty.press('Enter'))).toBe(409);
      await tagl.getByRole('alert').waitFor();
      expect(await taglQty.inputValue()).toBe('3');
      expect(await taglQty.getAttribute('aria-describedby')).toBeTruthy();
      expect((await apiCart(page, locale)).lines[1].quantity).toBe(3);
      await audit('line error');
      await shot('errors');
      await taglQty.fill('4');
      expect(await change(page, () => taglQty.press('Enter'))).toBe(200);
      expect(await taglQty.getAttribute('aria-invalid')).toBe('false');
      expect(await tagl.getByRole('alert').count()).toBe(0);

      // Destination: Slovenia costs more and has no free-delivery progress; a malformed postal code is refused.
      const hrDelivery = (await apiCart(page, locale)).delivery;
      const country = main.getByRole('combobox', { name: t('cartPage.country'), exact: true });
      const postal = main.getByRole('textbox', { name: t('cartPage.postalCode'), exact: true });
      const save = main.getByRole('button', { name: t('cartPage.destinationSave'), exact: true });
      await country.selectOption('HR');
      await postal.fill('123');
      expect(await change(page, () => save.click())).toBe(422);
      await postal.locator('xpath=..').getByRole('alert').waitFor();
      await country.selectOption('SI');
      await postal.fill('1000');
      expect(await change(page, () => save.click())).toBe(200);
      await checkTotals();
      expect(cart.destination).toEqual({ country: 'SI', postal_code: '1000' });
      expect(cart.delivery).toBeGreaterThan(hrDelivery);
      expect(await main.getByRole('progressbar').count()).toBe(0);
      await main.getByText(t('cartPage.freeDeliveryOnlyHr'), { exact: true }).waitFor();
      expect(await text(main.locator('[data-delivery-info]'))).toContain(cart.shipping.carrier);
      expect(await text(main.locator('[data-delivery-info]'))).toContain(
        t('cartPage.parcels', {
          count: cart.shipping.parcels,
          weight: `${(Math.round(cart.shipping.weight_grams / 100) / 10).toFixed(1).replace('.', locale === 'en' ? '.' : ',')} kg`,
        }),
      );
      await audit('destination Slovenia');

      // Back to Croatia, and enough for free delivery: the congratulation.
      await country.selectOption('HR');
      await postal.fill('10000');
      expect(await change(page, () => save.click())).toBe(200);
      await taglQty.fill('20');
      expect(await change(page, () => taglQty.press('Enter'))).toBe(200);
      await main.locator('[data-cart-state="free_delivery"]').waitFor();
      await main.getByText(t('cartPage.freeDeliveryReached'), { exact: true }).waitFor();
      await checkTotals();
      expect(cart.delivery).toBe(0);
      expect(cart.coupon?.valid).toBe(true);
      const checkout = main.getByRole('link', { name: t('cartPage.checkout'), exact: true });
      expect(await checkout.getAttribute('href')).toBe(publicPath('checkout', locale));
      await audit('free delivery');
      await shot('free-delivery');

      // Remove both lines: the empty state, and the header says 0.
      expect(
        await change(page, () => spag.getByRole('button', { name: t('cartPage.remove', { name: spagName }), exact: true }).click()),
      ).toBe(200);
      expect(
        await change(page, () => tagl.getByRole('button', { name: t('cartPage.remove', { name: taglName }), exact: true }).click()),
      ).toBe(200);
      await main.getByRole('heading', { name: t('cartPage.emptyHeading'), exact: true }).waitFor();
      expect(await indicator.getAttribute('aria-label')).toBe(t('cart.indicator', { count: 0 }));
      await audit('emptied');

      expect(report.join('\n\n')).toBe('');
      // Chromium logs every 4xx fetch; the refusals this test provokes on purpose are expected, nothing else.
      const REFUSED = /^error: Failed to load resource: the server responded with a status of (409|422) .*\(http:\/\/[^/]+\/api\/cart\//;
      expect(watch.problems().filter((p) => !REFUSED.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
