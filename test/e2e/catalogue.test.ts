// The catalogue screens in Chromium and as server-rendered HTML, against the built shop with the demo
// catalogue: product list -> product page -> add to cart (notice + header count) in all four languages; the
// 30-day lowest price of an offer; 'soon available again' instead of the add button; 301 for a slug of
// another language; 404 for unknown products, categories and pages; per-product hreflang and language
// switcher; search and pagination rendered on the server; JSON-LD Product with the CSP nonce; axe-core zero
// violations on the list and product pages (1280 and 360 px); no console problems.
import type { Browser, BrowserContext } from 'playwright-core';
import { formatEuro } from '../../contract/money.js';
import type { ProductDetail, ProductPage } from '../../client/src/api/catalog.js';
import { LOCALE_COOKIE, LOCALES, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { BASE_URL, absolute, getHtml, hydrated, localeCookie, tFor, watchPage } from './site.js';

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`);
  expect([path, res.status]).toEqual([path, 200]);
  return ((await res.json()) as { data: T }).data;
}

const allProducts = (locale: Locale) => api<ProductPage>(`/api/catalog/products?locale=${locale}&page_size=48`);
const product = (locale: Locale, slug: string) => api<ProductDetail>(`/api/catalog/products/${slug}?locale=${locale}`);

async function shopContext(
  browser: Browser,
  locale: Locale,
  opts: { axe?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, { locale, ...opts });
  await context.addCookies([
    { name: LOCALE_COOKIE, value: locale, url: BASE_URL },
    { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
  ]);
  return context;
}

describe('catalogue in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(LOCALES)('%s: list -> product page -> add to cart shows the notice and the header count', async (locale) => {
    const t = tFor(locale);
    const { items } = await allProducts(locale);
    const first = items.find((p) => p.availability === 'available')!;
    const context = await shopContext(browser, locale);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(publicPath('products', locale));
      await hydrated(page);
      const main = page.locator('main');
      expect(await main.getByRole('heading', { level: 1 }).innerText()).toBe(t('screens.products.heading'));
      const cart = page.getByRole('link', { name: t('cart.indicator', { count: 0 }), exact: true });
      await cart.waitFor();

      await main.getByRole('link', { name: first.name, exact: true }).first().click();
      await page.waitForURL(absolute(publicPath('product', locale, { slug: first.slug })));
      // The URL changes first; the page follows after its loader and the view transition.
      await main.getByRole('heading', { level: 1, name: first.name, exact: true }).waitFor();

      await main
        .getByRole('button', { name: t('catalog.addToCartNamed', { name: first.name }), exact: true })
        .first()
        .click();
      const status = main.getByRole('status').filter({ hasText: t('catalog.added') });
      await status.waitFor();
      expect(await status.getAttribute('aria-live')).toBe('polite');
      await page.getByRole('link', { name: t('cart.indicator', { count: 1 }), exact: true }).waitFor();

      // The count survives a reload (loaded from GET /api/cart after hydration).
      await page.reload();
      await hydrated(page);
      await page.getByRole('link', { name: t('cart.indicator', { count: 1 }), exact: true }).waitFor();
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['hr', 'en'] as const)(
    '%s: an offer strikes through the 30-day lowest price its discount is computed from, names it, and the page names the product line',
    async (locale) => {
      const t = tFor(locale);
      const { items } = await allProducts(locale);
      // The demo's penne: regular 2,49, lowest of the 30 days before the offer 2,19, offer 1,99 (−9 %).
      const offer = items.find(
        (p) =>
          p.price.offer &&
          p.price.offer.lowest_30d !== null &&
          p.price.offer.lowest_30d !== p.price.regular_amount &&
          p.price.amount < p.price.regular_amount,
      )!;
      const soon = items.find((p) => p.availability === 'soon_available_again')!;
      expect(offer).toBeDefined();
      expect(soon).toBeDefined();
      const lowest = offer.price.offer!.lowest_30d!;
      const percent = offer.price.offer!.discount_percent!;
      // The badge is computed from the struck-through price.
      expect(percent).toBe(Math.floor(((lowest - offer.price.amount) * 100) / lowest + 0.5));
      const detail = await product(locale, offer.slug);
      const context = await shopContext(browser, locale);
      try {
        const page = await context.newPage();
        const watch = watchPage(page);
        const main = page.locator('main');

        // Product card in the list.
        await page.goto(publicPath('products', locale));
        await hydrated(page);
        const card = main.locator('li', { has: page.getByRole('link', { name: offer.name, exact: true }) }).first();
        expect(await card.locator('s').innerText()).toBe(formatEuro(lowest, locale));
        expect(await card.innerText()).toContain(t('catalog.discount', { percent }));
        // the 30-day lowest price once (struck through), named by one note that does not repeat it
        expect(await card.innerText()).toContain(t('catalog.struckNote'));
        expect((await card.innerText()).split(formatEuro(lowest, locale))).toHaveLength(2);

        // Product page.
        await page.goto(publicPath('product', locale, { slug: offer.slug }));
        await hydrated(page);
        const text = await main.innerText();
        expect(await main.locator('s').first().innerText()).toBe(formatEuro(lowest, locale));
        expect(await main.locator('s').first().innerText()).not.toBe(formatEuro(offer.price.regular_amount, locale));
        expect(text).toContain(t('catalog.struckNote'));
        expect(text).not.toContain(t('catalog.lowest30d', { price: formatEuro(lowest, locale) }));
        expect(text).toContain(t('catalog.discount', { percent }));
        // The product line by its name in the page's language, never the internal code.
        const line = main.locator('dt', { hasText: t('catalog.line') }).locator('xpath=following-sibling::dd[1]');
        expect(await line.innerText()).toBe(t(`catalog.lines.${detail.line}`));
        expect(await line.innerText()).not.toBe(detail.line);
        if (process.env.SCREENSHOT_DIR)
          await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/offer-${locale}.png`, fullPage: true });

        await page.goto(publicPath('product', locale, { slug: soon.slug }));
        await hydrated(page);
        expect(await main.locator('p', { hasText: t('catalog.soonAvailable') }).count()).toBeGreaterThan(0);
        expect(await main.getByRole('button', { name: t('catalog.addToCartNamed', { name: soon.name }), exact: true }).count()).toBe(0);
        expect(watch.problems()).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.each([
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ])('has zero axe-core violations on the list and product pages at %o', async (viewport) => {
    const context = await shopContext(browser, 'hr', { axe: true, viewport });
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const { items } = await allProducts('hr');
      const withOffer = items.find((p) => p.price.offer)!;
      const noImage = items.find((p) => !p.image)!;
      for (const path of [
        publicPath('products', 'hr'),
        `${publicPath('webshop', 'hr')}?page=2`,
        publicPath('product', 'hr', { slug: withOffer.slug }),
        publicPath('product', 'hr', { slug: noImage.slug }),
      ]) {
        await page.goto(path);
        await hydrated(page);
        const violations = await axeViolations(page);
        expect([path, describeViolations(violations)]).toEqual([path, '']);
      }
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('catalogue HTML from the server', () => {
  const html = async (path: string, locale: Locale) => {
    const res = await getHtml(path, { cookie: localeCookie(locale) });
    return { res, body: await res.text() };
  };

  it('redirects a slug of another language with 301 and answers unknown slugs, categories and pages with 404', async () => {
    const detail = await product('hr', 'egg-tagliatelle');
    expect(detail.slugs.en).toBe('egg-tagliatelle');
    const wrong = await html(publicPath('product', 'hr', { slug: 'egg-tagliatelle' }), 'hr');
    expect(wrong.res.status).toBe(301);
    expect(new URL(wrong.res.headers.get('location')!, BASE_URL).pathname).toBe(publicPath('product', 'hr', { slug: detail.slugs.hr }));

    for (const path of [
      publicPath('product', 'de', { slug: 'gibt-es-nicht' }),
      publicPath('products_slug', 'en', { slug: 'no-such-category' }),
      `${publicPath('products', 'sl')}?page=99`,
    ]) {
      const res = await html(path, 'hr');
      expect([path, res.res.status]).toEqual([path, 404]);
    }
    // Without a slug: the overview with a link to the product list.
    const overview = await html(publicPath('product_index', 'hr'), 'hr');
    expect(overview.res.status).toBe(200);
    expect(overview.body).toContain(`href="${publicPath('products', 'hr')}"`);
  });

  it('emits hreflang, canonical and the language switcher with the product slug of each language, and JSON-LD with the nonce', async () => {
    const detail = await product('de', 'egg-tagliatelle');
    const { res, body } = await html(publicPath('product', 'de', { slug: detail.slugs.de }), 'de');
    expect(res.status).toBe(200);
    for (const l of LOCALES) {
      const path = publicPath('product', l, { slug: detail.slugs[l] });
      expect(body).toContain(`<link rel="alternate" hrefLang="${l}" href="${absolute(path)}"`);
      expect(body).toMatch(new RegExp(`<a lang="${l}"[^>]*href="${path}"`));
    }
    expect(body).toContain(`<link rel="canonical" href="${absolute(publicPath('product', 'de', { slug: detail.slugs.de }))}"`);
    expect(body).toContain(`<title>${detail.name} | Zlatno zrno</title>`);
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(body)?.[1];
    const ld = /<script type="application\/ld\+json" nonce="([^"]+)">([^<]+)<\/script>/.exec(body);
    expect(ld?.[1]).toBe(nonce);
    expect(JSON.parse(ld![2])).toMatchObject({ '@type': 'Product', sku: detail.code, offers: { '@type': 'Offer', priceCurrency: 'EUR' } });
    // Nutritional values as a table with headers.
    expect(body).toContain(`<th scope="row">${tFor('de')('catalog.n_protein')}</th>`);
  });

  it('renders search results and crawlable pagination links on the server', async () => {
    const search = await html(`${publicPath('products', 'de')}?q=spaetzle`, 'de');
    expect(search.res.status).toBe(200);
    const found = await api<ProductPage>('/api/catalog/products?locale=de&q=spaetzle');
    expect(found.total).toBeGreaterThan(0);
    expect(search.body).toContain(found.items[0].name);
    expect(search.body).toContain('role="search"');

    const list = await html(publicPath('products', 'en'), 'en');
    expect(list.body).toContain(`href="${publicPath('products', 'en')}?page=2"`);
    const second = await html(`${publicPath('products', 'en')}?page=2`, 'en');
    expect(second.res.status).toBe(200);
    const page2 = await api<ProductPage>('/api/catalog/products?locale=en&page=2&page_size=12');
    for (const p of page2.items) expect(second.body).toContain(`href="${publicPath('product', 'en', { slug: p.slug })}"`);
  });
});
