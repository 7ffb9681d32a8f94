// The provider-neutral callback route `POST /api/payments/{provider}/callback` on the real shop:
// Monri's path (the one its merchant panel has configured) is that route with provider `monri`;
// an unknown or hostile provider segment never reaches an adapter or the database; the CSRF
// exemption is keyed on the method and the route pattern the router registered, not on a spelling.
import { createHash, randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { csrfCookies } from '../../support/shopper.js';
import type { RunningShop } from '../../../server/main.js';
import { SANDBOX_MONRI_KEY } from '../../../server/config/config.js';
import { CSRF_EXEMPT_ROUTES, isExemptRoute } from '../../../server/platform/http/csrf.js';
import { PAYMENT_CALLBACK_ROUTE, paymentCallbackPath } from '../../../server/modules/payment/index.js';

const sign = (raw: string) =>
  `WP3-callback ${createHash('sha512')
    .update(SANDBOX_MONRI_KEY + raw, 'utf8')
    .digest('hex')}`;

const callbackBody = () =>
  JSON.stringify({
    id: randomBytes(8).toString('hex'),
    order_number: `ZZ-2026-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}_1`,
    amount: 1250,
    currency: 'EUR',
    status: 'approved',
    response_code: '0000',
  });

describe('POST /api/payments/{provider}/callback', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;

  beforeAll(async () => {
    shop = await startShop({ role: 'web' });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  const stored = async () => (await db.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM payment_callback`))[0]!.n;
  const post = (path: string, raw: string, headers: Record<string, string> = {}) =>
    fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: sign(raw), ...headers },
      body: raw,
    });

  it("takes Monri's signed callback at /api/payments/monri/callback, the path its merchant panel has (no CSRF token)", async () => {
    expect(paymentCallbackPath('monri')).toBe('/api/payments/monri/callback');
    const before = await stored();
    const res = await post('/api/payments/monri/callback', callbackBody());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { received: true } });
    expect(await stored()).toBe(before + 1);
    // The adapter still checks the signature: unsigned is 401, nothing stored.
    const unsigned = await fetch(`${shop.url}/api/payments/monri/callback`, { method: 'POST', body: callbackBody() });
    expect(unsigned.status).toBe(401);
    expect(await stored()).toBe(before + 1);
  });

  it("answers a provider without an adapter (or not the configured one) 404 in the caller's language, before the body is read", async () => {
    const before = await stored();
    for (const [provider, language, words] of [
      ['paypal', 'de', /Zahlungsanbieter ist nicht bekannt/],
      ['stripe', 'hr', /pružatelj usluge plaćanja nije poznat/],
      ['sandbox', 'sl', /ponudnik plačil ni znan/],
      ['monri-test', 'en', /payment provider is not known/],
    ] as const) {
      const res = await post(`/api/payments/${provider}/callback`, callbackBody(), { 'accept-language': language });
      expect([provider, res.status, res.headers.get('content-type')]).toEqual([provider, 404, expect.stringMatching(/^application\/json/)]);
      const answer = (await res.json()) as { errors: Array<{ code: string; message: string }> };
      expect(answer.errors[0]).toEqual({ code: 'PAYMENT_PROVIDER_UNKNOWN', message: expect.stringMatching(words) });
    }
    expect(await stored()).toBe(before);
  });

  it('refuses hostile provider segments without a 2xx, a 5xx or a stored row', async () => {
    const before = await stored();
    const hostile = [
      'MONRI',
      'Monri',
      'monri%00',
      'monri%2Fx',
      '%2e%2e',
      'monri%20',
      '%6donri',
      'monri;x',
      '%3Cscript%3E',
      'monri\u0301',
      encodeURIComponent('мonri'),
      'm'.repeat(41),
      'x'.repeat(5000),
      '__proto__',
      'constructor',
      'toString',
    ];
    for (const segment of hostile) {
      const res = await post(`/api/payments/${segment}/callback`, callbackBody(), { 'accept-language': 'en' });
      // Within the exemption's segment pattern: the controller's 404; outside it: the CSRF check's 403
      // (no token) or the request-target check's 400. Never the adapter (200/401) or a crash.
      expect([segment.slice(0, 50), [400, 403, 404, 414, 431].includes(res.status)]).toEqual([segment.slice(0, 50), true]);
      expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    }
    expect(await stored()).toBe(before);
  });

  it('exempts exactly the POST of the route pattern the router registered, not another method or spelling', async () => {
    const router = (shop.app as NestExpressApplication).getHttpAdapter().getInstance() as {
      router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
    };
    const callbackRoutes = router.router.stack.filter(
      (l) => l.route?.path.startsWith('/api/payments/') && l.route.path.endsWith('/callback'),
    );
    expect(callbackRoutes.map((l) => [l.route!.path, Object.keys(l.route!.methods)])).toEqual([[PAYMENT_CALLBACK_ROUTE, ['post']]]);
    expect(CSRF_EXEMPT_ROUTES.filter((r) => r.path === PAYMENT_CALLBACK_ROUTE)).toEqual([
      expect.objectContaining({ method: 'POST', path: PAYMENT_CALLBACK_ROUTE, rawBody: true }),
    ]);
    expect(isExemptRoute({ method: 'POST', path: '/api/payments/monri/callback' }, CSRF_EXEMPT_ROUTES)).toBe(true);
    // Other methods on the same path are checked (no token: 403), whatever the route would answer.
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${shop.url}/api/payments/monri/callback`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect([method, res.status]).toEqual([method, 403]);
    }
    // Other spellings are no exemption: checked, then not found.
    for (const path of [
      '/API/payments/monri/callback',
      '/api/payments/monri/callback/',
      '/api/payments/monri/Callback',
      '/api/payments//callback',
    ]) {
      const res = await post(path, callbackBody());
      expect([path, res.status]).toEqual([path, 403]);
    }
    // With a valid token of its own, another spelling is simply not a route.
    const { token, cookies } = await csrfCookies(shop.url);
    const res = await post('/api/payments/monri/callback/', callbackBody(), { 'x-csrf-token': token, cookie: cookies });
    expect(res.status).toBe(404);
  });
});
