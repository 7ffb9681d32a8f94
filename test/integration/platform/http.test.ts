import request from 'supertest';
import { startShop } from '../../support/app.js';
import type { RunningShop } from '../../../server/main.js';

describe('HTTP platform', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('answers liveness and readiness as JSON', async () => {
    const live = await request(shop.url).get('/api/health').expect(200);
    expect(live.body).toEqual({ data: { status: 'ok' } });
    expect(live.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    const ready = await request(shop.url).get('/api/health/ready').expect(200);
    expect(ready.body.data.status).toBe('ready');
    expect(ready.body.data.checks.postgres).toEqual({ status: 'up' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await request(shop.url).get('/api/no-such-thing').set('Accept-Language', 'en').expect(404);
    expect(res.body).toEqual({ errors: [{ code: 'NOT_FOUND', message: 'Not found: GET /api/no-such-thing' }] });
  });

  it('refuses a mutating /api call without a CSRF token', async () => {
    const res = await request(shop.url).post('/api/health').send({}).expect(403);
    expect(res.body.errors[0].code).toBe('CSRF_TOKEN_INVALID');
  });

  it('keeps no API answer in any cache, a refusal before any handler included', async () => {
    for (const [path, status] of [
      ['/api/admin/orders', 401],
      ['/api/orders', 401],
      ['/api/cart', 200],
      ['/api/catalog/categories', 200],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await request(shop.url).get(path).expect(status);
      expect({ path, cacheControl: res.headers['cache-control'] }).toEqual({ path, cacheControl: 'no-store' });
    }
    // pages keep their own rule
    const page = await request(shop.url).get('/').set('Cookie', 'locale=hr');
    expect(page.headers['cache-control']).not.toBe('no-store');
  });

  it('issues a CSRF token at GET /api/csrf that mutating calls accept', async () => {
    const agent = request.agent(shop.url);
    const res = await agent.get('/api/csrf').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = res.body.data.token as string;
    expect(token.length).toBeGreaterThan(20);
    // past the CSRF check: the unknown route answers 404, not 403
    await agent.post('/api/no-such-thing').set('X-CSRF-Token', token).send({}).expect(404);
    await agent.post('/api/no-such-thing').set('X-CSRF-Token', `${token}x`).send({}).expect(403);
  });

  it('sends security headers with a nonce-based CSP', async () => {
    const res = await request(shop.url).get('/api/health');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('publishes the OpenAPI document', async () => {
    const res = await request(shop.url).get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/health/ready']));
  });
});
