// Placing an order (POST /api/orders) and reading one (GET /api/orders/{number}) on the real shop,
// real PostgreSQL and Redis (docs/orders.md, 'Placing an order', 'Reading an order').
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { OrderDetailResponse, OrderTotalChangedError, PlaceOrderAnswer, PlaceOrderBody } from '../../../contract/api/order.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { orderPlaced } from '../../../contract/events/order.js';
import { CartService, CouponService, verifyCartCookie } from '../../../server/modules/cart/index.js';
import { CatalogService } from '../../../server/modules/catalog/index.js';
import {
  OrderHistoryRepository,
  OrderPlacement,
  OrderReadService,
  OrderViewTokens,
  OrderWriter,
  type PaymentStarter,
} from '../../../server/modules/order/index.js';
import { EventPublisher } from '../../../server/platform/events/index.js';
import type { RunningShop } from '../../../server/main.js';
import { createProduct } from '../../factories/catalog.js';
import { ADDRESS } from '../../factories/checkout.js';
import { createCoupon } from '../../factories/coupon.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { cartCookie, shopper, type Shopper } from '../../support/shopper.js';

function orderBody(expectedTotal: number, overrides: Record<string, unknown> = {}) {
  return {
    email: 'ana@example.com',
    phone: '+385 91 234 5678',
    delivery_address: ADDRESS,
    payment_method: 'cod',
    terms_accepted: true,
    expected_total: expectedTotal,
    ...overrides,
  };
}

function place(s: Shopper, body: unknown, key: string | null = randomUUID()) {
  const req = s.call('post', '/api/orders', body);
  return key === null ? req : req.set('Idempotency-Key', key);
}

