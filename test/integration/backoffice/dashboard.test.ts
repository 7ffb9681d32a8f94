// The back office (docs/admin.md 'The back-office app', 'Dashboard') on the real shop, real PostgreSQL
// and Redis: GET /api/admin/dashboard with numbers from orders placed through the API (anonymous 401,
// customer 403, staff without revenue, admin with), and the serving of the app at /admin (anonymous
// 303 to the login, customer 403, operators 200 with no-store and the CSP nonce on its tags, its
// built files with long immutable caching). Needs the build of the back office (npm run build).
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AdminDashboardResponse, type AdminDashboard } from '../../../contract/api/admin-dashboard.js';
import type { RunningShop } from '../../../server/main.js';
import { createProduct } from '../../factories/catalog.js';
import { guestOrder } from '../../factories/checkout.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import type { Shopper } from '../../support/shopper.js';

const ADMIN_BUILD = resolve(process.cwd(), 'dist/client/admin');

describe('the back office: /api/admin/dashboard and the app at /admin', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let admin: Shopper;
  let staff: Shopper;
  let customer: Shopper;

  beforeAll(async () => {
    const port = await freePort();
    shop = await startShop({
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_IP: '1000' },
      role: 'web',
    });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin', firstName: 'Marija', lastName: 'Babić' });
    admin = await signIn(shop.url, operator.email, operator.password);
    const worker = await createUser(db, { role: 'staff', firstName: 'Petar', lastName: 'Jurić' });
    staff = await signIn(shop.url, worker.email, worker.password);
    const buyer = await createUser(db);
    customer = await signIn(shop.url, buyer.email, buyer.password);
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  async function dashboard(who: Shopper, language = 'en'): Promise<AdminDashboard> {
    const res = await who.agent.get('/api/admin/dashboard').set('Accept-Language', language).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return AdminDashboardResponse.parse(res.body).data;
  }

  describe('GET /api/admin/dashboard', () => {
    it('anonymous: 401 AUTH_REQUIRED in the error shape; a customer: 403 AUTH_FORBIDDEN', async () => {
      const anonymous = await request(shop.url).get('/api/admin/dashboard').set('Accept-Language', 'hr').expect(401);
      expect(anonymous.body.errors[0].code).toBe('AUTH_REQUIRED');
      expect(anonymous.headers['cache-control']).toBe('no-store');
      const refused = await customer.agent.get('/api/admin/dashboard').expect(403);
      expect(refused.body.errors[0].code).toBe('AUTH_FORBIDDEN');
      expect(JSON.stringify(refused.body)).not.toMatch(/revenue|to_ship/);
    });

    it('counts the orders placed through the API today and this week, with their revenue for admin, and the work they make', async () => {
      const before = await dashboard(admin);
      const cod = await guestOrder(shop, { method: 'cod' });
      const card = await guestOrder(shop, { method: 'card' });
      const after = await dashboard(admin);

      expect(after.revenue_visible).toBe(true);
      expect(after.today.orders - before.today.orders).toBe(2);
      expect(after.today.revenue! - before.today.revenue!).toBe(cod.answer.order.total + card.answer.order.total);
      expect(after.week.orders - before.week.orders).toBe(2);
      expect(after.week.revenue! - before.week.revenue!).toBe(cod.answer.order.total + card.answer.order.total);
      // The week: Monday to Sunday, today among them, its totals the sum of its days.
      expect(after.week.days.map((d) => d.date)[0]).toBe(after.week.from);
      expect(after.week.days.map((d) => d.date)[6]).toBe(after.week.to);
      expect(new Date(`${after.week.from}T12:00:00Z`).getUTCDay()).toBe(1);
      expect(after.week.days.find((d) => d.date === after.today.date)).toEqual(after.today);
      expect(after.week.days.reduce((n, d) => n + d.orders, 0)).toBe(after.week.orders);
      expect(after.week.days.reduce((n, d) => n + d.revenue!, 0)).toBe(after.week.revenue);
      // Cash on delivery can go out at once; the card order waits for its payment.
      expect(after.to_ship - before.to_ship).toBe(1);
      expect(after.card_payments_pending - before.card_payments_pending).toBe(1);
      expect(after.failed_jobs).not.toBeNull();
      expect(after.invoices_unfiscalized.pending).toBeGreaterThanOrEqual(0);
    });

    it('a cancelled order no longer counts, nor waits to be shipped', async () => {
      const placed = await guestOrder(shop, { method: 'cod' });
      const before = await dashboard(admin);
      await admin.call('post', `/api/admin/orders/${placed.answer.order.number}/cancel`, {}).expect(200);
      const after = await dashboard(admin);
      expect(before.today.orders - after.today.orders).toBe(1);
      expect(before.today.revenue! - after.today.revenue!).toBe(placed.answer.order.total);
      expect(before.to_ship - after.to_ship).toBe(1);
    });

    it('low stock: products with tracked stock at or below their own threshold, lowest first, named in the language asked', async () => {
      const before = await dashboard(admin);
      const low = await createProduct(shop.app, { stock: 0 });
      const above = await createProduct(shop.app, { stock: 6 });
      // The product's own threshold decides, not a fixed number: 30 packs is low for a threshold of 40.
      const ownThreshold = await createProduct(shop.app, { stock: 30 });
      await db.query(`UPDATE product SET low_stock_threshold = 40 WHERE code = $1`, [ownThreshold.code]);
      const de = await dashboard(admin, 'de');
      expect(de.low_stock.count - before.low_stock.count).toBe(2);
      expect(de.low_stock.products.every((p) => p.stock <= p.threshold)).toBe(true);
      expect(de.low_stock.products.some((p) => p.code === above.code)).toBe(false);
      const stocks = de.low_stock.products.map((p) => p.stock);
      expect(stocks).toEqual([...stocks].sort((a, b) => a - b));
      const listed = de.low_stock.products.find((p) => p.code === low.code);
      if (listed) expect(listed).toEqual({ code: low.code, name: low.names.de, stock: 0, threshold: 5 });
      await db.query(`UPDATE product SET low_stock_threshold = 6 WHERE code = $1`, [above.code]);
      expect((await dashboard(admin)).low_stock.count - before.low_stock.count).toBe(3);
    });

    it('staff see every count but no revenue at all', async () => {
      const mine = await dashboard(admin);
      const theirs = await dashboard(staff);
      expect(theirs.revenue_visible).toBe(false);
      expect(JSON.stringify(theirs)).not.toContain('revenue"');
      expect(theirs.today.orders).toBe(mine.today.orders);
      expect(theirs.week.days.map((d) => d.orders)).toEqual(mine.week.days.map((d) => d.orders));
      expect(theirs.to_ship).toBe(mine.to_ship);
      expect(theirs.low_stock.count).toBe(mine.low_stock.count);
    });

    it('is in the OpenAPI document, with its errors', async () => {
      const doc = (await request(shop.url).get('/api/docs-json').expect(200)).body as {
        paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
      };
      expect(Object.keys(doc.paths['/api/admin/dashboard']!.get!.responses).sort()).toEqual(['200', '401', '403']);
    });
  });

  describe('GET /admin (the app)', () => {
    const built = () => {
      if (!existsSync(resolve(ADMIN_BUILD, 'index.html'))) throw new Error(`${ADMIN_BUILD} is missing: run npm run build first`);
    };

    it('anonymous: 303 to the login page in the request language, coming back to the path asked for', async () => {
      const hr = await request(shop.url).get('/admin').set('Accept-Language', 'hr').expect(303);
      expect(hr.headers.location).toBe('/prijava?redirect=%2Fadmin');
      expect(hr.headers['cache-control']).toBe('no-store');
      const en = await request(shop.url).get('/admin/some/screen?x=1').set('Accept-Language', 'en').expect(303);
      expect(en.headers.location).toBe(`/en/login?redirect=${encodeURIComponent('/admin/some/screen?x=1')}`);
    });

    it('a customer: the 403 page in their language, without the app', async () => {
      const res = await customer.agent.get('/admin').set('Accept-Language', 'hr').expect(403);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('Pristup nije dopušten');
      expect(res.text).not.toContain('/admin/assets/');
    });

    it('operators (admin and staff): the app, never cached nor indexed, the CSP nonce of this answer on its script and styles', async () => {
      built();
      for (const who of [admin, staff]) {
        for (const path of ['/admin', '/admin/', '/admin/a-screen/later']) {
          const res = await who.agent.get(path).expect(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
          const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1]!;
          const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
          expect(scripts.length).toBeGreaterThan(0);
          for (const tag of [...scripts, ...(res.text.match(/<link\b[^>]*stylesheet[^>]*>/g) ?? [])]) {
            expect(tag).toContain(`nonce="${nonce}"`);
            expect(tag).toMatch(/(src|href)="\/admin\/assets\//);
          }
        }
      }
    });

    it('answers the orders with the app (they moved into it) and leaves the invoice pages where they are', async () => {
      built();
      const orders = await admin.agent.get('/admin/orders?view=to_ship').expect(200);
      expect(orders.text).toContain('/admin/assets/');
      // staff open the orders too (operator policy: orders.read)
      const forStaff = await staff.agent.get('/admin/orders/ZZ-2026-000123').expect(200);
      expect(forStaff.text).toContain('/admin/assets/');
      await request(shop.url).get('/admin/invoices').expect(303);
    });

    it('its built files: long immutable caching, precompressed twins, a missing one a 404 (never the app)', async () => {
      built();
      const files = readdirSync(resolve(ADMIN_BUILD, 'assets')).filter((f) => /\.(js|css)$/.test(f));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const res = await request(shop.url).get(`/admin/assets/${file}`).set('Accept-Encoding', 'br').expect(200);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const missing = await request(shop.url).get('/admin/assets/nothing-here.js').expect(404);
      expect(missing.text).not.toContain('<div id="root">');
    });
  });
});
