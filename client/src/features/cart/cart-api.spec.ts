import { describe, expect, it } from '@jest/globals';
import { QueryObserver } from '@tanstack/react-query';
import type { Api, ApiFactory, HttpMethod } from '../../api/http';
import { createQueryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { applyCartAnswer, cartQuery, cartRequest, sendCartChange } from './cart-api';
import type { CartView } from './cart-types';

const cart = (itemCount: number, total: number) => ({ item_count: itemCount, total, lines: [] }) as unknown as CartView;

/** An API that records the calls and answers `answer`. */
function recordingApi(answer: unknown) {
  const calls: Array<{ method: string; path: string; body?: unknown }> = [];
  const api: Api = {
    get: async <T>(path: string) => {
      calls.push({ method: 'GET', path });
      return answer as T;
    },
    send: async <T>(method: HttpMethod, path: string, body?: unknown) => {
      calls.push({ method, path, body });
      return answer as T;
    },
  };
  return { api, calls };
}

describe('cart requests', () => {
  it('maps every change to its method, path and body, with the page language', async () => {
    expect(cartRequest({ kind: 'add', productCode: 'FUS 400', quantity: 1 })).toEqual({
      method: 'POST',
      path: '/api/cart/items',
      body: { product_code: 'FUS 400', quantity: 1 },
    });
    expect(cartRequest({ kind: 'quantity', productCode: 'FUS 400', quantity: 3 })).toEqual({
      method: 'PATCH',
      path: '/api/cart/items/FUS%20400',
      body: { quantity: 3 },
    });
    expect(cartRequest({ kind: 'remove', productCode: 'a/b' })).toEqual({ method: 'DELETE', path: '/api/cart/items/a%2Fb' });
    expect(cartRequest({ kind: 'coupon', code: 'SAVE10' })).toEqual({ method: 'PUT', path: '/api/cart/coupon', body: { code: 'SAVE10' } });
    expect(cartRequest({ kind: 'remove-coupon' })).toEqual({ method: 'DELETE', path: '/api/cart/coupon' });
    expect(cartRequest({ kind: 'destination', country: 'SI', postalCode: '1000' })).toEqual({
      method: 'PUT',
      path: '/api/cart/destination',
      body: { country: 'SI', postal_code: '1000' },
    });

    const { api, calls } = recordingApi(cart(1, 100));
    await sendCartChange(api, 'de', { kind: 'quantity', productCode: 'A', quantity: 2 });
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/cart/items/A?locale=de', body: { quantity: 2 } }]);
  });
});

describe('cart query and its cache updates', () => {
  it('is one query per page language, read from GET /api/cart?locale=', async () => {
    const { api, calls } = recordingApi(cart(2, 500));
    const factory: ApiFactory = () => api;
    const qc = createQueryClient();
    await expect(qc.fetchQuery(cartQuery(factory, 'en'))).resolves.toEqual(cart(2, 500));
    expect(calls).toEqual([{ method: 'GET', path: '/api/cart?locale=en' }]);
    expect(cartQuery(factory, 'en').queryKey).toEqual(['cart', 'en']);
  });

  it("a change's answer replaces the cart for every observer at once (header count and cart page)", () => {
    const qc = createQueryClient();
    qc.setQueryData(queryKeys.cart('hr'), cart(1, 249));
    const { api } = recordingApi(cart(0, 0));
    const options = { ...cartQuery(() => api, 'hr'), enabled: false };
    const header = new QueryObserver(qc, { ...options, select: (c: CartView) => c.item_count });
    const page = new QueryObserver(qc, options);
    const seen: Array<[string, unknown]> = [];
    const stopHeader = header.subscribe((r) => seen.push(['header', r.data]));
    const stopPage = page.subscribe((r) => seen.push(['page', (r.data as CartView | undefined)?.total]));

    applyCartAnswer(qc, 'hr', cart(3, 747));

    expect(header.getCurrentResult().data).toBe(3);
    expect((page.getCurrentResult().data as CartView).total).toBe(747);
    expect(seen).toEqual(
      expect.arrayContaining([
        ['header', 3],
        ['page', 747],
      ]),
    );
    stopHeader();
    stopPage();
  });

  it('marks the cart of the other languages stale, not the one just answered', () => {
    const qc = createQueryClient();
    qc.setQueryData(queryKeys.cart('hr'), cart(1, 249));
    qc.setQueryData(queryKeys.cart('en'), cart(1, 249));
    applyCartAnswer(qc, 'hr', cart(2, 498));
    expect(qc.getQueryState(queryKeys.cart('hr'))?.isInvalidated).toBe(false);
    expect(qc.getQueryState(queryKeys.cart('en'))?.isInvalidated).toBe(true);
    expect(qc.getQueryData(queryKeys.cart('en'))).toEqual(cart(1, 249));
  });
});
