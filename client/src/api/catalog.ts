/**
 * The catalogue API as the front end consumes it (shapes: the types of contract/api/catalog.ts's
 * schemas, imported as types only; docs/catalog.md). Money in integer euro cents. The page language is always explicit (`?locale=`).
 *
 * Each read is also a query (`categoriesQuery`, `productsQuery`, `productQuery`; keys in query-keys.ts) that
 * the route loaders read through the router's query client (`queryClient.fetchQuery`: fresh for a minute,
 * so going back to a list or a product answers from the cache).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '../../../contract/locales';
import { query, type Api } from './http';
import { apiPaths } from './paths';
import { queryKeys, type ProductListParams } from './query-keys';

export type { ProductSummary, Nutrition, ProductDetail, CategoryView, ProductPage } from '../../../contract/api/catalog';
import type { CategoryView, ProductDetail, ProductPage } from '../../../contract/api/catalog';

export const PAGE_SIZE = 12;

export function fetchCategories(api: Api, locale: Locale): Promise<CategoryView[]> {
  return api.get<CategoryView[]>(`${apiPaths.catalog.categories}${query({ locale })}`);
}

export function fetchProducts(
  api: Api,
  params: { locale: Locale; category?: string; q?: string; page?: number; pageSize?: number },
): Promise<ProductPage> {
  return api.get<ProductPage>(
    `${apiPaths.catalog.products}${query({ locale: params.locale, category: params.category, q: params.q, page: params.page, page_size: params.pageSize ?? PAGE_SIZE })}`,
  );
}

export function fetchProduct(api: Api, locale: Locale, slug: string): Promise<ProductDetail> {
  return api.get<ProductDetail>(`${apiPaths.catalog.product(slug)}${query({ locale })}`);
}

export function categoriesQuery(api: Api, locale: Locale) {
  return queryOptions({ queryKey: queryKeys.categories(locale), queryFn: () => fetchCategories(api, locale) });
}

export function productsQuery(api: Api, locale: Locale, params: ProductListParams) {
  return queryOptions({
    queryKey: queryKeys.products(locale, params),
    queryFn: () => fetchProducts(api, { locale, category: params.category, q: params.q, page: params.page }),
  });
}

export function productQuery(api: Api, locale: Locale, slug: string) {
  return queryOptions({ queryKey: queryKeys.product(locale, slug), queryFn: () => fetchProduct(api, locale, slug) });
}

/** Number of pages for a total (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** A page number from the `page` search value: positive integers only, else 1. */
export function parsePage(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** A search term from the `q` search value: trimmed, at most 100 characters, undefined when empty. */
export function parseQuery(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const q = String(value).trim().slice(0, 100);
  return q || undefined;
}
