// The back office's products, stock and prices screens in Chromium against the built shop (docs/admin.md
// 'Products, stock and prices screens'): the demo admin opens the 'low stock' view from the dashboard,
// sets a product's stock to 0 with 'soon available again' (one save bar, Ctrl+Enter) and the shop's
// product page says so; comes back to the list as it was; schedules a special offer, sees the preview's
// numbers (struck price, 30-day lowest, percentage from it) before saving, and the shop then shows the
// struck price; a bulk stock edit shows old -> new and the count before applying. The staff account
// sees no price anywhere. axe-core at 1280 and 360 px, no sideways scroll; screenshots in
// /tmp/admin-products-*.png.
import type { Browser, Page } from 'playwright-core';
import { publicPath } from '../../contract/paths.js';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { hydrated } from './site.js';

const STAFF = { email: 'osoblje@zlatnozrno.test', password: 'osoblje-demo' } as const;
const ADMIN = { email: 'operater@zlatnozrno.test', password: 'operater-demo' } as const;
/** Demo products no other browser test relies on. */
const STOCK_PRODUCT = { code: 'ZZ-FARF-400', name: 'Farfalle', slug: 'farfalle' };
const OFFER_PRODUCT = { code: 'ZZ-ABC-WW-400', name: 'Integralna abeceda', slug: 'integralna-abeceda' };

