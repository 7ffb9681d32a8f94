/**
 * The cart's API calls and its query (docs/cart.md): every call answers the whole cart (`CartView`), names
 * in the page language (`?locale=`), and every answer replaces the `['cart', locale]` query, so the header's
 * count, the cart page's lines and totals change together. Mutations send the CSRF header (http.ts).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { query, type Api, type ApiFactory, type HttpMethod } from '../../api/http';
import { apiPaths } from '../../api/paths';
import { queryKeys } from '../../api/query-keys';
import type { Locale } from '../../../../contract/locales';
import type { CartView } from './cart-types';

/** One change of the cart, as the screens ask for it. */
export type CartChange =
  | { kind: 'add'; productCode: string; quantity: number }
  | { kind: 'quantity'; productCode: string; quantity: number }
  | { kind: 'remove'; productCode: string }
  | { kind: 'coupon'; code: string }
  | { kind: 'remove-coupon' }
  | { kind: 'destination'; country: string; postalCode: string };

/** The request a change is: method, path and body (exported for tests). */
export function cartRequest(change: CartChange): { method: HttpMethod; path: string; body?: unknown } {
  switch (change.kind) {
    case 'add':
      return { method: 'POST', path: apiPaths.cart.items, body: { product_code: change.productCode, quantity: change.quantity } };
    case 'quantity':
      return { method: 'PATCH', path: apiPaths.cart.item(change.productCode), body: { quantity: change.quantity } };
    case 'remove':
      return { method: 'DELETE', path: apiPaths.cart.item(change.productCode) };
    case 'coupon':
      return { method: 'PUT', path: apiPaths.cart.coupon, body: { code: change.code } };
    case 'remove-coupon':
      return { method: 'DELETE', path: apiPaths.cart.coupon };
    case 'destination':
      return { method: 'PUT', path: apiPaths.cart.destination, body: { country: change.country, postal_code: change.postalCode } };
  }
}

export function fetchCart(api: Api, locale: Locale): Promise<CartView> {
  return api.get<CartView>(`${apiPaths.cart.cart}${query({ locale })}`);
}

export function sendCartChange(api: Api, locale: Locale, change: CartChange): Promise<CartView> {
  const { method, path, body } = cartRequest(change);
  return api.send<CartView>(method, `${path}${query({ locale })}`, body);
}

/**
 * The visitor's cart. Never loaded during SSR (the cart is private: the server-rendered page stays the same
 * for everybody; `useQuery` does not fetch on the server), read in the browser after hydration; stale at
 * once, so a page that shows it reads it again when it mounts (another tab may have changed it).
 */
export function cartQuery(api: ApiFactory, locale: Locale) {
  return queryOptions({
    queryKey: queryKeys.cart(locale),
    queryFn: () => fetchCart(api(locale), locale),
    staleTime: 0,
  });
}

/**
 * An answer of a cart change: it is the cart now. The same cart in other languages is marked stale (read
 * again when shown).
 */
export function applyCartAnswer(queryClient: QueryClient, locale: Locale, cart: CartView): void {
  queryClient.setQueryData(queryKeys.cart(locale), cart);
  void queryClient.invalidateQueries({
    queryKey: queryKeys.cartAll,
    predicate: (q) => q.queryKey[1] !== locale,
    refetchType: 'none',
  });
}
