// Issue 11, server rendering: the loaders of a server-rendered page reach the API in process, through
// the SSR data port (contract/ssr.ts `ApiPort`, server/platform/ssr/in-process-api.ts), never over
// loopback HTTP. Every request any HTTP server of this process receives is recorded (Node's
// `http.server.request.start` diagnostics channel) with the kind of connection it came on: a page
// must be the only one that came over TCP, its API calls all in process. The old way (an origin for
// loopback fetches, once `http://127.0.0.1:undefined`) has nothing left to build a URL from.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { request as httpRequest } from 'node:http';
import { duplexPair } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startShop } from '../../support/app.js';
import { shopper } from '../../support/shopper.js';
import type { RunningShop } from '../../../server/main.js';

interface Seen {
  url: string;
  tcp: boolean;
}

describe('SSR data port: page loaders reach the API in process', () => {
  let shop: RunningShop & { url: string };
  const seen: Seen[] = [];
  const onRequest = (message: unknown) => {
    const { request: req, socket } = message as { request: IncomingMessage; socket: unknown };
    seen.push({ url: req.url ?? '', tcp: socket instanceof Socket });
  };

  beforeAll(async () => {
    // The built client (`npm run build`); render cache off (test/support/app.ts): every page is rendered.
    shop = await startShop({ serveClient: true });
    subscribe('http.server.request.start', onRequest);
  });
  afterAll(async () => {
    unsubscribe('http.server.request.start', onRequest);
    await shop?.stop();
  });

  /** The requests the process received while `run` ran. */
  async function during<T>(run: () => Promise<T>): Promise<{ result: T; tcp: string[]; inProcess: string[] }> {
    seen.length = 0;
    const result = await run();
    // Let any straggling call show up before counting.
    await new Promise((r) => setTimeout(r, 50));
    return { result, tcp: seen.filter((s) => s.tcp).map((s) => s.url), inProcess: seen.filter((s) => !s.tcp).map((s) => s.url) };
  }

  it('renders anonymous pages with their data without a single loopback connection', async () => {
    for (const [path, text] of [
      ['/en/products/classic-shapes', 'Penne'],
      ['/proizvod/penne-rigate', 'Penne'],
      ['/en/cart', '<html lang="en"'],
    ] as const) {
      const {
        result: res,
        tcp,
        inProcess,
      } = await during(() => request(shop.url).get(path).set('Accept', 'text/html').set('Cookie', 'locale=hr'));
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.text).toContain(text);
      // Only the page itself came over a socket; its loaders' calls did not.
      expect(tcp).toEqual([path]);
      expect(inProcess.every((url) => url.startsWith('/api/'))).toBe(true);
      if (path !== '/en/cart') expect(inProcess.length).toBeGreaterThan(0);
    }
  });

  it('answers product paths of odd characters with the 404 page, never a 500 (the path reaches the API encoded)', async () => {
    for (const path of [
      '/en/product/a%20b',
      '/en/product/%C4%8D%C5%BE',
      '/en/product/%23x',
      '/en/product/%25',
      '/en/product/..%2F..%2Fadmin',
      '/en/product/%3Fq%3D1',
    ]) {
      const res = await request(shop.url).get(path).set('Accept', 'text/html').set('Cookie', 'locale=en');
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it("renders a signed-in customer's pages through the port with their cookies; the page keeps its own headers", async () => {
    const customer = await shopper(shop.url, 'en');
    await customer.call('post', '/api/auth/login', { email: 'kupac@zlatnozrno.test', password: 'tjestenina' }).expect(200);
    await customer
      .call('post', '/api/cart/items', { product_code: 'ZZ-PENN-400', quantity: 2 })
      .expect((r) => expect(r.status).toBeLessThan(300));

    const {
      result: profile,
      tcp,
      inProcess,
    } = await during(() => customer.agent.get('/en/profile').set('Accept', 'text/html').set('Cookie', 'locale=en'));
    expect(profile.status).toBe(200);
    expect(profile.text).toMatch(/data-session="authenticated"/);
    expect(tcp).toEqual(['/en/profile']);
    // The session and the profile's own data, read with the customer's cookies.
    expect(inProcess).toEqual(expect.arrayContaining(['/api/auth/session']));
    expect(profile.text).toContain('kupac@zlatnozrno.test');
    const { result: orders, inProcess: orderCalls } = await during(() =>
      customer.agent.get('/en/profile/orders').set('Accept', 'text/html').set('Cookie', 'locale=en'),
    );
    expect(orders.status).toBe(200);
    expect(orderCalls.some((url) => url.startsWith('/api/orders'))).toBe(true);

    const {
      result: cart,
      tcp: cartTcp,
      inProcess: cartCalls,
    } = await during(() => customer.agent.get('/en/cart').set('Accept', 'text/html'));
    expect(cart.status).toBe(200);
    expect(cartTcp).toEqual(['/en/cart']);
    expect(cartCalls.every((url) => url.startsWith('/api/'))).toBe(true);
    // The page's response: one request id, its own CSP nonce on its inline scripts, no cookie of an inner call.
    const nonce = /'nonce-([^']+)'/.exec(cart.headers['content-security-policy'] as string)?.[1];
    expect(nonce).toBeTruthy();
    expect(cart.text).toContain(`nonce="${nonce}"`);
    expect(String(cart.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    const cookies = ([] as string[])
      .concat((cart.headers['set-cookie'] as unknown as string[] | undefined) ?? [])
      .map((c) => c.split('=')[0]);
    for (const name of cookies) expect(['csrf', '__Host-csrf', 'sid', 'locale', 'cookie_consent']).toContain(name);
  });

  it('renders a page that came in without a TCP socket (no local port to make an origin of)', async () => {
    // The page request itself on an in-memory connection to the public server: whatever served the
    // loaders from the request's own socket address would have nowhere to go ('127.0.0.1:undefined').
    const server = (shop.app as NestExpressApplication).getHttpServer();
    const [client, serverSide] = duplexPair();
    const { result, tcp } = await during(
      () =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = httpRequest(
            {
              path: '/en/products/classic-shapes',
              // the shop's public host (another host is redirected to PUBLIC_URL: docs/security.md 'One host')
              headers: { host: new URL(shop.url).host, accept: 'text/html', cookie: 'locale=en', connection: 'close' },
              createConnection: () => client,
            },
            (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (d: string) => (body += d));
              res.on('end', () => {
                client.destroy();
                serverSide.destroy();
                resolve({ status: res.statusCode ?? 0, body });
              });
            },
          );
          req.on('error', reject);
          server.emit('connection', serverSide);
          req.end();
        }),
    );
    expect(tcp).toEqual([]);
    expect(result.status).toBe(200);
    expect(result.body).toContain('Penne');
  });
});
