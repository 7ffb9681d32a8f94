import { rootRouteId, useRouteContext, useRouter } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { isScreenPath } from './redirect-target';
import { browserSyncEnvironment, sessionConfig, startSessionSync, type SessionState, type SessionStore } from './session';

/**
 * React side of the session (session.ts). The store lives in the router context (one per SSR request, one in
 * the browser, hydrated from the server's snapshot), so `useSession()` renders the same state on the server
 * and during hydration: no flash between 'Log in' and 'My account'.
 */
export function useSessionStore(): SessionStore {
  return useRouteContext({ from: rootRouteId, select: (c) => c.session });
}

/** The session state: { status: 'loading' | 'authenticated' | 'unauthenticated', user, expiresAt }. */
export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/**
 * Mounted once in the root layout: starts the browser's session upkeep (visibility, interval, expired-token
 * refresh, restoring a remembered session) and runs `sessionConfig.onRefreshFailed` when a background
 * refresh fails. Renders nothing.
 */
export function SessionSync() {
  const store = useSessionStore();
  const router = useRouter();
  const locale = useLocale();

  useEffect(() => startSessionSync(store, sessionConfig, browserSyncEnvironment()), [store]);

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
