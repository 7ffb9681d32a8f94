// VAT across the EU (docs/invoicing/vat.md) on the real shop (PostgreSQL, Redis) with VAT_OSS=on:
// the cart, the checkout and the placed order carry the delivery country's rates while the gross
// stays the catalogue's; the year's EU distance sales (paid orders to other EU countries, net,
// refunds deducted, the calendar year in Europe/Zagreb) through GET /api/admin/vat/eu-distance-sales
// (anonymous 401, customer 403, operator 200, hostile `year` 422) and on the back office's order list (client/admin/orders/orders.spec.tsx).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { EuDistanceSalesResponse } from '../../../contract/api/admin-vat.js';
import { vatOfGross } from '../../../contract/money.js';
import type { RunningShop } from '../../../server/main.js';
import { EuDistanceSales } from '../../../server/modules/order/index.js';
import { createProduct } from '../../factories/catalog.js';
import { createOrder } from '../../factories/order.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';

const DE_ADDRESS = { first_name: 'Anna', last_name: 'Huber', street: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country: 'DE' };

describe('VAT with the OSS on, and the EU distance-sales total', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let admin: Shopper;
  let customer: Shopper;

  beforeAll(async () => {
    const port = await freePort();
    shop = await startShop({
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_IP: '1000', VAT_OSS: 'on' },
      role: 'web',
    });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin' });
    admin = await signIn(shop.url, operator.email, operator.password);
    const buyer = await createUser(db);
    customer = await signIn(shop.url, buyer.email, buyer.password);
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  it("charges the destination's rates per product class in the cart and the order, the gross unchanged; Croatia keeps the catalogue rates", async () => {
    const pasta = await createProduct(shop.app, { price: 400, vatRate: 5, vatClass: 'food', weight: 400, stock: 20 });
    const book = await createProduct(shop.app, { price: 1500, vatRate: 25, vatClass: 'standard', weight: 300 });
    const s = await shopper(shop.url, 'de');
    await s.call('post', '/api/cart/items', { product_code: pasta.code, quantity: 3 }).expect(200);
    await s.call('post', '/api/cart/items', { product_code: book.code, quantity: 1 }).expect(200);

    await s.call('put', '/api/cart/destination', { country: 'HR', postal_code: '10000' }).expect(200);
    const hr = await s.cart();
    expect(hr.vat_country).toBe('HR');
    expect(Object.fromEntries(hr.lines.map((l: { product_code: string; vat_rate: number }) => [l.product_code, l.vat_rate]))).toEqual({
      [pasta.code]: 5,
      [book.code]: 25,
    });

    await s.call('put', '/api/cart/destination', { country: 'DE', postal_code: '10115' }).expect(200);
    const de = await s.cart();
    expect(de.vat_country).toBe('DE');
    expect(de.subtotal).toBe(2700); // the same gross prices as in Croatia
    expect(de.delivery).toBeGreaterThan(0);
    expect(Object.fromEntries(de.lines.map((l: { product_code: string; vat_rate: number }) => [l.product_code, l.vat_rate]))).toEqual({
      [pasta.code]: 7,
      [book.code]: 19,
    });
    // food at 7 %; the book and delivery at the German standard rate, 19 %
    const at19 = 1500 + de.delivery;
    expect(de.vat_by_rate).toEqual([
      { rate: 7, base: 1200 - vatOfGross(1200, 7), vat: vatOfGross(1200, 7) },
      { rate: 19, base: at19 - vatOfGross(at19, 19), vat: vatOfGross(at19, 19) },
    ]);
    expect(de.total).toBe(2700 + de.delivery);
    expect(de.vat_base + de.vat_total).toBe(de.total);

    const res = await s
      .call('post', '/api/orders', {
        email: `oss-${randomUUID().slice(0, 8)}@example.com`,
        phone: '+49 30 123456',
        delivery_address: DE_ADDRESS,
        payment_method: 'cod',
        terms_accepted: true,
        expected_total: de.total,
      })
      .set('Idempotency-Key', randomUUID())
      .expect(201);
    const order = res.body.data.order;
    expect(order).toMatchObject({ total: de.total, vat_base: de.vat_base, vat_total: de.vat_total, vat_by_rate: de.vat_by_rate });
    expect(Object.fromEntries(order.lines.map((l: { product_code: string; vat_rate: number }) => [l.product_code, l.vat_rate]))).toEqual({
      [pasta.code]: 7,
      [book.code]: 19,
    });
    // the order keeps the rates it was charged, in its own rows
    expect(
      await db.query(
        `SELECT rate, base, vat FROM shop_order_vat v JOIN shop_order o ON o.id = v.order_id WHERE o.number = $1 ORDER BY rate`,
        [order.number],
      ),
    ).toEqual(de.vat_by_rate);
  });

  it('shows decimal rates (Slovenia 9.5 %) and the product page says the destination VAT applies', async () => {
    const pasta = await createProduct(shop.app, { price: 1095, vatRate: 5, weight: 400 });
    const s = await shopper(shop.url, 'sl');
    await s.call('post', '/api/cart/items', { product_code: pasta.code, quantity: 1 }).expect(200);
    await s.call('put', '/api/cart/destination', { country: 'SI', postal_code: '1000' }).expect(200);
    const si = await s.cart();
    expect(si.lines[0].vat_rate).toBe(9.5);
    expect(si.vat_by_rate[0]).toEqual({ rate: 9.5, base: 1000, vat: 95 });
    const detail = (await s.call('get', `/api/catalog/products/${pasta.slugs.sl}?locale=sl`).expect(200)).body.data;
    expect(detail).toMatchObject({ vat_rate: 5, vat_destination: true });
  });

  describe('the EU distance-sales total', () => {
    const food = (gross: number) => [{ productCode: 'ZZ-T', name: 'T', unitPrice: gross, quantity: 1, vatRate: 7 }];
    const email = () => `eu-${randomUUID().slice(0, 8)}@example.com`;
    const total = (year: number) => shop.app.get(EuDistanceSales).totalNetCents(year);

    beforeAll(async () => {
      // 2012: paid orders to DE and SI count with their net; Croatia, unpaid and refunded ones do not
      const at = new Date('2012-06-15T10:00:00Z');
      await createOrder(db, { email: email(), status: 'paid', country: 'DE', placedAt: at, lines: food(107_000) }); // net 100,000
      await createOrder(db, {
        email: email(),
        status: 'paid',
        country: 'SI',
        placedAt: at,
        lines: [{ productCode: 'ZZ-T', name: 'T', unitPrice: 109_500, quantity: 1, vatRate: 9.5 }],
      }); // net 100,000
      await createOrder(db, { email: email(), status: 'paid', country: 'HR', placedAt: at, lines: food(500_000) });
      await createOrder(db, { email: email(), status: 'awaiting_payment', country: 'DE', placedAt: at, lines: food(500_000) });
      await createOrder(db, { email: email(), status: 'refunded', country: 'SI', placedAt: at, lines: food(500_000) });
      // a card order to Austria (net 100,000 of 120,000), half of it refunded: net 50,000 left
      const partly = await createOrder(db, {
        email: email(),
        status: 'paid',
        country: 'AT',
        placedAt: at,
        lines: [{ productCode: 'ZZ-T', name: 'T', unitPrice: 120_000, quantity: 1, vatRate: 20 }],
      });
      await db.query(
        `INSERT INTO payment_attempt (order_number, amount, currency, provider, status, captured_amount, refunded_amount)
         VALUES ($1, 120000, 'EUR', 'sandbox', 'approved', 120000, 60000)`,
        [partly],
      );
      await db.query(
        `INSERT INTO shop_order_history (order_id, action, actor, detail) SELECT id, 'refunded', 'ops@example.com', '600,00 €, card' FROM shop_order WHERE number = $1`,
        [partly],
      );
      // the year's edges in Zagreb: 1 January 00:30 (CET) is still 2011 in UTC; 31 December 23:30 UTC is 2013 in Zagreb
      await createOrder(db, {
        email: email(),
        status: 'paid',
        country: 'DE',
        placedAt: new Date('2011-12-31T23:30:00Z'),
        lines: food(10_700),
      });
      await createOrder(db, {
        email: email(),
        status: 'paid',
        country: 'DE',
        placedAt: new Date('2012-12-31T23:30:00Z'),
        lines: food(10_700),
      });
      // 2014: near the threshold; 2015: over it
      await createOrder(db, {
        email: email(),
        status: 'paid',
        country: 'IT',
        placedAt: new Date('2014-05-01T10:00:00Z'),
        lines: food(856_000),
      }); // net 800,000
      await createOrder(db, {
        email: email(),
        status: 'paid',
        country: 'FR',
        placedAt: new Date('2015-05-01T10:00:00Z'),
        lines: food(1_070_107),
      }); // net 1,000,100
    });

    it('sums the net of paid orders to other EU countries in the Zagreb calendar year, refunds deducted', async () => {
      expect(await total(2012)).toBe(100_000 + 100_000 + 50_000 + 10_000);
      expect(await total(2013)).toBe(10_000);
      expect(await total(2011)).toBe(0);
    });

    it('answers operators with the total, the threshold, the share and the warning; 401 and 403 for the others', async () => {
      const anonymous = await shopper(shop.url, 'en');
      expect((await anonymous.call('get', '/api/admin/vat/eu-distance-sales?year=2012').expect(401)).body.errors[0].code).toBe(
        'AUTH_REQUIRED',
      );
      expect((await customer.call('get', '/api/admin/vat/eu-distance-sales?year=2012').expect(403)).body.errors[0].code).toBe(
        'AUTH_FORBIDDEN',
      );
      const res = await admin.call('get', '/api/admin/vat/eu-distance-sales?year=2012').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(EuDistanceSalesResponse.parse(res.body).data).toEqual({
        year: 2012,
        total_net_cents: 260_000,
        previous_year_net_cents: 0,
        threshold_cents: 1_000_000,
        share: 0.26,
        warning: 'none',
        oss_enabled: true,
      });
      expect((await admin.call('get', '/api/admin/vat/eu-distance-sales?year=2014').expect(200)).body.data).toMatchObject({
        total_net_cents: 800_000,
        share: 0.8,
        warning: 'near',
      });
      expect((await admin.call('get', '/api/admin/vat/eu-distance-sales?year=2015').expect(200)).body.data).toMatchObject({
        total_net_cents: 1_000_100,
        warning: 'over',
      });
      // the year after: nothing sold yet, but the year before was over the threshold
      expect((await admin.call('get', '/api/admin/vat/eu-distance-sales?year=2016').expect(200)).body.data).toMatchObject({
        total_net_cents: 0,
        previous_year_net_cents: 1_000_100,
        warning: 'over',
      });
      // without a year (or a blank one): the current year in Zagreb
      const now = (await admin.call('get', '/api/admin/vat/eu-distance-sales').expect(200)).body.data;
      expect(now.year).toBe(EuDistanceSales.yearOf(new Date()));
      expect((await admin.call('get', '/api/admin/vat/eu-distance-sales?year=%20').expect(200)).body.data.year).toBe(now.year);
    });

    it('refuses hostile years with 422, never a 500', async () => {
      for (const q of [
        'year=abc',
        'year=20121',
        'year=-2012',
        'year=2012.0',
        'year=1999',
        'year=3000',
        'year=0x7DC',
        'year=2012&year=2013',
        'year=%00',
        'year=2e3',
        `year=${'9'.repeat(400)}`,
      ]) {
        const res = await admin.call('get', `/api/admin/vat/eu-distance-sales?${q}`);
        expect([q, res.status]).toEqual([q, 422]);
      }
    });
  });
});
