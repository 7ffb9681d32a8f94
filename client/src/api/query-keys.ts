/**
 * The TanStack Query keys of the front end, one per resource, in one place. Keys start with their area so a
 * whole area can be invalidated or removed at once (`['account']` at sign-in and sign-out, `['cart']` after
 * the cart changed under another language).
 *
 *   ['session']                                   the visitor's session (features/account/session.ts)
 *   ['account', 'me', fields]                     GET /api/users/me (all fields: 'all')
 *   ['account', 'orders']                         GET /api/orders
 *   ['order', number]                             GET /api/orders/:number (success page, with the view token)
 *   ['order', 'pending']                          GET /api/orders/pending (the caller's unpaid card order)
 *   ['auth', 'providers']                         GET /api/auth/providers
 *   ['cart', locale]                              GET /api/cart?locale= (names in the page language)
 *   ['catalog', 'categories', locale]             GET /api/catalog/categories
 *   ['catalog', 'products', locale, params]       GET /api/catalog/products (category, q, page)
 *   ['catalog', 'product', locale, slug]          GET /api/catalog/products/:slug
 *   ['video', provider, id, hash]                 GET /api/video/oembed?url= (features/video/video-api.ts)
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
  order: (number: string) => ['order', number] as const,
  pendingOrder: ['order', 'pending'] as const,
  signInProviders: ['auth', 'providers'] as const,
  cartAll: ['cart'] as const,
  cart: (locale: Locale) => ['cart', locale] as const,
  categories: (locale: Locale) => ['catalog', 'categories', locale] as const,
  products: (locale: Locale, params: ProductListParams) =>
    ['catalog', 'products', locale, { category: params.category ?? null, q: params.q ?? null, page: params.page ?? 1 }] as const,
  product: (locale: Locale, slug: string) => ['catalog', 'product', locale, slug] as const,
  video: (provider: string, id: string, hash?: string) => ['video', provider, id, hash ?? null] as const,
};
