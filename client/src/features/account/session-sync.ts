/**
 * The browser's session upkeep (session.ts holds the store): the one observer that re-reads the session, and
 * the refresh of a token that expired before the page started.
 */
import { QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import type { queryKeys } from '../../api/query-keys';
import type { SessionConfig, SessionState, SessionStore } from './session';

/**
 * The options of the browser's one session observer (use-session.tsx `SessionSync`): the query re-reads the
 * session when the window becomes visible again (TanStack Query's focus manager listens to
 * visibilitychange) and every `refetchIntervalMs` while the page is visible (a hidden tab is re-read when it
 * becomes visible again). A session the server did not provide is read at mount.
 */
export function sessionSyncOptions(
  store: SessionStore,
  config: Pick<SessionConfig, 'refetchOnWindowFocus' | 'refetchIntervalMs'>,
): QueryObserverOptions<SessionState, Error, SessionState, SessionState, typeof queryKeys.session> {
  return {
    ...store.queryOptions(),
    refetchOnWindowFocus: config.refetchOnWindowFocus ? 'always' : false,
    refetchInterval: config.refetchIntervalMs > 0 ? config.refetchIntervalMs : false,
    refetchIntervalInBackground: false,
  };
}

/**
 * Starts the browser's session upkeep outside React (what `SessionSync` does): the observer above, and an
 * access token that has already expired at start-up is refreshed. Answers the stop function.
 */
export function startSessionSync(
  store: SessionStore,
  config: Pick<SessionConfig, 'refetchOnWindowFocus' | 'refetchIntervalMs'>,
): () => void {
  const observer = new QueryObserver(store.queryClient, sessionSyncOptions(store, config));
  const unsubscribe = observer.subscribe(() => undefined);
  if (store.needsRefresh()) void store.refresh();
  return unsubscribe;
}