describe('placing and reading orders (API, real PostgreSQL and Redis)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;

  beforeAll(async () => {
    // A known port, so the payment callback URL (PUBLIC_URL + its path) reaches this very shop.
    const port = await freePort();
    shop = await startShop({
      env: {
        AUTH_RATE_LIMIT_PER_IP: '10000',
        DB_POOL_SIZE: '20',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        QUEUE_RETRY_DELAY_MS: '50',
      },
    });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  /** A guest with a cart holding `quantity` packs of each product. */
  async function guestWith(products: Array<{ code: string; quantity?: number }>, language = 'en'): Promise<Shopper> {
    const s = await shopper(shop.url, language);
    for (const p of products) await s.call('post', '/api/cart/items', { product_code: p.code, quantity: p.quantity ?? 1 }).expect(200);
    return s;
  }

  const count = async (sql: string, params: unknown[]) => ((await db.query(sql, params)) as Array<{ n: number }>)[0].n;
  const stockOf = async (code: string) =>
    ((await db.query(`SELECT stock FROM product WHERE code = $1`, [code])) as Array<{ stock: number | null }>)[0].stock;
  const ordersWith = (code: string) =>
    count(`SELECT count(DISTINCT order_id)::int AS n FROM shop_order_line WHERE product_code = $1`, [code]);
  const placedEvents = async (number: string) =>
    (await db.query(`SELECT payload FROM outbox_event WHERE name = 'order.placed' AND payload->>'orderNumber' = $1`, [number])) as Array<{
      payload: unknown;
    }>;

  it('places a cash-on-delivery order with exactly the cart totals, empties the cart, takes the stock and writes one order.placed', async () => {
    const pasta = await createProduct(shop.app, { price: 400, vatRate: 5, weight: 400, stock: 20 });
    const sauce = await createProduct(shop.app, { price: 1200, vatRate: 25, weight: 400 });
    const s = await guestWith([{ code: pasta.code, quantity: 2 }, { code: sauce.code }]);
    const coupon = await createCoupon(shop.app, { kind: 'fixed', amount: 200 });
    await s.call('put', '/api/cart/coupon', { code: coupon.code }).expect(200);
    const cart = await s.cart();
    expect(cart).toMatchObject({ subtotal: 2000, discount: 200, total: 2200 });

    const billing = { ...ADDRESS, street: 'Vlaška 2' };
    const r1 = {
      company_name: 'Zrno d.o.o.',
      tax_id: 'HR 94577403194',
      street: 'Vlaška 2',
      postal_code: '10 000',
      city: 'Zagreb',
      country: 'hr',
    };
    const res = await place(
      s,
      orderBody(cart.total, { billing_address: billing, r1_invoice: r1, courier_note: 'Zvonite dvaput', remark: ' Hvala ' }),
    ).expect(201);
    PlaceOrderAnswer.parse(res.body);
    const { order, view_token, payment } = res.body.data;
    expect(payment).toBeNull();
    expect(view_token).toEqual(expect.any(String));
    expect(order).toMatchObject({
      number: expect.stringMatching(/^ZZ-\d{4}-\d{6}$/),
      status: 'awaiting_payment',
      payment_status: 'awaiting_payment',
      fulfilment_status: 'placed',
      payment_method: 'cod',
      email: 'ana@example.com',
      locale: 'en',
      subtotal: cart.subtotal,
      discount: cart.discount,
      coupon_code: coupon.code,
      delivery: cart.delivery,
      total: cart.total,
      vat_base: cart.vat_base,
      vat_total: cart.vat_total,
      vat_by_rate: cart.vat_by_rate,
      delivery_address: ADDRESS,
      billing_address: billing,
      r1_invoice: { ...r1, tax_id: '94577403194', postal_code: '10000', country: 'HR' },
      courier_note: 'Zvonite dvaput',
      remark: 'Hvala',
      tracking_number: null,
    });
    expect(order.lines).toEqual(
      cart.lines.map(
        (l: { product_code: string; name: string; unit_price: number; quantity: number; vat_rate: number; line_total: number }) => ({
          product_code: l.product_code,
          name: l.name,
          unit_price: l.unit_price,
          quantity: l.quantity,
          vat_rate: l.vat_rate,
          line_total: l.line_total,
        }),
      ),
    );

    expect(await s.cart()).toMatchObject({ lines: [], item_count: 0, coupon: null, state: 'empty' });
    expect(await stockOf(pasta.code)).toBe(18);
    expect(
      await count(`SELECT count(*)::int AS n FROM coupon_redemption r JOIN coupon c ON c.id = r.coupon_id WHERE c.code = $1`, [
        coupon.code,
      ]),
    ).toBe(1);
    const events = await placedEvents(order.number);
    expect(events).toHaveLength(1);
    expect(orderPlaced.schema.parse(events[0].payload)).toMatchObject({
      version: 1,
      orderNumber: order.number,
      userId: null,
      email: 'ana@example.com',
      locale: 'en',
      paymentMethod: 'cod',
      total: cart.total,
    });

    // the guest reads it with the token
    const read = await request(shop.url)
      .get(`/api/orders/${order.number}?view_token=${encodeURIComponent(view_token)}`)
      .expect(200);
    expect(OrderDetailResponse.parse(read.body).data).toEqual(order);
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('answers the same order for the same Idempotency-Key, 409 for the same key with another body, 422 without a key', async () => {
    const p = await createProduct(shop.app, { price: 500, stock: 5 });
    const s = await guestWith([{ code: p.code }]);
    const { total } = await s.cart();
    const key = randomUUID();
    const first = await place(s, orderBody(total), key).expect(201);
    const again = await place(s, orderBody(total), key).expect(200);
    expect(again.body.data.order).toEqual(first.body.data.order);
    PlaceOrderAnswer.parse(again.body);
    const conflict = await place(s, orderBody(total, { phone: '+385 1 111 1111' }), key).expect(409);
    expect(conflict.body.errors[0]).toMatchObject({ code: 'ORDER_IDEMPOTENCY_CONFLICT' });
    expect(await count(`SELECT count(*)::int AS n FROM shop_order WHERE idempotency_key = $1`, [key])).toBe(1);
    expect(await stockOf(p.code)).toBe(4);
    expect(await placedEvents(first.body.data.order.number)).toHaveLength(1);

    // a write like any other: no CSRF token, no order
    const forged = await request(shop.url)
      .post('/api/orders')
      .set('Cookie', s.agent.jar.getCookies({ path: '/', domain: '127.0.0.1', secure: false, script: false }).toValueString())
      .set('Idempotency-Key', randomUUID())
      .send(orderBody(total));
    expect([forged.status, forged.body.errors?.[0]?.code]).toEqual([403, 'CSRF_TOKEN_INVALID']);

    for (const bad of [null, 'short', 'x'.repeat(101), 'spaces are bad', 'ü'.repeat(10)]) {
      const res = await place(s, orderBody(total), bad).expect(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'ORDER_IDEMPOTENCY_KEY_INVALID', field: 'Idempotency-Key' });
    }
  });

  it('places one order when the same key arrives five times at once', async () => {
    const p = await createProduct(shop.app, { price: 700, stock: 50 });
    const s = await guestWith([{ code: p.code, quantity: 2 }]);
    const { total } = await s.cart();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(s, orderBody(total), key)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.order.number)).size).toBe(1);
    expect(await ordersWith(p.code)).toBe(1);
    expect(await stockOf(p.code)).toBe(48);
  });

  it('sells exactly 10 packs to 50 guests buying at once: 10 orders, 40 clean 409s', async () => {
    const p = await createProduct(shop.app, { price: 300, stock: 10 });
    const guests: Array<{ s: Shopper; total: number }> = [];
    for (let i = 0; i < 50; i++) {
      const s = await guestWith([{ code: p.code }]);
      guests.push({ s, total: (await s.cart()).total });
    }
    const answers = await Promise.all(guests.map(({ s, total }) => place(s, orderBody(total))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(10);
    expect(statuses.filter((x) => x === 409)).toHaveLength(40);
    // a race lost in the stock update, or a product already sold out (no longer purchasable) when the cart was read
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(['CATALOG_OUT_OF_STOCK', 'ORDER_PRODUCT_UNAVAILABLE']).toContain(ErrorResponseSchema.parse(refused.body).errors[0].code);
    }
    expect(await stockOf(p.code)).toBe(0);
    expect(await ordersWith(p.code)).toBe(10);
    const numbers = answers.filter((a) => a.status === 201).map((a) => a.body.data.order.number as string);
    expect(new Set(numbers).size).toBe(10);
  });

  it('redeems a coupon no more often than its usage limit when buyers race for it', async () => {
    const p = await createProduct(shop.app, { price: 1000 });
    const coupon = await createCoupon(shop.app, { kind: 'percent', percent: 10, usageLimit: 3 });
    const guests: Array<{ s: Shopper; total: number }> = [];
    for (let i = 0; i < 8; i++) {
      const s = await guestWith([{ code: p.code }]);
      await s.call('put', '/api/cart/coupon', { code: coupon.code }).expect(200);
      const cart = await s.cart();
      expect(cart.discount).toBe(100);
      guests.push({ s, total: cart.total });
    }
    const answers = await Promise.all(guests.map(({ s, total }) => place(s, orderBody(total))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(['ORDER_COUPON_UNAVAILABLE', 'ORDER_TOTAL_CHANGED']).toContain(r.body.errors[0].code);
    }
    expect(
      await count(`SELECT count(*)::int AS n FROM coupon_redemption r JOIN coupon c ON c.id = r.coupon_id WHERE c.code = $1`, [
        coupon.code,
      ]),
    ).toBe(3);
    expect(await ordersWith(p.code)).toBe(3);
  });

  it('refuses a changed total with 409 and the new totals, saving nothing', async () => {
    const p = await createProduct(shop.app, { price: 450, stock: 7 });
    const s = await guestWith([{ code: p.code, quantity: 2 }], 'hr');
    const cart = await s.cart();
    const res = await place(s, orderBody(cart.total - 1)).expect(409);
    const error = OrderTotalChangedError.parse(res.body).errors[0];
    expect(error).toMatchObject({
      code: 'ORDER_TOTAL_CHANGED',
      field: 'expected_total',
      totals: {
        subtotal: cart.subtotal,
        discount: cart.discount,
        delivery: cart.delivery,
        total: cart.total,
        vat_base: cart.vat_base,
        vat_total: cart.vat_total,
        vat_by_rate: cart.vat_by_rate,
      },
    });
    expect(error.message).toMatch(/^Iznos narudžbe promijenio se na /);
    expect(await stockOf(p.code)).toBe(7);
    expect(await ordersWith(p.code)).toBe(0);
    expect((await s.cart()).item_count).toBe(2);
  });

  it('refuses an unavailable product, an empty cart and a guest without a cart with 409', async () => {
    const p = await createProduct(shop.app, { price: 450 });
    const q = await createProduct(shop.app, { price: 250 });
    const s = await guestWith([{ code: p.code }, { code: q.code }]);
    await db.query(`UPDATE product SET availability = 'soon_available_again' WHERE code = $1`, [q.code]);
    const { total } = await s.cart();
    const res = await place(s, orderBody(total)).expect(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'ORDER_PRODUCT_UNAVAILABLE' });
    expect(res.body.errors[0].message).toContain(q.code);
    expect(await ordersWith(p.code)).toBe(0);

    await s.call('delete', `/api/cart/items/${p.code}`).expect(200);
    await s.call('delete', `/api/cart/items/${q.code}`).expect(200);
    expect((await place(s, orderBody(0)).expect(409)).body.errors[0].code).toBe('ORDER_CART_EMPTY');
    const stranger = await shopper(shop.url);
    expect((await place(stranger, orderBody(0)).expect(409)).body.errors[0].code).toBe('ORDER_CART_EMPTY');
  });

  it('refuses a card order Monri cannot charge (below 1.00 EUR: its amount is 3 to 11 digits) with a clear message, and writes nothing', async () => {
    // Today's delivery fees keep every total above 4 EUR, so the cart's total is forced low here; the check is the last line.
    const p = await createProduct(shop.app, { price: 450, stock: 3 });
    const carts = shop.app.get(CartService);
    const real = carts.checkoutCart.bind(carts);
    const spy = jest.spyOn(carts, 'checkoutCart').mockImplementation(async (...args: Parameters<CartService['checkoutCart']>) => {
      const cart = await real(...args);
      return cart && { ...cart, totals: { ...cart.totals, total: 99 } };
    });
    try {
      for (const [language, text] of [
        ['hr', 'Plaćanje karticom moguće je za iznose od 1,00\u00a0€'],
        ['sl', 'Plačilo s kartico je mogoče za zneske od 1,00\u00a0€'],
        ['en', 'Card payment is possible for amounts from €1.00'],
      ] as const) {
        const s = await guestWith([{ code: p.code }], language);
        const res = await place(s, orderBody(99, { payment_method: 'card' }))
          .set('Accept-Language', language)
          .expect(422);
        expect(res.body.errors[0]).toMatchObject({ code: 'ORDER_CARD_AMOUNT_OUT_OF_RANGE', field: 'payment_method' });
        expect(res.body.errors[0].message.replace(/\s/g, ' ')).toContain(text.replace(/\u00a0/g, ' '));
      }
    } finally {
      spy.mockRestore();
    }
    expect(await ordersWith(p.code)).toBe(0);
    expect(await stockOf(p.code)).toBe(3);
  });

  it('places a card order and hands it to the payment sandbox; its approval pays the order (API to paid, end to end)', async () => {
    const p = await createProduct(shop.app, { price: 450, stock: 3 });
    const s = await guestWith([{ code: p.code }], 'de');
    const { total } = await s.cart();
    const res = await place(s, orderBody(total, { payment_method: 'card' })).expect(201);
    const { order, view_token, payment } = PlaceOrderAnswer.parse(res.body).data;
    expect(order).toMatchObject({ payment_method: 'card', payment_status: 'awaiting_payment', total });
    expect(await stockOf(p.code)).toBe(2);
    expect(payment).toMatchObject({ action: `${shop.url}/sandbox/monri/v2/form`, method: 'POST' });
    const fields = payment!.fields;
    // Monri's order_number is the attempt's reference; the browser returns through the shop's return endpoint
    expect(fields).toMatchObject({ order_number: `${order.number}_1`, amount: String(total), currency: 'EUR' });
    expect(fields.success_url_override).toBe(`${shop.url}/api/payments/return/${order.number}_1/success`);
    expect(fields.cancel_url_override).toBe(`${shop.url}/api/payments/return/${order.number}_1/cancel`);

    const posted = await fetch(payment!.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    const approved = await fetch(`${shop.url}${posted.headers.get('location')!}/approve`, {
      method: 'POST',
      headers: { origin: shop.url },
      redirect: 'manual',
    });
    expect(approved.status).toBe(302);
    // ... which sends it on to the payment pages in the order's language, with a token to show the order
    const returned = await fetch(approved.headers.get('location')!, { redirect: 'manual' });
    expect(returned.status).toBe(303);
    const back = new URL(returned.headers.get('location')!);
    expect(back.pathname).toBe('/de/payment-success');
    expect(back.searchParams.get('order')).toBe(order.number);
    await request(shop.url)
      .get(`/api/orders/${order.number}`)
      .query({ view_token: back.searchParams.get('token')! })
      .expect(200);
    const deadline = Date.now() + 30_000;
    let status = '';
    while (Date.now() < deadline) {
      const read = await request(shop.url).get(`/api/orders/${order.number}`).query({ view_token }).expect(200);
      status = read.body.data.payment_status;
      if (status === 'paid') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('paid');
  });

  it('places a card order awaiting payment with the form of the bound PaymentStarter, inside the placing transaction', async () => {
    // the payment module binds PAYMENT_STARTER; here a stand-in shows the contract of the port
    const started: Array<{ number: string; total: number; inTransaction: boolean }> = [];
    const starter: PaymentStarter = {
      start: async (order, manager) => {
        started.push({ number: order.number, total: order.total, inTransaction: !!manager.queryRunner?.isTransactionActive });
        return { action: 'https://pay.example/form', method: 'POST', fields: { order_number: order.number, amount: String(order.total) } };
      },
    };
    const app = shop.app;
    const placement = new OrderPlacement(
      db,
      app.get(CartService),
      app.get(CouponService),
      app.get(CatalogService),
      app.get(OrderWriter),
      app.get(OrderReadService),
      app.get(OrderViewTokens),
      app.get(EventPublisher),
      app.get(OrderHistoryRepository),
      starter,
    );
    const p = await createProduct(shop.app, { price: 990, stock: 4 });
    const s = await shopper(shop.url);
    const added = await s.call('post', '/api/cart/items', { product_code: p.code, quantity: 1 }).expect(200);
    const guestCartId = verifyCartCookie(shop.config.secretKey, cartCookie(added));
    expect(guestCartId).toEqual(expect.any(String));
    const body = PlaceOrderBody.parse(orderBody(added.body.data.total, { payment_method: 'card' }));
    const key = randomUUID();

    const first = await placement.place({ guestCartId }, key, body, 'hr');
    expect(first).toMatchObject({
      created: true,
      order: { payment_method: 'card', payment_status: 'awaiting_payment', fulfilment_status: 'placed', locale: 'hr' },
    });
    expect(first.payment).toEqual({
      action: 'https://pay.example/form',
      method: 'POST',
      fields: { order_number: first.order.number, amount: String(first.order.total) },
    });
    expect(started).toEqual([{ number: first.order.number, total: first.order.total, inTransaction: true }]);
    const again = await placement.place({ guestCartId }, key, body, 'hr');
    expect(again).toMatchObject({ created: false, order: first.order, payment: first.payment });
    expect(await ordersWith(p.code)).toBe(1);
    expect(orderPlaced.schema.parse((await placedEvents(first.order.number))[0].payload)).toMatchObject({ paymentMethod: 'card' });
  });

  it('answers hostile bodies with 422 and coded fields, never a 500', async () => {
    const p = await createProduct(shop.app, { price: 450 });
    const s = await guestWith([{ code: p.code }]);
    const { total } = await s.cart();
    const hostile: unknown[] = [
      ['a', 'b'],
      { nested: { deeper: [1, { $ne: null }] } },
      'x'.repeat(20_000),
      1e308,
      true,
      null,
      -1,
      { __proto__: { admin: true } },
    ];
    for (const v of hostile) {
      const bodies = [
        {
          email: v,
          phone: v,
          delivery_address: v,
          billing_address: v,
          r1_invoice: v,
          courier_note: v,
          remark: v,
          payment_method: v,
          terms_accepted: v,
          expected_total: v,
        },
        orderBody(total, { delivery_address: { ...ADDRESS, first_name: v, postal_code: v, country: v } }),
        orderBody(total, { r1_invoice: { company_name: v, tax_id: v, street: v, postal_code: v, city: v, country: v } }),
        ...(typeof v === 'object' && v !== null ? [v] : []), // a bare array or object as the body
      ];
      for (const body of bodies) {
        const res = await place(s, body);
        // 20,000 characters in every field is more than a body may be (413), a bare string is no JSON (415); else 422
        const expected = [413, 415].includes(res.status) ? res.status : 422;
        expect([JSON.stringify(v)?.slice(0, 30), res.status]).toEqual([JSON.stringify(v)?.slice(0, 30), expected]);
        ErrorResponseSchema.parse(res.body);
      }
    }
    const notJson = await s.agent
      .post('/api/orders')
      .set('X-CSRF-Token', s.token)
      .set('Idempotency-Key', randomUUID())
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(notJson.status).toBeLessThan(500);

    const badOib = await place(
      s,
      orderBody(total, {
        r1_invoice: { company_name: 'Zrno', tax_id: '94577403195', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' },
      }),
    ).expect(422);
    expect(badOib.body.errors).toEqual([{ code: 'ORDER_OIB_INVALID', field: 'r1_invoice.tax_id', message: expect.stringMatching(/OIB/) }]);
    const badZip = await place(s, orderBody(total, { delivery_address: { ...ADDRESS, postal_code: '1000' } })).expect(422);
    expect(badZip.body.errors[0]).toMatchObject({ code: 'ORDER_POSTAL_CODE_MISMATCH', field: 'delivery_address.postal_code' });
    const abroad = await place(s, orderBody(total, { delivery_address: { ...ADDRESS, country: 'US' } })).expect(422);
    expect(abroad.body.errors[0]).toMatchObject({ code: 'ORDER_COUNTRY_INVALID', field: 'delivery_address.country' });
    expect(await ordersWith(p.code)).toBe(0);
  });

  it('shows an order to its owner and to holders of a valid token only; everyone else gets the same 404', async () => {
    const p = await createProduct(shop.app, { price: 800 });
    const owner = await createUser(db, { country: 'HR' });
    const other = await createUser(db, { country: 'HR' });
    const a = await signIn(shop.url, owner.email, owner.password);
    const b = await signIn(shop.url, other.email, other.password);
    await a.call('post', '/api/cart/items', { product_code: p.code, quantity: 1 }).expect(200);
    const placed = await place(a, orderBody((await a.cart()).total, { email: owner.email })).expect(201);
    const { order, view_token } = placed.body.data;
    const events = await placedEvents(order.number);
    expect(orderPlaced.schema.parse(events[0].payload)).toMatchObject({ userId: owner.id });

    const guestOrder = await (async () => {
      const g = await guestWith([{ code: p.code }]);
      return (await place(g, orderBody((await g.cart()).total)).expect(201)).body.data;
    })();

    const path = `/api/orders/${order.number}`;
    expect((await a.call('get', path).expect(200)).body.data).toEqual(order);
    expect((await a.call('get', '/api/orders').expect(200)).body.data[0]).toMatchObject({
      number: order.number,
      payment_status: 'awaiting_payment',
      fulfilment_status: 'placed',
    });
    expect(
      (
        await request(shop.url)
          .get(`${path}?view_token=${encodeURIComponent(view_token)}`)
          .expect(200)
      ).body.data,
    ).toEqual(order);
    expect((await request(shop.url).get(path).set('X-Order-Token', view_token).expect(200)).body.data).toEqual(order);

    const tokens = shop.app.get(OrderViewTokens);
    const [row] = (await db.query(`SELECT number, view_secret AS "viewSecret" FROM shop_order WHERE number = $1`, [
      order.number,
    ])) as Array<{ number: string; viewSecret: string }>;
    const expired = tokens.sign(row, new Date(Date.now() - 31 * 86_400_000));
    const forged = `${order.number}.${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`;
    const refusals: Array<[string, request.Test]> = [
      ['another user', b.call('get', path)],
      ['anonymous', request(shop.url).get(path)],
      ['expired token', request(shop.url).get(`${path}?view_token=${encodeURIComponent(expired)}`)],
      ['forged token', request(shop.url).get(path).set('X-Order-Token', forged)],
      ["another order's token", request(shop.url).get(`${path}?view_token=${encodeURIComponent(guestOrder.view_token)}`)],
      [
        'token of this order for another number',
        request(shop.url).get(`/api/orders/${guestOrder.order.number}?view_token=${encodeURIComponent(view_token)}`),
      ],
      ['token array', request(shop.url).get(`${path}?view_token=a&view_token=b`)],
      ['unknown number', request(shop.url).get('/api/orders/ZZ-2026-999999').set('X-Order-Token', view_token)],
      ['malformed number', request(shop.url).get(`/api/orders/${encodeURIComponent("ZZ-2026-000001' OR '1'='1")}`)],
      ['signed-in owner of another order', b.call('get', `${path}?view_token=garbage`)],
    ];
    for (const [who, req] of refusals) {
      const res = await req;
      expect([who, res.status, res.body.errors?.[0]?.code]).toEqual([who, 404, 'ORDER_NOT_FOUND']);
    }
    // the guest's token still reads the guest's order
    await request(shop.url).get(`/api/orders/${guestOrder.order.number}`).set('X-Order-Token', guestOrder.view_token).expect(200);
  });
});
