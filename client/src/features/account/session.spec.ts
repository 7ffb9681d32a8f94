import { describe, expect, it, jest } from '@jest/globals';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/http';
import { createQueryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import type { SessionView, TokenPair } from './account-types';
import { createSessionStore, isAccessTokenExpired, sessionConfig, stateFromView, type RefreshLock, type SessionTransport } from './session';
import { browserStore, fakeTransport, MINUTE, NOW, refused, seed, signedIn, signedOut, tokens, user } from './session.fixtures';

describe('access token expiry (spec section 4)', () => {
  it('counts a missing expiry as expired', () => {
    expect(isAccessTokenExpired(null, NOW)).toBe(true);
    expect(isAccessTokenExpired(undefined, NOW)).toBe(true);
    expect(isAccessTokenExpired(Number.NaN, NOW)).toBe(true);
  });

  it('counts no remaining time as expired', () => {
    expect(isAccessTokenExpired(NOW - 1, NOW)).toBe(true);
    expect(isAccessTokenExpired(NOW, NOW)).toBe(true);
    expect(isAccessTokenExpired(NOW + 1, NOW)).toBe(false);
  });

  it('takes the leeway off the remaining time', () => {
    expect(isAccessTokenExpired(NOW + 5_000, NOW, 10_000)).toBe(true);
    expect(isAccessTokenExpired(NOW + 15_000, NOW, 10_000)).toBe(false);
  });
});

describe('session state', () => {
  it('keeps only id, e-mail, names and role of the user', () => {
    const state = stateFromView(signedIn(NOW + MINUTE));
    expect(state).toEqual({
      status: 'authenticated',
      user: { id: 'u-1', email: 'ana@example.com', first_name: 'Ana', last_name: 'Horvat', role: 'customer' },
      expiresAt: NOW + MINUTE,
    });
    expect(JSON.stringify(state)).not.toContain('Ilica');
    expect(stateFromView(signedOut)).toEqual({ status: 'unauthenticated', user: null, expiresAt: null });
  });

  it('crosses from the server render to the browser as the dehydrated session query, and nothing else', () => {
    const serverClient = createQueryClient();
    const server = createSessionStore({
      queryClient: serverClient,
      transport: fakeTransport().transport,
      environment: 'server',
      initial: stateFromView(signedIn()),
    });
    // Loader data of other queries and failed queries stay on the server.
    serverClient.setQueryData(queryKeys.product('hr', 'fusilli'), { name: 'Fusilli' });
    const dehydrated = JSON.parse(JSON.stringify(dehydrate(serverClient)));
    expect(dehydrated.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([['session']]);

    const browser = browserStore(fakeTransport().transport);
    expect(browser.getState().status).toBe('loading');
    const seen: string[] = [];
    browser.queryClient.getQueryCache().subscribe(() => seen.push(browser.getState().status));
    hydrate(browser.queryClient, dehydrated);
    expect(browser.getState()).toEqual(server.getState());
    expect(seen).toContain('authenticated');
  });
});

describe('session lookup', () => {
  it('reads the session once for concurrent callers', async () => {
    const { transport, calls } = fakeTransport({ session: [signedIn()] });
    const store = browserStore(transport);
    const [a, b, c] = await Promise.all([store.ensureLoaded(), store.ensureLoaded(), store.fetch()]);
    expect(calls.session).toBe(1);
    expect(a.status).toBe('authenticated');
    expect(b).toBe(a);
    expect(c).toBe(a);
    await store.ensureLoaded();
    expect(calls.session).toBe(1);
  });

  it('leaves the visitor unauthenticated when the lookup fails', async () => {
    const { transport } = fakeTransport({ session: [new ApiError(0, [{ code: 'NETWORK_ERROR', message: 'down' }])] });
    const store = browserStore(transport);
    await expect(store.ensureLoaded()).resolves.toEqual({ status: 'unauthenticated', user: null, expiresAt: null });
  });

  it('never refreshes on the server, even with an expired token', async () => {
    const { transport, calls } = fakeTransport({ session: [signedIn(NOW - MINUTE)], refresh: [tokens] });
    const store = createSessionStore({ queryClient: new QueryClient(), transport, environment: 'server', now: () => NOW });
    const state = await store.ensureValid();
    expect(state.status).toBe('authenticated');
    expect(calls.refresh).toBe(0);
    await expect(store.refresh()).resolves.toBe(true);
    expect(calls.refresh).toBe(0);
  });
});

describe('refresh', () => {
  it('is single-flight: concurrent callers share one POST /api/auth/refresh', async () => {
    // Lookup inside the lock: expired; after the refresh: valid.
    const { transport, calls } = fakeTransport({
      session: [signedIn(NOW - 1), signedIn(NOW + 15 * MINUTE), signedIn(NOW - 1), signedIn(NOW + 15 * MINUTE)],
      refresh: [tokens],
    });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn(NOW - 1)));
    const results = await Promise.all([store.refresh(), store.refresh(), store.ensureValid(), store.refresh()]);
    expect(calls.refresh).toBe(1);
    expect(calls.session).toBe(2);
    expect(results[0]).toBe(true);
    expect(results[1]).toBe(true);
    expect(store.getState().expiresAt).toBe(NOW + 15 * MINUTE);
    // A later expiry starts a new refresh.
    seed(store, stateFromView(signedIn(NOW - 1)));
    await store.refresh();
    expect(calls.refresh).toBe(2);
  });

  it('does not spend the refresh token when another tab already refreshed (session valid inside the lock)', async () => {
    const { transport, calls } = fakeTransport({ session: [signedIn(NOW + 10 * MINUTE)] });
    const order: string[] = [];
    const lock: RefreshLock = async (task) => {
      order.push('lock');
      const result = await task();
      order.push('unlock');
      return result;
    };
    const store = browserStore(transport, { lock });
    seed(store, stateFromView(signedIn(NOW - 1)));
    await expect(store.refresh()).resolves.toBe(true);
    expect(calls.refresh).toBe(0);
    expect(order).toEqual(['lock', 'unlock']);
    expect(store.needsRefresh()).toBe(false);
  });

  it('clears the session and runs the failure callback once when the refresh fails', async () => {
    const { transport, calls } = fakeTransport({ session: [signedOut], refresh: [refused()] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn(NOW - 1)));
    const failed = jest.fn();
    store.onRefreshFailed(failed);
    const results = await Promise.all([store.refresh(), store.refresh()]);
    expect(results).toEqual([false, false]);
    expect(calls.refresh).toBe(1);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({ status: 'unauthenticated', user: null, expiresAt: null });
  });

  it('counts an answer without an access token as a failure', async () => {
    const { transport } = fakeTransport({ session: [signedOut], refresh: [{ refresh_token: 'r', expires: 1 } as unknown as TokenPair] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn(NOW - 1)));
    await expect(store.refresh()).resolves.toBe(false);
    expect(store.getState().status).toBe('unauthenticated');
  });

  it('a silent refresh (guards, loaders) does not run the failure callback', async () => {
    const { transport } = fakeTransport({ session: [signedOut], refresh: [refused()] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn(null)));
    const failed = jest.fn();
    store.onRefreshFailed(failed);
    const state = await store.ensureValid();
    expect(state.status).toBe('unauthenticated');
    expect(failed).not.toHaveBeenCalled();
  });

  it('guards refresh an expired token first and keep a valid one as it is', async () => {
    const expired = fakeTransport({ session: [signedOut, signedIn(NOW + 15 * MINUTE)], refresh: [tokens] });
    const store = browserStore(expired.transport);
    seed(store, stateFromView(signedIn(NOW - 1)));
    await expect(store.ensureValid()).resolves.toMatchObject({ status: 'authenticated', expiresAt: NOW + 15 * MINUTE });
    expect(expired.calls.refresh).toBe(1);

    const valid = fakeTransport();
    const fresh = browserStore(valid.transport);
    seed(fresh, stateFromView(signedIn(NOW + MINUTE)));
    await fresh.ensureValid();
    expect(valid.calls).toEqual({ session: 0, refresh: 0, logout: 0 });
  });

  it('refreshes when a re-read finds the session gone (the access cookie expired with its token)', async () => {
    const { transport, calls } = fakeTransport({ session: [signedOut, signedOut, signedIn(NOW + 15 * MINUTE)], refresh: [tokens] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn(NOW + MINUTE)));
    await store.fetch();
    expect(calls.refresh).toBe(1);
    expect(store.getState().status).toBe('authenticated');
  });

  it('does not refresh for a visitor who was never signed in', async () => {
    const { transport, calls } = fakeTransport({ session: [signedOut] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedOut));
    await store.fetch();
    expect(calls.refresh).toBe(0);
  });
});

