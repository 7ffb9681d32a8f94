import { describe, expect, it } from '@jest/globals';
import type { Request, Response } from 'express';
import { createCsrf, CSRF_EXEMPT_ROUTES, isExemptRoute, sameOriginProof, type CsrfExemptRoute } from './csrf.js';
import { hasBody, isJsonMediaType, jsonBodiesOnly } from './json-bodies.js';

const CALLBACK: CsrfExemptRoute = { method: 'POST', path: '/api/payments/callback', reason: 'sample: provider HMAC over the raw body' };

function req(method: string, path: string, headers: Record<string, string> = {}, protocol = 'http'): Request {
  return { method, path, headers: { host: 'shop.test:8080', ...headers }, protocol, cookies: {} } as unknown as Request;
}

/** Runs a middleware and reports whether it called next() or answered (status, body). */
function run(mw: (rq: Request, rs: Response, next: () => void) => void, rq: Request) {
  let status: number | undefined;
  let body: unknown;
  let passed = false;
  const rs = {
    status(code: number) {
      status = code;
      return rs;
    },
    json(b: unknown) {
      body = b;
      return rs;
    },
  } as unknown as Response;
  mw(rq, rs, () => {
    passed = true;
  });
  return { passed, status, body };
}

describe('CSRF exemptions', () => {
  it("exempts only the card provider's signed callback, the newsletter's one-click unsubscribe and the payment sandbox's five provider endpoints (each with its reason)", () => {
    expect(CSRF_EXEMPT_ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/payments/:provider/callback',
      'POST /api/newsletter/unsubscribe',
      'POST /sandbox/monri/v2/form',
      'POST /sandbox/monri/orders/show',
      'POST /sandbox/monri/transactions/:order_number/refund.xml',
      'POST /sandbox/monri/transactions/:order_number/capture.xml',
      'POST /sandbox/monri/transactions/:order_number/void.xml',
      'POST /sandbox/cis',
    ]);
    // Each proves itself: a digest, or the newsletter's signed token (RFC 8058: no cookies, no CSRF token).
    for (const route of CSRF_EXEMPT_ROUTES) expect(route.reason).toMatch(/digest|signed 256-bit token/);
    // The callback gets its body raw (its signature covers the bytes as sent), the sandbox's XML API parses its own bodies,
    // the one-click unsubscribe reads none (a urlencoded or multipart `List-Unsubscribe=One-Click`, never refused).
    expect(CSRF_EXEMPT_ROUTES.filter((r) => r.rawBody).map((r) => r.path)).toEqual([
      '/api/payments/:provider/callback',
      '/api/newsletter/unsubscribe',
      '/sandbox/monri/orders/show',
      '/sandbox/monri/transactions/:order_number/refund.xml',
      '/sandbox/monri/transactions/:order_number/capture.xml',
      '/sandbox/monri/transactions/:order_number/void.xml',
      '/sandbox/cis',
    ]);
  });

  it('matches a :param segment of an exempt path with exactly one order-number segment, nothing else', () => {
    const list: CsrfExemptRoute[] = [{ method: 'POST', path: '/x/transactions/:order_number/refund.xml', reason: 'digest' }];
    expect(isExemptRoute(req('POST', '/x/transactions/ZZ-2026-000123/refund.xml'), list)).toBe(true);
    expect(isExemptRoute(req('POST', '/x/transactions/a_b-1/refund.xml'), list)).toBe(true);
    for (const path of [
      '/x/transactions//refund.xml',
      '/x/transactions/a/b/refund.xml',
      '/x/transactions/ZZ%2F1/refund.xml',
      '/x/transactions/ZZ.1/refund.xml',
      `/x/transactions/${'1'.repeat(41)}/refund.xml`,
      '/x/transactions/1/refund.XML',
      '/x/transactions/1/refund.xml/',
      '/x/transactions/1',
      '/api/cart/transactions/1/refund.xml',
    ]) {
      expect([path, isExemptRoute(req('POST', path), list)]).toEqual([path, false]);
    }
    expect(isExemptRoute(req('PUT', '/x/transactions/1/refund.xml'), list)).toBe(false);
  });

  it("exempts the providers' callback by its route pattern: POST and one plain provider segment, nothing else", () => {
    expect(isExemptRoute(req('POST', '/api/payments/monri/callback'), CSRF_EXEMPT_ROUTES)).toBe(true);
    expect(isExemptRoute(req('POST', '/api/payments/other-provider/callback'), CSRF_EXEMPT_ROUTES)).toBe(true); // then the route's 404
    for (const [method, path] of [
      ['PUT', '/api/payments/monri/callback'],
      ['DELETE', '/api/payments/monri/callback'],
      ['post', '/api/payments/monri/callback'],
      ['POST', '/api/payments/monri/callback/'],
      ['POST', '/api/payments//callback'],
      ['POST', '/api/payments/a/b/callback'],
      ['POST', '/api/payments/%2e%2e/callback'],
      ['POST', '/api/payments/monri%2Fx/callback'],
      ['POST', '/api/payments/monri%00/callback'],
      ['POST', `/api/payments/${'m'.repeat(41)}/callback`],
      ['POST', '/api/payments/monri/Callback'],
      ['POST', '/API/payments/monri/callback'],
      ['POST', '/api/orders/monri/callback'],
    ] as const) {
      expect([method, path, isExemptRoute(req(method, path), CSRF_EXEMPT_ROUTES)]).toEqual([method, path, false]);
    }
  });

  it('matches an exempt route by exact method and path only', () => {
    const list = [CALLBACK];
    expect(isExemptRoute(req('POST', '/api/payments/callback'), list)).toBe(true);
    for (const [method, path] of [
      ['PUT', '/api/payments/callback'],
      ['post', '/api/payments/callback'],
      ['POST', '/api/payments/callback/'],
      ['POST', '/API/payments/callback'],
      ['POST', '/api/payments/Callback'],
      ['POST', '/api/payments/callback2'],
      ['POST', '/api/payments/callback/x'],
      ['POST', '/api/payments'],
      ['POST', '//api/payments/callback'],
      ['POST', '/api/payments/%63allback'],
    ] as const) {
      expect([method, path, isExemptRoute(req(method, path), list)]).toEqual([method, path, false]);
    }
  });

  it('lets the sample callback through without a token (and with any body type), nothing next to it', () => {
    const csrf = createCsrf({ secret: 's'.repeat(32), secure: false, exempt: [CALLBACK] });
    expect(run(csrf.protect, req('POST', '/api/payments/callback')).passed).toBe(true);
    expect(run(csrf.protect, req('POST', '/api/payments/callback/')).status).toBe(403);
    expect(run(csrf.protect, req('PUT', '/api/payments/callback')).status).toBe(403);
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '9' };
    expect(run(jsonBodiesOnly([CALLBACK]), req('POST', '/api/payments/callback', form)).passed).toBe(true);
    expect(run(jsonBodiesOnly([CALLBACK]), req('POST', '/api/payments/other', form)).status).toBe(415);
    // Without the entry the same request is refused.
    expect(run(createCsrf({ secret: 's'.repeat(32), secure: false }).protect, req('POST', '/api/payments/callback')).status).toBe(403);
  });
});

