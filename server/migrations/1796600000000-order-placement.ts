import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What placing an order needs (issue 10, docs/orders.md), on top of the profile's read model:
 *
 * - `order_number_counter`: one row per year (Europe/Zagreb) holding the last number given out. The
 *   placing transaction increments it with INSERT ... ON CONFLICT DO UPDATE ... RETURNING, which
 *   locks the row until commit: numbers are consecutive, and a rolled-back placement gives its
 *   number back (no gaps).
 * - `shop_order`: `status` becomes `payment_status` (awaiting_payment | paid | failed | refunded)
 *   beside the new `fulfilment_status` (placed | shipped | delivered | cancelled), the payment
 *   method, the money breakdown (subtotal, discount with its coupon code, delivery, VAT base and
 *   total VAT; the CHECKs tie them to the total), addresses and R1 data (jsonb objects), phone,
 *   courier note, remark, language, the view-token secret, the idempotency key (unique per caller
 *   scope) and the tracking number.
 * - `shop_order_line.vat_rate`, and `shop_order_vat` (VAT base and VAT per rate of an order).
 *
 * Orders that exist before this migration (only ever test or hand-made rows: the shop could not
 * sell yet) are filled in: subtotal = total, no discount, no delivery, card, language hr, empty
 * delivery address, empty phone, a random view secret, the lines' VAT rate from the catalogue
 * (25 % for codes it does not know) and VAT from those rates (capped at the total).
 */
