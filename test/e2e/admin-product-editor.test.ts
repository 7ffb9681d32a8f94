// The back office's product editor in Chromium against the built shop (docs/admin.md 'Products and
// categories'): the demo admin creates a product in four languages (the texts of three languages
// written beside the Croatian ones, 'copy from Croatian' used once), saves with Ctrl+Enter, sees
// nothing missing, puts it in the shop, and finds its page in all four languages at the address
// made from each name. The categories screen lists the order with its move buttons. axe-core on the
// editor and the categories at 1280 and 360 px, no sideways scroll; screenshots in
// /tmp/admin-product-editor-*.png.
import type { Browser, Page } from 'playwright-core';
import { LOCALES, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { slugify } from '../../contract/slug.js';
import { axeViolations, describeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { hydrated } from './site.js';

const ADMIN = { email: 'operater@zlatnozrno.test', password: 'operater-demo' } as const;
const CODE = `ZZ-E2E-${Date.now().toString(36).toUpperCase()}`;
const NAMES: Record<Locale, string> = {
  hr: `Heljdini rezanci s češnjakom ${CODE}`,
  en: `Buckwheat noodles with garlic ${CODE}`,
  de: `Buchweizennudeln mit Knoblauch ${CODE}`,
  sl: `Ajdovi rezanci s česnom ${CODE}`,
};
const TAB: Record<Locale, string> = { hr: 'Hrvatski', en: 'Engleski', de: 'Njemački', sl: 'Slovenski' };

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/prijava');
  await hydrated(page);
  const login = page.getByTestId('login-form');
  await login.locator('input[name="email"]').fill(ADMIN.email);
  await login.locator('input[name="password"]').fill(ADMIN.password);
  await login.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === path);
}

async function accessible(page: Page, shot: string): Promise<void> {
  expect(describeViolations(await axeViolations(page))).toBe('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `/tmp/admin-product-editor-${shot}.png`, fullPage: true });
}

const field = (page: Page, name: string) => page.locator(`#product-${name.replace(/\./g, '-')}`);

describe('the product editor (/admin/products/new, /admin/products/$code/details) in a browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the admin creates a product in four languages, publishes it, and the shop shows it in all four', async () => {
    const context = await newContext(browser, { locale: 'hr-HR', axe: true });
    try {
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signIn(page, '/admin/products/new');
      await page.getByRole('heading', { level: 1, name: 'Novi proizvod' }).waitFor();
      await field(page, 'code').fill(CODE);
      await field(page, 'price').fill('3,49');

      for (const l of LOCALES) {
        await page.getByRole('tab', { name: new RegExp(`^${TAB[l]}`) }).click();
        await field(page, `texts.${l}.name`).fill(NAMES[l]);
        // the address follows the name while the product is not in the shop yet
        expect(await field(page, `texts.${l}.slug`).inputValue()).toBe(slugify(NAMES[l]));
        await field(page, `texts.${l}.short_description`).fill(`${NAMES[l]}: kratko`);
        await field(page, `texts.${l}.description`).fill(`Opis ${l}.\n\nDrugi odlomak.`);
        await field(page, `texts.${l}.ingredients`).fill(`Heljdino brašno (${l})`);
        if (l === 'en') {
          await page.locator('#product-texts-en-allergens-source').getByRole('button').click();
          expect(await field(page, 'texts.en.allergens').inputValue()).toBe('Gluten (hr)');
        } else await field(page, `texts.${l}.allergens`).fill(`Gluten (${l})`);
        await field(page, `texts.${l}.cooking_tips`).fill(`Kuhati 7 minuta (${l}).`);
      }
      await field(page, 'shipping_weight_grams').fill('520');
      await field(page, 'pieces_per_carton').fill('12');
      await field(page, 'cooking_time_minutes').fill('7');
      const nutrition = {
        energy_kj: '1450',
        energy_kcal: '343',
        fat: '2,5',
        saturates: '0,5',
        carbohydrate: '68',
        sugars: '2',
        fibre: '6',
        protein: '13',
        salt: '0,02',
      };
      for (const [f, v] of Object.entries(nutrition)) await field(page, `nutrition.${f}`).fill(v);
      // Enter alone never sends; Ctrl+Enter saves
      await field(page, 'nutrition.salt').press('Enter');
      expect(new URL(page.url()).pathname).toBe('/admin/products/new');
      await field(page, 'nutrition.salt').press('Control+Enter');
      await page.waitForURL((url) => url.pathname === `/admin/products/${CODE}/details`);
      await page.getByText('Proizvod je spremljen kao skica').waitFor();
      expect(await page.locator('.missing-translations').count()).toBe(0);
      await page.getByRole('navigation', { name: 'Dijelovi proizvoda' }).getByRole('link', { name: 'Zaliha i cijena' }).waitFor();
      await accessible(page, 'details-hr-1280');

      await page.getByRole('button', { name: 'Stavi u trgovinu' }).click();
      await page.getByText('Proizvod je u trgovini.').waitFor();
      // the address is now locked, with 'change the address'
      expect(await field(page, 'texts.hr.slug').getAttribute('readonly')).not.toBeNull();
      await page.getByRole('button', { name: 'Promijeni adresu' }).waitFor();
      // the History panel lists the creation and the publishing
      await page
        .locator('.history')
        .getByText(/Proizvod|product\.create/)
        .first()
        .waitFor();
      await page.setViewportSize({ width: 360, height: 800 });
      await accessible(page, 'details-hr-360');

      const shop = await context.newPage();
      for (const l of LOCALES) {
        const res = await shop.goto(publicPath('product', l, { slug: slugify(NAMES[l]) }));
        expect([l, res?.status()]).toEqual([l, 200]);
        expect(await shop.locator('h1').first().textContent()).toContain(NAMES[l]);
      }
      await shop.close();

      await page.goto('/admin/categories');
      await page.getByRole('heading', { level: 1, name: 'Kategorije' }).waitFor();
      const moveDown = page.locator('.category-order button[id^="move-down-"]').first();
      expect(await moveDown.getAttribute('aria-label')).toMatch(/^Pomakni „.+” dolje$/);
      await accessible(page, 'categories-hr-360');
      await page.setViewportSize({ width: 1280, height: 800 });
      await accessible(page, 'categories-hr-1280');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
