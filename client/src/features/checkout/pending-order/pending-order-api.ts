/**
 * The pending order's API calls (docs/orders.md, 'The pending order'): the caller's unpaid card order
 * (`GET /api/orders/pending`), switching it to cash on delivery and cancelling it. Paths: api/paths.ts;
 * shapes: contract/api/order.ts.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { ApiFactory } from '../../../api/http';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';
import type { PendingOrderActionAnswer, PendingOrderResponse } from '../../../../../contract/api/order';
import type { Locale } from '../../../../../contract/locales';

/** The caller's pending order or null (read in the browser only: it belongs to the visitor's cookies). */
export function pendingOrderQuery(api: ApiFactory, locale: Locale) {
  return queryOptions({
    queryKey: queryKeys.pendingOrderIn(locale),
    queryFn: () => api(locale).get<PendingOrderResponse['data']>(apiPaths.orders.pending),
    staleTime: 0,
  });
}

/** After a switch or cancel: the pending order, the order, the profile's orders and (cancel) the cart are read again. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (number: string, cart: boolean) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.pendingOrder });
    void queryClient.invalidateQueries({ queryKey: queryKeys.order(number) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders, refetchType: 'none' });
    if (cart) void queryClient.invalidateQueries({ queryKey: queryKeys.cartAll });
  };
}

/** 'Pay on delivery instead'; `expectedTotal` accepts a changed total (409 ORDER_TOTAL_CHANGED carries it). */
export function useSwitchToCod(locale: Locale) {
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const changed = useAfterChange();
  return useMutation({
    mutationFn: ({ number, token, expectedTotal }: { number: string; token: string | null; expectedTotal?: number }) =>
      api(locale).send<PendingOrderActionAnswer['data']>('POST', apiPaths.orders.cashOnDelivery(number), {
        ...(token ? { view_token: token } : {}),
        ...(expectedTotal !== undefined ? { expected_total: expectedTotal } : {}),
      }),
    onSuccess: (_data, { number }) => changed(number, false),
  });
}

/** 'Cancel the order': its lines go back into this browser's cart. */
export function useCancelPending(locale: Locale) {
  const api = useRouteContext({ from: rootRouteId, select: (c) => c.api });
  const changed = useAfterChange();
  return useMutation({
    mutationFn: ({ number, token }: { number: string; token: string | null }) =>
      api(locale).send<PendingOrderActionAnswer['data']>('POST', apiPaths.orders.cancel(number), token ? { view_token: token } : {}),
    onSuccess: (_data, { number }) => changed(number, true),
  });
}