describe('CSRF check by method', () => {
  const csrf = createCsrf({ secret: 's'.repeat(32), secure: false, publicUrl: 'https://shop.example' });

  it('passes only GET, HEAD and OPTIONS without a token, on any path', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(csrf.allows(req(method, '/api/auth/login'))).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'PURGE', 'LINK', 'QUERY', 'SEARCH', 'get']) {
      for (const path of ['/api/auth/login', '/API/auth/login', '/kontakt', '/admin/queues/api/queues/pause', '/']) {
        expect([method, path, csrf.allows(req(method, path))]).toEqual([method, path, false]);
      }
    }
  });

  it('refuses a wrong token even from the own origin', () => {
    const own = { origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' };
    expect(csrf.allows(req('POST', '/x', own))).toBe(true);
    expect(csrf.allows(req('POST', '/x', { ...own, 'x-csrf-token': 'forged' }))).toBe(false);
    expect(csrf.allows(req('POST', '/x', { ...own, 'x-csrf-token': '' }))).toBe(false);
  });

  it('answers 403 CSRF_TOKEN_INVALID in the caller language', () => {
    const out = run(csrf.protect, req('POST', '/api/x', { 'accept-language': 'sl' }));
    expect(out.status).toBe(403);
    expect(out.body).toEqual({ errors: [{ code: 'CSRF_TOKEN_INVALID', message: expect.stringMatching(/žetona/) }] });
  });
});

