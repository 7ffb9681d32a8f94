// The back office's stock and price API (docs/admin.md 'Stock and prices API') on the real shop:
// role all (relay and workers deliver the catalogue's events), the answer cache on (so a change must
// drop it to show), real PostgreSQL and Redis. Roles: admin everything, staff stock only, customer
// 403, anonymous 401; hostile values answer 422, never 500.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  AdminProductDetailResponse,
  AdminProductListResponse,
  BulkEditResponse,
  OfferCreatedResponse,
  OfferPreviewResponse,
} from '../../../contract/api/admin-catalog.js';
import type { RunningShop } from '../../../server/main.js';
import { LowStockMail, PriceService, zagrebDay } from '../../../server/modules/catalog/index.js';
import { createProduct } from '../../factories/catalog.js';
import { guestOrder } from '../../factories/checkout.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';

const DAY = 86_400_000;
type Method = 'get' | 'post' | 'patch' | 'put';

describe("back office's stock and price API (/api/admin/products)", () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let admin: Shopper;
  let staff: Shopper;
  let customer: Shopper;
  let anonymous: Shopper;

  beforeAll(async () => {
    shop = await startShop({ env: { RENDER_CACHE_TTL_SECONDS: '300', AUTH_RATE_LIMIT_PER_IP: '1000' }, role: 'all' });
    db = shop.app.get(DataSource);
    const as = async (role: 'admin' | 'staff' | 'customer') => {
      const u = await createUser(db, { role });
      return signIn(shop.url, u.email, u.password);
    };
    admin = await as('admin');
    staff = await as('staff');
    customer = await as('customer');
    anonymous = await shopper(shop.url);
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  const stockOf = async (code: string) =>
    ((await db.query(`SELECT stock FROM product WHERE code = $1`, [code])) as Array<{ stock: number | null }>)[0].stock;
  const priceOf = async (code: string) =>
    ((await db.query(`SELECT price_cents FROM product WHERE code = $1`, [code])) as Array<{ price_cents: number }>)[0].price_cents;
  /** The shop's own list answer for a product (the cached one when the cache holds it). */
  const shopView = async (code: string) => {
    const res = await request(shop.url)
      .get(`/api/catalog/products?locale=en&q=${encodeURIComponent(code)}`)
      .expect(200);
    return (
      res.body as {
        data: { items: Array<{ code: string; availability: string; price: { amount: number; offer: Record<string, unknown> | null } }> };
      }
    ).data.items.find((i) => i.code === code)!;
  };
  /** The audit rows of a product, oldest first. */
  const auditOf = async (code: string) =>
    (await db.query(`SELECT actor_role, action, entity_type, before, after FROM audit_log WHERE entity_id = $1 ORDER BY at, id`, [
      code,
    ])) as Array<{ actor_role: string; action: string; entity_type: string; before: unknown; after: unknown }>;
  const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
  const inDays = (d: number) => new Date(Date.now() + d * DAY).toISOString();

  describe('roles', () => {
    it('answers every route by role: admin all, staff stock only, customer 403, anonymous 401', async () => {
      const p = await createProduct(shop.app, { price: 300, stock: 20 });
      const routes: Array<{ method: Method; path: string; body?: unknown; staff: boolean; ok: number }> = [
        { method: 'get', path: '/api/admin/products', staff: true, ok: 200 },
        { method: 'get', path: `/api/admin/products/${p.code}`, staff: true, ok: 200 },
        { method: 'patch', path: `/api/admin/products/${p.code}/stock`, body: { low_stock_threshold: 7 }, staff: true, ok: 200 },
        {
          method: 'post',
          path: '/api/admin/products/bulk/stock',
          body: { dry_run: true, rows: [{ code: p.code, stock: 3 }] },
          staff: true,
          ok: 200,
        },
        {
          method: 'post',
          path: '/api/admin/products/bulk/prices',
          body: { dry_run: true, rows: [{ code: p.code, price_cents: 290 }] },
          staff: false,
          ok: 200,
        },
        {
          method: 'post',
          path: `/api/admin/products/${p.code}/offers/preview`,
          body: { price_cents: 250, starts_at: inAnHour(), ends_at: inDays(3) },
          staff: false,
          ok: 200,
        },
        { method: 'put', path: `/api/admin/products/${p.code}/price`, body: { price_cents: 310 }, staff: false, ok: 200 },
        {
          method: 'post',
          path: `/api/admin/products/${p.code}/offers`,
          body: { price_cents: 250, starts_at: inDays(10), ends_at: inDays(12) },
          staff: false,
          ok: 201,
        },
      ];
      for (const r of routes) {
        const seen = {
          anonymous: (await anonymous.call(r.method, r.path, r.body)).status,
          customer: (await customer.call(r.method, r.path, r.body)).status,
          staff: (await staff.call(r.method, r.path, r.body)).status,
          admin: (await admin.call(r.method, r.path, r.body)).status,
        };
        expect([r.method, r.path, seen]).toEqual([
          r.method,
          r.path,
          { anonymous: 401, customer: 403, staff: r.staff ? r.ok : 403, admin: r.ok },
        ]);
      }
      // what staff was refused changed nothing; what admin did, did
      expect(await priceOf(p.code)).toBe(310);
    });

    it('refuses a write without the CSRF token', async () => {
      const p = await createProduct(shop.app, { stock: 5 });
      const res = await admin.agent.patch(`/api/admin/products/${p.code}/stock`).send({ stock: 1 });
      expect(res.status).toBe(403);
      expect(await stockOf(p.code)).toBe(5);
    });
  });

  describe('stock and availability', () => {
    it('sets stock: the shop shows the new availability within seconds (caches dropped), and the threshold feeds low_stock', async () => {
      const p = await createProduct(shop.app, { stock: 12 });
      expect((await shopView(p.code)).availability).toBe('available'); // now in the answer cache
      const res = await staff.call('patch', `/api/admin/products/${p.code}/stock`, { stock: 0, expected_stock: 12 }).expect(200);
      const detail = AdminProductDetailResponse.parse(res.body).data;
      expect(detail).toMatchObject({ stock: 0, availability: 'available', shown_availability: 'soon_available_again', low_stock: true });
      expect(res.headers['cache-control']).toBe('no-store');
      await waitFor('the shop shows soon available again', async () => (await shopView(p.code)).availability === 'soon_available_again');
      expect(await auditOf(p.code)).toEqual([
        {
          actor_role: 'staff',
          action: 'stock.set',
          entity_type: 'stock',
          before: { stock: 12, availability: 'available', low_stock_threshold: 5 },
          after: { stock: 0, availability: 'available', low_stock_threshold: 5 },
        },
      ]);

      await staff.call('patch', `/api/admin/products/${p.code}/stock`, { stock: 30, low_stock_threshold: 40 }).expect(200);
      await waitFor('the shop shows available', async () => (await shopView(p.code)).availability === 'available');
      const low = AdminProductListResponse.parse(
        (await staff.call('get', `/api/admin/products?low_stock=true&q=${p.code}`).expect(200)).body,
      ).data;
      expect(low.items.map((i) => [i.code, i.stock, i.low_stock_threshold, i.low_stock])).toEqual([[p.code, 30, 40, true]]);
      expect(low.low_stock_count).toBeGreaterThanOrEqual(1);
      const notLow = AdminProductListResponse.parse(
        (await staff.call('get', `/api/admin/products?low_stock=false&q=${p.code}`).expect(200)).body,
      ).data;
      expect(notLow.items).toEqual([]);
    });

    it("marks 'soon available again' with stock left, and back", async () => {
      const p = await createProduct(shop.app, { stock: null });
      await staff.call('patch', `/api/admin/products/${p.code}/stock`, { availability: 'soon_available_again' }).expect(200);
      await waitFor('the shop shows soon available again', async () => (await shopView(p.code)).availability === 'soon_available_again');
      const list = AdminProductListResponse.parse(
        (await staff.call('get', `/api/admin/products?availability=soon_available_again&q=${p.code}`).expect(200)).body,
      ).data;
      expect(list.items.map((i) => [i.code, i.availability, i.stock])).toEqual([[p.code, 'soon_available_again', null]]);
      await staff.call('patch', `/api/admin/products/${p.code}/stock`, { availability: 'available' }).expect(200);
      await waitFor('the shop shows available', async () => (await shopView(p.code)).availability === 'available');
    });

    it('shows the packs orders hold as reserved, and refuses a stock set over a sale it did not see', async () => {
      const { code } = await guestOrder(shop, { method: 'cod', quantity: 2 }); // stock 10 -> 8
      const detail = AdminProductDetailResponse.parse((await staff.call('get', `/api/admin/products/${code}`).expect(200)).body).data;
      expect([detail.stock, detail.reserved]).toEqual([8, 2]);
      const res = await staff.call('patch', `/api/admin/products/${code}/stock`, { stock: 20, expected_stock: 10 }).expect(409);
      expect(res.body.errors[0]).toMatchObject({ code: 'CATALOG_STOCK_CHANGED', field: 'stock' });
      expect(res.body.errors[0].message).toContain('8');
      expect(await stockOf(code)).toBe(8);
      expect(await auditOf(code)).toEqual([]);
    });
  });

  describe('prices and offers', () => {
    it('changes the price now: history, 30-day lowest and per kg follow; the same price again is refused', async () => {
      const p = await createProduct(shop.app, { price: 300, priceSince: new Date(Date.now() - 60 * DAY), netWeightGrams: 500 });
      await shopView(p.code);
      const detail = AdminProductDetailResponse.parse(
        (await admin.call('put', `/api/admin/products/${p.code}/price`, { price_cents: 350 }).expect(200)).body,
      ).data;
      expect(detail.price_cents).toBe(350);
      expect(detail.per_kg_cents).toBe(700);
      expect(detail.price_history.map((h) => h.price_cents)).toEqual([350, 300]);
      expect(detail.lowest_30d_cents).toBe(300);
      await waitFor('the shop shows the new price', async () => (await shopView(p.code)).price.amount === 350);
      const again = await admin.call('put', `/api/admin/products/${p.code}/price`, { price_cents: 350 }).expect(422);
      expect(again.body.errors[0].code).toBe('CATALOG_PRICE_UNCHANGED');
      expect(await auditOf(p.code)).toEqual([
        { actor_role: 'admin', action: 'price.change', entity_type: 'price', before: { price_cents: 300 }, after: { price_cents: 350 } },
      ]);
    });

    it('C-330/23: the preview of a cut after a raise strikes the 30-day lowest; saved, the shop shows it at the start', async () => {
      const p = await createProduct(shop.app, { price: 219, priceSince: new Date(Date.now() - 200 * DAY) });
      await shop.app.get(PriceService).changePrice(p.code, 249, { at: new Date(Date.now() - 10 * DAY) });
      await shopView(p.code); // cached without the offer
      const startsAt = new Date(Date.now() + 2500).toISOString();
      const body = { price_cents: 199, starts_at: startsAt, ends_at: inDays(7) };
      const preview = OfferPreviewResponse.parse(
        (await admin.call('post', `/api/admin/products/${p.code}/offers/preview`, body).expect(200)).body,
      ).data;
      expect(preview).toMatchObject({
        regular_price_cents: 249,
        offer_price_cents: 199,
        lowest_30d_cents: 219,
        struck_price_cents: 219,
        discount_percent: 9,
        window_to: new Date(startsAt).toISOString(),
      });
      expect(
        AdminProductDetailResponse.parse((await admin.call('get', `/api/admin/products/${p.code}`).expect(200)).body).data.offers,
      ).toEqual([]);

      const created = OfferCreatedResponse.parse(
        (await admin.call('post', `/api/admin/products/${p.code}/offers`, body).expect(201)).body,
      ).data;
      expect(created.preview).toEqual(preview);
      expect(created.offer).toMatchObject({ price_cents: 199, state: 'scheduled', lowest_30d_cents: 219, discount_percent: 9 });
      expect(await auditOf(p.code)).toEqual([
        {
          actor_role: 'admin',
          action: 'offer.schedule',
          entity_type: 'offer',
          before: null,
          after: {
            offer_id: created.offer.id,
            price_cents: 199,
            starts_at: created.offer.starts_at,
            ends_at: created.offer.ends_at,
            lowest_30d_cents: 219,
            struck_price_cents: 219,
            discount_percent: 9,
          },
        },
      ]);
      await waitFor(
        'the shop shows the offer with the 30-day lowest',
        async () => {
          const view = await shopView(p.code);
          return view.price.amount === 199 && view.price.offer?.lowest_30d === 219 && view.price.offer?.discount_percent === 9;
        },
        { timeoutMs: 20_000 },
      );
      const overlap = await admin
        .call('post', `/api/admin/products/${p.code}/offers`, { ...body, starts_at: inDays(3), ends_at: inDays(9) })
        .expect(409);
      expect(overlap.body.errors[0].code).toBe('CATALOG_OFFER_OVERLAPS');
    });

    it('refuses an offer that is no cut, starts in the past or ends before it starts', async () => {
      const p = await createProduct(shop.app, { price: 249 });
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ price_cents: 249, starts_at: inAnHour(), ends_at: inDays(2) }, 'CATALOG_OFFER_NOT_A_CUT', 'price_cents'],
        [{ price_cents: 199, starts_at: inDays(-1), ends_at: inDays(2) }, 'CATALOG_OFFER_STARTS_IN_PAST', 'starts_at'],
        [{ price_cents: 199, starts_at: inDays(3), ends_at: inDays(2) }, 'CATALOG_OFFER_ENDS_BEFORE_START', 'ends_at'],
        [{ price_cents: 199, starts_at: '2026-13-01T00:00:00Z', ends_at: inDays(2) }, 'CATALOG_OFFER_DATE_INVALID', 'starts_at'],
        [{ price_cents: 199, starts_at: '2026-12-01T00:00:00', ends_at: inDays(2) }, 'CATALOG_OFFER_DATE_INVALID', 'starts_at'],
      ];
      for (const [body, code, field] of cases) {
        for (const path of ['offers/preview', 'offers']) {
          const res = await admin.call('post', `/api/admin/products/${p.code}/${path}`, body);
          expect([path, body, res.status, res.body.errors?.[0]?.code, res.body.errors?.[0]?.field]).toEqual([path, body, 422, code, field]);
        }
      }
      expect(
        AdminProductDetailResponse.parse((await admin.call('get', `/api/admin/products/${p.code}`).expect(200)).body).data.offers,
      ).toEqual([]);
    });
  });

  describe('bulk edits', () => {
    it('previews old -> new and the count, then applies all rows in one transaction', async () => {
      const a = await createProduct(shop.app, { stock: 4 });
      const b = await createProduct(shop.app, { stock: null });
      const c = await createProduct(shop.app, { stock: 9 });
      const rows = [
        { code: a.code, stock: 40 },
        { code: b.code, stock: 15 },
        { code: c.code, stock: 9 },
      ];
      const preview = BulkEditResponse.parse(
        (await staff.call('post', '/api/admin/products/bulk/stock', { dry_run: true, rows }).expect(200)).body,
      ).data;
      expect(preview).toMatchObject({ dry_run: true, applied: false, count: 2, unchanged: [c.code], refused: [] });
      expect(preview.rows.map((r) => [r.code, r.old, r.new])).toEqual([
        [a.code, 4, 40],
        [b.code, null, 15],
      ]);
      expect(await stockOf(a.code)).toBe(4);
      const applied = BulkEditResponse.parse(
        (await staff.call('post', '/api/admin/products/bulk/stock', { dry_run: false, rows }).expect(200)).body,
      ).data;
      expect(applied).toMatchObject({ dry_run: false, applied: true, count: 2 });
      expect([await stockOf(a.code), await stockOf(b.code), await stockOf(c.code)]).toEqual([40, 15, 9]);
      // one audit row per applied row, none for the dry run or the unchanged row
      expect((await auditOf(a.code)).map((r) => [r.action, r.before, r.after])).toEqual([
        [
          'stock.bulk_set',
          { stock: 4, availability: 'available', low_stock_threshold: 5 },
          { stock: 40, availability: 'available', low_stock_threshold: 5 },
        ],
      ]);
      expect((await auditOf(b.code)).map((r) => r.action)).toEqual(['stock.bulk_set']);
      expect(await auditOf(c.code)).toEqual([]);
    });

    it('applies nothing when one row is refused (unknown code, a code twice), and says which', async () => {
      const a = await createProduct(shop.app, { price: 300 });
      const rows = [
        { code: a.code, price_cents: 280 },
        { code: 'NO-SUCH-CODE-1', price_cents: 100 },
      ];
      const preview = BulkEditResponse.parse(
        (await admin.call('post', '/api/admin/products/bulk/prices', { dry_run: true, rows }).expect(200)).body,
      ).data;
      expect(preview.count).toBe(1);
      expect(preview.refused).toEqual([
        { row: 1, code: 'NO-SUCH-CODE-1', reason: 'CATALOG_PRODUCT_NOT_FOUND', message: 'Product not found.' },
      ]);
      const refused = await admin.call('post', '/api/admin/products/bulk/prices', { dry_run: false, rows }).expect(422);
      expect(refused.body.errors.map((e: { code: string; field?: string }) => [e.code, e.field])).toEqual([
        ['CATALOG_BULK_REFUSED', 'rows'],
        ['CATALOG_PRODUCT_NOT_FOUND', 'rows.1.code'],
      ]);
      expect(await priceOf(a.code)).toBe(300);
      const twice = await admin
        .call('post', '/api/admin/products/bulk/prices', { dry_run: false, rows: [rows[0], { code: a.code, price_cents: 270 }] })
        .expect(422);
      expect(twice.body.errors[1]).toMatchObject({ code: 'CATALOG_BULK_DUPLICATE_CODE', field: 'rows.0.code' });
      expect(await priceOf(a.code)).toBe(300);
      expect(await auditOf(a.code)).toEqual([]);
      await admin.call('post', '/api/admin/products/bulk/prices', { dry_run: false, rows: [rows[0]] }).expect(200);
      expect(await priceOf(a.code)).toBe(280);
      expect((await auditOf(a.code)).map((r) => [r.action, r.before, r.after])).toEqual([
        ['price.bulk_change', { price_cents: 300 }, { price_cents: 280 }],
      ]);
    });
  });

  describe('the daily low-stock mail', () => {
    it('queues one mail a day to the order inbox listing the products at or below their threshold', async () => {
      const low = await createProduct(shop.app, { stock: 2 }); // default threshold 5
      const fine = await createProduct(shop.app, { stock: 50 });
      // first in catalogue order, so within the mail's first 100 whatever other tests left low
      await db.query(`UPDATE product SET position = -1 WHERE code = $1`, [low.code]);
      const job = shop.app.get(LowStockMail);
      const now = new Date();
      const first = await job.send(now);
      expect(first.day).toBe(zagrebDay(now));
      expect(first.products).toContain(low.code);
      expect(first.products).not.toContain(fine.code);
      await job.send(now);
      const mails = (await db.query(`SELECT template, to_address, locale FROM outgoing_mail WHERE id = $1`, [
        `low-stock__${first.day}`,
      ])) as Array<{
        template: string;
        to_address: string;
        locale: string;
      }>;
      expect(mails).toEqual([{ template: 'low-stock', to_address: shop.config.mail.ordersTo, locale: 'hr' }]);
    });
  });

  describe('hostile input: 422 naming the field, never 500', () => {
    it('list queries', async () => {
      const bad: Array<[string, string]> = [
        ['page=abc', 'page'],
        ['page=0', 'page'],
        ['page=1&page=2', 'page'],
        ['sort=price;DROP', 'sort'],
        ['low_stock=yes', 'low_stock'],
        ['availability=gone', 'availability'],
        ['category=../etc', 'category'],
        [`q=${'x'.repeat(101)}`, 'q'],
        ['q=a%00b', 'q'],
        ['q=a&q=b', 'q'],
        ['locale=xx', 'locale'],
      ];
      for (const [query, field] of bad) {
        const res = await admin.call('get', `/api/admin/products?${query}`);
        expect([query, res.status, res.body.errors?.[0]?.field]).toEqual([query, 422, field]);
      }
      // LIKE characters are plain characters
      const pct = AdminProductListResponse.parse((await admin.call('get', '/api/admin/products?q=%25%25%5F').expect(200)).body).data;
      expect(pct.items).toEqual([]);
      for (const sort of ['position', 'code', '-code', 'name', '-name', 'stock', '-stock', 'price', '-price']) {
        await admin.call('get', `/api/admin/products?sort=${sort}&page=2`).expect(200);
      }
    });

    it('path codes and bodies', async () => {
      const p = await createProduct(shop.app, { stock: 3 });
      for (const code of ["a'b", '%00', 'x'.repeat(65), '-lead', 'a%20b']) {
        const res = await admin.call('get', `/api/admin/products/${code}`);
        expect([code, res.status]).toEqual([code, 422]);
      }
      await admin.call('get', '/api/admin/products/NO-SUCH-CODE-2').expect(404);
      await admin.call('patch', '/api/admin/products/NO-SUCH-CODE-2/stock', { stock: 1 }).expect(404);
      const bodies: Array<[unknown, number, string | undefined]> = [
        [{}, 422, undefined],
        [[], 422, undefined],
        [{ stock: -1 }, 422, 'stock'],
        [{ stock: 1.5 }, 422, 'stock'],
        [{ stock: '5' }, 422, 'stock'],
        [{ stock: 1e12 }, 422, 'stock'],
        [{ availability: 'sold_out' }, 422, 'availability'],
        [{ low_stock_threshold: -3 }, 422, 'low_stock_threshold'],
      ];
      for (const [body, status, field] of bodies) {
        const res = await admin.call('patch', `/api/admin/products/${p.code}/stock`, body);
        expect([body, res.status, res.body.errors?.[0]?.field]).toEqual([body, status, field]);
      }
      const badPrices: unknown[] = [
        {},
        { price_cents: 0 },
        { price_cents: -5 },
        { price_cents: 1.5 },
        { price_cents: '300' },
        { price_cents: 1e10 },
      ];
      for (const body of badPrices)
        expect([body, (await admin.call('put', `/api/admin/products/${p.code}/price`, body)).status]).toEqual([body, 422]);
      const badBulk: unknown[] = [
        { rows: [{ code: p.code, stock: 1 }] },
        { dry_run: 'yes', rows: [{ code: p.code, stock: 1 }] },
        { dry_run: true, rows: [] },
        { dry_run: true, rows: 'all' },
        { dry_run: true, rows: [{ code: "'; --", stock: 1 }] },
        { dry_run: true, rows: Array.from({ length: 501 }, (_, i) => ({ code: `C${i}`, stock: 1 })) },
      ];
      for (const body of badBulk) expect((await admin.call('post', '/api/admin/products/bulk/stock', body)).status).toBe(422);
      expect(await stockOf(p.code)).toBe(3);
    });
  });
});