export class OrderPlacement1796600000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_number_counter (
        year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 9999),
        last_value integer NOT NULL CHECK (last_value >= 1)
      )`);

    // ----- shop_order: the two states --------------------------------------------------------
    await q.query(`ALTER TABLE shop_order DROP CONSTRAINT shop_order_status_check`);
    await q.query(`ALTER TABLE shop_order RENAME COLUMN status TO payment_status`);
    await q.query(`
      ALTER TABLE shop_order
        ADD CONSTRAINT shop_order_payment_status_check CHECK (payment_status IN ('awaiting_payment', 'paid', 'failed', 'refunded')),
        ADD COLUMN fulfilment_status text NOT NULL DEFAULT 'placed'
          CONSTRAINT shop_order_fulfilment_status_check CHECK (fulfilment_status IN ('placed', 'shipped', 'delivered', 'cancelled')),
        ADD COLUMN payment_method text NOT NULL DEFAULT 'card'
          CONSTRAINT shop_order_payment_method_check CHECK (payment_method IN ('card', 'cod'))`);
    await q.query(`ALTER TABLE shop_order ALTER COLUMN payment_method DROP DEFAULT`);

    // ----- lines: their VAT rate ---------------------------------------------------------------
    await q.query(
      `ALTER TABLE shop_order_line ADD COLUMN vat_rate smallint CONSTRAINT shop_order_line_vat_rate_check CHECK (vat_rate BETWEEN 0 AND 100)`,
    );
    await q.query(`
      UPDATE shop_order_line l SET vat_rate = COALESCE((SELECT p.vat_rate FROM product p WHERE p.code = l.product_code), 25)`);
    await q.query(`ALTER TABLE shop_order_line ALTER COLUMN vat_rate SET NOT NULL`);

    // ----- money, addresses, language, secrets -------------------------------------------------
    await q.query(`
      ALTER TABLE shop_order
        ADD COLUMN subtotal integer,
        ADD COLUMN discount integer NOT NULL DEFAULT 0,
        ADD COLUMN coupon_code text,
        ADD COLUMN delivery integer NOT NULL DEFAULT 0,
        ADD COLUMN vat_base integer,
        ADD COLUMN vat_total integer,
        ADD COLUMN delivery_address jsonb,
        ADD COLUMN billing_address jsonb,
        ADD COLUMN r1_invoice jsonb,
        ADD COLUMN phone text,
        ADD COLUMN courier_note text,
        ADD COLUMN remark text,
        ADD COLUMN locale text,
        ADD COLUMN view_secret text,
        ADD COLUMN idempotency_scope text,
        ADD COLUMN idempotency_key text,
        ADD COLUMN tracking_number text`);
    // the rows from before (see above); VAT per rate half up: floor((2 x gross x rate + 100 + rate) / (2 x (100 + rate)))
    await q.query(`
      UPDATE shop_order o SET
        subtotal = o.total,
        vat_total = LEAST(o.total, COALESCE((
          SELECT sum((2 * g.gross * g.vat_rate + 100 + g.vat_rate) / (2 * (100 + g.vat_rate)))
          FROM (SELECT vat_rate, sum(unit_price::bigint * quantity)::bigint AS gross FROM shop_order_line WHERE order_id = o.id GROUP BY vat_rate) g
        ), 0)),
        delivery_address = '{}'::jsonb,
        phone = '',
        locale = 'hr',
        view_secret = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`);
    await q.query(`UPDATE shop_order SET vat_base = total - vat_total`);
    await q.query(`
      ALTER TABLE shop_order
        ALTER COLUMN subtotal SET NOT NULL,
        ALTER COLUMN vat_base SET NOT NULL,
        ALTER COLUMN vat_total SET NOT NULL,
        ALTER COLUMN delivery_address SET NOT NULL,
        ALTER COLUMN phone SET NOT NULL,
        ALTER COLUMN locale SET NOT NULL,
        ALTER COLUMN view_secret SET NOT NULL,
        ALTER COLUMN discount DROP DEFAULT,
        ALTER COLUMN delivery DROP DEFAULT,
        ADD CONSTRAINT shop_order_money_check CHECK (
          subtotal >= 0 AND discount >= 0 AND delivery >= 0 AND vat_base >= 0 AND vat_total >= 0
          AND discount <= subtotal
          AND total = subtotal - discount + delivery
          AND total = vat_base + vat_total),
        ADD CONSTRAINT shop_order_coupon_check CHECK (coupon_code IS NOT NULL OR discount = 0),
        ADD CONSTRAINT shop_order_addresses_check CHECK (
          jsonb_typeof(delivery_address) = 'object'
          AND (billing_address IS NULL OR jsonb_typeof(billing_address) = 'object')
          AND (r1_invoice IS NULL OR jsonb_typeof(r1_invoice) = 'object')),
        ADD CONSTRAINT shop_order_locale_check CHECK (locale IN ('hr', 'en', 'de', 'sl')),
        ADD CONSTRAINT shop_order_view_secret_check CHECK (length(view_secret) >= 32),
        ADD CONSTRAINT shop_order_idempotency_check CHECK ((idempotency_scope IS NULL) = (idempotency_key IS NULL))`);
    // a retried POST /api/orders with the same key from the same caller finds its order
    await q.query(
      `CREATE UNIQUE INDEX shop_order_idempotency_key ON shop_order (idempotency_scope, idempotency_key) WHERE idempotency_key IS NOT NULL`,
    );
    // the operators' list and the jobs (expiry, reconciliation) filter by state
    await q.query(`CREATE INDEX shop_order_states_placed_idx ON shop_order (payment_status, fulfilment_status, placed_at)`);

    await q.query(`
      CREATE TABLE shop_order_vat (
        order_id uuid NOT NULL REFERENCES shop_order (id) ON DELETE CASCADE,
        rate smallint NOT NULL CHECK (rate BETWEEN 0 AND 100),
        base integer NOT NULL CHECK (base >= 0),
        vat integer NOT NULL CHECK (vat >= 0),
        PRIMARY KEY (order_id, rate)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shop_order_vat`);
    await q.query(`DROP INDEX shop_order_states_placed_idx`);
    await q.query(`DROP INDEX shop_order_idempotency_key`);
    await q.query(`
      ALTER TABLE shop_order
        DROP CONSTRAINT shop_order_money_check,
        DROP CONSTRAINT shop_order_coupon_check,
        DROP CONSTRAINT shop_order_addresses_check,
        DROP CONSTRAINT shop_order_locale_check,
        DROP CONSTRAINT shop_order_view_secret_check,
        DROP CONSTRAINT shop_order_idempotency_check,
        DROP COLUMN subtotal, DROP COLUMN discount, DROP COLUMN coupon_code, DROP COLUMN delivery,
        DROP COLUMN vat_base, DROP COLUMN vat_total, DROP COLUMN delivery_address, DROP COLUMN billing_address,
        DROP COLUMN r1_invoice, DROP COLUMN phone, DROP COLUMN courier_note, DROP COLUMN remark, DROP COLUMN locale,
        DROP COLUMN view_secret, DROP COLUMN idempotency_scope, DROP COLUMN idempotency_key, DROP COLUMN tracking_number,
        DROP COLUMN fulfilment_status, DROP COLUMN payment_method,
        DROP CONSTRAINT shop_order_payment_status_check`);
    await q.query(`ALTER TABLE shop_order_line DROP COLUMN vat_rate`);
    // failed and refunded have no place in the old schema: the nearest old state
    await q.query(
      `UPDATE shop_order SET payment_status = CASE payment_status WHEN 'refunded' THEN 'paid' WHEN 'failed' THEN 'awaiting_payment' ELSE payment_status END`,
    );
    await q.query(`ALTER TABLE shop_order RENAME COLUMN payment_status TO status`);
    await q.query(`ALTER TABLE shop_order ADD CONSTRAINT shop_order_status_check CHECK (status IN ('awaiting_payment', 'paid'))`);
    await q.query(`DROP TABLE order_number_counter`);
  }
}
