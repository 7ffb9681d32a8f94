// The content screens (issue 12) against the built shop with the imported content/ folder:
//  - every content route in every language (static screens, every recipe, post, Superfoodie and method page
//    the content sitemap lists, the recipe categories and the recipe list's second page) answers 200 with no
//    'soon'/placeholder phrase and no untranslated key on the page, and its canonical/hreflang come from the
//    entry's slugs; an unknown slug is the 404 page on every detail route;
//  - in Chromium: recipe list -> load more (appended in place) -> recipe -> add a used product to the cart;
//    the language switcher on a recipe leads to the same recipe's slug in the other language; the recipe's
//    JSON-LD passes a schema check; axe-core finds no violation on a recipe, a blog post, about us and the
//    privacy policy; every cookie and storage key the site sets in these flows is in contract/cookies.ts.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { z } from 'zod';
import { LOCALES, LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath, type ScreenId } from '../../contract/paths.js';
import { storageEntryOf } from '../../contract/cookies.js';
import type { ContentSitemapEntry, RecipeDetail, RecipePage } from '../../contract/api/content.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { BASE_URL, HtmlPage, absolute, getHtml, hydrated, localeCookie, mapLimit, readPage, textOf, tFor, watchPage } from './site.js';

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`);
  expect([path, res.status]).toEqual([path, 200]);
  return ((await res.json()) as { data: T }).data;
}

const STATIC_CONTENT_SCREENS: ScreenId[] = [
  'home',
  'recipes',
  'blog',
  'superfoodie',
  'about_us',
  'story',
  'eu_projects',
  'delivery',
  'cookies',
  'gdpr',
  'privacy_policy',
  'general_terms',
  'payment_terms',
];

const DETAIL: Record<ContentSitemapEntry['type'], { screen: ScreenId; param: string }> = {
  recipes: { screen: 'recipe', param: 'slug' },
  blog: { screen: 'blog_post', param: 'slug' },
  superfoodie: { screen: 'superfoodie_slug', param: 'slug' },
  methods: { screen: 'method', param: 'product' },
};

/** Placeholder phrases, in every language. */
const PLACEHOLDER =
  /coming soon|will be (published|available)|not (been )?published yet|not available yet|lorem ipsum|placeholder|\bsoon\b|uskoro|bit će objavljen|još nije objavljen|demnächst|in Kürze|\bbald\b|noch nicht veröffentlicht|kmalu|še ni objavljen|bo objavljen/i;
/** An i18next key shown instead of its text (a missing translation renders the key). */
const RAW_KEY = /\b(content|screens|home|catalog|site|footer|nav|a11y|countries|error|cart|account)\.[a-z][A-Za-z_]*(\.[A-Za-z_]+)*\b/;

/** The text of <main>, without the catalogue's own availability labels (a product may be 'soon available again'). */
function mainText(page: HtmlPage, locale: Locale): string {
  const main = HtmlPage.elements(page.body, 'main')[0];
  const t = tFor(locale);
  return textOf((main?.inner ?? '').replace(/<script\b[\s\S]*?<\/script>/gi, ' '))
    .split(t('catalog.soonAvailable'))
    .join(' ')
    .split(t('catalog.noImage'))
    .join(' ');
}

describe('content routes in every language', () => {
  let sitemap: ContentSitemapEntry[];
  beforeAll(async () => {
    sitemap = await api<ContentSitemapEntry[]>('/api/content/sitemap');
  });

  it('lists entries of every type with pages in every language', () => {
    for (const type of Object.keys(DETAIL)) {
      const entries = sitemap.filter((e) => e.type === type);
      expect([type, entries.length > 0]).toEqual([type, true]);
      for (const e of entries) expect([type, e.key, Object.keys(e.alternates).sort()]).toEqual([type, e.key, [...LOCALES].sort()]);
    }
  });

  it('answers every content route with real text: 200, no placeholder phrase, no untranslated key, hreflang from the entry', async () => {
    const cases: Array<{ locale: Locale; path: string; alternates?: Record<string, string> }> = [];
    for (const locale of LOCALES) {
      for (const screen of STATIC_CONTENT_SCREENS) cases.push({ locale, path: publicPath(screen, locale) });
      for (const e of sitemap) {
        const { screen, param } = DETAIL[e.type];
        const alternates = Object.fromEntries(LOCALES.map((l) => [l, absolute(publicPath(screen, l, { [param]: e.alternates[l]! }))]));
        cases.push({ locale, path: publicPath(screen, locale, { [param]: e.alternates[locale]! }), alternates });
      }
      const categories = await api<Array<{ slug: string }>>(`/api/content/recipe-categories?locale=${locale}`);
      for (const c of categories) cases.push({ locale, path: `${publicPath('recipes', locale)}?category=${c.slug}` });
      cases.push({ locale, path: `${publicPath('recipes', locale)}?page=2` });
    }
    const failures: string[] = [];
    await mapLimit(cases, 4, async ({ locale, path, alternates }) => {
      const res = await getHtml(path, { cookie: localeCookie(locale) });
      if (res.status !== 200) return void failures.push(`${path}: ${res.status}`);
      const page = await readPage(res);
      const text = mainText(page, locale);
      const placeholder = PLACEHOLDER.exec(text);
      if (placeholder)
        failures.push(
          `${path}: placeholder phrase "${placeholder[0]}" in «${text.slice(Math.max(0, placeholder.index - 60), placeholder.index + 60)}»`,
        );
      const key = RAW_KEY.exec(text);
      if (key) failures.push(`${path}: untranslated key ${key[0]}`);
      if (page.h1s.length !== 1) failures.push(`${path}: ${page.h1s.length} h1`);
      if (alternates) {
        const hreflang = Object.fromEntries(page.links('alternate').map((l) => [l.hreflang, l.href]));
        for (const l of LOCALES)
          if (hreflang[l] !== alternates[l]) failures.push(`${path}: hreflang ${l} ${hreflang[l]} != ${alternates[l]}`);
        if (page.links('canonical')[0]?.href !== alternates[locale])
          failures.push(`${path}: canonical ${page.links('canonical')[0]?.href}`);
      }
      // The pictures the screens place (entry images, cards). Pictures inside an entry's Markdown body come
      // from the server's renderer without width/height (server/modules/content/content-markdown.ts).
      const ownMarkup = (HtmlPage.elements(page.body, 'main')[0]?.inner ?? '').replace(
        /<div class="[^"]*htmlPart[^"]*">[\s\S]*?<\/div>/g,
        '',
      );
      for (const img of HtmlPage.tags(ownMarkup, 'img')) {
        if (!img.width || !img.height || img.alt === undefined) failures.push(`${path}: img ${img.src} without width/height/alt`);
      }
    });
    expect(failures).toEqual([]);
  });

  it('answers an unknown slug, a word without a method page, an unknown category and a page past the end with the 404 page', async () => {
    const paths = LOCALES.flatMap((l) => [
      publicPath('recipe', l, { slug: 'no-such-recipe' }),
      publicPath('blog_post', l, { slug: 'no-such-post' }),
      publicPath('superfoodie_slug', l, { slug: 'no-such-page' }),
      publicPath('method', l, { product: 'no-such' }),
      `${publicPath('recipes', l)}?category=no-such-category`,
      `${publicPath('recipes', l)}?page=400`,
      `${publicPath('blog', l)}?page=400`,
    ]);
    const statuses = await mapLimit(paths, 4, async (path) => [path, (await getHtml(path)).status] as const);
    expect(statuses).toEqual(paths.map((p) => [p, 404]));
  });

  it('fills the delivery page from the cart configuration and the cookies page from the registry', async () => {
    const delivery = await (await getHtml(publicPath('delivery', 'en'), { cookie: localeCookie('en') })).text();
    expect(delivery).toMatch(/data-slot="delivery-prices"[\s\S]*?data-zone="HR"[\s\S]*?€4\.00[\s\S]*?€50\.00/);
    const cookies = await (await getHtml(publicPath('cookies', 'hr'), { cookie: localeCookie('hr') })).text();
    for (const name of ['sid', 'locale', 'cookie_consent', 'cart', 'access_token', 'refresh_token'])
      expect(cookies).toContain(`<code>${name}</code>`);
    // The e2e shop has an analytics container (GTM_ID): Google Analytics' cookies are listed, as needing consent.
    expect(cookies).toMatch(
      /<tr data-category="analytics"><th scope="row"><code>_ga<\/code>[\s\S]*?Potrebna \(statistika posjeta, Google Analytics\)/,
    );
    expect(cookies).toContain('<code>_ga_&lt;ID&gt;</code>');
    expect(cookies).toMatch(/<tr data-category="essential"><th scope="row"><code>sid<\/code>[\s\S]*?Nije potrebna \(nužan\)/);
  });
});

const RecipeLd = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Recipe'),
  name: z.string().min(1),
  description: z.string().min(1),
  image: z.array(z.string().url()).min(1),
  datePublished: z.string().datetime({ offset: true }),
  prepTime: z.string().regex(/^PT(\d+H)?(\d+M)?$/),
  cookTime: z.string().regex(/^PT(\d+H)?(\d+M)?$/),
  totalTime: z.string().regex(/^PT(\d+H)?(\d+M)?$/),
  recipeYield: z.string().regex(/^\d+$/),
  recipeCategory: z.string().min(1),
  recipeIngredient: z.array(z.string().min(1)).min(1),
  recipeInstructions: z.array(z.object({ '@type': z.literal('HowToStep'), text: z.string().min(1) })).min(1),
  nutrition: z.object({
    '@type': z.literal('NutritionInformation'),
    calories: z.string().regex(/^\d+ kcal$/),
    fatContent: z.string().regex(/^\d+(\.\d+)? g$/),
    carbohydrateContent: z.string().regex(/^\d+(\.\d+)? g$/),
    proteinContent: z.string().regex(/^\d+(\.\d+)? g$/),
  }),
});

describe('content screens in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function contentContext(locale: Locale, axe = false): Promise<BrowserContext> {
    const context = await newContext(browser, { locale, axe });
    await context.addCookies([
      { name: LOCALE_COOKIE, value: locale, url: BASE_URL },
      { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
    ]);
    return context;
  }

  /** Every cookie name the server set (Set-Cookie) on a page's responses. */
  function watchSetCookies(page: Page): Set<string> {
    const names = new Set<string>();
    page.on('response', async (res) => {
      for (const h of await res.headersArray().catch(() => [])) {
        if (h.name.toLowerCase() === 'set-cookie') for (const line of h.value.split('\n')) names.add(line.split('=')[0].trim());
      }
    });
    return names;
  }

  it('recipe list -> load more -> recipe -> add a used product to the cart; every cookie and storage key is in the registry', async () => {
    const locale: Locale = 'en';
    const t = tFor(locale);
    const second = await api<RecipePage>(`/api/content/recipes?locale=${locale}&limit=6&offset=6`);
    let target: RecipeDetail | undefined;
    for (const r of second.items) {
      const detail = await api<RecipeDetail>(`/api/content/recipes/${r.slug}?locale=${locale}`);
      if (detail.products.some((p) => p.availability === 'available')) {
        target = detail;
        break;
      }
    }
    expect(target).toBeDefined();
    const product = target!.products.find((p) => p.availability === 'available')!;

    const context = await contentContext(locale);
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      const setCookieNames = watchSetCookies(page);
      await page.goto(publicPath('recipes', locale));
      await hydrated(page);
      const main = page.locator('main');
      const cards = main.locator('article');
      expect(await cards.count()).toBe(6);
      await main.getByRole('link', { name: t('content.recipes.loadMore') }).click();
      await main.getByRole('link', { name: target!.title, exact: true }).waitFor();
      expect(await cards.count()).toBe(Math.min(12, second.total));
      expect(page.url()).toBe(absolute(publicPath('recipes', locale)));

      await main.getByRole('link', { name: target!.title, exact: true }).click();
      await page.waitForURL(absolute(publicPath('recipe', locale, { slug: target!.slug })));
      await main.getByRole('heading', { level: 1, name: target!.title }).waitFor();
      await main.getByRole('button', { name: t('catalog.addToCartNamed', { name: product.name }) }).click();
      await main
        .getByRole('status')
        .filter({ hasText: t('catalog.added') })
        .first()
        .waitFor();
      await page.getByRole('link', { name: t('cart.indicator', { count: 1 }), exact: true }).waitFor();

      const ld = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '{}') as { '@type'?: string }));
      const recipeLd = ld.find((d) => d['@type'] === 'Recipe');
      expect(RecipeLd.safeParse(recipeLd).error?.issues ?? []).toEqual([]);

      const storage = await page.evaluate(() => Object.keys(sessionStorage).concat(Object.keys(localStorage).map((k) => `local:${k}`)));
      const unknownStorage = storage.filter((k) => !storageEntryOf(k, 'sessionStorage'));
      const unknownCookies = [...setCookieNames, ...(await context.cookies()).map((c) => c.name)].filter((n) => !storageEntryOf(n));
      expect({ unknownCookies, unknownStorage }).toEqual({ unknownCookies: [], unknownStorage: [] });
      // The visitor chose 'essential only': nothing the registry marks as needing consent may exist
      // (the analytics ones appear only after 'accept all': test/e2e/analytics.test.ts).
      const withoutConsent = [...setCookieNames, ...(await context.cookies()).map((c) => c.name)].filter((n) => storageEntryOf(n)?.consent);
      expect(withoutConsent).toEqual([]);
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the language switcher on a recipe leads to the same recipe in the other language', async () => {
    const list = await api<RecipePage>('/api/content/recipes?locale=en&limit=1');
    const recipe = list.items[0];
    const context = await contentContext('en');
    try {
      const page = await context.newPage();
      const watch = watchPage(page);
      await page.goto(publicPath('recipe', 'en', { slug: recipe.slug }));
      await hydrated(page);
      const nav = page.getByRole('navigation', { name: tFor('en')('a11y.languageSwitcher') });
      await nav.locator('a[hreflang="de"]').click();
      await page.waitForURL(absolute(publicPath('recipe', 'de', { slug: recipe.alternates.de! })));
      const de = await api<RecipeDetail>(`/api/content/recipes/${recipe.alternates.de}?locale=de`);
      await page.locator('main').getByRole('heading', { level: 1, name: de.title }).waitFor();
      expect(watch.problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(LOCALES)(
    'about us (%s) offers the catalogue and the fun book as PDFs with their sizes, and the links download them',
    async (locale) => {
      const context = await contentContext(locale, true);
      try {
        const page = await context.newPage();
        await page.goto(publicPath('about_us', locale));
        await hydrated(page);
        const links = page.locator('main [data-download] a');
        expect(await links.count()).toBe(2);
        for (const kind of ['catalogue', 'fun-book']) {
          const link = page.locator(`main [data-download="${kind}"] a`);
          const href = (await link.getAttribute('href'))!;
          const res = await fetch(`${BASE_URL}${href}`);
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toBe('application/pdf');
          const bytes = Buffer.from(await res.arrayBuffer());
          expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
          // the size shown is the file's (decimal kB, in the page's language)
          const kb = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
            Math.round(bytes.length / 1000),
          );
          expect(await link.textContent()).toContain(kb);
          expect(await link.getAttribute('download')).toMatch(/\.pdf$/);
        }
      } finally {
        await context.close();
      }
    },
  );

  it.each(['recipe', 'blog_post', 'about_us', 'privacy_policy'] as const)('axe-core finds no violation on %s', async (screen) => {
    const locale: Locale = 'hr';
    let path: string;
    if (screen === 'recipe')
      path = publicPath(screen, locale, { slug: (await api<RecipePage>('/api/content/recipes?locale=hr&limit=1')).items[0].slug });
    else if (screen === 'blog_post')
      path = publicPath(screen, locale, {
        slug: (await api<{ items: Array<{ slug: string }> }>('/api/content/blog?locale=hr&limit=1')).items[0].slug,
      });
    else path = publicPath(screen, locale);
    const context = await contentContext(locale, true);
    try {
      const page = await context.newPage();
      await page.goto(path);
      await hydrated(page);
      const violations = await axeViolations(page);
      expect(describeViolations(violations)).toBe('');
    } finally {
      await context.close();
    }
  });
});
