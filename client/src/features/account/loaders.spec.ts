import { describe, expect, it } from '@jest/globals';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { ApiError, type Api, type HttpMethod } from '../../api/http';
import { createQueryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import type { UserView } from './account-types';
import { loadOrder, loadPasswordState, loadProfile } from './loaders';
import { createSessionStore, SIGNED_OUT } from './session';

const user = { id: 'u-1', email: 'ana@example.com', has_password: true } as UserView;

function setup(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const api: Api = {
    get: async <T>(path: string) => {
      calls.push(path);
      const answer = answers[path.split('?')[0]];
      if (answer instanceof Error) throw answer;
      return answer as T;
    },
    send: async <T>(method: HttpMethod, path: string) => {
      calls.push(`${method} ${path}`);
      return undefined as T;
    },
  };
  const queryClient = createQueryClient();
  const session = createSessionStore({
    queryClient,
    transport: {
      getSession: async () => ({ user: null, expires_at: null }),
      refresh: async () => Promise.reject(new Error('no')),
      logout: async () => undefined,
    },
    environment: 'server',
    initial: SIGNED_OUT,
  });
  const args = {
    context: { api: () => api, session, queryClient },
    params: { locale: 'en' },
    location: { pathname: '/en/profile', searchStr: '' },
  };
  return { calls, args, queryClient, session };
}

describe('account loaders through the query client', () => {
  it('read the user and the orders once each, then answer from the cache', async () => {
    const { calls, args, queryClient } = setup({ '/api/users/me': user, '/api/orders': [], '/api/auth/providers': { google: true } });
    await expect(loadProfile(args)).resolves.toEqual({ user, orders: [], google: true });
    await loadProfile(args);
    expect(calls.sort()).toEqual(['/api/auth/providers', '/api/orders', '/api/users/me']);
    expect(queryClient.getQueryData(queryKeys.me())).toEqual(user);
    // A partial read is its own query.
    await expect(loadPasswordState(args)).resolves.toEqual({ email: 'ana@example.com', has_password: true });
    expect(calls).toContain('/api/users/me?fields=email%2Chas_password');
  });

  it('send a visitor whose session is gone to the login page, with the way back', async () => {
    const gone = new ApiError(401, [{ code: 'AUTH_REQUIRED', message: 'Please sign in.' }]);
    const { args, session } = setup({ '/api/users/me': gone, '/api/orders': gone });
    const error = await loadProfile(args).catch((e: unknown) => e);
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { search: unknown } }).options.search).toEqual({ redirect: '/en/profile' });
    expect(session.getState().status).toBe('unauthenticated');
  });

  it('show the profile without orders when only the orders fail', async () => {
    const { args } = setup({ '/api/users/me': user, '/api/orders': new ApiError(500, [{ code: 'X', message: 'x' }]) });
    // A provider list that cannot be read offers no Google link.
    await expect(loadProfile(args)).resolves.toEqual({ user, orders: null, google: false });
  });

  it('forget the account data when the visitor signs out', async () => {
    const { args, queryClient, session } = setup({ '/api/users/me': user, '/api/orders': [] });
    await loadProfile(args);
    await session.signOut();
    expect(queryClient.getQueryData(queryKeys.me())).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.orders)).toBeUndefined();
  });
});

describe("the order detail screen's loader (profile_order)", () => {
  const order = { number: 'ZZ-2026-000123', total: 1234 };
  const withNumber = (args: ReturnType<typeof setup>['args'], number: string) => ({ ...args, params: { locale: 'en', number } });

  it("reads the owner's order without a token", async () => {
    const { args, calls } = setup({ '/api/orders/ZZ-2026-000123': order });
    await expect(loadOrder(withNumber(args, 'ZZ-2026-000123'))).resolves.toEqual(order);
    expect(calls).toEqual(['/api/orders/ZZ-2026-000123']);
  });

  it('answers the 404 page for a malformed number without asking the API', async () => {
    const { args, calls } = setup({});
    for (const bad of ['ZZ-12', 'zz-2026-000123', '../users', 'ZZ-2026-000123x']) {
      const error = await loadOrder(withNumber(args, bad)).catch((e: unknown) => e);
      expect([bad, isNotFound(error)]).toEqual([bad, true]);
    }
    expect(calls).toEqual([]);
  });

  it("answers the 404 page for an unknown order or someone else's (the API's 404)", async () => {
    const missing = new ApiError(404, [{ code: 'ORDER_NOT_FOUND', message: 'No such order.' }]);
    const { args } = setup({ '/api/orders/ZZ-2026-000999': missing });
    expect(isNotFound(await loadOrder(withNumber(args, 'ZZ-2026-000999')).catch((e: unknown) => e))).toBe(true);
  });
});
