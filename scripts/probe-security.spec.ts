import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import {
  apiVerdict,
  clientAddress,
  controlVariants,
  crossSiteVerdict,
  csrfVerdict,
  decodeJwt,
  deniedFeatures,
  fillPath,
  formatTable,
  formEncode,
  freshen,
  FRESH,
  grantsSession,
  isRateLimited,
  LogScanner,
  median,
  mediansDiffer,
  mutatingRoutes,
  normalizeEcho,
  pageVerdict,
  pairedTiming,
  pool,
  recase,
  routesFromOpenApi,
  sampleFromSchema,
  signJwtHs256,
  stringLeaves,
  type OpenApiDocument,
} from './probe-security-lib.js';

const doc: OpenApiDocument = {
  paths: {
    '/api/cart/items/{product_code}': {
      parameters: [],
      patch: {
        parameters: [
          { name: 'product_code', in: 'path' },
          { name: 'X-CSRF-Token', in: 'header' },
          { name: 'locale', in: 'query' },
        ],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/SetQuantityDto' } } } },
      },
      delete: { parameters: [{ name: 'product_code', in: 'path' }] },
    },
    '/api/auth/login': {
      post: {
        requestBody: {
          content: { 'application/json': { schema: { properties: { email: { type: 'string' }, password: { type: 'string' } } } } },
        },
      },
    },
    '/api/health': { get: {}, summary: 'not an operation' },
  },
  components: { schemas: { SetQuantityDto: { type: 'object', properties: { quantity: { type: 'number', minimum: 1, example: 3 } } } } },
};

describe('routes from the OpenAPI document', () => {
  it('lists every operation with its path and query parameters, sorted, skipping non-operations', () => {
    const routes = routesFromOpenApi(doc);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/auth/login',
      'DELETE /api/cart/items/{product_code}',
      'PATCH /api/cart/items/{product_code}',
      'GET /api/health',
    ]);
    const patch = routes.find((r) => r.method === 'PATCH')!;
    expect(patch.pathParams).toEqual(['product_code']);
    expect(patch.queryParams).toEqual(['locale']);
    expect(patch.bodySchema?.properties?.quantity?.example).toBe(3); // $ref resolved
  });

  it('keeps the mutating ones (so a new route cannot escape the CSRF matrix)', () => {
    expect(mutatingRoutes(routesFromOpenApi(doc)).map((r) => r.method)).toEqual(['POST', 'DELETE', 'PATCH']);
  });

  it('finds path parameters of the template even when the document does not declare them', () => {
    const [route] = routesFromOpenApi({ paths: { '/api/x/{id}/y/{other}': { put: {} } } });
    expect(route!.pathParams).toEqual(['id', 'other']);
  });

  it('makes sample bodies from schemas: examples, enums, types', () => {
    expect(
      sampleFromSchema({
        type: 'object',
        properties: {
          a: { type: 'string' },
          b: { type: 'integer', minimum: 5 },
          c: { enum: ['x', 'y'] },
          d: { type: 'boolean' },
          e: { example: 'E' },
        },
      }),
    ).toEqual({ a: 'probe', b: 5, c: 'x', d: true, e: 'E' });
  });
});

describe('request variants', () => {
  it('fills path placeholders and recases only the literal segments', () => {
    expect(fillPath('/api/cart/items/{product_code}', () => 'a%00b')).toBe('/api/cart/items/a%00b');
    expect(recase('/api/cart/items/{product_code}', 'upper')).toBe('/API/CART/ITEMS/{product_code}');
    expect(recase('/api/auth/login', 'mixed')).toBe('/aPi/aUtH/lOgIn');
  });

  it('puts each control character into each string of a body, inside and alone', () => {
    const body = { email: 'kupac@x.test', nested: { name: 'Ana' }, quantity: 2 };
    expect(stringLeaves(body)).toEqual([['email'], ['nested', 'name']]);
    const variants = controlVariants(body);
    expect(variants).toHaveLength(2 * 3 * 2);
    expect(variants[0]).toEqual({
      label: 'email: NUL inside',
      body: { email: 'k\u0000upac@x.test', nested: { name: 'Ana' }, quantity: 2 },
    });
    expect(variants.find((v) => v.label === 'nested.name: DEL alone')!.body).toEqual({
      email: 'kupac@x.test',
      nested: { name: '\u007f' },
      quantity: 2,
    });
    expect(body.email).toBe('kupac@x.test'); // the sample itself is untouched
  });

  it('gives every request its own fresh value, the same one within a body', () => {
    let n = 0;
    const next = () => String(n++);
    expect(freshen({ a: `p-${FRESH}@x`, b: [`${FRESH}`], c: 1 }, next)).toEqual({ a: 'p-0@x', b: ['0'], c: 1 });
    expect(freshen({ a: `p-${FRESH}@x` }, next)).toEqual({ a: 'p-1@x' });
  });

  it('form-encodes a flat view of a JSON body', () => {
    expect(formEncode({ email: 'a@b.test', n: 2, ok: true })).toBe('email=a%40b.test&n=2&ok=true');
    expect(formEncode(undefined)).toBe('probe=1');
  });

  it('gives distinct benchmark-range addresses per client, far more than a run needs', () => {
    const addresses = new Set(Array.from({ length: 5000 }, (_, i) => clientAddress(i)));
    expect(addresses.size).toBe(5000);
    expect(clientAddress(0)).toBe('198.18.0.1');
    expect(clientAddress(254)).toBe('198.18.1.1');
    for (const a of addresses) expect(a).toMatch(/^198\.18\.\d{1,3}\.\d{1,3}$/);
  });
});

