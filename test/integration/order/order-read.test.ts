import { randomUUID } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { createOrder } from '../../factories/order.js';
import { OrderReadService } from '../../../server/modules/order/index.js';
import type { RunningShop } from '../../../server/main.js';

describe('order read model (real PostgreSQL)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let orders: OrderReadService;
  beforeAll(async () => {
    shop = await startShop();
    db = shop.app.get(DataSource);
    orders = shop.app.get(OrderReadService);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  const spaghetti = { productCode: 'ZZ-SPAG-400', name: 'Špageti 400 g', unitPrice: 249, quantity: 2 };
  const fusilli = { productCode: 'ZZ-FUS-500', name: 'Fusilli 500 g', unitPrice: 329, quantity: 1 };
  const penne = { productCode: 'ZZ-PEN-500', name: 'Penne 500 g', unitPrice: 299, quantity: 3 };

  it("lists only the user's orders, newest first, with their lines in position order", async () => {
    const ana = randomUUID();
    const other = randomUUID();
    // created out of chronological order, so the answer's order comes from placed_at
    const middle = await createOrder(db, {
      userId: ana,
      email: 'ana@example.hr',
      status: 'paid',
      placedAt: new Date('2026-03-02T09:15:00.000Z'),
      lines: [penne],
    });
    // cash on delivery: an unpaid card order this old would be cancelled by the expiry job any shop of the run may fire
    const newest = await createOrder(db, {
      userId: ana,
      email: 'ana@example.hr',
      paymentMethod: 'cod',
      placedAt: new Date('2026-05-20T18:40:00.000Z'),
      lines: [spaghetti, fusilli],
    });
    const oldest = await createOrder(db, {
      userId: ana,
      email: 'ana@example.hr',
      status: 'paid',
      placedAt: new Date('2025-12-24T08:00:00.000Z'),
      lines: [fusilli],
    });
    await createOrder(db, { userId: other, email: 'other@example.hr', placedAt: new Date('2026-06-01T10:00:00.000Z'), lines: [penne] });
    await createOrder(db, { email: 'guest@example.hr', placedAt: new Date('2026-06-02T10:00:00.000Z'), lines: [spaghetti] });

    // a line stored last but positioned first: lines come by position, not by storage order
    const [{ id: newestId }] = (await db.query(`SELECT id FROM shop_order WHERE number = $1`, [newest])) as Array<{ id: string }>;
    await db.query(`UPDATE shop_order_line SET position = position + 10 WHERE order_id = $1`, [newestId]);
    await db.query(
      `INSERT INTO shop_order_line (order_id, position, product_code, name, unit_price, quantity, vat_rate) VALUES ($1, 0, 'ZZ-LAS-500', 'Lazanje 500 g', 359, 1, 5)`,
      [newestId],
    );

    const list = await orders.listForUser(ana);
    expect(list.map((o) => o.number)).toEqual([newest, middle, oldest]);
    expect(list[0]).toEqual({
      number: newest,
      placed_at: '2026-05-20T18:40:00.000Z',
      status: 'awaiting_payment',
      payment_status: 'awaiting_payment',
      fulfilment_status: 'placed',
      total: 2 * 249 + 329,
      currency: 'EUR',
      lines: [
        { product_code: 'ZZ-LAS-500', name: 'Lazanje 500 g', unit_price: 359, quantity: 1 },
        { product_code: 'ZZ-SPAG-400', name: 'Špageti 400 g', unit_price: 249, quantity: 2 },
        { product_code: 'ZZ-FUS-500', name: 'Fusilli 500 g', unit_price: 329, quantity: 1 },
      ],
    });
    expect(list[1]).toMatchObject({ number: middle, status: 'paid', total: 3 * 299, placed_at: '2026-03-02T09:15:00.000Z' });
    expect(list[2].lines).toEqual([{ product_code: 'ZZ-FUS-500', name: 'Fusilli 500 g', unit_price: 329, quantity: 1 }]);
    for (const o of list) expect(o.number).toMatch(/^ZZ-\d{4}-\d{6,}$/);

    expect(await orders.lastForUser(ana)).toEqual(list[0]);
    expect((await orders.listForUser(other)).map((o) => o.number)).not.toContain(newest);
    expect(await orders.listForUser(other)).toHaveLength(1);
  });

  it('answers nothing for a user without orders (and for an id that is no uuid)', async () => {
    expect(await orders.listForUser(randomUUID())).toEqual([]);
    expect(await orders.lastForUser(randomUUID())).toBeNull();
    expect(await orders.listForUser('not-a-uuid')).toEqual([]);
  });

  it('keeps the schema honest: unique numbers, known states, consistent money, quantities 1 to 99, lines go with their order', async () => {
    const number = await createOrder(db, { userId: randomUUID(), email: 'x@example.hr', lines: [spaghetti] });
    const [{ id }] = (await db.query(`SELECT id FROM shop_order WHERE number = $1`, [number])) as Array<{ id: string }>;
    // a plain client, so the refusals we provoke do not end up in TypeORM's error log
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    // a complete, valid row (10,00 € of goods at 5 % + 4,00 € delivery at 25 %), with one column changed per case
    const valid: Record<string, unknown> = {
      number: 'ZZ-2026-999999',
      email: 'y@example.hr',
      payment_status: 'paid',
      fulfilment_status: 'placed',
      payment_method: 'card',
      subtotal: 1000,
      discount: 0,
      delivery: 400,
      total: 1400,
      vat_base: 1272,
      vat_total: 128,
      delivery_address: { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' },
      phone: '+385 91 123 4567',
      locale: 'hr',
      view_secret: 's'.repeat(43),
    };
    const insert = (changes: Record<string, unknown>) => {
      const row = { ...valid, ...changes };
      const columns = Object.keys(row);
      return client.query(
        `INSERT INTO shop_order (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        Object.values(row),
      );
    };
    try {
      await expect(insert({ number })).rejects.toThrow(/shop_order_number_key/);
      await expect(insert({ payment_status: 'shipped' })).rejects.toThrow(/shop_order_payment_status_check/);
      await expect(insert({ fulfilment_status: 'paid' })).rejects.toThrow(/shop_order_fulfilment_status_check/);
      await expect(insert({ payment_method: 'cheque' })).rejects.toThrow(/shop_order_payment_method_check/);
      await expect(insert({ number: '2026-1' })).rejects.toThrow(/shop_order_number_check/);
      await expect(insert({ total: 1401 })).rejects.toThrow(/shop_order_money_check/);
      await expect(insert({ vat_total: 129 })).rejects.toThrow(/shop_order_money_check/);
      await expect(insert({ discount: 1100, coupon_code: 'BIG', total: 300, vat_base: 172 })).rejects.toThrow(/shop_order_money_check/);
      await expect(insert({ discount: 100, total: 1300, vat_base: 1172 })).rejects.toThrow(/shop_order_coupon_check/);
      await expect(insert({ locale: 'fr' })).rejects.toThrow(/shop_order_locale_check/);
      await expect(insert({ view_secret: 'short' })).rejects.toThrow(/shop_order_view_secret_check/);
      await expect(insert({ delivery_address: JSON.stringify('Ilica 1') })).rejects.toThrow(/shop_order_addresses_check/);
      await expect(insert({ idempotency_key: 'k' })).rejects.toThrow(/shop_order_idempotency_check/);
      // the same Idempotency-Key is refused within one caller's scope, allowed in another
      const scope = `cart:${randomUUID()}`;
      const first = await insert({
        number: 'ZZ-2026-999998',
        idempotency_scope: scope,
        idempotency_key: 'key-1',
        payment_status: 'failed',
      });
      await expect(insert({ number: 'ZZ-2026-999997', idempotency_scope: scope, idempotency_key: 'key-1' })).rejects.toThrow(
        /shop_order_idempotency_key/,
      );
      const other = await insert({ number: 'ZZ-2026-999997', idempotency_scope: `cart:${randomUUID()}`, idempotency_key: 'key-1' });
      await client.query(`DELETE FROM shop_order WHERE id = ANY($1)`, [[first.rows[0].id, other.rows[0].id]]);

      await expect(
        client.query(
          `INSERT INTO shop_order_line (order_id, position, product_code, name, unit_price, quantity, vat_rate) VALUES ($1, 5, 'A', 'A', 1, 100, 5)`,
          [id],
        ),
      ).rejects.toThrow(/shop_order_line_quantity_check/);
      await expect(
        client.query(
          `INSERT INTO shop_order_line (order_id, position, product_code, name, unit_price, quantity) VALUES ($1, 5, 'A', 'A', 1, 1)`,
          [id],
        ),
      ).rejects.toThrow(/vat_rate/);
      expect((await client.query(`SELECT rate, base, vat FROM shop_order_vat WHERE order_id = $1`, [id])).rows).toEqual([
        // 2 x 2,49 € at 5 %: VAT round(498 x 5 / 105 = 23.71) = 24
        { rate: 5, base: 474, vat: 24 },
      ]);
      await client.query(`DELETE FROM shop_order WHERE id = $1`, [id]);
      expect((await client.query(`SELECT count(*)::int AS n FROM shop_order_line WHERE order_id = $1`, [id])).rows).toEqual([{ n: 0 }]);
      expect((await client.query(`SELECT count(*)::int AS n FROM shop_order_vat WHERE order_id = $1`, [id])).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }
  });

  it('shows failed and refunded card payments in the profile as the two labels it knows', async () => {
    const user = randomUUID();
    const failed = await createOrder(db, {
      userId: user,
      email: 'f@example.hr',
      status: 'failed',
      placedAt: new Date('2026-01-02T10:00:00Z'),
      lines: [penne],
    });
    const refunded = await createOrder(db, {
      userId: user,
      email: 'f@example.hr',
      status: 'refunded',
      placedAt: new Date('2026-01-01T10:00:00Z'),
      lines: [penne],
    });
    expect((await orders.listForUser(user)).map((o) => [o.number, o.status])).toEqual([
      [failed, 'awaiting_payment'],
      [refunded, 'paid'],
    ]);
  });

  it('GET /api/orders refuses a visitor who is not signed in, in their language, never cached', async () => {
    const de = await request(shop.url).get('/api/orders').set('Accept-Language', 'de-AT,de;q=0.9').expect(401);
    expect(de.body).toEqual({
      errors: [{ code: 'ORDER_AUTH_REQUIRED', message: 'Bitte melden Sie sich an, um Ihre Bestellungen zu sehen.' }],
    });
    expect(de.headers['cache-control']).toBe('no-store');

    const en = await request(shop.url).get('/api/orders').set('Accept-Language', 'en-GB').expect(401);
    expect(en.body.errors[0].message).toBe('Please sign in to see your orders.');
    const hr = await request(shop.url).get('/api/orders').set('Accept-Language', 'hr').expect(401);
    expect(hr.body.errors[0].message).toBe('Prijavite se da biste vidjeli svoje narudžbe.');
    const sl = await request(shop.url).get('/api/orders').set('Accept-Language', 'sl').expect(401);
    expect(sl.body.errors[0].message).toBe('Prijavite se, da si ogledate svoja naročila.');
    // no language asked for: the shop's default, Croatian
    const none = await request(shop.url).get('/api/orders').expect(401);
    expect(none.body.errors[0].message).toBe(hr.body.errors[0].message);
  });

  it('documents GET /api/orders in OpenAPI', async () => {
    const doc = (await request(shop.url).get('/api/docs-json').expect(200)).body as { paths: Record<string, { get?: unknown }> };
    expect(doc.paths['/api/orders']?.get).toBeDefined();
  });
});
