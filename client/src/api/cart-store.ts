/**
 * The header cart indicator's count: a tiny external store (useSyncExternalStore) any screen can update.
 *
 * Decision: the count is NOT loaded during SSR (that would cost a GET /api/cart on every page render and
 * make every page uncacheable per visitor). The indicator renders 0 on the server and on hydration, then
 * fetches GET /api/cart once in the browser (`loadCartCount`) and shows the real count. Whoever changes the
 * cart (add-to-cart buttons, the cart page) calls `setCartCount(cart.item_count)` with the API's answer.
 */
import { useSyncExternalStore } from 'react';
import type { Api } from './http';

let count = 0;
let loaded = false;
const listeners = new Set<() => void>();

export function getCartCount(): number {
  return count;
}

export function setCartCount(next: number): void {
  loaded = true;
  if (next === count) return;
  count = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current count; 0 on the server and during hydration. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, getCartCount, () => 0);
}

/** Loads the count once per page load (browser only); later changes come through setCartCount. */
export async function loadCartCount(api: Api): Promise<void> {
  if (loaded) return;
  loaded = true;
  try {
    const cart = await api.get<{ item_count: number }>('/api/cart');
    setCartCount(cart.item_count);
  } catch {
    // The indicator keeps its last value; the cart page shows errors.
    loaded = false;
  }
}

/**
 * Loads the count again whatever happened before: after signing in (the API merged the guest cart into the
 * account's) and after signing out (the guest cart applies again). A failure leaves the indicator as it is.
 */
export async function reloadCartCount(api: Api): Promise<void> {
  loaded = true;
  try {
    const cart = await api.get<{ item_count: number }>('/api/cart');
    setCartCount(cart.item_count);
  } catch {
    loaded = false;
  }
}