describe('verdicts', () => {
  const answer = (status: number, setCookies: string[] = []) => ({ status, setCookies });

  it('CSRF: only refusals before a handler hold', () => {
    for (const status of [403, 404, 405, 415]) expect(csrfVerdict(answer(status))).toEqual({ ok: true });
    expect(csrfVerdict(answer(200))).toEqual({ ok: false, reason: '200 (bypass)' });
    expect(csrfVerdict(answer(303))).toMatchObject({ ok: false });
    expect(csrfVerdict(answer(422))).toEqual({ ok: false, reason: '422: reached the handler (bypass)' });
    expect(csrfVerdict(answer(500))).toEqual({ ok: false, reason: '500 (server error)' });
    expect(csrfVerdict(answer(403, ['access_token=eyJ; Path=/; HttpOnly']))).toMatchObject({
      ok: false,
      reason: '403 with a session cookie (bypass)',
    });
    expect(csrfVerdict({ status: 0, setCookies: [], error: 'ECONNREFUSED' })).toEqual({ ok: false, reason: 'network error: ECONNREFUSED' });
  });

  it('a cleared session cookie grants nothing; a set one does', () => {
    expect(grantsSession(['access_token=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'])).toBe(false);
    expect(grantsSession(['refresh_token=abc; Max-Age=0; Path=/'])).toBe(false);
    expect(grantsSession(['sid=abc; Path=/', 'csrf=x; Path=/'])).toBe(false);
    expect(grantsSession(['refresh_token=abc; Max-Age=2592000; Path=/'])).toBe(true);
  });

  it('dashboard writes, API and pages', () => {
    expect(crossSiteVerdict({ status: 403 })).toEqual({ ok: true });
    expect(crossSiteVerdict({ status: 200 })).toMatchObject({ ok: false });
    expect(apiVerdict({ status: 422 })).toEqual({ ok: true });
    expect(apiVerdict({ status: 503 })).toMatchObject({ ok: false });
    expect(pageVerdict({ status: 404 })).toEqual({ ok: true });
    expect(pageVerdict({ status: 400 })).toEqual({ ok: true });
    expect(pageVerdict({ status: 200 })).toEqual({ ok: false, reason: '200 (expected 404 or 400)' });
    expect(pageVerdict({ status: 302 })).toMatchObject({ ok: false });
  });

  it('a rate limit holds only with a Retry-After in seconds', () => {
    expect(isRateLimited({ status: 429, retryAfter: '30' })).toBe(true);
    expect(isRateLimited({ status: 429, retryAfter: null })).toBe(false);
    expect(isRateLimited({ status: 429, retryAfter: 'soon' })).toBe(false);
    expect(isRateLimited({ status: 401, retryAfter: '30' })).toBe(false);
  });

  it('reads which features a Permissions-Policy leaves open', () => {
    expect(deniedFeatures('camera=(), microphone=(), geolocation=(), payment=(self)', ['camera', 'microphone', 'geolocation'])).toEqual([]);
    expect(deniedFeatures('camera=(self), microphone=()', ['camera', 'microphone', 'geolocation'])).toEqual(['camera', 'geolocation']);
    expect(deniedFeatures(null, ['camera'])).toEqual(['camera']);
  });

  it('compares answers that echo their input', () => {
    expect(normalizeEcho('{"pending_email":"a@x.test"}', 'a@x.test')).toBe(normalizeEcho('{"pending_email":"b@x.test"}', 'b@x.test'));
  });
});

