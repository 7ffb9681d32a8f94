import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False during SSR and while React hydrates the component, true afterwards. useSyncExternalStore reads
 * the server snapshot for every hydrating render, however late it comes: a page part hydrated after a
 * Suspense boundary waited (a chunk, a router load) still sees `false`, although the rest of the page
 * has hydrated and its effects have run.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** A browser-only query as a page shows it: loading, ready (its data) or failed (after its retries). */
export interface BrowserQuery<T> {
  status: 'loading' | 'ready' | 'failed';
  data: T | undefined;
  /** The failure once `status` is 'failed' (an ApiError for an API answer), else null. */
  error: unknown;
  refetch(): Promise<unknown>;
}

/**
 * A query whose answer only the browser has (the cart, an order behind its view token): the server
 * renders its loading state, so hydration must render that too. Reading the query directly is not
 * enough: a part of the page that hydrates late (a Suspense boundary waited) would meet an answer the
 * layout's own query fetched meanwhile, render it, and React would throw the page's server HTML away
 * (error #418, seen in CI on the checkout). Until hydrated, this reads as 'loading' whatever the cache
 * holds; then React renders again with the query's state.
 */
export function useBrowserQuery<TQueryFnData, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): BrowserQuery<TData> {
  const hydrated = useHydrated();
  const query = useQuery(options);
  const data = hydrated ? query.data : undefined;
  const status = data !== undefined ? 'ready' : hydrated && query.isError && !query.isFetching ? 'failed' : 'loading';
  return { status, data, error: status === 'failed' ? query.error : null, refetch: query.refetch };
}
