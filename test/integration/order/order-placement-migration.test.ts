import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createDatabase, dropDatabase } from '../../support/global-setup.mjs';
import { dataSourceOptions } from '../../../server/platform/database/data-source.js';
import { migrations } from '../../../server/migrations/index.js';
import { OrderPlacement1796600000000 } from '../../../server/migrations/1796600000000-order-placement.js';

/**
 * The placement migration on a database that already holds orders of the read-model schema: they
 * are filled in so that every new constraint holds, and `down` brings the old schema back.
 */
describe('migration 1796600000000-order-placement on existing orders (real PostgreSQL)', () => {
  let db: { url: string; name: string } | undefined;
  let ds: DataSource | undefined;
  afterAll(async () => {
    await ds?.destroy();
    if (db) await dropDatabase(db.name);
  });

  it('fills in old orders (VAT from the catalogue rates, 25 % for unknown codes) and rolls back', async () => {
    db = await createDatabase('shop_order_migration');
    const index = migrations.indexOf(OrderPlacement1796600000000);
    expect(index).toBeGreaterThan(0);
    ds = new DataSource({ ...dataSourceOptions(db.url, 2), migrations: migrations.slice(0, index), entities: [] });
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });

    // one catalogue product at 5 %
    const [{ id: categoryId }] = (await ds.query(`INSERT INTO category (code) VALUES ('pasta') RETURNING id`)) as Array<{ id: number }>;
    await ds.query(
      `INSERT INTO product (code, line, category_id, pack, net_weight_grams, shipping_weight_grams, pieces_per_carton, vat_rate, price_cents,
         energy_kj, energy_kcal, fat, saturates, carbohydrate, sugars, fibre, protein, salt, cooking_time_minutes)
       VALUES ('ZZ-SPAG-400', 'classic', $1, 'standard', 400, 420, 12, 5, 249, 1500, 355, 1.5, 0.3, 72, 3.5, 3, 12, 0.01, 9)`,
      [categoryId],
    );
    const old = randomUUID();
    const empty = randomUUID();
    await ds.query(
      `INSERT INTO shop_order (id, number, email, status, total) VALUES ($1, 'ZZ-2026-000001', 'a@example.hr', 'paid', 1247)`,
      [old],
    );
    await ds.query(
      `INSERT INTO shop_order (id, number, email, status, total) VALUES ($1, 'ZZ-2026-000002', 'b@example.hr', 'awaiting_payment', 0)`,
      [empty],
    );
    await ds.query(
      `INSERT INTO shop_order_line (order_id, position, product_code, name, unit_price, quantity)
       VALUES ($1, 0, 'ZZ-SPAG-400', 'Špageti', 249, 3), ($1, 1, 'ZZ-GONE-1', 'Old product', 500, 1)`,
      [old],
    );

    await ds.destroy();
    ds = new DataSource({ ...dataSourceOptions(db.url, 2), migrations: migrations.slice(0, index + 1), entities: [] });
    await ds.initialize();
    expect((await ds.runMigrations({ transaction: 'each' })).map((m) => m.name)).toEqual(['OrderPlacement1796600000000']);

    expect(await ds.query(`SELECT product_code, vat_rate FROM shop_order_line WHERE order_id = $1 ORDER BY position`, [old])).toEqual([
      { product_code: 'ZZ-SPAG-400', vat_rate: 5 },
      { product_code: 'ZZ-GONE-1', vat_rate: 25 },
    ]);
    const rows = (await ds.query(
      `SELECT number, payment_status, fulfilment_status, payment_method, subtotal, discount, delivery, total, vat_base, vat_total,
              delivery_address, phone, locale, length(view_secret) AS secret_length
       FROM shop_order ORDER BY number`,
    )) as Array<Record<string, unknown>>;
    // 747 at 5 %: VAT round(35.57) = 36; 500 at 25 %: VAT 100
    expect(rows[0]).toEqual({
      number: 'ZZ-2026-000001',
      payment_status: 'paid',
      fulfilment_status: 'placed',
      payment_method: 'card',
      subtotal: 1247,
      discount: 0,
      delivery: 0,
      total: 1247,
      vat_base: 1111,
      vat_total: 136,
      delivery_address: {},
      phone: '',
      locale: 'hr',
      secret_length: 64,
    });
    expect(rows[1]).toMatchObject({ number: 'ZZ-2026-000002', payment_status: 'awaiting_payment', subtotal: 0, vat_base: 0, vat_total: 0 });

    await ds.undoLastMigration({ transaction: 'each' });
    expect(await ds.query(`SELECT number, status, total FROM shop_order ORDER BY number`)).toEqual([
      { number: 'ZZ-2026-000001', status: 'paid', total: 1247 },
      { number: 'ZZ-2026-000002', status: 'awaiting_payment', total: 0 },
    ]);
    expect(await ds.query(`SELECT to_regclass('order_number_counter') AS counter, to_regclass('shop_order_vat') AS vat`)).toEqual([
      { counter: null, vat: null },
    ]);
  });
});
