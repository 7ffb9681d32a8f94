// The operators' coupon API (docs/admin.md 'Coupons API') on the real shop: roles, validation,
// and coupons made through it used by shoppers in carts and checkouts over the API, with the usage
// figures counting those orders.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AdminCouponDetailResponse, AdminCouponListResponse, type AdminCouponDetail } from '../../../contract/api/admin-coupons.js';
import type { RunningShop } from '../../../server/main.js';
import { ADDRESS } from '../../factories/checkout.js';
import { createProduct } from '../../factories/catalog.js';
import { createUser, signIn, uniqueEmail } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { shopper, type Shopper } from '../../support/shopper.js';

const DAY = 86_400_000;

/** The body is exactly what the contract describes (parsing drops nothing: no undocumented key). */
function exactly<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.parse(body);
  expect(parsed).toEqual(body);
  return parsed;
}

describe("operators' coupon API (/api/admin/coupons)", () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let admin: Shopper;
  let adminEmail: string;
  let seq = 0;

  beforeAll(async () => {
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin' });
    adminEmail = operator.email;
    admin = await signIn(shop.url, operator.email, operator.password);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  /** A code no other test run has used. */
  const newCode = (prefix = 'ADM') => `${prefix}-${Date.now().toString(36)}${process.pid.toString(36)}${++seq}`.toUpperCase();

  async function create(body: Record<string, unknown>): Promise<AdminCouponDetail> {
    const terms = body.kind === 'fixed' ? {} : { kind: 'percent', percent: 10 };
    const res = await admin.call('post', '/api/admin/coupons', { code: newCode(), ...terms, ...body }).expect(201);
    return exactly(AdminCouponDetailResponse, res.body).data;
  }
  async function detail(id: string): Promise<AdminCouponDetail> {
    return exactly(AdminCouponDetailResponse, (await admin.call('get', `/api/admin/coupons/${id}`).expect(200)).body).data;
  }

  /** A shopper (guest unless given) with 2 packs of a new 10,00 € product in the cart. */
  async function cartOf(s?: Shopper, language = 'en'): Promise<Shopper> {
    const buyer = s ?? (await shopper(shop.url, language));
    const p = await createProduct(shop.app, { price: 1000, stock: 50 });
    await buyer.call('post', '/api/cart/items', { product_code: p.code, quantity: 2 }).expect(200);
    return buyer;
  }
  /** Sends the order at the cart's current total (cash on delivery). */
  async function checkout(s: Shopper, email: string) {
    const { total } = await s.cart();
    return s
      .call('post', '/api/orders', {
        email,
        phone: '+385 91 234 5678',
        delivery_address: ADDRESS,
        payment_method: 'cod',
        terms_accepted: true,
        expected_total: total,
      })
      .set('Idempotency-Key', randomUUID());
  }
  /** A guest with `email` buys with `code` applied; the order's answer. */
  async function guestBuys(code: string, email: string, language = 'en') {
    const s = await cartOf(undefined, language);
    await s.call('put', '/api/cart/coupon', { code }).expect(200);
    return checkout(s, email);
  }

  describe('roles', () => {
    it('answers an admin, refuses staff and customers (403) and anonymous callers (401) on every route', async () => {
      const c = await create({});
      const customer = await createUser(db);
      const shopperIn = await signIn(shop.url, customer.email, customer.password);
      const staffUser = await createUser(db, { role: 'staff' });
      const staff = await signIn(shop.url, staffUser.email, staffUser.password);
      const anonymous = await shopper(shop.url);
      const routes: Array<['get' | 'post' | 'patch', string, unknown?]> = [
        ['get', '/api/admin/coupons'],
        ['get', `/api/admin/coupons/${c.id}`],
        ['post', '/api/admin/coupons', { code: newCode(), kind: 'percent', percent: 5 }],
        ['patch', `/api/admin/coupons/${c.id}`, { minimum_order: 1000 }],
        ['post', `/api/admin/coupons/${c.id}/disable`, {}],
        ['post', `/api/admin/coupons/${c.id}/enable`, {}],
      ];
      for (const [method, path, body] of routes) {
        const anon = await anonymous.call(method, path, body);
        expect([method, path, anon.status, anon.body.errors?.[0]?.code]).toEqual([method, path, 401, 'AUTH_REQUIRED']);
        const cust = await shopperIn.call(method, path, body);
        expect([method, path, cust.status, cust.body.errors?.[0]?.code]).toEqual([method, path, 403, 'AUTH_FORBIDDEN']);
        const byStaff = await staff.call(method, path, body);
        expect([method, path, byStaff.status, byStaff.body.errors?.[0]?.code]).toEqual([method, path, 403, 'AUTH_FORBIDDEN']);
        const ok = await admin.call(method, path, body);
        expect([method, path, ok.status]).toEqual([method, path, method === 'post' && path === '/api/admin/coupons' ? 201 : 200]);
        expect(ok.headers['cache-control']).toContain('no-store');
      }
      // a mutation without the CSRF token is refused before anything else
      const noCsrf = await admin.agent.post('/api/admin/coupons').send({ code: newCode(), kind: 'percent', percent: 5 });
      expect(noCsrf.status).toBe(403);
    });
  });

  describe('create, use, figures', () => {
    it('creates a coupon a shopper uses at checkout; the figures count the order', async () => {
      const created = await create({ code: `  ${newCode('jesen').toLowerCase()} `, percent: 15, minimum_order: 1500 });
      expect(created).toMatchObject({
        kind: 'percent',
        percent: 15,
        amount: null,
        minimum_order: 1500,
        state: 'active',
        first_order_only: false,
        business_only: false,
        personal: false,
        disabled_at: null,
        usage: { times_used: 0, customers: 0, discount_given: 0, last_used_at: null },
        locked_fields: [],
      });
      expect(created.code).toMatch(/^JESEN-[A-Z0-9]+$/);

      const email = uniqueEmail('coupon-buyer');
      const placed = await guestBuys(created.code.toLowerCase(), email);
      expect(placed.status).toBe(201);
      expect(placed.body.data.order).toMatchObject({ discount: 300, coupon_code: created.code });
      const second = await guestBuys(created.code, uniqueEmail('coupon-buyer'));
      expect(second.status).toBe(201);

      const after = await detail(created.id);
      expect(after.usage).toMatchObject({ times_used: 2, customers: 2, discount_given: 600 });
      expect(Date.now() - Date.parse(after.usage.last_used_at!)).toBeLessThan(60_000);
      expect(after.locked_fields).toEqual(['code', 'kind', 'percent', 'amount']);

      const list = exactly(
        AdminCouponListResponse,
        (await admin.call('get', `/api/admin/coupons?q=${created.code.slice(0, -1).toLowerCase()}&state=active`).expect(200)).body,
      ).data;
      expect(list.coupons.map((c) => c.code)).toContain(created.code);
      expect(list.coupons.find((c) => c.code === created.code)).toMatchObject({ times_used: 2, state: 'active' });
      expect(list).toMatchObject({ page: 1, page_size: 25 });
    });

    it('keeps codes unique whatever the case (409), and locks the terms of a used coupon but not its conditions', async () => {
      const c = await create({ kind: 'fixed', amount: 500 });
      const dup = await admin.call('post', '/api/admin/coupons', { code: c.code.toLowerCase(), kind: 'percent', percent: 5 }).expect(409);
      expect(dup.body.errors[0]).toMatchObject({ code: 'COUPON_CODE_TAKEN', field: 'code' });
      const other = await create({});
      expect(
        (await admin.call('patch', `/api/admin/coupons/${other.id}`, { code: c.code.toLowerCase() }).expect(409)).body.errors[0].code,
      ).toBe('COUPON_CODE_TAKEN');

      // unused: everything can change, the kind too (the other kind's value goes)
      const renamed = newCode('NOVI');
      const edited = (await admin.call('patch', `/api/admin/coupons/${c.id}`, { code: renamed, kind: 'percent', percent: 20 }).expect(200))
        .body.data as AdminCouponDetail;
      expect(edited).toMatchObject({ code: renamed, kind: 'percent', percent: 20, amount: null });
      expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(c.updated_at));

      expect((await guestBuys(renamed, uniqueEmail('locked'))).status).toBe(201);
      const locked = await admin.call('patch', `/api/admin/coupons/${c.id}`, { code: newCode() }).set('Accept-Language', 'hr').expect(409);
      expect(locked.body.errors[0]).toMatchObject({ code: 'COUPON_LOCKED', field: 'code' });
      expect(locked.body.errors[0].message).toContain('code');
      expect((await admin.call('patch', `/api/admin/coupons/${c.id}`, { percent: 25 }).expect(409)).body.errors[0].code).toBe(
        'COUPON_LOCKED',
      );
      // the same values are no change
      await admin.call('patch', `/api/admin/coupons/${c.id}`, { code: renamed, percent: 20 }).expect(200);
      const later = new Date(Date.now() + 30 * DAY).toISOString();
      const conditions = (
        await admin
          .call('patch', `/api/admin/coupons/${c.id}`, { valid_until: later, usage_limit: 50, per_customer_limit: 2, minimum_order: 0 })
          .expect(200)
      ).body.data;
      expect(conditions).toMatchObject({ valid_until: later, usage_limit: 50, per_customer_limit: 2, minimum_order: 0 });
    });
  });

  describe('audit log', () => {
    it('writes every change (create, edit, disable, enable) with the operator, before and after; no entry for no change', async () => {
      const c = await create({ usage_limit: 10 });
      await admin.call('patch', `/api/admin/coupons/${c.id}`, { usage_limit: 20, business_only: true }).expect(200);
      await admin.call('patch', `/api/admin/coupons/${c.id}`, { usage_limit: 20 }).expect(200);
      await admin.call('post', `/api/admin/coupons/${c.id}/disable`, {}).expect(200);
      await admin.call('post', `/api/admin/coupons/${c.id}/disable`, {}).expect(200);
      await admin.call('post', `/api/admin/coupons/${c.id}/enable`, {}).expect(200);
      // a refused change leaves no entry either
      await admin.call('patch', `/api/admin/coupons/${c.id}`, { percent: 0 }).expect(422);

      const log = (await admin.call('get', `/api/admin/audit?entity_type=coupon&entity_id=${c.id}`).expect(200)).body.data;
      const entries = [...log.entries].reverse() as Array<Record<string, unknown>>;
      expect(entries.map((e) => e.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.disable', 'coupon.enable']);
      for (const e of entries)
        expect(e).toMatchObject({ actor_label: adminEmail, actor_role: 'admin', entity_type: 'coupon', entity_id: c.id });
      expect(entries[0]).toMatchObject({
        before: null,
        after: { code: c.code, kind: 'percent', percent: 10, usage_limit: 10, disabled_at: null },
      });
      expect(entries[1]).toMatchObject({
        before: { code: c.code, usage_limit: 10, business_only: false },
        after: { code: c.code, usage_limit: 20, business_only: true },
      });
      expect(Object.keys(entries[1].after as object).sort()).toEqual(['business_only', 'code', 'usage_limit']);
      expect(entries[2]).toMatchObject({ before: { disabled_at: null }, after: { disabled_at: expect.any(String) } });
      expect(entries[3]).toMatchObject({ before: { disabled_at: expect.any(String) }, after: { disabled_at: null } });
    });
  });

  describe('switched off and on', () => {
    it('refuses a disabled coupon in the cart and at checkout with a localized message, and takes it again when enabled', async () => {
      const c = await create({});
      // a shopper applied it before it was switched off
      const s = await cartOf(undefined, 'hr');
      await s.call('put', '/api/cart/coupon', { code: c.code }).expect(200);
      const { total: withDiscount } = await s.cart();
      const off = (await admin.call('post', `/api/admin/coupons/${c.id}/disable`, {}).expect(200)).body.data as AdminCouponDetail;
      expect(off.state).toBe('disabled');
      expect(off.disabled_at).not.toBeNull();
      // twice changes nothing
      expect((await admin.call('post', `/api/admin/coupons/${c.id}/disable`, {}).expect(200)).body.data.disabled_at).toBe(off.disabled_at);

      // the checkout the shopper confirmed at the discounted total is refused, nothing is ordered
      const refused = await s
        .call('post', '/api/orders', {
          email: uniqueEmail('disabled'),
          phone: '+385 91 234 5678',
          delivery_address: ADDRESS,
          payment_method: 'cod',
          terms_accepted: true,
          expected_total: withDiscount,
        })
        .set('Idempotency-Key', randomUUID());
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].code).toBe('ORDER_TOTAL_CHANGED');
      // the cart says why, in the shopper's language
      const cart = await s.cart();
      expect(cart.coupon).toMatchObject({
        code: c.code,
        valid: false,
        problem: { code: 'COUPON_DISABLED', message: 'Ovaj kupon više nije dostupan.' },
      });
      expect(cart.discount).toBe(0);
      const other = await cartOf(undefined, 'de');
      const applied = await other.call('put', '/api/cart/coupon', { code: c.code }).expect(422);
      expect(applied.body.errors[0]).toMatchObject({
        code: 'COUPON_DISABLED',
        message: 'Dieser Gutschein ist nicht mehr verfügbar.',
        field: 'code',
      });
      expect(
        (await admin.call('get', '/api/admin/coupons?state=disabled').expect(200)).body.data.coupons.map((x: { id: string }) => x.id),
      ).toContain(c.id);

      const on = (await admin.call('post', `/api/admin/coupons/${c.id}/enable`, {}).expect(200)).body.data as AdminCouponDetail;
      expect(on).toMatchObject({ state: 'active', disabled_at: null });
      expect((await s.cart()).coupon).toMatchObject({ valid: true, problem: null });
      expect((await checkout(s, uniqueEmail('enabled'))).status).toBe(201);
    });
  });

  describe('limits and who may use a coupon', () => {
    it('holds the per-customer limit (a guest is known by e-mail at checkout) and the total limit', async () => {
      const perCustomer = await create({ per_customer_limit: 1 });
      const email = uniqueEmail('once');
      expect((await guestBuys(perCustomer.code, email)).status).toBe(201);
      const again = await guestBuys(perCustomer.code, email);
      expect(again.status).toBe(409);
      expect(again.body.errors[0]).toMatchObject({ code: 'ORDER_COUPON_UNAVAILABLE' });
      expect(again.body.errors[0].message).toContain('You have already used this coupon.');

      const total = await create({ usage_limit: 1 });
      expect((await guestBuys(total.code, uniqueEmail('first'))).status).toBe(201);
      const usedUp = await cartOf();
      const res = await usedUp.call('put', '/api/cart/coupon', { code: total.code }).expect(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'COUPON_USED_UP' });
      expect((await detail(total.id)).usage.times_used).toBe(1);
    });

    it('refuses a first-order-only coupon on a second order, in the buyer language', async () => {
      const c = await create({ first_order_only: true });
      const email = uniqueEmail('returning');
      // a first order without the coupon
      const s = await cartOf();
      expect((await checkout(s, email)).status).toBe(201);
      const second = await guestBuys(c.code, email.toUpperCase(), 'sl');
      expect(second.status).toBe(409);
      expect(second.body.errors[0].code).toBe('ORDER_COUPON_UNAVAILABLE');
      expect(second.body.errors[0].message).toContain('Ta kupon velja samo za prvo naročilo');
      // a registered customer with an earlier order is refused too; a new one is not
      const user = await createUser(db);
      const signedIn = await cartOf(await signIn(shop.url, user.email, user.password, 'hr'));
      expect((await checkout(signedIn, user.email)).status).toBe(201);
      await cartOf(signedIn);
      await signedIn.call('put', '/api/cart/coupon', { code: c.code }).expect(200);
      const refused = await checkout(signedIn, user.email);
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].message).toContain('Ovaj kupon vrijedi samo za prvu narudžbu');
      expect((await guestBuys(c.code, uniqueEmail('newcomer'))).status).toBe(201);
      expect((await detail(c.id)).usage.times_used).toBe(1);
    });

    it('gives a business-only coupon to business buyers and refuses consumers and guests', async () => {
      const c = await create({ business_only: true, kind: 'fixed', amount: 700 });
      const consumer = await createUser(db);
      const asConsumer = await cartOf(await signIn(shop.url, consumer.email, consumer.password, 'en'));
      const refused = await asConsumer.call('put', '/api/cart/coupon', { code: c.code }).expect(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'COUPON_BUSINESS_ONLY',
        message: 'This coupon is for business buyers only. Sign in with your business account.',
      });
      const guest = await cartOf(undefined, 'hr');
      expect((await guest.call('put', '/api/cart/coupon', { code: c.code }).expect(422)).body.errors[0].message).toBe(
        'Ovaj kupon vrijedi samo za poslovne kupce. Prijavite se svojim poslovnim računom.',
      );

      const company = await createUser(db, { role: 'business', companyName: 'Konoba d.o.o.' });
      const asCompany = await cartOf(await signIn(shop.url, company.email, company.password));
      await asCompany.call('put', '/api/cart/coupon', { code: c.code }).expect(200);
      const placed = await checkout(asCompany, company.email);
      expect(placed.status).toBe(201);
      expect(placed.body.data.order).toMatchObject({ discount: 700 });
      expect((await detail(c.id)).usage).toMatchObject({ times_used: 1, customers: 1, discount_given: 700 });
    });
  });

  describe('hostile input', () => {
    it('answers 422 (or 404 for a well-formed unknown id), never 500', async () => {
      const c = await create({});
      const bad: Array<['get' | 'post' | 'patch', string, unknown, string]> = [
        ['get', '/api/admin/coupons?state=gone', undefined, 'COUPON_FILTER_INVALID'],
        ['get', '/api/admin/coupons?page=-1', undefined, 'COUPON_FILTER_INVALID'],
        ['get', '/api/admin/coupons?page=1e400', undefined, 'COUPON_FILTER_INVALID'],
        ['get', '/api/admin/coupons?sort=code;DROP', undefined, 'COUPON_FILTER_INVALID'],
        ['get', '/api/admin/coupons?q=a&q=b', undefined, 'COUPON_FILTER_INVALID'],
        ['get', `/api/admin/coupons/${encodeURIComponent("1' OR '1'='1")}`, undefined, 'COUPON_ID_INVALID'],
        ['post', '/api/admin/coupons', [1, 2], 'COUPON_CODE_FORMAT'],
        ['post', '/api/admin/coupons', { code: 'X'.repeat(10_000), kind: 'percent', percent: 10 }, 'COUPON_CODE_FORMAT'],
        ['post', '/api/admin/coupons', { code: 'OK-CODE', kind: 'percent', percent: 1e308 }, 'COUPON_PERCENT_INVALID'],
        ['post', '/api/admin/coupons', { code: 'OK-CODE', kind: 'fixed', amount: 0 }, 'COUPON_AMOUNT_INVALID'],
        ['post', '/api/admin/coupons', { code: 'OK-CODE', kind: { $gt: '' }, percent: 10 }, 'COUPON_KIND_INVALID'],
        [
          'post',
          '/api/admin/coupons',
          { code: 'OK-CODE', kind: 'percent', percent: 10, valid_from: '2027-01-02T00:00:00Z', valid_until: '2027-01-01T00:00:00Z' },
          'COUPON_VALIDITY_ORDER',
        ],
        [
          'post',
          '/api/admin/coupons',
          { code: 'OK-CODE', kind: 'percent', percent: 10, valid_from: '99999-01-01T00:00:00Z' },
          'COUPON_DATE_INVALID',
        ],
        ['post', '/api/admin/coupons', { code: 'OK-CODE', kind: 'percent', percent: 10, usage_limit: 0 }, 'COUPON_LIMIT_INVALID'],
        ['post', '/api/admin/coupons', { code: 'OK-CODE', kind: 'percent', percent: 10, minimum_order: 2 ** 40 }, 'COUPON_MINIMUM_INVALID'],
        ['patch', `/api/admin/coupons/${c.id}`, {}, 'COUPON_CHANGE_EMPTY'],
        ['patch', `/api/admin/coupons/${c.id}`, { kind: 'fixed' }, 'COUPON_AMOUNT_INVALID'],
        [
          'patch',
          `/api/admin/coupons/${c.id}`,
          { valid_from: '2030-01-01T00:00:00Z', valid_until: '2029-01-01T00:00:00Z' },
          'COUPON_VALIDITY_ORDER',
        ],
        ['patch', `/api/admin/coupons/not-a-uuid`, { percent: 5 }, 'COUPON_ID_INVALID'],
        // the platform refuses control characters in any request before the route
        ['post', `/api/admin/coupons/${'%00'.repeat(3)}/disable`, {}, 'CONTROL_CHARACTER'],
        ['post', `/api/admin/coupons/${'9'.repeat(500)}/enable`, {}, 'COUPON_ID_INVALID'],
      ];
      for (const [method, path, body, code] of bad) {
        const res = await admin.call(method, path, body);
        expect([method, path, res.status, res.body.errors?.[0]?.code]).toEqual([method, path, 422, code]);
      }
      const unknown = randomUUID();
      for (const [method, path] of [
        ['get', `/api/admin/coupons/${unknown}`],
        ['patch', `/api/admin/coupons/${unknown}`],
        ['post', `/api/admin/coupons/${unknown}/enable`],
      ] as const) {
        const res = await admin.call(method, path, method === 'patch' ? { percent: 5 } : {});
        expect([path, res.status, res.body.errors?.[0]?.code]).toEqual([path, 404, 'COUPON_NOT_FOUND']);
      }
      // a malformed JSON body is the platform's 4xx, not a 500
      const malformed = await admin.agent
        .post('/api/admin/coupons')
        .set('X-CSRF-Token', admin.token)
        .set('Content-Type', 'application/json')
        .send('{"code": ');
      expect(malformed.status).toBeGreaterThanOrEqual(400);
      expect(malformed.status).toBeLessThan(500);
      // the list answers for an unknown anything with an empty page, not an error
      const empty = (await admin.call('get', `/api/admin/coupons?q=${encodeURIComponent('%_\\')}`).expect(200)).body.data;
      expect(empty).toMatchObject({ coupons: [], total: 0 });
    });
  });
});
