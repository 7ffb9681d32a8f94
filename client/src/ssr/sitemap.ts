/**
 * /sitemap.xml, the per-language sitemaps it names, and /robots.txt.
 *
 * /sitemap.xml is a sitemap index naming one sitemap per language (SITEMAP_PATHS): /sitemap-hr.xml for
 * Croatian (it has no path prefix, and /hr/... is no address of the shop), /en/sitemap.xml,
 * /de/sitemap.xml and /sl/sitemap.xml. Each lists that language's addresses only, each <url> with
 * xhtml:link alternates for hr, en, de, sl and x-default (-> hr): every public screen without parameters,
 * every category and every product (from the catalogue API, with each language's own slug), and every
 * published content entry with a page of its own (recipes, blog posts, Superfoodie pages, method pages;
 * from `/api/content/sitemap`), listed in the languages it is published in, with hreflang alternates
 * for exactly those languages. Private screens (cart, checkout, payment results, login, registration,
 * password screens, account) are left out, disallowed in robots.txt and marked noindex; so is the
 * product page without a slug, which shows no product of its own. The sitemaps are rendered pages for
 * the render cache: catalogue and content events drop them with the rest (docs/performance.md).
 */
import { LOCALES, DEFAULT_LOCALE, localePrefix, type Locale } from '../../../contract/locales';
import { SCREENS, SCREEN_IDS, alternatesOf, publicPath, type ScreenId } from '../../../contract/paths';
import { escapeMarkup } from '../../../contract/markup';
import type { ContentSitemapEntry } from '../../../contract/api/content';
import { fetchCategories, fetchProducts } from '../api/catalog';
import type { Api } from '../api/http';
import { apiPaths } from '../api/paths';

/**
 * One page in the languages it exists in (its path in each: all four for screens and the catalogue,
 * the published ones for content), with the date it last changed when known. A language's sitemap
 * lists the entries that have a path in that language.
 */
export interface SitemapEntry {
  alternates: Partial<Record<Locale, string>>;
  /** W3C date (YYYY-MM-DD or full ISO time). */
  lastmod?: string;
}

/** The sitemaps.org limit of URLs per sitemap file. */
export const MAX_SITEMAP_URLS = 50_000;

/** Where each language's sitemap is served (named by /sitemap.xml). */
export const SITEMAP_PATHS: Record<Locale, string> = Object.fromEntries(
  LOCALES.map((l) => [l, l === DEFAULT_LOCALE ? `/sitemap-${l}.xml` : `${localePrefix(l)}/sitemap.xml`]),
) as Record<Locale, string>;

/** The language whose sitemap this path is, or null. */
export function sitemapLocaleOf(pathname: string): Locale | null {
  return LOCALES.find((l) => SITEMAP_PATHS[l] === pathname) ?? null;
}

/** Screens with a fixed path that belong in search results. */
export function sitemapScreens(): ScreenId[] {
  return SCREEN_IDS.filter((s) => !SCREENS[s].private && !SCREENS[s].noindex && !SCREENS[s].internal.includes('$'));
}

/** A screen whose parameters are the same in every language (or none). */
export function screenEntry(screen: ScreenId, params?: Record<string, string>): SitemapEntry {
  return { alternates: alternatesOf(screen, params) };
}

/** A screen whose parameters differ by language (translated slugs). */
export function localizedEntry(screen: ScreenId, params: Record<Locale, Record<string, string>>, lastmod?: string): SitemapEntry {
  const alternates = Object.fromEntries(LOCALES.map((l) => [l, publicPath(screen, l, params[l])])) as Record<Locale, string>;
  return lastmod ? { alternates, lastmod } : { alternates };
}

const absolute = (publicUrl: string, path: string) => new URL(path, `${publicUrl}/`).href;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** /sitemap.xml: the index of the four language sitemaps. */
export function buildSitemapIndex(publicUrl: string): string {
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...LOCALES.map((l) => `  <sitemap>\n    <loc>${escapeMarkup(absolute(publicUrl, SITEMAP_PATHS[l]))}</loc>\n  </sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** One language's sitemap: the fixed public screens and `extra` (categories, products, content), that language's URLs only. */
export function buildSitemap(publicUrl: string, locale: Locale, extra: SitemapEntry[] = []): string {
  const entries: SitemapEntry[] = [...sitemapScreens().map((screen) => screenEntry(screen)), ...extra]
    .filter((e) => e.alternates[locale] !== undefined)
    .slice(0, MAX_SITEMAP_URLS);
  const urls = entries.map(({ alternates, lastmod }) => {
    const present = LOCALES.filter((l) => alternates[l] !== undefined);
    const links = [
      ...present.map(
        (l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeMarkup(absolute(publicUrl, alternates[l]!))}"/>`,
      ),
      // x-default: the Croatian page, when there is one.
      ...(alternates[DEFAULT_LOCALE] !== undefined
        ? [`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeMarkup(absolute(publicUrl, alternates[DEFAULT_LOCALE]))}"/>`]
        : []),
    ];
    return [
      '  <url>',
      `    <loc>${escapeMarkup(absolute(publicUrl, alternates[locale]!))}</loc>`,
      ...(lastmod ? [`    <lastmod>${escapeMarkup(lastmod)}</lastmod>`] : []),
      ...links,
      '  </url>',
    ].join('\n');
  });
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">`, ...urls, '</urlset>', ''].join('\n');
}

