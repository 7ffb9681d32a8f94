// F4: while PostgreSQL cannot be reached the shop answers 503 with Retry-After and a localized
// 'try again shortly' (API and pages), readiness says not ready, and all of it recovers by itself
// when the database is back, without restarting the shop. The database goes away through a TCP
// proxy of the test's own (the shared PostgreSQL is never stopped).
import { existsSync } from 'node:fs';
import { startShop } from '../../support/app.js';
import { TcpProxy } from '../../support/tcp-proxy.js';
import { waitFor } from '../../support/wait.js';
import type { RunningShop } from '../../../server/main.js';

const SSR_ENTRY = 'dist/client/server/entry-server.js';

describe('the database going away', () => {
  let shop: RunningShop & { url: string };
  let proxy: TcpProxy;

  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY))
      throw new Error(
        `This test renders pages with the built client, but ${SSR_ENTRY} is missing: run \`npm run build\` first (npm test does).`,
      );
    const proxied = await TcpProxy.forUrl(process.env.TEST_DATABASE_URL!);
    proxy = proxied.proxy;
    shop = await startShop({ env: { DATABASE_URL: proxied.url }, serveClient: true });
  });
  afterAll(async () => {
    await proxy?.restore();
    await shop?.stop();
    await proxy?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.url}${path}`, { headers, redirect: 'manual' });

  it('answers 503 with Retry-After while PostgreSQL is unreachable, and 200 again once it is back', async () => {
    expect((await get('/api/catalog/products')).status).toBe(200);
    expect((await get('/api/health/ready')).status).toBe(200);
    expect((await get('/en/products', { cookie: 'locale=en' })).status).toBe(200);

    await proxy.cut();

    // API: 503, Retry-After, the localized message (no 500 INTERNAL_ERROR).
    for (const [language, message] of [
      ['de', 'Der Shop ist gerade kurz nicht erreichbar. Bitte versuchen Sie es in Kürze erneut.'],
      ['hr', 'Trgovina je trenutačno nedostupna. Molimo pokušajte ponovno za nekoliko trenutaka.'],
    ]) {
      const api = await get('/api/catalog/products', { 'accept-language': language });
      expect(api.status).toBe(503);
      expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await api.json()).toEqual({ errors: [{ code: 'SERVICE_UNAVAILABLE', message }] });
    }

    // Readiness: not ready, naming PostgreSQL.
    const ready = await get('/api/health/ready');
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { data: { status: string; checks: Record<string, { status: string }> } };
    expect(body.data.status).toBe('not_ready');
    expect(body.data.checks.postgres.status).toBe('down');

    // A page: the error layout with the localized 'try again shortly', status 503, Retry-After.
    const page = await get('/en/products', { cookie: 'locale=en', accept: 'text/html' });
    expect(page.status).toBe(503);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('The shop is briefly unavailable. Please try again shortly.');
    const croatian = await get('/proizvodi', { cookie: 'locale=hr', accept: 'text/html' });
    expect(croatian.status).toBe(503);
    expect(await croatian.text()).toContain('Trgovina je trenutačno nedostupna.');
    // A visitor whose access token expired is not signed out because the database is away: the
    // page renewal cannot check the refresh token now, so it leaves the cookies alone.
    const renewing = await get('/en/products', { cookie: 'locale=en; refresh_token=rt-that-cannot-be-checked-now', accept: 'text/html' });
    expect(renewing.status).toBe(503);
    expect(renewing.headers.getSetCookie().filter((c) => /^(refresh_token|access_token)=/.test(c))).toEqual([]);

    // Back: the same process recovers by itself.
    await proxy.restore();
    await waitFor('readiness after the database is back', async () => (await get('/api/health/ready')).status === 200, {
      timeoutMs: 30_000,
      intervalMs: 200,
    });
    expect((await get('/api/catalog/products')).status).toBe(200);
    const again = await get('/en/products', { cookie: 'locale=en', accept: 'text/html' });
    expect(again.status).toBe(200);
    expect(again.headers.get('retry-after')).toBeNull();
  });
});
