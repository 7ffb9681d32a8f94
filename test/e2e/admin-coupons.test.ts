// The back office's coupon screens and change history in Chromium against the built shop (docs/admin.md
// 'Coupon and history screens'): the demo admin creates a coupon in the app (10 % off, minimum 20 EUR;
// Enter in a field does not send the form, Ctrl+Enter does), a shopper uses its code in the shop's
// checkout and gets the discount, the coupon's usage figures count the order and its code and discount
// are shown locked, its History shows the creation, the change history filtered to coupons lists it,
// leaving with an unsaved change is asked about; the staff account sees no Coupons entry and gets the
// 'not allowed' state on /admin/coupons. axe-core at 1280 and 360 px, no sideways scroll at 360 px.
// Screenshots: /tmp/admin-coupons-*.png and /tmp/admin-audit-*.png.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { formatEuro } from '../../contract/money.js';
import { publicPath } from '../../contract/paths.js';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { FILLED, guestContext, onConfirmation, text } from './checkout-steps.js';
import { signInOperator } from './operator.js';
import { addViaApi, apiCart, hydrated, tFor } from './site.js';

const STAFF = { email: 'osoblje@zlatnozrno.test', password: 'osoblje-demo' } as const;

async function accessible(page: Page, shot: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.screenshot({ path: `/tmp/${shot}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the coupon screens and the change history (/admin) in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin creates a coupon, a shopper uses it, its figures, History and the change history show it', async () => {
    const code = `E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
    const admin = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await admin.newPage();
      const problems = watchConsole(page);
      await page.goto('/admin/coupons');
      await page.waitForURL((url) => url.pathname === '/prijava');
      await signInOperator(page);
      await page.waitForURL((url) => url.pathname === '/admin/coupons');
      await page.getByRole('heading', { level: 1, name: 'Kuponi' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Administracija' });
      expect(await nav.getByRole('link', { name: 'Kuponi' }).getAttribute('aria-current')).toBe('page');
      await accessible(page, 'admin-coupons-list-hr');

      // A new coupon: 10 % off, minimum 20 EUR.
      await page.getByRole('link', { name: 'Novi kupon' }).click();
      await page.getByRole('heading', { level: 1, name: 'Novi kupon' }).waitFor();
      await page.getByLabel('Kod', { exact: true }).fill(code.toLowerCase());
      await page.getByLabel('Postotak popusta', { exact: true }).fill('10');
      const minimum = page.getByLabel(/Najmanja narudžba/);
      await minimum.fill('20,00');
      // Enter in a field never sends the form.
      await minimum.press('Enter');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/admin/coupons/new');
      await accessible(page, 'admin-coupons-new-hr');
      // A field the form cannot send: its message on the field, the focus on it.
      await page.getByLabel('Postotak popusta', { exact: true }).fill('0');
      await page.getByRole('button', { name: 'Napravi kupon' }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('coupon-percent');
      expect(await text(page.locator('#coupon-percent-error'))).toBe('Upišite cijeli postotak od 1 do 100.');
      await page.getByLabel('Postotak popusta', { exact: true }).fill('10');
      // Ctrl+Enter saves.
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/admin/coupons') && r.request().method() === 'POST'),
        page.getByLabel('Postotak popusta', { exact: true }).press('Control+Enter'),
      ]);
      expect(created.status()).toBe(201);
      const coupon = ((await created.json()) as { data: { id: string; code: string; minimum_order: number } }).data;
      expect(coupon).toMatchObject({ code, minimum_order: 2000 });
      await page.waitForURL((url) => url.pathname === `/admin/coupons/${coupon.id}`);
      await page.getByRole('heading', { level: 1, name: `Kupon ${code}` }).waitFor();
      await page.getByText('Kupon je napravljen.').waitFor();
      const history = page.locator('section.history');
      await history.getByText('Kupon napravljen').waitFor();
      expect(await text(history)).toContain(code);

      // A shopper uses the code in the shop's checkout and gets the discount.
      const shopper = await guestContext(browser, 'hr');
      let discount = 0;
      try {
        const shop = await shopper.newPage();
        const t = tFor('hr');
        await shop.goto(publicPath('cart', 'hr'));
        await hydrated(shop);
        await addViaApi(shop, 'ZZ-SPAG-400', 10);
        await shop.reload();
        await hydrated(shop);
        const main = shop.locator('main');
        await main.getByRole('textbox', { name: t('cartPage.couponLabel'), exact: true }).fill(code.toLowerCase());
        const [applied] = await Promise.all([
          shop.waitForResponse((r) => r.url().includes('/api/cart') && r.request().method() !== 'GET'),
          main.getByRole('button', { name: t('cartPage.couponApply'), exact: true }).click(),
        ]);
        expect(applied.status()).toBe(200);
        const confirm = await onConfirmation(shop, 'hr', { ...FILLED, email: `kupon-e2e-${randomUUID().slice(0, 8)}@example.com` });
        const cart = await apiCart(shop, 'hr');
        expect(cart.subtotal).toBeGreaterThanOrEqual(2000);
        expect(cart.coupon?.code).toBe(code);
        expect(cart.discount).toBe(Math.round(cart.subtotal / 10));
        expect(await text(confirm.locator('[data-total="discount"]'))).toBe(`−${formatEuro(cart.discount, 'hr')}`);
        const [placed] = await Promise.all([
          shop.waitForResponse((r) => r.url().endsWith('/api/orders') && r.request().method() === 'POST'),
          confirm.getByRole('button', { name: t('checkout.confirm.sendCod'), exact: true }).click(),
        ]);
        expect(placed.status()).toBe(201);
        const order = ((await placed.json()) as { data: { order: { discount: number; coupon_code: string | null } } }).data.order;
        expect(order).toMatchObject({ discount: cart.discount, coupon_code: code });
        discount = order.discount;
      } finally {
        await shopper.close();
      }

      // The coupon's figures count the order; its code and discount are locked now.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Kupon ${code}` }).waitFor();
      const usage = page.locator('section.usage');
      expect(await text(usage)).toContain(`Puta korišten 1`);
      expect(await text(usage)).toContain(`Kupaca 1`);
      expect(await text(usage)).toContain(`Dano popusta ${formatEuro(discount, 'hr')}`);
      expect(await text(usage)).not.toContain('još nije');
      expect(await page.getByLabel(/^Kod/).getAttribute('readonly')).not.toBeNull();
      await page.getByText('Ovaj kupon je već korišten u narudžbama').waitFor();
      // One change: the save bar counts it; leaving is asked about (dismissed: the screen stays).
      await page.getByLabel(/Ukupno korištenja/).fill('50');
      await page.getByRole('region', { name: 'Spremanje' }).getByText('1 promjena').waitFor();
      await accessible(page, 'admin-coupons-edit-hr');
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.dismiss();
      });
      await nav.getByRole('link', { name: 'Pregled' }).click();
      await page.waitForTimeout(300);
      expect(asked).toBe('Imate nespremljene promjene. Napustiti stranicu i izgubiti ih?');
      expect(new URL(page.url()).pathname).toBe(`/admin/coupons/${coupon.id}`);
      await page.getByRole('button', { name: 'Odbaci' }).click();
      expect(await page.getByRole('region', { name: 'Spremanje' }).count()).toBe(0);

      // The list finds it by its code, and keeps the search in the URL.
      await page.getByRole('link', { name: 'Natrag na kupone' }).click();
      await page.getByLabel('Traži po kodu').fill(code);
      await page.getByRole('button', { name: 'Prikaži' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') === code);
      await page.getByRole('link', { name: code }).waitFor();
      await accessible(page, 'admin-coupons-search-hr');

      // The change history, filtered to coupons, lists the creation with its values in words.
      await nav.getByRole('link', { name: 'Povijest promjena' }).click();
      await page.getByRole('heading', { level: 1, name: 'Povijest promjena' }).waitFor();
      await page.getByLabel('Što').selectOption('coupon');
      await page.getByLabel(/Koje/).fill(coupon.id);
      await page.getByRole('button', { name: 'Prikaži' }).click();
      await page.waitForURL((url) => url.searchParams.get('entity_type') === 'coupon');
      const entry = page.locator('li.entry').filter({ hasText: 'Kupon napravljen' });
      await entry.waitFor();
      expect(await text(entry)).toContain(code);
      expect(await text(entry)).toContain('20,00 €');
      expect(await text(entry)).toContain('operater@zlatnozrno.test (administrator)');
      expect(await text(entry)).not.toContain('{');
      expect(await entry.getByRole('link', { name: code }).getAttribute('href')).toBe(`/admin/coupons/${coupon.id}`);
      await accessible(page, 'admin-audit-coupon-hr');
      expect(problems.filter((p) => !/status of 4(09|22)/.test(p))).toEqual([]);
    } finally {
      await admin.close();
    }
  });

  it("staff see no Coupons entry and get the 'not allowed' state on /admin/coupons", async () => {
    const context = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await context.newPage();
      await page.goto('/admin/coupons');
      await page.waitForURL((url) => url.pathname === '/prijava');
      await hydrated(page);
      const login = page.getByTestId('login-form');
      await login.locator('input[name="email"]').fill(STAFF.email);
      await login.locator('input[name="password"]').fill(STAFF.password);
      await login.locator('button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname === '/admin/coupons');
      await page.getByRole('heading', { level: 1, name: 'Kuponi' }).waitFor();
      await page.getByText('Vaša uloga ne dopušta ovu stranicu.', { exact: false }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Administracija' });
      await nav.getByRole('link', { name: 'Povijest promjena' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Kuponi' }).count()).toBe(0);
      await accessible(page, 'admin-coupons-staff-hr');
      // Staff read the change history of their own work (no coupon entries).
      await nav.getByRole('link', { name: 'Povijest promjena' }).click();
      await page.getByRole('heading', { level: 1, name: 'Povijest promjena' }).waitFor();
      await page.locator('p[role="status"]').first().waitFor();
      expect(await page.locator('li.entry').filter({ hasText: 'Kupon napravljen' }).count()).toBe(0);
      await accessible(page, 'admin-audit-staff-hr');
    } finally {
      await context.close();
    }
  });
});
