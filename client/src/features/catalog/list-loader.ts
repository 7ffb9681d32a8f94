import { notFound } from '@tanstack/react-router';
import { fetchCategories, fetchProducts, pageCount, parsePage, parseQuery, type CategoryView, type ProductPage } from '../../api/catalog';
import type { ApiFactory } from '../../api/http';
import type { Locale } from '../../i18n/locales';
import type { LocaleParams } from '../../seo/head';

export interface ListSearch {
  page?: number;
  q?: string;
}

/** `?page=2&q=fusilli` -> { page: 2, q: 'fusilli' }; defaults left out so URLs stay clean. */
export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const page = parsePage(search.page);
  const q = parseQuery(search.q);
  return { ...(page > 1 ? { page } : {}), ...(q ? { q } : {}) };
}

export interface ListData {
  categories: CategoryView[];
  category: CategoryView | null;
  products: ProductPage;
  q: string | null;
  localeParams: LocaleParams | null;
}

/** Categories and one page of products (of a category, of a search), for the product list and webshop screens. */
export async function loadProductList(
  api: ApiFactory,
  locale: Locale,
  opts: { category?: string; page?: number; q?: string },
): Promise<ListData> {
  const client = api(locale);
  const [categories, products] = await Promise.all([
    fetchCategories(client, locale),
    fetchProducts(client, { locale, category: opts.category, q: opts.q, page: opts.page }).catch((e: unknown) => e),
  ]);
  let category: CategoryView | null = null;
  if (opts.category !== undefined) {
    category = categories.find((c) => c.slug === opts.category) ?? null;
    if (!category) throw notFound();
  }
  if (products instanceof Error || !products || typeof products !== 'object') throw products;
  const page = products as ProductPage;
  // A page past the end is no page (crawlers must not index empty pages).
  if ((opts.page ?? 1) > pageCount(page.total, page.page_size)) throw notFound();
  return {
    categories,
    category,
    products: page,
    q: opts.q ?? null,
    localeParams: category
      ? { hr: { slug: category.slugs.hr }, en: { slug: category.slugs.en }, de: { slug: category.slugs.de }, sl: { slug: category.slugs.sl } }
      : null,
  };
}
