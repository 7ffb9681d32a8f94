// The pending order (docs/orders.md, 'The pending order'): an unpaid card order its buyer finds again
// (GET /api/orders/pending), switches to cash on delivery or cancels (lines back in the cart), on the real
// shop, PostgreSQL and Redis.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { OrderTotalChangedError, PendingOrderActionAnswer, PendingOrderResponse } from '../../../contract/api/order.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { orderCancelled, orderPaymentMethodChanged } from '../../../contract/events/order.js';
import { PriceService } from '../../../server/modules/catalog/index.js';
import type { RunningShop } from '../../../server/main.js';
import { createProduct } from '../../factories/catalog.js';
import { ADDRESS } from '../../factories/checkout.js';
import { createCoupon } from '../../factories/coupon.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';

describe('the pending order: find it, switch it to cash on delivery, cancel it (API, real PostgreSQL and Redis)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;

  beforeAll(async () => {
    const port = await freePort();
    shop = await startShop({
      env: { AUTH_RATE_LIMIT_PER_IP: '10000', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, QUEUE_RETRY_DELAY_MS: '50' },
    });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  /** A shopper (guest unless given) with `quantity` packs in the cart places a card order: number and view token. */
  async function cardOrder(s: Shopper, code: string, quantity = 2, email = 'ana@example.com') {
    await s.call('post', '/api/cart/items', { product_code: code, quantity }).expect(200);
    const total = (await s.cart()).total as number;
    const res = await s
      .call('post', '/api/orders', {
        email,
        phone: '+385 91 234 5678',
        delivery_address: ADDRESS,
        payment_method: 'card',
        terms_accepted: true,
        expected_total: total,
      })
      .set('Idempotency-Key', randomUUID())
      .expect(201);
    expect(res.body.data.payment).not.toBeNull();
    return { number: res.body.data.order.number as string, token: res.body.data.view_token as string, total, res };
  }

  const stockOf = async (code: string) =>
    ((await db.query(`SELECT stock FROM product WHERE code = $1`, [code])) as Array<{ stock: number }>)[0].stock;
  const row = async (number: string) =>
    (
      (await db.query(`SELECT payment_method, payment_status, fulfilment_status, total, subtotal FROM shop_order WHERE number = $1`, [
        number,
      ])) as Array<Record<string, unknown>>
    )[0];
  const events = async (name: string, number: string) =>
    (
      (await db.query(`SELECT payload FROM outbox_event WHERE name = $1 AND payload->>'orderNumber' = $2`, [name, number])) as Array<{
        payload: unknown;
      }>
    ).map((e) => e.payload);
  const history = async (number: string) =>
    (
      (await db.query(
        `SELECT h.action, h.actor FROM shop_order_history h JOIN shop_order o ON o.id = h.order_id WHERE o.number = $1 ORDER BY h.id`,
        [number],
      )) as Array<{ action: string; actor: string }>
    ).map((h) => h.action);

  it("remembers a guest's card order in an httpOnly cookie: GET /api/orders/pending answers it, others get null, and it is forgotten once not pending", async () => {
    const p = await createProduct(shop.app, { price: 500, stock: 10 });
    const s = await shopper(shop.url);
    const { number, token, res } = await cardOrder(s, p.code);
    const setCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('pending_order='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const pending = await s.call('get', '/api/orders/pending').expect(200);
    PendingOrderResponse.parse(pending.body);
    expect(pending.headers['cache-control']).toBe('no-store');
    expect(pending.body.data.order).toMatchObject({
      number,
      payment_method: 'card',
      payment_status: 'awaiting_payment',
      fulfilment_status: 'placed',
    });
    expect(pending.body.data.view_token).toBe(token);
    // the empty cart and the order: the checkout can offer it
    expect((await s.cart()).lines).toHaveLength(0);

    // a failed payment is still pending
    await db.query(`UPDATE shop_order SET payment_status = 'failed' WHERE number = $1`, [number]);
    expect((await s.call('get', '/api/orders/pending').expect(200)).body.data.order.payment_status).toBe('failed');

    // another browser has nothing pending; a forged cookie neither (and is cleared)
    expect((await request(shop.url).get('/api/orders/pending').expect(200)).body).toEqual({ data: null });
    const forged = await request(shop.url)
      .get('/api/orders/pending')
      .set('Cookie', `pending_order=${encodeURIComponent(`${number}.9999999999.${'A'.repeat(43)}`)}`)
      .expect(200);
    expect(forged.body).toEqual({ data: null });
    expect((forged.headers['set-cookie'] as unknown as string[]).some((c) => /^pending_order=;/.test(c))).toBe(true);
    for (const junk of ['x', '%00', 'ZZ-2026-000001.1.a', 'a'.repeat(5000)]) {
      await request(shop.url).get('/api/orders/pending').set('Cookie', `pending_order=${junk}`).expect(200);
    }

    // paid: no longer pending, and the cookie goes
    await db.query(`UPDATE shop_order SET payment_status = 'paid' WHERE number = $1`, [number]);
    const paid = await s.call('get', '/api/orders/pending').expect(200);
    expect(paid.body).toEqual({ data: null });
    expect((paid.headers['set-cookie'] as unknown as string[]).some((c) => /^pending_order=;/.test(c))).toBe(true);
    // paid orders cannot be switched or cancelled by the buyer (409 in the caller's language)
    const refused = await request(shop.url)
      .post(`/api/orders/${number}/cash-on-delivery`)
      .set('Accept-Language', 'hr')
      .set('X-CSRF-Token', s.token)
      .set('Cookie', s.agent.jar.getCookies({ path: '/', domain: '127.0.0.1', secure: false, script: false }).toValueString())
      .send({ view_token: token })
      .expect(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'ORDER_NOT_PENDING', message: expect.stringMatching(/više ne čeka plaćanje/) });
    expect((await s.call('post', `/api/orders/${number}/cancel`, { view_token: token }).expect(409)).body.errors[0].code).toBe(
      'ORDER_NOT_PENDING',
    );
  });

  it("finds the signed-in user's latest pending order without a cookie", async () => {
    const p = await createProduct(shop.app, { price: 700, stock: 10 });
    const user = await createUser(db, { country: 'HR' });
    const a = await signIn(shop.url, user.email, user.password);
    const first = await cardOrder(a, p.code, 1, user.email);
    const second = await cardOrder(a, p.code, 1, user.email);
    const fresh = await signIn(shop.url, user.email, user.password);
    const answer = (await fresh.call('get', '/api/orders/pending').expect(200)).body.data;
    expect(answer.order.number).toBe(second.number);
    expect(typeof answer.view_token).toBe('string');
    expect(first.number).not.toBe(second.number);
  });

  it('switches a failed card order to cash on delivery with its view token; a double click changes nothing more', async () => {
    const p = await createProduct(shop.app, { price: 900, stock: 10 });
    const s = await shopper(shop.url);
    const { number, token, total } = await cardOrder(s, p.code, 2);
    await db.query(`UPDATE shop_order SET payment_status = 'failed' WHERE number = $1`, [number]);
    const stock = await stockOf(p.code);

    // from another browser holding only the link's token (the mail link)
    const other = await shopper(shop.url, 'de');
    const res = await other.call('post', `/api/orders/${number}/cash-on-delivery`, { view_token: token }).expect(200);
    PendingOrderActionAnswer.parse(res.body);
    expect(res.body.data.order).toMatchObject({
      number,
      payment_method: 'cod',
      payment_status: 'awaiting_payment',
      fulfilment_status: 'placed',
      total,
    });
    const again = await other.call('post', `/api/orders/${number}/cash-on-delivery`, { view_token: token }).expect(200);
    expect(again.body.data.order).toEqual(res.body.data.order);

    expect(await stockOf(p.code)).toBe(stock); // still held, not taken twice
    const changed = await events('order.payment-method-changed', number);
    expect(changed).toHaveLength(1);
    expect(orderPaymentMethodChanged.schema.parse(changed[0])).toMatchObject({
      orderNumber: number,
      from: 'card',
      to: 'cod',
      total,
      locale: 'en',
    });
    expect(await history(number)).toEqual(['placed', 'payment_method_changed']);
    expect((await s.call('get', '/api/orders/pending').expect(200)).body).toEqual({ data: null });
    // cash on delivery is no longer 'try again' by card
    expect((await other.call('post', `/api/orders/${number}/payment`, { view_token: token }).expect(409)).body.errors[0].code).toBe(
      'ORDER_PAYMENT_NOT_RETRYABLE',
    );
  });

  it('shows a changed total before switching: 409 ORDER_TOTAL_CHANGED with the new totals, accepted only with that total', async () => {
    const p = await createProduct(shop.app, { price: 1000, stock: 10, vatRate: 5 });
    const s = await shopper(shop.url);
    const { number, token, total } = await cardOrder(s, p.code, 2);
    await shop.app.get(PriceService).changePrice(p.code, 1100);

    const refused = await s.call('post', `/api/orders/${number}/cash-on-delivery`, { view_token: token }).expect(409);
    OrderTotalChangedError.parse(refused.body);
    const newTotal = total + 200;
    expect(refused.body.errors[0]).toMatchObject({ code: 'ORDER_TOTAL_CHANGED', totals: { subtotal: 2200, total: newTotal } });
    expect(refused.body.errors[0].message).toContain(`€${(newTotal / 100).toFixed(2)}`);
    expect(await row(number)).toMatchObject({ payment_method: 'card', total });
    await s.call('post', `/api/orders/${number}/cash-on-delivery`, { view_token: token, expected_total: total }).expect(409);
    expect(await events('order.payment-method-changed', number)).toHaveLength(0);

    const ok = await s.call('post', `/api/orders/${number}/cash-on-delivery`, { view_token: token, expected_total: newTotal }).expect(200);
    expect(ok.body.data.order).toMatchObject({
      payment_method: 'cod',
      subtotal: 2200,
      total: newTotal,
      lines: [{ unit_price: 1100, quantity: 2, line_total: 2200 }],
    });
    const vat = ok.body.data.order.vat_by_rate as Array<{ base: number; vat: number }>;
    expect(vat.reduce((n, r) => n + r.base + r.vat, 0)).toBe(newTotal);
  });

  it('cancels a guest order: stock released once, coupon given back, lines back in the cart, one order.cancelled by the buyer; a double click adds nothing', async () => {
    const p = await createProduct(shop.app, { price: 1500, stock: 10 });
    const q = await createProduct(shop.app, { price: 300, stock: null });
    const coupon = await createCoupon(shop.app, { kind: 'fixed', amount: 100, usageLimit: 1 });
    const s = await shopper(shop.url);
    await s.call('post', '/api/cart/items', { product_code: q.code, quantity: 3 }).expect(200);
    await s.call('put', '/api/cart/coupon', { code: coupon.code }).expect(200);
    const { number, token } = await cardOrder(s, p.code, 4);
    expect(await stockOf(p.code)).toBe(6);
    const redemptions = () =>
      db.query(`SELECT 1 FROM coupon_redemption r JOIN coupon c ON c.id = r.coupon_id WHERE c.code = $1`, [coupon.code]);
    expect(await redemptions()).toHaveLength(1);

    const clicks = await Promise.all([
      s.call('post', `/api/orders/${number}/cancel`, { view_token: token }),
      s.call('post', `/api/orders/${number}/cancel`, { view_token: token }),
    ]);
    for (const c of clicks) {
      expect(c.status).toBe(200);
      PendingOrderActionAnswer.parse(c.body);
      expect(c.body.data.order).toMatchObject({ number, fulfilment_status: 'cancelled', payment_method: 'card' });
    }
    expect(await stockOf(p.code)).toBe(10);
    expect(await redemptions()).toHaveLength(0);
    const cart = await s.cart();
    expect(cart.lines.map((l: { product_code: string; quantity: number }) => [l.product_code, l.quantity]).sort()).toEqual(
      [
        [p.code, 4],
        [q.code, 3],
      ].sort(),
    );
    const cancelled = await events('order.cancelled', number);
    expect(cancelled).toHaveLength(1);
    expect(orderCancelled.schema.parse(cancelled[0])).toMatchObject({ cancelledBy: 'buyer', refunded: false, actor: 'ana@example.com' });
    expect(await history(number)).toEqual(['placed', 'cancelled']);
    await s.call('post', `/api/orders/${number}/cancel`, { view_token: token }).expect(200);
    expect(await stockOf(p.code)).toBe(10);
    expect((await s.cart()).lines).toHaveLength(2);
    // a cancelled order is no longer switched
    expect((await s.call('post', `/api/orders/${number}/cash-on-delivery`, { view_token: token }).expect(409)).body.errors[0].code).toBe(
      'ORDER_NOT_PENDING',
    );
  });

  it("puts a cancelled order's lines into the cart of the browser that cancels it (a new cart and cookie when it has none)", async () => {
    const p = await createProduct(shop.app, { price: 650, stock: 5 });
    const s = await shopper(shop.url);
    const { number, token } = await cardOrder(s, p.code, 2);
    const stranger = await shopper(shop.url); // no cart at all: e.g. the mail link on another device
    const res = await stranger.call('post', `/api/orders/${number}/cancel`, { view_token: token }).expect(200);
    expect((res.headers['set-cookie'] as unknown as string[]).some((c) => c.startsWith('cart='))).toBe(true);
    expect((await stranger.cart()).lines).toMatchObject([{ product_code: p.code, quantity: 2 }]);
  });

  it('lets the signed-in owner act without a token; another user, anonymous callers and bad input get 404 / 422, never 500', async () => {
    const p = await createProduct(shop.app, { price: 420, stock: 10 });
    const owner = await createUser(db, { country: 'HR' });
    const other = await createUser(db, { country: 'HR' });
    const a = await signIn(shop.url, owner.email, owner.password);
    const b = await signIn(shop.url, other.email, other.password);
    const { number, token } = await cardOrder(a, p.code, 2, owner.email);
    const anon = await shopper(shop.url);

    for (const path of [`/api/orders/${number}/cancel`, `/api/orders/${number}/cash-on-delivery`]) {
      const refusals = [
        await b.call('post', path, {}),
        await anon.call('post', path, {}),
        await anon.call('post', path, { view_token: 'nope' }),
        await anon.call('post', path, { view_token: { $ne: null } }),
        await anon.call('post', path.replace(number, 'ZZ-2026-999999'), { view_token: token }),
        await anon.call('post', path.replace(number, encodeURIComponent("ZZ' OR 1=1")), { view_token: token }),
      ];
      for (const r of refusals) {
        expect(r.status).toBe(404);
        ErrorResponseSchema.parse(r.body);
        expect(r.body.errors[0].code).toBe('ORDER_NOT_FOUND');
      }
    }
    for (const bad of ['12', -1, 1.5, 'x', [], {}, true]) {
      const r = await a.call('post', `/api/orders/${number}/cash-on-delivery`, { expected_total: bad });
      expect(r.status).toBe(422);
      expect(r.body.errors[0]).toMatchObject({ code: 'ORDER_EXPECTED_TOTAL_INVALID', field: 'expected_total' });
    }
    for (const body of ['[]', '"x"', 'null', '{"view_token":']) {
      const r = await anon.agent
        .post(`/api/orders/${number}/cancel`)
        .set('X-CSRF-Token', anon.token)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    // without the CSRF token: refused before anything
    await request(shop.url).post(`/api/orders/${number}/cancel`).send({ view_token: token }).expect(403);
    expect(await row(number)).toMatchObject({ fulfilment_status: 'placed', payment_method: 'card' });

    const cancelled = await a.call('post', `/api/orders/${number}/cancel`, {}).expect(200);
    expect(cancelled.body.data.order.fulfilment_status).toBe('cancelled');
    expect((await a.cart()).lines).toMatchObject([{ product_code: p.code, quantity: 2 }]);
  });

  it('lists the new calls in the OpenAPI document', async () => {
    const doc = (await request(shop.url).get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/orders/pending'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/orders/{number}/cash-on-delivery'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/orders/{number}/cancel'] ?? {})).toContain('post');
  });
});
