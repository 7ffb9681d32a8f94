// CSRF, routing and body-type rules of the real shop (issue 8, F1): every mutating route, read from
// the router at run time, is tried with every way around the check that the probe found or that a
// browser could be tricked into; none may reach a handler.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { csrfCookies } from '../../support/shopper.js';
import { createUser, signIn, uniqueEmail } from '../../factories/user.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import type { RunningShop } from '../../../server/main.js';
import { QueueName, QueueService } from '../../../server/platform/queue/index.js';
import { CSRF_EXEMPT_ROUTES, isExemptRoute } from '../../../server/platform/http/csrf.js';

interface RouteEntry {
  method: string;
  path: string;
}

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every route registered on the Express application router (Nest's controllers and plain Express routes) with a method that is not GET, HEAD or OPTIONS. */
function mutatingRoutes(shop: RunningShop): RouteEntry[] {
  const app = (shop.app as NestExpressApplication).getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  const routes: RouteEntry[] = [];
  for (const layer of app.router.stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const key of Object.keys(layer.route.methods)) {
      // `all()` routes answer every method: check them as a POST.
      const method = key === '_all' ? 'POST' : key.toUpperCase();
      if (SAFE.has(method)) continue;
      for (const path of paths) routes.push({ method, path });
    }
  }
  return routes;
}

/** A concrete URL for a route pattern (`:id` and `*rest` get sample values, optional groups are kept). */
const concrete = (pattern: string) =>
  pattern
    .replace(/:(\w+)/g, '0f3c2a1e-8d4b-4c6a-9e2f-5b7a1d9c3e40')
    .replace(/\*(\w+)/g, 'x')
    .replace(/[{}]/g, '');

/** `/api/auth/login` -> `/Api/aUth/LoGin`-like: every other letter upper-cased, never equal to the original. */
function mixedCase(path: string): string {
  let i = 0;
  const mixed = path.replace(/[a-z]/g, (c) => (i++ % 2 === 0 ? c.toUpperCase() : c));
  return mixed === path ? path.toUpperCase() : mixed;
}

