import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { categoriesQuery, pageCount, parsePage, parseQuery, productsQuery, type CategoryView, type ProductPage } from '../../api/catalog';
import type { ApiFactory } from '../../api/http';
import type { Locale } from '../../../../contract/locales';
import { isUnusableUrl } from '../../navigation/unusable-url';
import type { LocaleParams } from '../../seo/head';
import { CATALOG_MAX_PAGE } from '../../../../contract/limits';

/** The highest page the catalog API accepts. */
export const MAX_PAGE = CATALOG_MAX_PAGE;

export interface ListSearch {
  page?: number;
  q?: string;
}

/**
 * `?page=2&q=fusilli` -> { page: 2, q: 'fusilli' }; defaults left out so URLs stay clean. A page value that is
 * no whole number from 1 (`abc`, `-1`, `1.5`, `0`) is the first page. Both keys are always returned (maybe as
 * undefined): the router merges the raw search under the validated one, so a key left out would reach
 * loaderDeps (and the API) raw.
 */
export function validateListSearch(search: Record<string, unknown>): ListSearch {
  // A control character is no value to tidy away: the search stays as it came, the `$locale` route answers
  // the 404 page for the address (issue 8, F2) instead of the router redirecting to a cleaned URL.
  if (Object.values(search).some((v) => typeof v === 'string' && isUnusableUrl('', v))) return search as ListSearch;
  const page = parsePage(search.page);
  const q = parseQuery(search.q);
  return { page: page > 1 ? page : undefined, q: q || undefined };
}

export interface ListData {
  categories: CategoryView[];
  category: CategoryView | null;
  products: ProductPage;
  q: string | null;
  localeParams: LocaleParams | null;
}

/**
 * Categories and one page of products (of a category, of a search), for the product list and webshop screens,
 * read through the query client (one query each: `['catalog', 'categories', locale]`,
 * `['catalog', 'products', locale, { category, q, page }]`).
 */
export async function loadProductList(
  context: { api: ApiFactory; queryClient: QueryClient },
  locale: Locale,
  opts: { category?: string; page?: number; q?: string },
): Promise<ListData> {
  // Past the API's last possible page (it answers 422 there): no page, the 404 page, without asking.
  if ((opts.page ?? 1) > MAX_PAGE) throw notFound();
  const client = context.api(locale);
  const [categories, products] = await Promise.all([
    context.queryClient.fetchQuery(categoriesQuery(client, locale)),
    context.queryClient.fetchQuery(productsQuery(client, locale, opts)).catch((e: unknown) => e),
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
      ? {
          hr: { slug: category.slugs.hr },
          en: { slug: category.slugs.en },
          de: { slug: category.slugs.de },
          sl: { slug: category.slugs.sl },
        }
      : null,
  };
}
