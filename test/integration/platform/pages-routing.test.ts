// With case-sensitive, strict routing and the method-keyed CSRF check, the server-rendered pages,
// legacy redirects, sitemap and the API docs still answer as before, and every answer (pages,
// /api, the queue dashboard) carries the Permissions-Policy: the strict one everywhere, except that the
// shop's pages may frame the video players and delegate them the features they need (docs/security.md).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startShop } from '../../support/app.js';
import { csrfCookies } from '../../support/shopper.js';
import type { RunningShop } from '../../../server/main.js';
import { DENIED_FEATURES, PERMISSIONS_POLICY, permissionsPolicy } from '../../../server/platform/http/security-headers.js';
import { VIDEO_EMBED_FEATURES, VIDEO_EMBED_ORIGINS } from '../../../contract/api/video.js';

const PAGE_POLICY = permissionsPolicy({ origins: VIDEO_EMBED_ORIGINS, features: VIDEO_EMBED_FEATURES });

describe('pages and headers under strict routing (server-rendered client)', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    // The built client (`npm run build`, which `npm test` runs first); Vite's dev server does not load under jest's VM modules.
    shop = await startShop({ serveClient: true, env: { QUEUE_DASHBOARD_USER: 'ops', QUEUE_DASHBOARD_PASSWORD: 'pages-test-password' } });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('denies camera, microphone, geolocation, payment and the other unused features everywhere', async () => {
    expect(PERMISSIONS_POLICY).toMatch(/(^|, )camera=\(\)/);
    for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'display-capture']) expect(DENIED_FEATURES).toContain(feature);
    const pages: Array<[string, request.Response]> = [
      ['page', await request(shop.url).get('/').set('Accept', 'text/html')],
      ['page (en)', await request(shop.url).get('/en/cart').set('Accept', 'text/html')],
      ['404 page', await request(shop.url).get('/no-such-page').set('Accept', 'text/html')],
    ];
    const others: Array<[string, request.Response]> = [
      ['api', await request(shop.url).get('/api/health')],
      ['api 404', await request(shop.url).get('/api/no-such-thing')],
      ['refused write', await request(shop.url).post('/api/auth/login').send({})],
      ['dashboard', await request(shop.url).get('/admin/queues')],
    ];
    // Pages: the video players' origins may be framed and get fullscreen, autoplay, picture-in-picture
    // and encrypted media; nothing else is delegated, and nothing at all outside the pages.
    for (const [name, res] of pages) {
      expect([name, res.headers['permissions-policy']]).toEqual([name, PAGE_POLICY]);
      expect([name, res.headers['content-security-policy']]).toEqual([
        name,
        expect.stringContaining(";frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com"),
      ]);
    }
    expect(PAGE_POLICY.split(', ').filter((p) => !p.endsWith('=()'))).toEqual([
      'autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
      'encrypted-media=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
      'fullscreen=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
      'picture-in-picture=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
    ]);
    for (const [name, res] of others) {
      expect([name, res.headers['permissions-policy']]).toEqual([name, PERMISSIONS_POLICY]);
      expect([name, res.headers['content-security-policy'] ?? '']).toEqual([name, expect.not.stringContaining('youtube')]);
    }
  });

  it('still renders pages, follows the legacy redirects and serves sitemap, robots and the API docs', async () => {
    const home = await request(shop.url).get('/').set('Accept', 'text/html').expect(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.text).toMatch(/<meta name="csrf-token" content="[^"]+"/);
    await request(shop.url).get('/en').set('Accept', 'text/html').expect(200);
    // Legacy addresses (docs/legacy-redirects.md), matched case-insensitively by the client's table.
    for (const [from, to] of [
      ['/tko-smo', '/o-nama'],
      ['/eng/tko-smo', '/en/about-us'],
      ['/ENG/Tko-Smo', '/en/about-us'],
      ['/kosarica/', '/kosarica'],
      ['/blog/recepti', '/recepti'],
    ]) {
      const res = await request(shop.url).get(from).set('Accept', 'text/html');
      expect([from, res.status, res.headers.location]).toEqual([from, 301, to]);
    }
    const sitemap = await request(shop.url).get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    await request(shop.url).get('/robots.txt').expect(200);
    await request(shop.url).get('/api/docs-json').expect(200);
    const docs = await request(shop.url).get('/api/docs').redirects(1);
    expect(docs.status).toBe(200);
  });

  it('keeps a mixed-case /API path away from the API, and writes to pages checked like any other', async () => {
    const { token, cookies } = await csrfCookies(shop.url);
    // Not the API (routing is case-sensitive): the page renderer answers, not the health handler.
    const upper = await request(shop.url).get('/API/health').set('Accept', 'text/html');
    expect(upper.headers['content-type']).toMatch(/text\/html/);
    expect(upper.status).toBe(404);
    await request(shop.url).post('/kontakt').send({}).expect(403);
    await request(shop.url).post('/kontakt').type('form').send('a=b').expect(403);
    await request(shop.url).post('/kontakt').set('Cookie', cookies).set('X-CSRF-Token', token).type('form').send('a=b').expect(415);
    const json = await request(shop.url).post('/kontakt').set('Cookie', cookies).set('X-CSRF-Token', token).send({});
    expect(json.status).toBe(404);
  });
});