describe('timing', () => {
  it('medians of odd and even samples', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('told apart from 2 ms on, either way', () => {
    expect(mediansDiffer([10, 11, 12], [8.2, 9, 10], 2)).toMatchObject({ differ: true, diff: 2 }); // 2 ms is already told apart
    expect(mediansDiffer([10, 11, 12], [9.1, 9.2, 9.3], 2)).toMatchObject({ differ: false });
    expect(mediansDiffer([7, 7, 7], [11, 11, 11], 2)).toMatchObject({ differ: true, diff: 4 });
  });

  it('paired differences cancel a load drift that the plain medians would take for a difference', () => {
    // The load doubles half-way; known and unknown cost the same within each pair.
    const known = [10, 10.2, 10.1, 20, 20.1, 20.2, 20.1];
    const unknown = [10.1, 10, 10.2, 20.1, 20, 20.1, 20.2];
    expect(pairedTiming(known, unknown, 2)).toMatchObject({ differ: false });
    const slower = known.map((k) => k + 3);
    expect(pairedTiming(slower, unknown, 2)).toMatchObject({ differ: true });
    expect(pairedTiming(unknown, slower, 2).pairedDiff).toBeCloseTo(-3, 0);
    expect(() => pairedTiming([1], [], 2)).toThrow();
  });
});

describe('JWTs', () => {
  it('signs HS256 tokens the standard way and reads their claims back', () => {
    const token = signJwtHs256({ sub: 'u1', iss: 'shop' }, 'secret');
    const [head, body, sig] = token.split('.');
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(sig).toBe(createHmac('sha256', 'secret').update(`${head}.${body}`).digest('base64url'));
    expect(decodeJwt(token)).toEqual({ sub: 'u1', iss: 'shop' });
    expect(() => decodeJwt('nope')).toThrow();
  });
});

describe('bounded concurrency', () => {
  it('never runs more than the limit at once and keeps the order of results', async () => {
    let running = 0;
    let peak = 0;
    const tasks = Array.from({ length: 10 }, (_, i) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return i;
    });
    expect(await pool(tasks, 3)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(3);
  });
});

describe('the table', () => {
  it('lists every probe with its counts, then the failures and notes', () => {
    const text = formatTable(
      [
        {
          name: 'CSRF matrix',
          protects: 'forged writes',
          requests: 120,
          failures: ['POST /API/x (upper-case path): 200 (bypass)', 'second', 'third'],
          notes: [],
        },
        { name: 'headers', protects: 'Permissions-Policy', requests: 2, failures: [], notes: ['fine'] },
      ],
      2,
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('probe       | requests | failures | what it protects');
    expect(lines[2]).toBe('CSRF matrix |      120 |        3 | forged writes');
    expect(lines[3]).toBe('headers     |        2 |        0 | Permissions-Policy');
    expect(text).toContain('  FAIL POST /API/x (upper-case path): 200 (bypass)');
    expect(text).toContain('  ... and 1 more failures');
    expect(text).toContain('  note fine');
    expect(lines.at(-1)).toBe('3 failure(s) in 122 requests.');
  });

  it('says so when nothing failed', () => {
    expect(
      formatTable([{ name: 'p', protects: 'x', requests: 5, failures: [], notes: [] }])
        .split('\n')
        .at(-1),
    ).toBe('No failure in 5 requests.');
  });
});

describe('the log scanner', () => {
  it('finds password hashes, JWTs, SQL parameters and known secrets across chunk boundaries, masked', () => {
    const scanner = new LogScanner();
    scanner.secret('tjestenina', 'a password in clear');
    scanner.secret('short', 'ignored: too short to be a secret');
    scanner.write('{"msg":"ok"}\n{"err":{"parameters":["a\\u0000b","$argon2');
    scanner.write('id$v=19$m=19456"]}}\n{"msg":"login tjestenina"}\n');
    scanner.write('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZw no newline at the end');
    const found = scanner.report();
    expect(found.map((f) => f.kind).sort()).toEqual(['SQL query parameters', 'a JWT', 'a password hash', 'a password in clear']);
    const clear = found.find((f) => f.kind === 'a password in clear')!;
    expect(clear.example).toBe('{"msg":"login [found]"}');
    expect(found.find((f) => f.kind === 'a password hash')!.example).not.toContain('$argon2');
  });

  it('finds nothing in a clean log', () => {
    const scanner = new LogScanner();
    scanner.secret('tjestenina', 'a password');
    scanner.write('{"level":"info","msg":"request completed","req":{"url":"/api/cart"}}\n');
    expect(scanner.report()).toEqual([]);
  });
});
