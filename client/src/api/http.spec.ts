import { pageCount, parsePage, parseQuery } from './catalog';
import { ApiError, createApi, query } from './http';
import { RETRY_DELAY_MS, RETRY_STATUSES, shouldRetry } from './retry-policy';

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

  it("sends a call's own headers (Idempotency-Key) with that call only", async () => {
    const { fn, calls } = fakeFetch(201, { data: { ok: 1 } });
    const api = createApi({ origin: '', mutationHeaders: () => ({ 'X-CSRF-Token': 'tok' }), fetch: fn });
    await api.send('POST', '/api/orders', { a: 1 }, { 'Idempotency-Key': 'k-12345678' });
    await api.send('POST', '/api/orders', { a: 1 });
    expect(calls[0].init.headers).toMatchObject({ 'X-CSRF-Token': 'tok', 'Idempotency-Key': 'k-12345678' });
    expect(calls[1].init.headers).not.toHaveProperty('Idempotency-Key');
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
    const api = createApi({ origin: '', fetch: fakeFetch(502, undefined).fn, sleep: async () => undefined });
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 502, errors: [{ code: 'HTTP_ERROR' }] });
    const down = createApi({ origin: '', fetch: (async () => Promise.reject(new Error('ECONNREFUSED'))) as unknown as typeof fetch });
    await expect(down.get('/api/x')).rejects.toMatchObject({ status: 0, errors: [{ code: 'NETWORK_ERROR' }] });
  });
});

/** A fetch answering the given statuses in turn (the last one repeats), recording the methods sent. */
function sequenceFetch(statuses: number[]) {
  const methods: string[] = [];
  const fn = (async (_url: string, init: RequestInit) => {
    const status = statuses[Math.min(methods.length, statuses.length - 1)];
    methods.push(String(init.method));
    return new Response(JSON.stringify(status < 400 ? { data: { ok: true } } : { errors: [{ code: 'X', message: `status ${status}` }] }), { status });
  }) as unknown as typeof fetch;
  return { fn, methods };
}

describe('retry policy (spec section 9)', () => {
  const pauses: number[] = [];
  const sleep = async (ms: number) => {
    pauses.push(ms);
  };
  beforeEach(() => {
    pauses.length = 0;
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET answered %i once, after a pause', async (status) => {
    const { fn, methods } = sequenceFetch([status, 200]);
    await expect(createApi({ origin: '', fetch: fn, sleep }).get('/api/x')).resolves.toEqual({ ok: true });
    expect(methods).toEqual(['GET', 'GET']);
    expect(pauses).toEqual([RETRY_DELAY_MS]);
  });

  it('retries only once: a second failure is the answer', async () => {
    const { fn, methods } = sequenceFetch([503, 503, 200]);
    await expect(createApi({ origin: '', fetch: fn, sleep }).get('/api/x')).rejects.toMatchObject({ status: 503 });
    expect(methods).toEqual(['GET', 'GET']);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry a GET answered %i', async (status) => {
    const { fn, methods } = sequenceFetch([status, 200]);
    await expect(createApi({ origin: '', fetch: fn, sleep }).get('/api/x')).rejects.toMatchObject({ status });
    expect(methods).toEqual(['GET']);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries %s', async (method) => {
    const { fn, methods } = sequenceFetch([503, 200]);
    await expect(createApi({ origin: '', fetch: fn, sleep }).send(method, '/api/x', {})).rejects.toMatchObject({ status: 503 });
    expect(methods).toEqual([method]);
    expect(pauses).toEqual([]);
  });

  it('does not retry network errors (no status to judge)', async () => {
    let calls = 0;
    const down = (async () => {
      calls++;
      throw new Error('ECONNREFUSED');
    }) as unknown as typeof fetch;
    await expect(createApi({ origin: '', fetch: down, sleep }).get('/api/x')).rejects.toMatchObject({ status: 0 });
    expect(calls).toBe(1);
  });

  it('states the policy as a predicate', () => {
    expect([...RETRY_STATUSES].sort((a, b) => a - b)).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(shouldRetry('GET', 503, 1)).toBe(true);
    expect(shouldRetry('head', 429, 1)).toBe(true);
    expect(shouldRetry('GET', 503, 2)).toBe(false);
    expect(shouldRetry('POST', 503, 1)).toBe(false);
    expect(shouldRetry('GET', 404, 1)).toBe(false);
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
