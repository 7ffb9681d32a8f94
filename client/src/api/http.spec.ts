import { pageCount, parsePage, parseQuery } from './catalog';
import type { ApiPort, ApiPortRequest } from '../../../contract/ssr';
import { ApiError, createApi, query, serverApiFactory } from './http';
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
    const api = createApi({
      origin: 'http://127.0.0.1:1',
      headers: { 'Accept-Language': 'de' },
      mutationHeaders: () => ({ 'X-CSRF-Token': 't' }),
      fetch: fn,
    });
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

describe('createApi on the SSR data port (contract/ssr.ts)', () => {
  /** A port answering the given statuses in turn (the last one repeats), recording the requests. */
  function fakePort(answers: Array<{ status: number; body: string }>) {
    const calls: ApiPortRequest[] = [];
    const port: ApiPort = async (request) => {
      calls.push(request);
      return { headers: { 'content-type': 'application/json' }, ...answers[Math.min(calls.length - 1, answers.length - 1)]! };
    };
    return { port, calls };
  }
  const fetchMustNotRun = (async () => {
    throw new Error('fetch called');
  }) as unknown as typeof fetch;

  it('sends the same calls through the port, never through fetch or an origin', async () => {
    const { port, calls } = fakePort([{ status: 201, body: '{"data":{"ok":1}}' }]);
    const api = createApi({
      port,
      origin: 'http://127.0.0.1:undefined',
      fetch: fetchMustNotRun,
      headers: { 'Accept-Language': 'sl' },
      mutationHeaders: () => ({ 'X-CSRF-Token': 't' }),
    });
    await expect(api.send('POST', '/api/cart/items', { a: 1 }, { 'Idempotency-Key': 'k' })).resolves.toEqual({ ok: 1 });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/cart/items',
        headers: {
          Accept: 'application/json',
          'Accept-Language': 'sl',
          'Idempotency-Key': 'k',
          'X-CSRF-Token': 't',
          'Content-Type': 'application/json',
        },
        body: '{"a":1}',
      },
    ]);
    await api.get('/api/x');
    expect(calls[1]).toEqual({ method: 'GET', path: '/api/x', headers: { Accept: 'application/json', 'Accept-Language': 'sl' } });
  });

  it('maps errors, retries and a failed port as the browser transport does', async () => {
    const errors = [{ code: 'SERVICE_UNAVAILABLE', message: 'briefly unavailable' }];
    const flaky = fakePort([
      { status: 503, body: JSON.stringify({ errors }) },
      { status: 200, body: '{"data":[1]}' },
    ]);
    await expect(createApi({ port: flaky.port, sleep: async () => undefined }).get('/api/x')).resolves.toEqual([1]);
    expect(flaky.calls).toHaveLength(2);
    const down = fakePort([{ status: 503, body: JSON.stringify({ errors }) }]);
    await expect(createApi({ port: down.port, sleep: async () => undefined }).get('/api/x')).rejects.toMatchObject({ status: 503, errors });
    const odd = fakePort([{ status: 404, body: '<html>' }]);
    await expect(createApi({ port: odd.port }).get('/api/x')).rejects.toMatchObject({ status: 404, errors: [{ code: 'HTTP_ERROR' }] });
    const empty = fakePort([{ status: 204, body: '' }]);
    await expect(createApi({ port: empty.port }).send('DELETE', '/api/x')).resolves.toBeUndefined();
    const broken: ApiPort = async () => Promise.reject(new TypeError('The SSR data port carries API calls only'));
    await expect(createApi({ port: broken }).get('/api/x')).rejects.toMatchObject({ status: 0, errors: [{ code: 'NETWORK_ERROR' }] });
  });

  it("serverApiFactory forwards the visitor's Cookie and the page language, the page's CSRF token on mutations", async () => {
    const { port, calls } = fakePort([{ status: 200, body: '{"data":null}' }]);
    const api = serverApiFactory(
      port,
      new Request('https://shop.example/en/cart', { headers: { cookie: 'sid=1; cart=abc', 'x-other': 'no' } }),
      'csrf-1',
    );
    await api('en').get('/api/cart');
    await api('de').send('DELETE', '/api/cart/items/A');
    expect(calls.map((c) => c.headers)).toEqual([
      { Accept: 'application/json', 'Accept-Language': 'en', Cookie: 'sid=1; cart=abc' },
      { Accept: 'application/json', 'Accept-Language': 'de', Cookie: 'sid=1; cart=abc', 'X-CSRF-Token': 'csrf-1' },
    ]);
  });
});

/** A fetch answering the given statuses in turn (the last one repeats), recording the methods sent. */
function sequenceFetch(statuses: number[]) {
  const methods: string[] = [];
  const fn = (async (_url: string, init: RequestInit) => {
    const status = statuses[Math.min(methods.length, statuses.length - 1)];
    methods.push(String(init.method));
    return new Response(JSON.stringify(status < 400 ? { data: { ok: true } } : { errors: [{ code: 'X', message: `status ${status}` }] }), {
      status,
    });
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
