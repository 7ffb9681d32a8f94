import { useQuery } from '@tanstack/react-query';
import { rootRouteId, useRouteContext, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { isScreenPath } from './redirect-target';
import { LOADING, sessionConfig, type SessionState, type SessionStore } from './session';
import { startSessionSync } from './session-sync';

/**
 * React side of the session (session.ts). The state is the `['session']` query of the router's query client
 * (one per SSR request, one in the browser, hydrated from the server's render), so `useSession()` renders the
 * same state on the server and during hydration: no flash between 'Log in' and 'My account'.
 */
export function useSessionStore(): SessionStore {
  return useRouteContext({ from: rootRouteId, select: (c) => c.session });
}

/** The session state: { status: 'loading' | 'authenticated' | 'unauthenticated', user, expiresAt }. */
export function useSession(): SessionState {
  const store = useSessionStore();
  // Reads the cache; the re-reads (focus, interval) belong to SessionSync's one observer.
  const { data } = useQuery({ ...store.queryOptions(), refetchOnMount: false, refetchOnWindowFocus: false }, store.queryClient);
  return data ?? LOADING;
}

/**
 * Mounted once in the root layout: starts the browser's session upkeep (visibility, interval, expired-token
 * refresh, reading a session the server did not provide) and runs `sessionConfig.onRefreshFailed` when a
 * background refresh fails. Renders nothing.
 */
export function SessionSync() {
  const store = useSessionStore();
  const router = useRouter();
  const locale = useLocale();

  useEffect(() => startSessionSync(store, sessionConfig), [store]);

  useEffect(
    () =>
      store.onRefreshFailed(() => {
        const currentPath = `${window.location.pathname}${window.location.search}`;
        sessionConfig.onRefreshFailed({
          locale,
          currentPath,
          protectedPage: isScreenPath(window.location.pathname, sessionConfig.protectedScreens),
          navigate: (href) => void router.navigate({ href, replace: true }),
        });
      }),
    [store, router, locale],
  );

  return null;
}
