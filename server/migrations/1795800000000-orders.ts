import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders and their lines, as far as the profile reads them (the checkout adds the rest). The
 * table is `shop_order` because ORDER is an SQL keyword. `user_id` is a plain uuid for now: the
 * user table comes with the identity module, and its foreign key with a later migration. Lines
 * copy code, name and price at the time of the order, so no foreign key into the catalogue.
 */
export class Orders1795800000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shop_order (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number text NOT NULL CHECK (number ~ '^ZZ-[0-9]{4}-[0-9]{6,}$'),
        user_id uuid,
        email text NOT NULL CHECK (email <> ''),
        status text NOT NULL CHECK (status IN ('awaiting_payment', 'paid')),
        total integer NOT NULL CHECK (total >= 0),
        currency text NOT NULL DEFAULT 'EUR' CHECK (currency = 'EUR'),
        placed_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX shop_order_number_key ON shop_order (number)`);
    // the profile's list: a user's orders, newest first
    await q.query(`CREATE INDEX shop_order_user_placed_idx ON shop_order (user_id, placed_at DESC) WHERE user_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE shop_order_line (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES shop_order (id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        product_code text NOT NULL,
        name text NOT NULL,
        unit_price integer NOT NULL CHECK (unit_price >= 0),
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
        UNIQUE (order_id, position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shop_order_line`);
    await q.query(`DROP TABLE shop_order`);
  }
}
