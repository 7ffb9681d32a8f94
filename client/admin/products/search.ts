/**
 * The products list's state in the URL (docs/admin.md 'Products, stock and prices screens'): search,
 * category, availability, the 'low stock' view, sort and page are search params of `/admin/products`,
 * so a link, a reload or coming back from a product shows the list as it was. Every value is checked
 * with the contract's own rules; a hostile or stale one is dropped (the list shows unfiltered), never
 * an error.
 */
import { z } from 'zod';
import { ADMIN_AVAILABILITIES, ADMIN_PRODUCT_SORTS, type AdminProductSort } from '../../../contract/api/admin-catalog';

export interface ProductListSearch {
  q?: string;
  category?: string;
  availability?: (typeof ADMIN_AVAILABILITIES)[number];
  low_stock?: true;
  /** The ready-made view 'not translated': a text missing in some language. */
  translation?: 'missing';
  sort?: AdminProductSort;
  page?: number;
}

const FIELDS = {
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]*$/u),
  category: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  availability: z.enum(ADMIN_AVAILABILITIES),
  low_stock: z.union([z.literal(true), z.literal('true')]).transform(() => true as const),
  translation: z.literal('missing'),
  sort: z.enum(ADMIN_PRODUCT_SORTS),
  page: z.coerce.number().int().min(2).max(100_000),
} as const;

/** The router's `validateSearch`: keeps each valid value, drops the rest (page 1 and the default sort are left out). */
export function parseListSearch(raw: Record<string, unknown>): ProductListSearch {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(FIELDS)) {
    if (raw[key] === undefined) continue;
    const parsed = schema.safeParse(raw[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  if (out.sort === 'position') delete out.sort;
  return out as ProductListSearch;
}

/** The API's query string for that state, with the names in `locale`. */
export function listQuery(search: ProductListSearch, locale: string): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.category) params.set('category', search.category);
  if (search.availability) params.set('availability', search.availability);
  if (search.low_stock) params.set('low_stock', 'true');
  if (search.translation) params.set('translation', search.translation);
  if (search.sort) params.set('sort', search.sort);
  if (search.page) params.set('page', String(search.page));
  params.set('locale', locale);
  return params.toString();
}

/** The ready-made views, named for the work they show. */
export const LIST_VIEWS = [
  { key: 'all', search: {} },
  { key: 'lowStock', search: { low_stock: true } },
  { key: 'soonAvailable', search: { availability: 'soon_available_again' } },
  { key: 'notTranslated', search: { translation: 'missing' } },
] as const satisfies ReadonlyArray<{ key: string; search: ProductListSearch }>;

/** Which ready-made view the state is, if it is exactly one (for aria-current). */
export function currentView(search: ProductListSearch): (typeof LIST_VIEWS)[number]['key'] | null {
  const { page: _page, sort: _sort, ...filters } = search;
  const same = (a: object, b: object) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  return LIST_VIEWS.find((v) => same(filters, v.search))?.key ?? null;
}

/** The list's state when the operator last saw it: the product page's 'back to the list' link returns there. */
let lastSearch: ProductListSearch = {};
export function rememberListSearch(search: ProductListSearch): void {
  lastSearch = search;
}
export function rememberedListSearch(): ProductListSearch {
  return lastSearch;
}