describe('CSRF, strict routing and JSON-only bodies (real shop)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let routes: RouteEntry[];

  beforeAll(async () => {
    shop = await startShop({
      env: { AUTH_RATE_LIMIT_PER_IP: '10000', QUEUE_DASHBOARD_USER: 'ops', QUEUE_DASHBOARD_PASSWORD: 'csrf-test-password' },
    });
    db = shop.app.get(DataSource);
    // The exact exempt routes (the payment sandbox's stand-ins for the provider) prove themselves by digests: test/integration/payment.
    routes = mutatingRoutes(shop).filter((r) => !isExemptRoute({ method: r.method, path: r.path }, CSRF_EXEMPT_ROUTES));
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  it('reads a non-trivial list of mutating routes from the router, covering every documented operation', async () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(expect.arrayContaining(['POST /api/auth/login', 'POST /api/users/invite', 'POST /api/auth/refresh']));
    expect(new Set(routes.map((r) => r.method))).toEqual(new Set(['POST', 'PUT', 'PATCH', 'DELETE']));
    expect(routes.length).toBeGreaterThanOrEqual(15);
    // Every mutating operation of the OpenAPI document is among them (the router list is the wider one).
    const doc = (await request(shop.url).get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ':$1') }))
        .filter((r) => !SAFE.has(r.method) && !isExemptRoute(r, CSRF_EXEMPT_ROUTES))
        .map((r) => `${r.method} ${r.path}`),
    );
    expect(documented.length).toBeGreaterThan(0);
    expect(keys).toEqual(expect.arrayContaining(documented));
  });

  it('lets no mutating route be reached without a valid token of its own session, by another spelling, or with a form body', async () => {
    const a = await csrfCookies(shop.url);
    const b = await csrfCookies(shop.url);
    const forged = `${a.token.slice(0, -4)}${a.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    type Attempt = { name: string; path: string; token?: string; cookies?: string; form?: boolean; allowed: number[] };
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const path = concrete(route.path);
      const attempts: Attempt[] = [
        { name: 'no token', path, cookies: a.cookies, allowed: [403] },
        { name: 'no token, no cookies', path, allowed: [403] },
        { name: 'forged token', path, token: forged, cookies: a.cookies, allowed: [403] },
        { name: 'random token', path, token: 'x'.repeat(40), cookies: a.cookies, allowed: [403] },
        { name: "another session's token", path, token: b.token, cookies: a.cookies, allowed: [403] },
        { name: 'upper case, no token', path: path.toUpperCase(), cookies: a.cookies, allowed: [403] },
        { name: 'mixed case, no token', path: mixedCase(path), cookies: a.cookies, allowed: [403] },
        { name: 'upper case, valid token', path: path.toUpperCase(), token: a.token, cookies: a.cookies, allowed: [404] },
        { name: 'mixed case, valid token', path: mixedCase(path), token: a.token, cookies: a.cookies, allowed: [404] },
        { name: 'trailing slash, valid token', path: `${path}/`, token: a.token, cookies: a.cookies, allowed: [404] },
        { name: 'form body, no token', path, cookies: a.cookies, form: true, allowed: [403] },
        { name: 'form body, valid token', path, token: a.token, cookies: a.cookies, form: true, allowed: [415] },
        {
          name: 'upper case, form body, valid token',
          path: path.toUpperCase(),
          token: a.token,
          cookies: a.cookies,
          form: true,
          allowed: [415],
        },
      ];
      for (const attempt of attempts) {
        let req = request(shop.url)[route.method.toLowerCase() as 'post'](attempt.path).set('Origin', 'https://evil.example');
        if (attempt.cookies) req = req.set('Cookie', attempt.cookies);
        if (attempt.token) req = req.set('X-CSRF-Token', attempt.token);
        req = attempt.form
          ? req.type('form').send('email=a%40b.test&password=lozinka1')
          : req.send({ email: 'a@b.test', password: 'lozinka1' });
        const res = await req;
        sent += 1;
        if (!attempt.allowed.includes(res.status))
          failures.push(`${route.method} ${attempt.path} (${attempt.name}): ${res.status} ${JSON.stringify(res.body)}`);
        if (res.headers['set-cookie']?.toString().match(/(access|refresh)_token=[^;]/))
          failures.push(`${route.method} ${attempt.path} (${attempt.name}): session cookies set`);
      }
    }
    expect(sent).toBeGreaterThanOrEqual(routes.length * 13);
    expect(failures).toEqual([]);
  });

  it('refuses methods it does not know as mutating, and takes bodiless calls without a Content-Type', async () => {
    const a = await csrfCookies(shop.url);
    // An unknown (to the shop) method is checked like any write.
    await request(shop.url).propfind('/api/cart').set('Cookie', a.cookies).expect(403);
    await request(shop.url).purge('/api/cart').set('Cookie', a.cookies).expect(403);
    // No body: no media type needed (DELETE, and a POST with Content-Length: 0).
    const del = await request(shop.url).delete('/api/cart/items/no-such-line').set('Cookie', a.cookies).set('X-CSRF-Token', a.token);
    expect(del.status).toBeLessThan(300);
    const empty = await request(shop.url)
      .post('/api/auth/logout')
      .set('Cookie', a.cookies)
      .set('X-CSRF-Token', a.token)
      .set('Content-Length', '0');
    expect(empty.status).toBeLessThan(300);
  });

  it('answers a non-JSON body with 415 in the caller language, before any handler', async () => {
    const a = await csrfCookies(shop.url);
    const post = (type: string | undefined, body: string, language = 'en') => {
      let req = request(shop.url)
        .post('/api/auth/login')
        .set('Cookie', a.cookies)
        .set('X-CSRF-Token', a.token)
        .set('Accept-Language', language);
      if (type) req = req.set('Content-Type', type);
      return req.send(body);
    };
    const form = await post('application/x-www-form-urlencoded', 'email=a%40b.test&password=x').expect(415);
    expect(form.body).toEqual({
      errors: [{ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body must be JSON (Content-Type: application/json).' }],
    });
    expect((await post('text/plain', '{"email":"a@b.test","password":"x"}', 'de').expect(415)).body.errors[0].message).toMatch(
      /muss JSON sein/,
    );
    expect((await post('multipart/form-data; boundary=x', '--x\r\n\r\nx\r\n--x--', 'hr').expect(415)).body.errors[0].message).toMatch(
      /mora biti JSON/,
    );
    // A body without any Content-Type (supertest would add one: a raw request instead).
    const raw = await fetch(`${shop.url}/api/auth/login`, {
      method: 'POST',
      headers: { Cookie: a.cookies, 'X-CSRF-Token': a.token, 'Accept-Language': 'sl' },
      body: new Blob(['{"email":"a@b.test","password":"x"}']),
    });
    expect(raw.status).toBe(415);
    expect(((await raw.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(/mora biti JSON/);
    // JSON, also with a +json suffix, goes on to the handler (which refuses the made-up credentials).
    expect(
      (await post('application/json; charset=utf-8', '{"email":"a@b.test","password":"wrong-one"}').expect(401)).body.errors[0].code,
    ).toBeDefined();
    expect((await post('application/merge-patch+json', '{"email":"a@b.test","password":"wrong-one"}')).status).toBe(401);
  });

  it('localizes the CSRF refusal', async () => {
    const res = await request(shop.url).post('/api/auth/login').set('Accept-Language', 'de').send({}).expect(403);
    expect(res.body.errors).toEqual([{ code: 'CSRF_TOKEN_INVALID', message: expect.stringMatching(/Sicherheitstoken/) }]);
  });

  it('issue reproduction: a cross-site, form-encoded POST /API/auth/login signs nobody in', async () => {
    const user = await createUser(db);
    const res = await request(shop.url)
      .post('/API/auth/login')
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(`email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`);
    expect(res.status).toBe(403);
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/(access|refresh)_token=/);
    // Same with the right case: the token is missing.
    const lower = await request(shop.url)
      .post('/api/auth/login')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send(`email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(user.password)}`);
    expect(lower.status).toBe(403);
    expect(String(lower.headers['set-cookie'] ?? '')).not.toMatch(/(access|refresh)_token=/);
  });

  it("issue reproduction: an admin's cookies without a token cannot invite (POST /API/users/invite)", async () => {
    const admin = await createUser(db, { role: 'admin' });
    const session = await signIn(shop.url, admin.email, admin.password);
    const invitation = {
      email: uniqueEmail('csrf-invite'),
      company_name: 'Hotel Lovor d.o.o.',
      vat_number: '69435151530',
      company_address: 'Obala 12',
      first_name: 'Klaus',
      locale: 'de',
    };
    for (const path of ['/API/users/invite', '/api/Users/invite', '/api/users/invite']) {
      const res = await session.agent.post(path).set('Origin', 'https://evil.example').send(invitation);
      expect(res.status).toBe(403);
      const form = await session.agent.post(path).type('form').send(new URLSearchParams(invitation).toString());
      expect(form.status).toBe(403);
    }
    // No invitation event was written (the handler publishes one in its transaction).
    const invited = async () =>
      (
        (await db.query(`SELECT count(*)::int AS n FROM outbox_event WHERE payload->>'email' = $1`, [invitation.email])) as Array<{
          n: number;
        }>
      )[0]!.n;
    expect(await invited()).toBe(0);
    // Positive control: the same admin with the token (and JSON) is accepted.
    await session.call('post', '/api/users/invite', invitation).expect(202);
    expect(await invited()).toBe(1);
  });

  it('positive control: a valid token with a JSON body signs in', async () => {
    const user = await createUser(db);
    const { token, cookies } = await csrfCookies(shop.url);
    const res = await request(shop.url)
      .post('/api/auth/login')
      .set('Cookie', cookies)
      .set('X-CSRF-Token', token)
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(res.body.data.access_token).toEqual(expect.any(String));
    expect(String(res.headers['set-cookie'])).toMatch(/access_token=[^;]/);
  });

  it('routes case-sensitively and strictly for Nest and plain Express routes alike', async () => {
    await request(shop.url).get('/api/health').expect(200);
    await request(shop.url).get('/api/cart').expect(200);
    for (const path of [
      '/API/health',
      '/api/Health',
      '/api/health/',
      '/API/csrf',
      '/api/csrf/',
      '/api/cart/',
      '/API/cart',
      '/api/docs-json/',
    ]) {
      const res = await request(shop.url).get(path);
      expect([path, res.status]).toEqual([path, 404]);
    }
    const a = await csrfCookies(shop.url);
    // `/api/users/` must not reach `/api/users` (registration), nor `/api/cart/coupon/` the coupon.
    await request(shop.url).post('/api/users/').set('Cookie', a.cookies).set('X-CSRF-Token', a.token).send({}).expect(404);
    await request(shop.url).delete('/api/cart/coupon/').set('Cookie', a.cookies).set('X-CSRF-Token', a.token).expect(404);
    await request(shop.url).get('/api/docs-json').expect(200);
    await request(shop.url)
      .get('/api/docs')
      .expect((res) => expect([200, 301]).toContain(res.status));
  });

  describe('the queue dashboard (its own UI sends no token)', () => {
    const auth = `Basic ${Buffer.from('ops:csrf-test-password').toString('base64')}`;

    it("takes the dashboard's own same-origin calls, exactly as its UI (axios) sends them", async () => {
      const mail = shop.app.get(QueueService).queue(QueueName.Mail);
      // axios.put(url) without data: no body, no Content-Type; the browser adds Origin and Sec-Fetch-Site.
      await request(shop.url)
        .put('/admin/queues/api/queues/mail/pause')
        .set('Authorization', auth)
        .set('Origin', shop.url)
        .set('Sec-Fetch-Site', 'same-origin')
        .expect(200);
      expect(await mail.isPaused()).toBe(true);
      // A browser without fetch metadata (it sends Sec-Fetch-Site only to https and loopback origins).
      await request(shop.url).put('/admin/queues/api/queues/mail/resume').set('Authorization', auth).set('Origin', shop.url).expect(200);
      expect(await mail.isPaused()).toBe(false);
      await request(shop.url)
        .put('/admin/queues/api/queues/mail/retry/failed')
        .set('Authorization', auth)
        .set('Origin', shop.url)
        .set('Sec-Fetch-Site', 'same-origin')
        .set('Content-Type', 'application/json')
        .send({})
        .expect(200);
      // axios.post(url, object) sends JSON: the metrics purge takes it.
      const purge = await request(shop.url)
        .post('/admin/queues/api/metrics/history/purge')
        .set('Authorization', auth)
        .set('Origin', shop.url)
        .set('Sec-Fetch-Site', 'same-origin')
        .send({});
      expect(purge.status).not.toBe(403);
      expect(purge.status).not.toBe(415);
      expect(purge.status).toBeLessThan(500);
    });

    it('refuses a cross-site forgery against it, even with the operator credentials the browser re-sends', async () => {
      const mail = shop.app.get(QueueService).queue(QueueName.Mail);
      const forgeries: Array<Record<string, string>> = [
        { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
        { Origin: 'https://evil.example' },
        { 'Sec-Fetch-Site': 'cross-site' },
        { 'Sec-Fetch-Site': 'same-site', Origin: 'https://sub.evil.example' },
        // Sec-Fetch-Site cannot be spoofed by a page, but a mismatch of the two is refused anyway.
        { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://evil.example' },
        { 'Sec-Fetch-Site': 'cross-site', Origin: shop.url },
        { Origin: 'null' },
        // A browser that sends neither (an old one, or a form that hides its origin) proves nothing.
        {},
        { 'Sec-Fetch-Site': 'same-origin' },
      ];
      for (const headers of forgeries) {
        const res = await request(shop.url).put('/admin/queues/api/queues/mail/pause').set('Authorization', auth).set(headers);
        expect([headers, res.status]).toEqual([headers, 403]);
        const form = await request(shop.url)
          .post('/admin/queues/api/queues/mail/add')
          .set('Authorization', auth)
          .set(headers)
          .type('form')
          .send('name=x');
        expect([headers, form.status]).toEqual([headers, 403]);
      }
      // Our token with a wrong value is refused even from our own origin.
      await request(shop.url)
        .put('/admin/queues/api/queues/mail/pause')
        .set('Authorization', auth)
        .set('Origin', shop.url)
        .set('Sec-Fetch-Site', 'same-origin')
        .set('X-CSRF-Token', 'forged')
        .expect(403);
      expect(await mail.isPaused()).toBe(false);
    });
  });
});