describe('authorized calls', () => {
  it('refreshes once on 401 and retries', async () => {
    const { transport, calls } = fakeTransport({ session: [signedOut, signedIn(NOW + 15 * MINUTE)], refresh: [tokens] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn(NOW + MINUTE)));
    let attempt = 0;
    const answer = await store.authorized(async () => {
      attempt++;
      if (attempt === 1) throw new ApiError(401, [{ code: 'AUTH_REQUIRED', message: 'Please sign in to continue.' }]);
      return 'me';
    });
    expect(answer).toBe('me');
    expect(attempt).toBe(2);
    expect(calls.refresh).toBe(1);
  });

  it('signs out locally when the 401 stays', async () => {
    const { transport } = fakeTransport({ session: [signedOut], refresh: [refused()] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn(NOW + MINUTE)));
    const call = async () => {
      throw new ApiError(401, [{ code: 'AUTH_REQUIRED', message: 'x' }]);
    };
    await expect(store.authorized(call)).rejects.toMatchObject({ status: 401 });
    expect(store.getState().status).toBe('unauthenticated');
  });

  it('passes other errors through untouched', async () => {
    const { transport, calls } = fakeTransport();
    const store = browserStore(transport);
    const error = new ApiError(422, [{ code: 'USER_EMAIL_TAKEN', message: 'taken', field: 'email' }]);
    await expect(
      store.authorized(async () => {
        throw error;
      }),
    ).rejects.toBe(error);
    expect(calls.refresh).toBe(0);
  });
});

