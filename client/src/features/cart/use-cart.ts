import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, query, type ApiErrorDetail, type HttpMethod } from '../../api/http';
import type { Locale } from '../../../../contract/locales';
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
  /** Runs one change; true when the API accepted it (the cart on screen is then the answered one). */
  change(scope: ErrorScope, method: HttpMethod, path: string, body?: unknown): Promise<boolean>;
  clearError(scope: ErrorScope): void;
}

/**
 * The visitor's cart, loaded in the browser after hydration (never during SSR: the cart is private, per
 * visitor, and the server-rendered page must stay the same for everybody). Every change re-renders from the
 * cart the API answers and tells `onCart` (the header's indicator).
 */
export function useCart(locale: Locale, onCart: (cart: CartView) => void): CartController {
  const apiFor = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const [status, setStatus] = useState<CartController['status']>('loading');
  const [cart, setCart] = useState<CartView | null>(null);
  const [busy, setBusy] = useState<ErrorScope | null>(null);
  const [errors, setErrors] = useState<CartController['errors']>({});
  const onCartRef = useRef(onCart);
  useEffect(() => {
    onCartRef.current = onCart;
  });
  const [attempt, setAttempt] = useState(0);
  const names = query({ locale });

  useEffect(() => {
    let live = true;
    apiFor(locale)
      .get<CartView>(`/api/cart${names}`)
      .then((answer) => {
        if (!live) return;
        setCart(answer);
        setStatus('ready');
        onCartRef.current(answer);
      })
      .catch(() => {
        if (live) setStatus('failed');
      });
    return () => {
      live = false;
    };
  }, [apiFor, locale, names, attempt]);

  const reload = useCallback(() => {
    setStatus('loading');
    setAttempt((n) => n + 1);
  }, []);

  const change = useCallback(
    async (scope: ErrorScope, method: HttpMethod, path: string, body?: unknown) => {
      setBusy(scope);
      try {
        const answer = await apiFor(locale).send<CartView>(method, `${path}${names}`, body);
        setCart(answer);
        setErrors((e) => ({ ...e, [scope]: undefined, page: undefined }));
        onCartRef.current(answer);
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
    [apiFor, locale, names],
  );

  const clearError = useCallback((scope: ErrorScope) => setErrors((e) => ({ ...e, [scope]: undefined })), []);

  return { status, cart, busy, errors, reload, change, clearError };
}
