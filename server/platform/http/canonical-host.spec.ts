import type { Request, Response } from 'express';
import { canonicalHost, requestedHost } from './canonical-host.js';

function run(req: Partial<Request>, opts: Partial<Parameters<typeof canonicalHost>[0]> = {}) {
  const seen: { next: boolean; status?: number; location?: string; body?: unknown } = { next: false };
  const res = {
    setHeader: () => res,
    redirect: (status: number, location: string) => Object.assign(seen, { status, location }),
    status: (status: number) => Object.assign(seen, { status }) && res,
    json: (body: unknown) => Object.assign(seen, { body }),
  } as unknown as Response;
  canonicalHost({
    publicHost: () => 'localhost:3000',
    publicOrigin: () => 'http://localhost:3000',
    trustProxy: false,
    permanent: false,
    ...opts,
  })({ method: 'GET', headers: {}, query: {}, cookies: {}, ...req } as Request, res, () => (seen.next = true));
  return seen;
}

describe('canonicalHost', () => {
  it('passes the public host (any case, default port) and requests without a Host', () => {
    expect(run({ originalUrl: '/en', headers: { host: 'localhost:3000' } }).next).toBe(true);
    expect(run({ originalUrl: '/en', headers: { host: 'LocalHost:3000' } }).next).toBe(true);
    expect(run({ originalUrl: '/en', headers: {} }).next).toBe(true);
    expect(
      run(
        { originalUrl: '/', headers: { host: 'shop.example.com:443' } },
        { publicHost: () => 'shop.example.com', publicOrigin: () => 'https://shop.example.com' },
      ).next,
    ).toBe(true);
  });

  it('redirects GET and HEAD of another host to the same target under the public origin', () => {
    expect(run({ originalUrl: '/en/cart?a=1', headers: { host: '127.0.0.1:3000' } })).toMatchObject({
      status: 302,
      location: 'http://localhost:3000/en/cart?a=1',
    });
    expect(run({ method: 'HEAD', originalUrl: '/', headers: { host: '[::1]:3000' } }, { permanent: true })).toMatchObject({
      status: 301,
      location: 'http://localhost:3000/',
    });
  });

  it('answers 421 to other methods of another host', () => {
    const seen = run({ method: 'POST', originalUrl: '/api/cart/items', headers: { host: '127.0.0.1:3000' } });
    expect(seen.status).toBe(421);
    expect(seen.body).toMatchObject({ errors: [{ code: 'MISDIRECTED_REQUEST' }] });
  });

  it('leaves exempt paths, in-process calls and targets that are not a plain path to the next handlers', () => {
    for (const originalUrl of [
      '/api/health',
      '/api/health?x=1',
      '/api/health/ready',
      '/api/payments/monri/callback',
      '/sandbox/monri/orders/show',
      '/sandbox/monri/transactions/1/refund',
      '/sandbox/cis',
      '*',
      'http://evil.example/',
      '//evil.example/x',
    ]) {
      expect(run({ method: 'POST', originalUrl, headers: { host: '127.0.0.1:3000' } }).next).toBe(true);
    }
    expect(run({ originalUrl: '/en', headers: { host: 'localhost' } }, { exempt: () => true }).next).toBe(true);
    expect(run({ originalUrl: '/api/healthy', headers: { host: '127.0.0.1:3000' } }).status).toBe(302);
  });

  it('reads the forwarded host only behind a trusted proxy', () => {
    const req = { headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'Shop.Example.com, proxy.internal' } } as unknown as Request;
    expect(requestedHost(req, true)).toBe('shop.example.com');
    expect(requestedHost(req, false)).toBe('10.0.0.5:3000');
  });
});