describe('sign-in and sign-out', () => {
  it('sign-out calls logout and clears the session, also when logout fails', async () => {
    const { transport, calls } = fakeTransport();
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn()));
    await store.signOut();
    expect(calls.logout).toBe(1);
    expect(store.getState().status).toBe('unauthenticated');

    const failing = browserStore({ ...transport, logout: () => Promise.reject(new Error('offline')) });
    seed(failing, stateFromView(signedIn()));
    await failing.signOut();
    expect(failing.getState().status).toBe('unauthenticated');
  });

  it('a lookup that was in flight during sign-out does not sign the user back in', async () => {
    let answer: (v: SessionView) => void = () => undefined;
    const transport: SessionTransport = {
      getSession: () => new Promise<SessionView>((resolve) => (answer = resolve)),
      refresh: () => Promise.reject(refused()),
      logout: async () => undefined,
    };
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn()));
    const pending = store.fetch();
    await store.signOut();
    answer(signedIn());
    await pending;
    expect(store.getState().status).toBe('unauthenticated');
  });

  it('after sign-in a fresh lookup is made even while an older one is running', async () => {
    const answers: Array<(v: SessionView) => void> = [];
    const transport: SessionTransport = {
      getSession: () => new Promise<SessionView>((resolve) => answers.push(resolve)),
      refresh: () => Promise.reject(refused()),
      logout: async () => undefined,
    };
    const store = browserStore(transport);
    seed(store, stateFromView(signedOut));
    const old = store.fetch();
    const fresh = store.signedIn();
    expect(answers).toHaveLength(2);
    answers[1](signedIn());
    answers[0](signedOut);
    await Promise.all([old, fresh]);
    expect(store.getState().status).toBe('authenticated');
  });
});

describe("sign-in and sign-out clear the visitor's cached data", () => {
  it('drops account queries and marks the cart stale', async () => {
    const { transport } = fakeTransport({ session: [signedIn()] });
    const store = browserStore(transport);
    seed(store, stateFromView(signedIn()));
    const qc = store.queryClient;
    qc.setQueryData(queryKeys.me(), user());
    qc.setQueryData(queryKeys.orders, []);
    qc.setQueryData(queryKeys.cart('hr'), { item_count: 3 });
    await store.signOut();
    expect(qc.getQueryData(queryKeys.me())).toBeUndefined();
    expect(qc.getQueryData(queryKeys.orders)).toBeUndefined();
    expect(qc.getQueryState(queryKeys.cart('hr'))?.isInvalidated).toBe(true);

    qc.setQueryData(queryKeys.me(), user());
    qc.setQueryData(queryKeys.cart('hr'), { item_count: 0 });
    await store.signedIn();
    expect(store.getState().status).toBe('authenticated');
    expect(qc.getQueryData(queryKeys.me())).toBeUndefined();
    expect(qc.getQueryState(queryKeys.cart('hr'))?.isInvalidated).toBe(true);
  });
});

describe('sessionConfig', () => {
  it('has the documented defaults', () => {
    expect(sessionConfig).toMatchObject({
      refetchOnWindowFocus: true,
      refetchIntervalMs: 5 * 60_000,
      autoRefresh: true,
      loginScreen: 'login',
      guestRedirect: 'home',
      afterLogin: 'profile',
      guestOnlyScreens: ['login', 'register', 'forgot_password'],
      protectedScreens: ['profile', 'profile_edit', 'profile_orders', 'profile_order', 'profile_reset_password'],
    });
  });

  it('default failure callback: a protected page goes to the login page of its language, other pages stay', () => {
    const navigate = jest.fn();
    sessionConfig.onRefreshFailed({ locale: 'de', currentPath: '/de/profile/orders', protectedPage: true, navigate });
    expect(navigate).toHaveBeenCalledWith('/de/login?redirect=%2Fde%2Fprofile%2Forders');
    sessionConfig.onRefreshFailed({ locale: 'hr', currentPath: '/kosarica', protectedPage: false, navigate });
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
