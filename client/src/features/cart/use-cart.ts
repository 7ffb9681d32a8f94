import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useBrowserQuery, type BrowserQuery } from '../../api/browser-query';
import { ApiError, type ApiErrorDetail } from '../../api/http';
import type { Locale } from '../../../../contract/locales';
import { applyCartAnswer, cartQuery, sendCartChange, type CartChange } from './cart-api';
import type { CartView } from './cart-types';

/** Where an error is shown: next to a line (`line:<code>`), the coupon form, the destination form, or the page. */
export type ErrorScope = `line:${string}` | 'coupon' | 'destination' | 'page';

export interface CartController {
  status: 'loading' | 'ready' | 'failed';
  cart: CartView | null;
  /** The scope of the change in flight, if any. */
  busy: ErrorScope | null;
  errors: Partial<Record<ErrorScope, ApiErrorDetail[]>>;
  reload(): void;
  /** Runs one change; true when the API accepted it (the cart everywhere is then the answered one). */
  change(scope: ErrorScope, change: CartChange): Promise<boolean>;
  clearError(scope: ErrorScope): void;
}

function useApiFactory() {
  return useRouteContext({ from: rootRouteId, select: (c) => c.api });
}

/** The visitor's cart query (features/cart/cart-api.ts): shared by the header's count and the cart page. */
export function useCartQuery(locale: Locale): BrowserQuery<CartView> {
  const api = useApiFactory();
  return useBrowserQuery(cartQuery(api, locale));
}

/** The header's count: 0 on the server and at hydration, then the cart's item_count. */
export function useCartCount(locale: Locale): number {
  const api = useApiFactory();
  const { data } = useBrowserQuery({ ...cartQuery(api, locale), select: (cart) => cart.item_count });
  return data ?? 0;
}

/** A cart change as a mutation: its answer replaces the cart query (count, lines and totals everywhere). */
export function useCartMutation(locale: Locale) {
  const api = useApiFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CartChange) => sendCartChange(api(locale), locale, change),
    onSuccess: (cart) => applyCartAnswer(queryClient, locale, cart),
  });
}

/**
 * The cart page's controller: the cart query (loaded in the browser after hydration, never during SSR) and
 * the changes, each with its error scope.
 */
export function useCart(locale: Locale): CartController {
  const cartState = useCartQuery(locale);
  const mutation = useCartMutation(locale);
  const [busy, setBusy] = useState<ErrorScope | null>(null);
  const [errors, setErrors] = useState<CartController['errors']>({});

  const { refetch } = cartState;
  const reload = useCallback(() => void refetch(), [refetch]);

  const { mutateAsync } = mutation;
  const change = useCallback(
    async (scope: ErrorScope, next: CartChange) => {
      setBusy(scope);
      try {
        await mutateAsync(next);
        setErrors((e) => ({ ...e, [scope]: undefined, page: undefined }));
        return true;
      } catch (error) {
        const details: ApiErrorDetail[] =
          error instanceof ApiError && error.status !== 0 ? error.errors : [{ code: 'NETWORK_ERROR', message: '' }];
        setErrors((e) => ({ ...e, [scope]: details }));
        return false;
      } finally {
        setBusy(null);
      }
    },
    [mutateAsync],
  );

  const clearError = useCallback((scope: ErrorScope) => setErrors((e) => ({ ...e, [scope]: undefined })), []);

  // 'Try again' shows the loading line while the cart is read again, as the first read does.
  return { status: cartState.status, cart: cartState.data ?? null, busy, errors, reload, change, clearError };
}