async function signIn(page: Page, who: { email: string; password: string }, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/prijava' || url.pathname === '/en/login');
  await hydrated(page);
  const login = page.getByTestId('login-form');
  await login.locator('input[name="email"]').fill(who.email);
  await login.locator('input[name="password"]').fill(who.password);
  await login.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

async function accessible(page: Page, shot: string): Promise<void> {
  expect(describeViolations(await axeViolations(page))).toBe('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `/tmp/admin-products-${shot}.png`, fullPage: true });
}

/** A `datetime-local` value of the browser's clock, `minutes` from now. */
async function localTime(page: Page, minutes: number): Promise<string> {
  return page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, minutes);
}

describe('the products, stock and prices screens (/admin/products) in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the admin: low-stock view from the dashboard, stock 0 and 'soon available again' seen by the shop, the list as it was", async () => {
    const context = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signIn(page, ADMIN, '/admin');
      await page.getByRole('heading', { level: 1, name: 'Pregled' }).waitFor();
      await page.getByRole('navigation', { name: 'Administracija' }).getByRole('link', { name: 'Proizvodi' }).waitFor();
      await page.getByRole('link', { name: 'Otvori popis: malo na zalihi' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/products' && url.searchParams.get('low_stock') === 'true');
      await page.getByRole('heading', { level: 1, name: 'Proizvodi' }).waitFor();
      expect(await page.getByRole('link', { name: /^Malo na zalihi/ }).getAttribute('aria-current')).toBe('page');
      await page
        .locator('[role="status"]', { hasText: /proizvod/ })
        .first()
        .waitFor();
      // The admin sees prices in the list.
      await page.getByRole('link', { name: 'Svi proizvodi' }).click();
      await page.locator('table.products').waitFor();
      expect(await page.locator('table.products thead').textContent()).toContain('Cijena');
      await accessible(page, 'list-hr-1280');

      // Search, then open the product: the list's state is in the URL.
      await page.getByLabel('Naziv ili šifra').fill(STOCK_PRODUCT.code);
      await page.getByLabel('Redoslijed').selectOption('-stock');
      await page.getByRole('button', { name: 'Prikaži' }).click();
      await page.waitForURL((url) => url.searchParams.get('q') !== null && url.searchParams.get('sort') === '-stock');
      const listUrl = page.url();
      await page.getByRole('link', { name: STOCK_PRODUCT.name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(STOCK_PRODUCT.name) }).waitFor();

      // Enter never submits half a form; the save bar counts the changes.
      const stock = page.getByLabel('Zaliha (pakiranja)');
      if (!(await stock.isVisible())) await page.getByLabel('Ne prati se').uncheck();
      await stock.fill('0');
      await stock.press('Enter');
      await page.getByLabel('Uskoro ponovno dostupno').check();
      const bar = page.getByRole('region', { name: 'Nespremljene promjene' });
      expect(await bar.getByRole('status').textContent()).toMatch(/^[23] promjen/);
      // A wrong value: the error is tied to its field and gets the focus.
      await page.getByLabel('Malo na zalihi kod (pakiranja)').fill('mnogo');
      await bar.getByRole('button', { name: 'Spremi' }).click();
      const threshold = page.getByLabel('Malo na zalihi kod (pakiranja)');
      expect(await threshold.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('threshold');
      expect(await page.locator('#threshold-error').textContent()).toContain('cijeli broj');
      await threshold.fill('5');
      await accessible(page, 'product-hr-1280');
      // Ctrl+Enter saves.
      await threshold.press('Control+Enter');
      await page.getByRole('status').filter({ hasText: 'Spremljeno.' }).waitFor();
      expect(await bar.count()).toBe(0);
      await page.locator('main p.hint', { hasText: 'Kupci vide: Uskoro ponovno dostupno' }).waitFor();
      expect(await page.locator('main').textContent()).toContain('Trenutno na zalihi: 0 pak.');

      // Back to the list: as it was (search and sort), and the product now counts as low stock.
      await page.getByRole('link', { name: 'Natrag na popis' }).click();
      await page.waitForURL((url) => url.href === listUrl);
      expect(await page.getByLabel('Naziv ili šifra').inputValue()).toBe(STOCK_PRODUCT.code);
      // (the list refetches what the save changed)
      await page.locator('table.products tbody tr', { hasText: /0 pak\.\s*malo.*Uskoro ponovno dostupno/ }).waitFor();

      // The shop's product page in the shop's words.
      const shop = await context.newPage();
      await shop.goto(publicPath('product', 'hr', { slug: STOCK_PRODUCT.slug }));
      await shop.getByText('Uskoro ponovno dostupno').first().waitFor();

      // A bulk stock edit: old -> new of every row and the count, before it applies (puts the stock back).
      await page.getByRole('checkbox', { name: `Odaberi: ${STOCK_PRODUCT.name}` }).check();
      await page.getByRole('button', { name: 'Promijeni zalihu' }).click();
      await page.getByLabel(new RegExp(STOCK_PRODUCT.code)).fill('40');
      await page.getByRole('button', { name: 'Provjeri promjene' }).click();
      const preview = page.locator('.bulk-preview');
      await preview.waitFor();
      expect(await preview.textContent()).toContain('Promijenit će se 1 proizvod:');
      expect(await preview.locator('tbody').textContent()).toMatch(/0 pak\.→ 40 pak\./);
      await accessible(page, 'bulk-hr-1280');
      await page.getByRole('button', { name: 'Primijeni 1 promjenu' }).click();
      await page.getByRole('status').filter({ hasText: 'Promijenjen 1 proizvod.' }).waitFor();

      // The phone: cards, nothing sideways, no violation.
      await page.setViewportSize({ width: 360, height: 780 });
      await accessible(page, 'list-hr-360');
      await page.setViewportSize({ width: 1280, height: 800 });

      // Stock changed meanwhile (here by a colleague): the save is refused clearly, nothing overwritten.
      await page.getByRole('link', { name: STOCK_PRODUCT.name, exact: true }).click();
      await page.getByLabel('Zaliha (pakiranja)').waitFor();
      const colleague = await newContext(browser, { locale: 'hr-HR' });
      try {
        const other = await colleague.newPage();
        await signIn(other, STAFF, `/admin/products/${STOCK_PRODUCT.code}`);
        await other.getByLabel('Zaliha (pakiranja)').fill('39');
        await other.getByLabel('Zaliha (pakiranja)').press('Control+Enter');
        await other.getByRole('status').filter({ hasText: 'Spremljeno.' }).waitFor();
      } finally {
        await colleague.close();
      }
      await page.getByLabel('Zaliha (pakiranja)').fill('38');
      await page.getByRole('button', { name: 'Spremi', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'nisu spremljene' });
      await alert.waitFor();
      await page.screenshot({ path: '/tmp/admin-products-conflict-hr-1280.png', fullPage: true });
      await alert.getByRole('button', { name: 'Učitaj trenutnu zalihu' }).click();
      await page.locator('main', { hasText: 'Trenutno na zalihi: 39 pak.' }).waitFor();
      // Back as the demo had it: not tracked, available.
      await page.getByLabel('Ne prati se').check();
      await page.getByLabel('Uskoro ponovno dostupno').uncheck();
      await page.getByRole('button', { name: 'Spremi', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Spremljeno.' }).waitFor();
      expect(problems.filter((p) => !/409/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the admin schedules an offer: the preview shows the struck price, the 30-day lowest and the percentage before saving; the shop strikes it', async () => {
    const context = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await context.newPage();
      await signIn(page, ADMIN, `/admin/products/${OFFER_PRODUCT.code}`);
      await page.getByRole('heading', { level: 1, name: new RegExp(OFFER_PRODUCT.name) }).waitFor();
      await page.getByLabel('Akcijska cijena (euro po pakiranju)').fill('1,99');
      // It starts now (a start up to 5 minutes past is accepted), so the shop shows it at once.
      await page.getByLabel('Početak').fill(await localTime(page, 0));
      await page.getByLabel('Kraj').fill(await localTime(page, 7 * 24 * 60));
      const save = page.getByRole('button', { name: 'Spremi akciju' });
      expect(await save.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Prikaži pregled' }).click();
      const preview = page.locator('.offer-preview');
      await preview.waitFor();
      const words = (await preview.textContent()) ?? '';
      // The demo's regular price is 2,29 € for 45 days: the 30-day lowest, struck, 13 % off it.
      expect(words).toContain('2,29 €');
      expect(words).toContain('1,99 €');
      expect(words).toMatch(/Prekrižena cijena\s*2,29 €/);
      expect(words).toMatch(/Najniža cijena 30 dana prije\s*2,29 €/);
      expect(words).toMatch(/Popust \(od najniže cijene 30 dana\)\s*13 %/);
      await accessible(page, 'offer-preview-hr-1280');
      await page.setViewportSize({ width: 360, height: 780 });
      await accessible(page, 'offer-preview-hr-360');
      await page.setViewportSize({ width: 1280, height: 800 });
      await save.click();
      await page.getByRole('status').filter({ hasText: 'Akcija je spremljena.' }).waitFor();
      expect(await page.locator('ul.offers').textContent()).toMatch(/1,99 €.*(traje sada|zakazana).*−13 %/);

      const shop = await context.newPage();
      const path = publicPath('product', 'hr', { slug: OFFER_PRODUCT.slug });
      const deadline = Date.now() + 20_000;
      for (;;) {
        await shop.goto(path);
        if ((await shop.getByTestId('price-struck').count()) > 0 || Date.now() > deadline) break;
        await shop.waitForTimeout(1000);
      }
      expect(await shop.getByTestId('price-struck').first().textContent()).toContain('2,29');
    } finally {
      await context.close();
    }
  });

  it('staff see stock but no price anywhere (list, product, bulk), in English too, at 1280 and 360 px', async () => {
    const context = await newContext(browser, { locale: 'en-GB', axe: true });
    try {
      const page = await context.newPage();
      await signIn(page, STAFF, '/admin/products');
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await page.locator('table.products').waitFor();
      const main = page.locator('main');
      expect(await main.textContent()).not.toMatch(/€|Price/);
      expect(await page.getByLabel('Order').locator('option').allTextContents()).not.toContain('Price, lowest first');
      await page.getByRole('checkbox', { name: `Select ${STOCK_PRODUCT.name}` }).check();
      expect(await page.getByRole('button', { name: 'Change prices' }).count()).toBe(0);
      await accessible(page, 'list-staff-en-1280');
      await page.setViewportSize({ width: 360, height: 780 });
      await accessible(page, 'list-staff-en-360');
      await page.goto(`/admin/products/${OFFER_PRODUCT.code}`);
      await page.getByRole('heading', { level: 1, name: /ZZ-ABC-WW-400/ }).waitFor();
      await page.getByLabel('Stock (packs)').or(page.getByLabel('Not tracked')).first().waitFor();
      expect(await main.textContent()).not.toMatch(/€|price|offer/i);
      await accessible(page, 'product-staff-en-360');
    } finally {
      await context.close();
    }
  });
});
