import { RenderCache } from './render-cache.js';

const cookies = { ignored: ['csrf', 'sid'], keyed: ['locale', 'cookie_consent'], required: 'locale' };
const make = (over: Partial<{ ttlMs: number; maxEntries: number; maxBytes: number }> = {}, clock = { t: 0 }) =>
  new RenderCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000, now: () => clock.t, ...over }, cookies);
const req = (url: string, c: Record<string, string> = { locale: 'en' }, method = 'GET') => ({ method, url, cookies: c });

describe('RenderCache.decide', () => {
  const cache = make();
  it('keys anonymous GETs by path, query and the cookies that change the page', () => {
    expect(cache.decide(req('/en/products', { sid: 'a', csrf: 'b', locale: 'en' }))).toEqual({ key: 'locale=en\n/en/products' });
    expect(cache.decide(req('/en/products', { sid: 'other', locale: 'en' }))).toEqual({ key: 'locale=en\n/en/products' });
    // A first visit: the language is negotiated from Accept-Language, for this visitor.
    expect(cache.decide(req('/en/products', { sid: 'a' }))).toEqual({ bypass: 'first visit' });
    expect(cache.decide(req('/en/products?page=2&q=fusilli', { cookie_consent: 'all', locale: 'en' }))).toEqual({
      key: 'cookie_consent=all;locale=en\n/en/products?page=2&q=fusilli',
    });
  });
  it('bypasses everything personal or foreign', () => {
    for (const [r, why] of [
      [req('/en', { locale: 'en', access_token: 'x' }), 'cookie access_token'],
      [req('/en', { locale: 'en', cart: 'x' }), 'cookie cart'],
      [req('/en', { locale: 'en', _ga: 'x' }), 'cookie _ga'],
      [req('/en?utm_source=x'), 'query utm_source'],
      [req('/en?page=1&page=2'), 'query page'],
      [req(`/en?q=${'x'.repeat(600)}`), 'long url'],
      [req('/en', { locale: 'en' }, 'HEAD'), 'method'],
      [req('/en', { locale: 'en' }, 'POST'), 'method'],
    ] as const) {
      expect(cache.decide(r)).toEqual({ bypass: why });
    }
    expect(make({ ttlMs: 0 }).decide(req('/en'))).toEqual({ bypass: 'off' });
  });
  it("lets cookies ignored by name prefix through (Google Analytics' _ga_<id> after consent), and only those", () => {
    const analytics = new RenderCache(
      { ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000 },
      { ...cookies, ignored: [...cookies.ignored, '_ga'], ignoredPrefixes: ['_ga_'] },
    );
    const consented = { locale: 'en', cookie_consent: 'all', _ga: 'GA1.1.1.1', _ga_ABC123: 'GS2.1.s1' };
    expect(analytics.decide(req('/en', consented))).toEqual({ key: 'cookie_consent=all;locale=en\n/en' });
    expect(analytics.decide(req('/en', { locale: 'en', _gax: 'x' }))).toEqual({ bypass: 'cookie _gax' });
    expect(analytics.decide(req('/en', { locale: 'en', x_ga_: 'x' }))).toEqual({ bypass: 'cookie x_ga_' });
  });
});

describe('RenderCache entries', () => {
  it('fills each serve with its own nonce and token, wherever the placeholders stood', () => {
    const cache = make();
    const { nonce, csrfToken } = cache.placeholders;
    const body = `<script nonce="${nonce}"></script><meta content="${csrfToken}">{"csrfToken":"${csrfToken}"}<style nonce="${nonce}">`;
    expect(cache.set('k', { headers: [['content-type', 'text/html']], body }, cache.generation)).toBe(true);
    const hit = cache.get('k')!;
    expect(RenderCache.serve(hit, { nonce: 'N1', csrfToken: 'T1' })).toBe(
      '<script nonce="N1"></script><meta content="T1">{"csrfToken":"T1"}<style nonce="N1">',
    );
    expect(RenderCache.serve(hit, { nonce: 'N2', csrfToken: 'T2' })).toBe(
      '<script nonce="N2"></script><meta content="T2">{"csrfToken":"T2"}<style nonce="N2">',
    );
    expect(cache.fill(`a ${nonce} b`, { nonce: 'N', csrfToken: 'T' })).toBe('a N b');
    expect(make().placeholders.nonce).not.toBe(nonce); // random per process
  });

  it('expires entries after the time limit', () => {
    const clock = { t: 0 };
    const cache = make({ ttlMs: 1000 }, clock);
    cache.set('k', { headers: [], body: 'x' }, cache.generation);
    clock.t = 999;
    expect(cache.get('k')).toBeDefined();
    clock.t = 1000;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not store a render that started before a clear()', () => {
    const cache = make();
    const started = cache.generation;
    cache.clear();
    expect(cache.set('k', { headers: [], body: 'x' }, started)).toBe(false);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.set('k', { headers: [], body: 'x' }, cache.generation)).toBe(true);
  });

  it('drops the least recently used entries beyond its count and byte budget', () => {
    const cache = make({ maxEntries: 2 });
    cache.set('a', { headers: [], body: 'a' }, 0);
    cache.set('b', { headers: [], body: 'b' }, 0);
    cache.get('a'); // a used last
    cache.set('c', { headers: [], body: 'c' }, 0);
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((e) => !!e)).toEqual([true, false, true]);
    const small = make({ maxBytes: 100 });
    expect(small.set('big', { headers: [], body: 'x'.repeat(101) }, 0)).toBe(false); // larger than the whole budget
    small.set('one', { headers: [], body: 'x'.repeat(40) }, 0);
    small.set('two', { headers: [], body: 'x'.repeat(40) }, 0);
    small.set('three', { headers: [], body: 'x'.repeat(40) }, 0);
    expect(small.size).toBe(2);
    // A character beyond Latin-1 makes V8 hold the whole page at two bytes a character.
    expect(small.set('wide', { headers: [], body: 'č'.repeat(51) }, 0)).toBe(false);
    expect(small.set('wide', { headers: [], body: 'č'.repeat(50) }, 0)).toBe(true);
    expect(small.size).toBe(1);
  });
});
