// One host (docs/security.md, 'One host'): the shop opened under another host than PUBLIC_URL's is sent
// there (GET/HEAD) or refused with 421 (other methods); health checks and server-to-server endpoints are
// not; raw request targets never crash it. Real shop, PostgreSQL and Redis.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunningShop } from '../../../server/main.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';

/** One raw HTTP/1.1 request on a socket: the status line and headers of the answer. */
function raw(port: number, lines: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => (data += String(d)));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    socket.write(lines);
    setTimeout(() => socket.end(), 1500);
  });
}

describe('one host: requests for another host than PUBLIC_URL (real shop)', () => {
  let shop: RunningShop & { url: string };
  let port: number;
  let other: string;

  beforeAll(async () => {
    port = await freePort();
    shop = await startShop({
      env: { PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, TRUST_PROXY: 'false' },
      serveClient: false,
    });
    other = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  it('redirects GET and HEAD for 127.0.0.1 to the same path and query under PUBLIC_URL (302 outside production, never cached)', async () => {
    const get = await request(other).get('/en/cart?x=1&y=%C5%A1').redirects(0).expect(302);
    expect(get.headers.location).toBe(`http://localhost:${port}/en/cart?x=1&y=%C5%A1`);
    expect(get.headers['cache-control']).toBe('no-store');
    const api = await request(other).get('/api/cart').redirects(0).expect(302);
    expect(api.headers.location).toBe(`http://localhost:${port}/api/cart`);
    const head = await request(other).head('/').redirects(0).expect(302);
    expect(head.headers.location).toBe(`http://localhost:${port}/`);
    // under PUBLIC_URL's host nothing changes; the CSP's form-action names exactly 'self' and the payment page's origin
    const ok = await request(shop.url).get('/api/cart').expect(200);
    expect(ok.headers['content-security-policy']).toContain(`form-action 'self' http://localhost:${port};`);
    await request(other).get('/api/cart').set('Host', `LOCALHOST:${port}`).expect(200);
  });

  it('refuses other methods for another host with 421 and a localized JSON error (no redirect dropping a body)', async () => {
    const res = await request(other)
      .post('/api/cart/items')
      .set('Accept-Language', 'de')
      .send({ product_code: 'X', quantity: 1 })
      .expect(421);
    expect(res.body.errors[0]).toMatchObject({ code: 'MISDIRECTED_REQUEST', message: expect.stringContaining(`http://localhost:${port}`) });
    expect(res.body.errors[0].message).toMatch(/Öffnen Sie den Shop/);
    await request(other).delete('/api/cart/items/X').expect(421);
  });

  it('leaves health checks and server-to-server endpoints alone', async () => {
    await request(other).get('/api/health/ready').expect(200);
    // the provider's callback is judged by its own rules (its digest), not by the host: not 421 or a redirect
    const callback = await request(other).post('/api/payments/monri/callback').send({});
    expect([302, 421]).not.toContain(callback.status);
    expect(callback.status).toBeLessThan(500);
  });

  it('does not crash on request targets that are not a plain path, nor redirect them elsewhere', async () => {
    for (const target of ['*', 'http://evil.example/x', '//evil.example/x']) {
      const answer = await raw(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      expect(status).toBeGreaterThanOrEqual(300);
      expect(status).toBeLessThan(500);
      expect(answer).not.toMatch(/location: http:\/\/evil/i);
    }
    // no Host at all (HTTP/1.0): served, not redirected anywhere
    const old = await raw(port, 'GET /api/health/ready HTTP/1.0\r\n\r\n');
    expect(old).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('one host behind a proxy (TRUST_PROXY)', () => {
  let shop: RunningShop & { url: string };
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    shop = await startShop({ env: { PORT: String(port), PUBLIC_URL: 'https://shop.example.com', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  it("judges the forwarded host: the proxy's public name passes, another one is redirected to PUBLIC_URL", async () => {
    const base = `http://127.0.0.1:${port}`;
    await request(base).get('/api/cart').set('X-Forwarded-Host', 'shop.example.com').set('X-Forwarded-Proto', 'https').expect(200);
    await request(base).get('/api/cart').set('X-Forwarded-Host', 'shop.example.com:443').expect(200);
    const moved = await request(base).get('/en').set('X-Forwarded-Host', 'www.shop.example.com').redirects(0).expect(302);
    expect(moved.headers.location).toBe('https://shop.example.com/en');
  });
});