describe('same-origin proof (requests without our token)', () => {
  const PUBLIC = 'https://shop.example';
  const proof = (headers: Record<string, string>, protocol = 'http') => sameOriginProof(req('PUT', '/x', headers, protocol), PUBLIC);

  it('accepts the configured origin, or the scheme and host the request went to', () => {
    expect(proof({ origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(proof({ origin: 'https://SHOP.example:443' })).toBe(true);
    expect(proof({ origin: 'http://shop.test:8080', 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(proof({ origin: 'https://shop.test:8080' }, 'https')).toBe(true);
  });

  it('refuses a missing, foreign, opaque or mismatching origin and any other fetch site', () => {
    const cases: Array<Record<string, string>> = [
      {},
      { 'sec-fetch-site': 'same-origin' },
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
      { origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://shop.example', 'sec-fetch-site': 'same-site' },
      { origin: 'https://shop.example', 'sec-fetch-site': 'none' },
      { origin: 'null' },
      { origin: 'https://shop.example.evil.example' },
      { origin: 'http://shop.example' },
      { origin: 'https://shop.test:8080' },
      { origin: 'http://shop.test:8081' },
      { origin: 'file:///etc/passwd' },
      { origin: 'not a url' },
    ];
    for (const headers of cases) {
      expect([headers, proof(headers)]).toEqual([headers, false]);
    }
  });
});

describe('JSON-only bodies', () => {
  it('knows JSON media types', () => {
    for (const t of ['application/json', 'Application/JSON; charset=utf-8', 'application/merge-patch+json', 'application/problem+json;x=y'])
      expect(isJsonMediaType(t)).toBe(true);
    for (const t of [
      undefined,
      '',
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
      'text/json',
      'application/jsonx',
      'application/+json',
      'json',
    ])
      expect([t, isJsonMediaType(t)]).toEqual([t, false]);
  });

  it('counts chunked and non-empty bodies, not an empty one', () => {
    expect(hasBody(req('POST', '/', { 'content-length': '2' }))).toBe(true);
    expect(hasBody(req('POST', '/', { 'transfer-encoding': 'chunked' }))).toBe(true);
    expect(hasBody(req('POST', '/', { 'content-length': '0' }))).toBe(false);
    expect(hasBody(req('DELETE', '/', {}))).toBe(false);
  });

  it('refuses any other body with a localized 415, passes JSON and bodiless requests', () => {
    const guard = jsonBodiesOnly([]);
    const refused = run(
      guard,
      req('POST', '/api/auth/login', { 'content-type': 'text/plain', 'content-length': '5', 'accept-language': 'hr' }),
    );
    expect(refused).toMatchObject({
      passed: false,
      status: 415,
      body: { errors: [{ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringMatching(/JSON/) }] },
    });
    expect(run(guard, req('POST', '/kontakt', { 'content-length': '5' })).status).toBe(415);
    expect(run(guard, req('POST', '/api/x', { 'content-type': 'application/json', 'content-length': '5' })).passed).toBe(true);
    expect(run(guard, req('POST', '/api/x', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' })).passed).toBe(
      true,
    );
    expect(run(guard, req('DELETE', '/api/x')).passed).toBe(true);
  });
});
