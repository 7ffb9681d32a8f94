import { describe, expect, it } from '@jest/globals';
import { dehydrate } from '@tanstack/react-query';
import { ApiError } from './http';
import { createQueryClient, DEFAULT_STALE_TIME_MS } from './query-client';
import { queryKeys } from './query-keys';

describe('query client defaults', () => {
  it('never retries a query or a mutation itself (http.ts applies the spec policy once)', async () => {
    const qc = createQueryClient();
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new ApiError(503, [{ code: 'UNAVAILABLE', message: 'later' }]);
    };
    await expect(qc.fetchQuery({ queryKey: ['x'], queryFn: failing })).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(1);
    expect(qc.getDefaultOptions().queries?.retry).toBe(false);
    expect(qc.getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('keeps data fresh for a minute: a second read answers from the cache', async () => {
    const qc = createQueryClient();
    let calls = 0;
    const read = () => qc.fetchQuery({ queryKey: queryKeys.categories('hr'), queryFn: async () => ++calls });
    await read();
    await read();
    expect(calls).toBe(1);
    expect(DEFAULT_STALE_TIME_MS).toBe(60_000);
  });

  it('dehydrates only successful queries marked for it (no loader data twice, no errors)', async () => {
    const qc = createQueryClient();
    qc.setQueryData(queryKeys.product('hr', 'fusilli'), { name: 'Fusilli' });
    await qc.fetchQuery({ queryKey: ['marked'], queryFn: async () => 1, meta: { dehydrate: true } });
    await qc
      .fetchQuery({
        queryKey: ['marked-failed'],
        queryFn: async () => Promise.reject(new Error('SELECT secret')),
        meta: { dehydrate: true },
      })
      .catch(() => undefined);
    expect(dehydrate(qc).queries.map((q) => q.queryKey)).toEqual([['marked']]);
  });
});

describe('query keys', () => {
  it('are one per resource, grouped by area', () => {
    expect(queryKeys.cart('de')).toEqual(['cart', 'de']);
    expect(queryKeys.me()).toEqual(['account', 'me', 'all']);
    expect(queryKeys.me(['email', 'has_password'])).toEqual(['account', 'me', 'email,has_password']);
    expect(queryKeys.orders.slice(0, 1)).toEqual(queryKeys.account);
    expect(queryKeys.me().slice(0, 2)).toEqual(queryKeys.meAll);
    // Default list parameters are one key: page 1 and no page are the same list.
    expect(queryKeys.products('en', {})).toEqual(queryKeys.products('en', { page: 1 }));
    expect(queryKeys.products('en', { category: 'pasta', q: 'fusilli', page: 2 })).toEqual([
      'catalog',
      'products',
      'en',
      { category: 'pasta', q: 'fusilli', page: 2 },
    ]);
    expect(queryKeys.product('sl', 'fuzili')).toEqual(['catalog', 'product', 'sl', 'fuzili']);
  });
});
