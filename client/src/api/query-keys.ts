/**
 * The TanStack Query keys of the front end, one per resource, in one place. Keys start with their area so a
 * whole area can be invalidated or removed at once (`['account']` at sign-in and sign-out, `['cart']` after
 * the cart changed under another language).
 *
 *   ['session']                                   the visitor's session (features/account/session.ts)
 *   ['account', 'me', fields]                     GET /api/users/me (all fields: 'all')
 *   ['account', 'orders']                         GET /api/orders
 *   ['order', number, locale]                     GET /api/orders/:number (success page, with the view token)
 *   ['order', number, locale, 'owner']            GET /api/orders/:number (the account's order page)
 *   ['order', 'pending', locale]                  GET /api/orders/pending (the caller's unpaid card order)
 *   ['order', number, 'invoices']                 GET /api/orders/:number/invoices (owner or view token)
 *   ['auth', 'providers']                         GET /api/auth/providers
 *   ['cart', locale]                              GET /api/cart?locale= (names in the page language)
 *   ['catalog', 'categories', locale]             GET /api/catalog/categories
 *   ['catalog', 'products', locale, params]       GET /api/catalog/products (category, q, page)
 *   ['catalog', 'product', locale, slug]          GET /api/catalog/products/:slug
 *   ['video', provider, id, hash]                 GET /api/video/oembed?url= (features/video/video-api.ts)
 *   ['content', …, locale, …]                     GET /api/content/* (features/content/content-api.ts)
 *
 * No other module writes a key: a feature's queries take theirs from here.
 */
import type { Locale } from '../../../contract/locales';

export interface ProductListParams {
  category?: string;
  q?: string;
  page?: number;
}

export const queryKeys = {
  session: ['session'] as const,
  account: ['account'] as const,
  /** Every read of the user (all fields and partial ones). */
  meAll: ['account', 'me'] as const,
  me: (fields?: readonly string[]) => ['account', 'me', fields && fields.length > 0 ? fields.join(',') : 'all'] as const,
  orders: ['account', 'orders'] as const,
  /** Every read of one order (invalidated after a payment change). */
  order: (number: string) => ['order', number] as const,
  /** The success page's read (with the page's view token), and the account's read of one's own order. */
  orderView: (number: string, locale: Locale) => ['order', number, locale] as const,
  ownOrder: (number: string, locale: Locale) => ['order', number, locale, 'owner'] as const,
  /** The order's invoices (no language: the page writes their words); under the order's key, so invalidating the order reads them again. */
  orderInvoices: (number: string) => ['order', number, 'invoices'] as const,
  pendingOrder: ['order', 'pending'] as const,
  pendingOrderIn: (locale: Locale) => ['order', 'pending', locale] as const,
  signInProviders: ['auth', 'providers'] as const,
  cartAll: ['cart'] as const,
  cart: (locale: Locale) => ['cart', locale] as const,
  categories: (locale: Locale) => ['catalog', 'categories', locale] as const,
  products: (locale: Locale, params: ProductListParams) =>
    ['catalog', 'products', locale, { category: params.category ?? null, q: params.q ?? null, page: params.page ?? 1 }] as const,
  product: (locale: Locale, slug: string) => ['catalog', 'product', locale, slug] as const,
  video: (provider: string, id: string, hash?: string) => ['video', provider, id, hash ?? null] as const,
  /** Brand texts (features/content/content-api.ts), one key per content API read. */
  content: {
    all: ['content'] as const,
    page: (locale: Locale, key: string) => ['content', 'page', locale, key] as const,
    home: (locale: Locale) => ['content', 'home', locale] as const,
    recipeCategories: (locale: Locale) => ['content', 'recipe-categories', locale] as const,
    recipes: (locale: Locale, params: { category?: string; offset: number; limit: number }) =>
      ['content', 'recipes', locale, { category: params.category ?? null, offset: params.offset, limit: params.limit }] as const,
    recipe: (locale: Locale, slug: string) => ['content', 'recipe', locale, slug] as const,
    blog: (locale: Locale, offset: number, limit: number) => ['content', 'blog', locale, { offset, limit }] as const,
    blogPost: (locale: Locale, slug: string) => ['content', 'blog-post', locale, slug] as const,
    superfoodie: (locale: Locale) => ['content', 'superfoodie', locale] as const,
    superfoodiePage: (locale: Locale, slug: string) => ['content', 'superfoodie-page', locale, slug] as const,
    methods: (locale: Locale) => ['content', 'methods', locale] as const,
    method: (locale: Locale, word: string) => ['content', 'method', locale, word] as const,
    campaign: (locale: Locale) => ['content', 'campaign', locale] as const,
    aboutUs: (locale: Locale) => ['content', 'about-us', locale] as const,
    downloads: (locale: Locale) => ['content', 'downloads', locale] as const,
    euProjects: (locale: Locale) => ['content', 'eu-projects', locale] as const,
  },
};
