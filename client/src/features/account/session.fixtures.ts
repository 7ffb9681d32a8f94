/** The session specs' fixtures: a user, session views, a scripted transport and stores (session*.spec.ts). */
import { ApiError } from '../../api/http';
import { createQueryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import type { SessionView, TokenPair, UserView } from './account-types';
import { createSessionStore, type RefreshLock, type SessionState, type SessionStore, type SessionTransport } from './session';

export const NOW = 1_800_000_000_000;
export const MINUTE = 60_000;

export const user = (over: Partial<UserView> = {}): UserView => ({
  id: 'u-1',
  email: 'ana@example.com',
  username: null,
  first_name: 'Ana',
  last_name: 'Horvat',
  phone: '+385 91 000 0000',
  address: 'Ilica 1',
  city: 'Zagreb',
  zip_code: '10000',
  country: 'HR',
  birth_date: '1990-05-01',
  company_name: null,
  vat_number: null,
  company_address: null,
  billing_same_as_delivery: true,
  billing_address: null,
  billing_city: null,
  billing_zip_code: null,
  billing_country: null,
  role: 'customer',
  locale: 'hr',
  newsletter: false,
  has_password: true,
  google_linked: false,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

export const signedIn = (expiresAt: number | null = NOW + 10 * MINUTE): SessionView => ({ user: user(), expires_at: expiresAt });
export const signedOut: SessionView = { user: null, expires_at: null };
export const tokens: TokenPair = { access_token: 'a', refresh_token: 'r', expires: 15 * MINUTE };

/** A transport whose answers the test scripts; counts the calls. */
export function fakeTransport(script: { session?: Array<SessionView | Error>; refresh?: Array<TokenPair | Error> } = {}) {
  const sessions = [...(script.session ?? [])];
  const refreshes = [...(script.refresh ?? [])];
  const calls = { session: 0, refresh: 0, logout: 0 };
  const next = <T>(queue: Array<T | Error>, fallback: T | Error): Promise<T> => {
    const item = queue.length > 1 ? queue.shift()! : (queue[0] ?? fallback);
    return item instanceof Error ? Promise.reject(item) : Promise.resolve(item);
  };
  const transport: SessionTransport = {
    getSession: () => {
      calls.session++;
      return next(sessions, signedOut);
    },
    refresh: () => {
      calls.refresh++;
      return next(refreshes, new ApiError(401, [{ code: 'AUTH_REFRESH_INVALID', message: 'expired' }]));
    },
    logout: async () => {
      calls.logout++;
    },
  };
  return { transport, calls };
}

export const refused = () => new ApiError(401, [{ code: 'AUTH_REFRESH_INVALID', message: 'Your session has expired.' }]);

/** Puts a known state into the store's query (what hydration from the server's render does). */
export function seed(store: SessionStore, state: SessionState): void {
  store.queryClient.setQueryData(queryKeys.session, state);
}

export function browserStore(transport: SessionTransport, opts: { lock?: RefreshLock; now?: () => number } = {}): SessionStore {
  return createSessionStore({
    queryClient: createQueryClient(),
    transport,
    environment: 'browser',
    now: opts.now ?? (() => NOW),
    lock: opts.lock,
    config: { autoRefresh: true, refreshLeewayMs: 0 },
  });
}
