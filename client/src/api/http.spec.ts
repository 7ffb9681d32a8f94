import { pageCount, parsePage, parseQuery } from './catalog';
import { ApiError, createApi, query } from './http';

function fakeFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe('createApi', () => {
  it('answers the data of { data } and sends the common headers', async () => {
    const { fn, calls } = fakeFetch(200, { data: { ok: 1 } });
    const api = createApi({ origin: 'http://127.0.0.1:1', headers: { 'Accept-Language': 'de' }, mutationHeaders: () => ({ 'X-CSRF-Token': 't' }), fetch: fn });
    await expect(api.get('/api/x')).resolves.toEqual({ ok: 1 });
    expect(calls[0].url).toBe('http://127.0.0.1:1/api/x');
    expect(calls[0].init.method).toBe('GET');
    expect(calls[0].init.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'de' });
    expect(calls[0].init.credentials).toBe('same-origin');
  });

  it('adds the mutation headers and a JSON body on mutations', async () => {
    const { fn, calls } = fakeFetch(201, { data: { item_count: 1 } });
    const api = createApi({ origin: '', mutationHeaders: () => ({ 'X-CSRF-Token': 'tok' }), fetch: fn });
    await expect(api.send('POST', '/api/cart/items', { product_code: 'A', quantity: 1 })).resolves.toEqual({ item_count: 1 });
    expect(calls[0].init.headers).toMatchObject({ 'X-CSRF-Token': 'tok', 'Content-Type': 'application/json' });
    expect(calls[0].init.body).toBe('{"product_code":"A","quantity":1}');
  });

  it('throws ApiError with the status and the API errors', async () => {
    const errors = [{ code: 'CART_QUANTITY', message: 'Die Menge muss zwischen 1 und 99 liegen.', field: 'quantity' }];
    const { fn } = fakeFetch(422, { errors });
    const api = createApi({ origin: '', fetch: fn });
    const error = await api.send('PATCH', '/api/cart/items/A', { quantity: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errors, message: errors[0].message, code: 'CART_QUANTITY' });
  });

  it('throws ApiError for bodies that are not API errors and for network failures', async () => {
    const api = createApi({ origin: '', fetch: fakeFetch(502, undefined).fn });
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 502, errors: [{ code: 'HTTP_ERROR' }] });
    const down = createApi({ origin: '', fetch: (async () => Promise.reject(new Error('ECONNREFUSED'))) as unknown as typeof fetch });
    await expect(down.get('/api/x')).rejects.toMatchObject({ status: 0, errors: [{ code: 'NETWORK_ERROR' }] });
  });
});

describe('query and list parameters', () => {
  it('builds query strings from defined values only', () => {
    expect(query({ locale: 'en', page: 2, q: undefined, category: '' })).toBe('?locale=en&page=2');
    expect(query({ q: 'spätzle & co' })).toBe('?q=sp%C3%A4tzle+%26+co');
    expect(query({})).toBe('');
  });

  it('accepts only positive page numbers and short search terms', () => {
    expect(parsePage('2')).toBe(2);
    expect(parsePage(3)).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('x')).toBe(1);
    expect(parsePage('1.5')).toBe(1);
    expect(parsePage('-1')).toBe(1);
    expect(parsePage(['abc', '2'])).toBe(1);
    // Far pages stay themselves (the list answers 404 past its last page) instead of becoming page 1.
    expect(parsePage('100000000000')).toBe(100_000_000_000);
    expect(parseQuery('  fusilli ')).toBe('fusilli');
    expect(parseQuery('   ')).toBeUndefined();
    expect(parseQuery('a'.repeat(150))).toHaveLength(100);
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(16, 12)).toBe(2);
  });
});
