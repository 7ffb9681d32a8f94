/**
 * The TanStack Query client: one per SSR request (entry-server.tsx), one in the browser (boot.tsx),
 * connected to the router by `setupRouterSsrQueryIntegration` (router.tsx): the server dehydrates the
 * queries marked `meta: { dehydrate: true }` (the session) with the router's state and the browser hydrates
 * them before the first render. Catalogue and account data reach the page as route loader data (the loaders
 * read it through `ensureQueryData`), so it is not sent twice.
 *
 * Defaults:
 *  - no query retries: http.ts already applies the spec's retry policy to every GET (api/retry-policy.ts),
 *    and mutations are never repeated (spec section 9);
 *  - data is fresh for a minute: the browser does not refetch what the server just rendered, and back/forward
 *    navigation between lists and products answers from the cache;
 *  - no refetch on window focus by default (the session query turns it on for itself).
 */
import { QueryClient, type Query } from '@tanstack/react-query';

export const DEFAULT_STALE_TIME_MS = 60_000;

/** Only successful queries that ask for it cross from the server render to the browser. */
export function shouldDehydrateQuery(query: Pick<Query, 'state' | 'meta'>): boolean {
  return query.state.status === 'success' && query.meta?.dehydrate === true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
      dehydrate: { shouldDehydrateQuery },
    },
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { dehydrate?: boolean };
  }
}
