/**
 * The checkout's API calls (docs/architecture.md, 'Client data layer'): placing the order
 * (`POST /api/orders` with an `Idempotency-Key`) as a TanStack Query mutation, and reading one order
 * (`GET /api/orders/:number?view_token=`) as a query for the success page. Paths: api/paths.ts; the
 * shapes: contract/api/order.ts.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { Api, ApiFactory } from '../../api/http';
import { fetchOrder } from '../account/account-api';
import { apiPaths } from '../../api/paths';
import { queryKeys } from '../../api/query-keys';
import type { Locale } from '../../../../contract/locales';
import type { PaymentForm, PlaceOrderResult } from './checkout-types';
import type { OrderBody } from './checkout-state';

export function placeOrder(api: Api, body: OrderBody, idempotencyKey: string): Promise<PlaceOrderResult> {
  return api.send<PlaceOrderResult>('POST', apiPaths.orders.place, body, { 'Idempotency-Key': idempotencyKey });
}

/** One order (the success page): read in the browser only, with the token the page's URL carries. */
export function orderQuery(api: ApiFactory, locale: Locale, number: string, viewToken: string | null) {
  return queryOptions({
    queryKey: queryKeys.orderView(number, locale),
    queryFn: () => fetchOrder(api(locale), number, viewToken),
  });
}

/**
 * 'Send order' as a mutation. A placed order empties the cart on the server: the cart queries (every
 * language) and the profile's orders are marked stale.
 */
export function usePlaceOrder(locale: Locale) {
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: OrderBody; key: string }) => placeOrder(api(locale), body, key),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.cartAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders, refetchType: 'none' });
    },
  });
}

/** 'Try again' on the failure page: a new card payment attempt for the same order; the hosted page's form. */
export function useRetryPayment(locale: Locale) {
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  return useMutation({
    mutationFn: ({ number, token }: { number: string; token: string | null }) =>
      api(locale).send<{ payment: PaymentForm }>('POST', apiPaths.orders.retryPayment(number), token ? { view_token: token } : {}),
  });
}
