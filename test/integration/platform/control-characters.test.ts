import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { csrfCookies, shopper, type Shopper } from '../../support/shopper.js';
import { createUser, signIn } from '../../factories/user.js';
import type { RunningShop } from '../../../server/main.js';
import { CSRF_EXEMPT_ROUTES, isExemptRoute } from '../../../server/platform/http/csrf.js';

/**
 * Issue 8, F2: a control character anywhere in the input (path parameter, query value, JSON body
 * string) is a 422 naming the field, never a 500 (PostgreSQL refuses U+0000 in text). The matrix
 * runs over every route of /api/docs-json, so a new route is covered without touching this test.
 */
type Problem = { code: string; message: string; field?: string };
const errorsOf = (res: { body: unknown }) => ((res.body as { errors?: Problem[] }).errors ?? []) as Problem[];
const fieldsOf = (res: { body: unknown }) => errorsOf(res).map((e) => e.field);

describe('control characters at input (API, real PostgreSQL + Redis)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let signedIn: Shopper;

  beforeAll(async () => {
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    db = shop.app.get(DataSource);
    const admin = await createUser(db, { role: 'admin' });
    signedIn = await signIn(shop.url, admin.email, admin.password);
  });

  afterAll(async () => {
    await shop?.stop();
  });

  function expectRefused(res: { status: number; body: unknown }, field: string, code = 'CONTROL_CHARACTER') {
    expect({ status: res.status, errors: errorsOf(res) }).toEqual({
      status: 422,
      errors: expect.arrayContaining([expect.objectContaining({ code, field, message: expect.any(String) })]),
    });
  }

  describe('the reproductions of the issue answer 422 naming the field', () => {
    it('POST /api/auth/login with a NUL in the e-mail', async () => {
      const s = await shopper(shop.url);
      expectRefused(await s.call('post', '/api/auth/login', { email: 'a\u0000b@x.test', password: 'abcdef1' }), 'email');
    });

    it('POST /api/users with a NUL in first_name', async () => {
      const s = await shopper(shop.url);
      const res = await s.call('post', '/api/users', {
        first_name: 'An\u0000a',
        last_name: 'Horvat',
        birthday: '1990-01-01',
        email: 'nul-register@example.com',
        password: 'lozinka1',
        password_confirmation: 'lozinka1',
        terms_accepted: true,
      });
      expectRefused(res, 'first_name');
      expect(fieldsOf(res)).toEqual(['first_name']);
    });

    it('PUT /api/cart/coupon with code NUL', async () => {
      const s = await shopper(shop.url);
      expectRefused(await s.call('put', '/api/cart/coupon', { code: '\u0000' }), 'code');
    });

    it('PATCH /api/users/me with a NUL in the address (signed in)', async () => {
      expectRefused(await signedIn.call('patch', '/api/users/me', { address: 'a\u0000b' }), 'address');
    });

    it('DELETE /api/cart/items/%00 names the path parameter', async () => {
      const s = await shopper(shop.url);
      expectRefused(await s.call('delete', '/api/cart/items/%00'), 'product_code');
    });

    it('GET /api/catalog/products/%00 names the path parameter', async () => {
      expectRefused(await request(shop.url).get('/api/catalog/products/%00'), 'slug');
    });

    // Issue 19: the invitation wrote a lone surrogate into a json column (a 500).
    it('POST /api/users/invite with "\ud800" in the company name (an admin): 422 UNPAIRED_SURROGATE, nothing written', async () => {
      const email = `surrogate-${Date.now()}@example.com`;
      const res = await signedIn.call('post', '/api/users/invite', {
        email,
        company_name: 'Hotel \ud800 d.o.o.',
        vat_number: '69435151530',
        company_address: 'Obala 12, 51410 Opatija',
        first_name: 'Klaus',
        locale: 'de',
      });
      expectRefused(res, 'company_name', 'UNPAIRED_SURROGATE');
      expect(fieldsOf(res)).toEqual(['company_name']);
      expect(await db.query(`SELECT 1 FROM outbox_event WHERE payload->>'email' = $1`, [email])).toEqual([]);
      const de = await signedIn.agent
        .post('/api/users/invite')
        .set('X-CSRF-Token', signedIn.token)
        .set('Accept-Language', 'de')
        .set('Content-Type', 'application/json')
        .send('{"email":"x@example.com","company_name":"\\udc00"}');
      expect(errorsOf(de)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'UNPAIRED_SURROGATE', field: 'company_name', message: expect.stringMatching(/Surrogatpaar/) }),
        ]),
      );
    });
  });

  describe('what is refused and what is not', () => {
    it('names nested fields by their path and reports every offending field', async () => {
      const s = await shopper(shop.url);
      const res = await s.call('post', '/api/cart/items', {
        product_code: 'ZZ\u0007',
        quantity: 1,
        lines: [{ note: 'ok' }, { x: ['a', 'b\u001b'] }],
      });
      expect(res.status).toBe(422);
      expect(fieldsOf(res).sort()).toEqual(['lines.1.x.1', 'product_code']);
    });

    it('refuses C1 controls, DEL, and tab or line breaks in a single-line field', async () => {
      const s = await shopper(shop.url);
      for (const bad of ['a\u0085b', 'a\u007fb', 'a\u009fb', 'a\tb', 'a\nb', 'a\rb', '\u001f']) {
        expectRefused(await s.call('put', '/api/cart/coupon', { code: bad }), 'code');
      }
    });

    it('lets tab and line breaks through in the multi-line texts of the allow-list, nothing else', async () => {
      const s = await shopper(shop.url);
      const ok = await s.call('put', '/api/cart/coupon', { code: 'NO-SUCH-COUPON', note: 'line 1\r\n\tline 2', remark: 'a\nb' });
      expect(ok.status).toBeLessThan(500);
      expect(errorsOf(ok).map((e) => e.code)).not.toContain('CONTROL_CHARACTER');
      expectRefused(await s.call('put', '/api/cart/coupon', { code: 'X', note: 'a\u0000b' }), 'note');
    });

    it('refuses a control character in an object key, shown escaped', async () => {
      const s = await shopper(shop.url);
      expectRefused(await s.call('put', '/api/cart/coupon', { code: 'X', ['k\u0000']: 1 }), 'k\\u0000');
    });

    it('survives a deeply nested body (no recursion) and names the field', async () => {
      const s = await shopper(shop.url);
      let body = '"\\u0000"';
      for (let i = 0; i < 5000; i++) body = `[${body}]`;
      const res = await s.agent
        .put('/api/cart/coupon')
        .set('X-CSRF-Token', s.token)
        .set('Content-Type', 'application/json')
        .send(`{"code":${body}}`);
      expect(res.status).toBe(422);
      expect(errorsOf(res)).toEqual([
        expect.objectContaining({ code: 'CONTROL_CHARACTER', field: `code${'.0'.repeat(5000)}`.slice(0, 199) + '…' }),
      ]);
    });

    it('refuses query values, by the parameter name', async () => {
      expectRefused(await request(shop.url).get('/api/catalog/products?q=a%00b'), 'q');
      expectRefused(await request(shop.url).get('/api/cart?locale=%C2%85'), 'locale');
      expectRefused(await request(shop.url).get('/api/users/activate?token=a%00b'), 'token');
      expectRefused(await request(shop.url).get('/api/health?x=1&x=%01'), 'x.1');
    });

    it('answers a malformed percent-encoding in a path parameter with 422, not 500', async () => {
      expectRefused(await request(shop.url).get('/api/catalog/products/%E0%A4%A'), 'slug', 'MALFORMED_ENCODING');
      const unknown = await request(shop.url).get('/api/no-such/%00');
      expectRefused(unknown, 'path');
      expectRefused(await request(shop.url).get('/api/csrf?x=%00'), 'x');
    });

    it('localizes the message by Accept-Language', async () => {
      const de = await request(shop.url).get('/api/catalog/products/%00').set('Accept-Language', 'de');
      expect(errorsOf(de)[0].message).toMatch(/Steuerzeichen/);
      const hr = await request(shop.url).get('/api/catalog/products/%00').set('Accept-Language', 'hr');
      expect(errorsOf(hr)[0].message).toMatch(/kontrolni znak/);
    });

    it('leaves ordinary input alone: a wrong password is still the one login failure', async () => {
      const s = await shopper(shop.url);
      const res = await s.call('post', '/api/auth/login', { email: 'nobody@example.com', password: 'wrong-pass' });
      expect(res.status).toBe(401);
      expect(errorsOf(res)[0].code).toBe('AUTH_LOGIN_FAILED');
      await request(shop.url).get('/api/catalog/products/%C5%A1pageti').expect(404);
    });

    it('a cookie holding NUL (cart, sid, session tokens, csrf) is no 500', async () => {
      const { token, cookies } = await csrfCookies(shop.url);
      const nul = ['cart=%00', 'access_token=a%00b', 'refresh_token=%00', 'token_expires=%00', 'locale=%00'].join('; ');
      const get = await request(shop.url).get('/api/cart').set('Cookie', `${cookies}; ${nul}`);
      expect(get.status).toBe(200);
      const session = await request(shop.url).get('/api/auth/session').set('Cookie', `${cookies}; ${nul}`);
      expect(session.status).toBe(200);
      for (const path of ['/api/auth/refresh', '/api/auth/logout', '/api/cart/items']) {
        const res = await request(shop.url).post(path).set('Cookie', `${cookies}; ${nul}`).set('X-CSRF-Token', token).send({});
        expect([path, res.status < 500]).toEqual([path, true]);
      }
      // A forged anonymous id or CSRF cookie with NUL: refused as CSRF, not a 500.
      const forged = await request(shop.url).post('/api/cart/items').set('Cookie', 'sid=%00; csrf=%00').set('X-CSRF-Token', token).send({});
      expect(forged.status).toBe(403);
    });
  });

  describe('every route of /api/docs-json', () => {
    interface Operation {
      parameters?: Array<{ name: string; in: string }>;
      requestBody?: { content?: Record<string, { schema?: Schema }> };
    }
    interface Schema {
      $ref?: string;
      properties?: Record<string, unknown>;
    }
    let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
    const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

    beforeAll(async () => {
      doc = (await request(shop.url).get('/api/docs-json').expect(200)).body;
    });

    function bodyFields(op: Operation): string[] {
      let schema = op.requestBody?.content?.['application/json']?.schema;
      if (schema?.$ref) schema = doc.components?.schemas?.[schema.$ref.split('/').pop()!];
      return Object.keys(schema?.properties ?? {});
    }

    /** Every documented operation as [method, path template, operation]. */
    function operations(): Array<[string, string, Operation]> {
      return Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, op]) => [method, path, op] as [string, string, Operation]),
      );
    }

    const fill = (path: string, value: (name: string) => string) => path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
    /** A well-formed value of each path parameter: a provider the shop has, else an order-number-like id. */
    const sample = (name: string) => (name === 'provider' ? 'monri' : 'ZZ-TEST-1');

    async function send(method: string, path: string, body?: unknown) {
      return signedIn.call(method as 'get', path, body);
    }

    it('covers a fair number of routes', () => {
      expect(operations().length).toBeGreaterThan(25);
    });

    it('a control character in each path parameter: 422 naming it', async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const [method, template] of operations()) {
        for (const name of template.match(/\{(\w+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
          const path = fill(template, (n) => (n === name ? 'a%00b' : sample(n)));
          const res = await send(method, path, BODY_METHODS.has(method) ? {} : undefined);
          checked++;
          if (res.status !== 422 || !fieldsOf(res).includes(name))
            failures.push(`${method.toUpperCase()} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      expect(checked).toBeGreaterThan(1);
      expect(failures).toEqual([]);
    });

    it('a control character in a query value (each documented one, else one of our own): 422 naming it', async () => {
      const failures: string[] = [];
      for (const [method, template, op] of operations()) {
        const path = fill(template, sample);
        const names = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        for (const name of names.length ? names : ['probe']) {
          const res = await send(method, `${path}?${name}=a%00b`, BODY_METHODS.has(method) ? {} : undefined);
          if (res.status !== 422 || !fieldsOf(res).includes(name))
            failures.push(`${method.toUpperCase()} ${path}?${name}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      expect(failures).toEqual([]);
    });

    // Issue 19: unpaired UTF-16 surrogates (JSON.parse makes "\ud800" one) are refused the same way.
    it.each([
      ['a\u0000b', 'CONTROL_CHARACTER'],
      ['a\ud800b', 'UNPAIRED_SURROGATE'],
      ['\udfffa', 'UNPAIRED_SURROGATE'],
    ])('a JSON body whose every string is %j, and each documented field alone: 422 %s naming them', async (bad, code) => {
      const failures: string[] = [];
      let documented = 0;
      for (const [method, template, op] of operations()) {
        if (!BODY_METHODS.has(method)) continue;
        const path = fill(template, sample);
        // A raw body is refused before anything in it is read: the payment callback for bytes no field
        // may hold (400, before its signature is even looked at), the newsletter's one-click
        // unsubscribe for want of its signed token in the query (422).
        const rawBodyRoutes = CSRF_EXEMPT_ROUTES.filter((r) => r.rawBody);
        if (isExemptRoute({ method: method.toUpperCase(), path }, rawBodyRoutes)) {
          const res = await send(method, path, { id: bad });
          const refused =
            path === '/api/newsletter/unsubscribe'
              ? res.status === 422 && res.body.errors?.[0]?.code === 'NEWSLETTER_LINK_INVALID'
              : res.status === 400 && res.body.errors?.[0]?.code === 'PAYMENT_CALLBACK_MALFORMED';
          if (!refused) failures.push(`${method.toUpperCase()} ${path} (raw): ${res.status} ${JSON.stringify(res.body)}`);
          continue;
        }
        const fields = bodyFields(op);
        documented += fields.length;
        const all = Object.fromEntries([...fields, 'email', 'password', 'token', 'refresh_token'].map((f) => [f, bad]));
        const res = await send(method, path, all);
        // One answer names at most 20 problems (control-characters.ts): the profile has more fields.
        if (
          res.status !== 422 ||
          !Object.keys(all)
            .slice(0, 20)
            .every((f) => errorsOf(res).some((e) => e.field === f && e.code === code))
        )
          failures.push(`${method.toUpperCase()} ${path} (all): ${res.status} ${JSON.stringify(res.body)}`);
        for (const field of fields) {
          const one = await send(method, path, { [field]: bad });
          if (one.status !== 422 || !errorsOf(one).some((e) => e.field === field && e.code === code))
            failures.push(`${method.toUpperCase()} ${path} (${field}): ${one.status} ${JSON.stringify(one.body)}`);
        }
      }
      expect(documented).toBeGreaterThan(3);
      expect(failures).toEqual([]);
    });

    it('no route answers 5xx to an unpaired surrogate in a key, a nested array or the whole body', async () => {
      const anonymous = await shopper(shop.url);
      const failures: string[] = [];
      for (const [method, template] of operations()) {
        if (!BODY_METHODS.has(method)) continue;
        const path = fill(template, sample);
        for (const body of [{ ['k\ud800']: 1 }, { lines: [{ note: ['\udc00'] }] }, '\ud800']) {
          for (const who of [signedIn, anonymous]) {
            const res = await who.call(method as 'post', path, body);
            if (res.status >= 500) failures.push(`${method.toUpperCase()} ${path} ${JSON.stringify(body)}: ${res.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('no route answers 5xx to a NUL anywhere, signed in or anonymous', async () => {
      const anonymous = await shopper(shop.url);
      const failures: string[] = [];
      for (const [method, template] of operations()) {
        const path = `${fill(template, () => 'a%00b')}?locale=%00`;
        for (const who of [signedIn, anonymous]) {
          const res = await who.call(method as 'get', path, BODY_METHODS.has(method) ? ['a\u0000b'] : undefined);
          if (res.status >= 500) failures.push(`${method.toUpperCase()} ${path}: ${res.status}`);
        }
      }
      expect(failures).toEqual([]);
    });
  });
});