/** The screen of each content type with a page of its own, and its path parameter. */
const CONTENT_SCREENS: Record<ContentSitemapEntry['type'], { screen: ScreenId; param: string }> = {
  recipes: { screen: 'recipe', param: 'slug' },
  blog: { screen: 'blog_post', param: 'slug' },
  superfoodie: { screen: 'superfoodie_slug', param: 'slug' },
  methods: { screen: 'method', param: 'product' },
};

/** Content entries as sitemap entries: each published language's path (with its own slug), lastmod the latest change. */
export function contentSitemapEntries(entries: ContentSitemapEntry[]): SitemapEntry[] {
  return entries.map((e) => {
    const { screen, param } = CONTENT_SCREENS[e.type];
    const alternates: Partial<Record<Locale, string>> = {};
    for (const l of LOCALES) {
      const slug = e.alternates[l];
      if (slug !== undefined) alternates[l] = publicPath(screen, l, { [param]: slug });
    }
    return { alternates, lastmod: e.lastmod };
  });
}

/** Published content with pages of its own, from the content API. */
export async function contentEntries(api: Api): Promise<SitemapEntry[]> {
  return contentSitemapEntries(await api.get<ContentSitemapEntry[]>(apiPaths.content.sitemap));
}

/**
 * Categories and products from the catalogue API, each with its slug in every language (the list is read
 * once per language and joined by code). Bounded: at most MAX_SITEMAP_URLS products.
 */
export async function catalogEntries(apiFor: (locale: Locale) => Api): Promise<SitemapEntry[]> {
  const PAGE = 48;
  const perLocale = await Promise.all(
    LOCALES.map(async (locale) => {
      const api = apiFor(locale);
      const categories = await fetchCategories(api, locale);
      const products = new Map<string, string>();
      for (let page = 1; products.size < MAX_SITEMAP_URLS; page++) {
        const result = await fetchProducts(api, { locale, page, pageSize: PAGE });
        for (const p of result.items) products.set(p.code, p.slug);
        if (result.items.length === 0 || page * PAGE >= result.total) break;
      }
      return { locale, categories: new Map(categories.map((c) => [c.code, c.slug])), products };
    }),
  );
  const joined = (pick: (x: (typeof perLocale)[number]) => Map<string, string>, screen: ScreenId): SitemapEntry[] => {
    const first = pick(perLocale[0]);
    const out: SitemapEntry[] = [];
    for (const code of first.keys()) {
      const params = {} as Record<Locale, Record<string, string>>;
      for (const x of perLocale) {
        const slug = pick(x).get(code);
        if (slug) params[x.locale] = { slug };
      }
      // Not (yet) in every language: left out rather than listed with a broken alternate.
      if (LOCALES.every((l) => params[l])) out.push(localizedEntry(screen, params));
    }
    return out;
  };
  return [...joined((x) => x.categories, 'products_slug'), ...joined((x) => x.products, 'product')];
}

/** Path prefixes of the private screens in every language (`/ponisti-lozinku/` for token paths), shortest form. */
export function privatePathPrefixes(): string[] {
  const prefixes = new Set<string>();
  for (const screen of SCREEN_IDS) {
    if (!SCREENS[screen].private) continue;
    for (const locale of LOCALES) {
      const path = `${locale === DEFAULT_LOCALE ? '' : `/${locale}`}${SCREENS[screen].paths[locale]}`;
      const dynamicAt = path.indexOf('$');
      prefixes.add(dynamicAt >= 0 ? path.slice(0, path.lastIndexOf('/', dynamicAt) + 1) : path);
    }
  }
  // A prefix already covered by a shorter one (robots.txt matches by prefix) is left out.
  return [...prefixes].filter((p) => ![...prefixes].some((q) => q !== p && p.startsWith(q))).sort();
}

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /admin/',
    ...privatePathPrefixes().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
