import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Carts (guest carts bound to a signed cookie, or a registered user's cart), their lines, coupons
 * and coupon redemptions. Product codes are plain text: the cart knows the catalogue only through
 * its public service, so there is no foreign key into catalogue tables.
 */
export class CartAndCoupons1795700000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cart (
        id uuid PRIMARY KEY,
        user_id uuid,
        coupon_code text,
        country char(2) NOT NULL DEFAULT 'HR' CHECK (country ~ '^[A-Z]{2}$'),
        postal_code text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // one cart per account; guest carts (user_id NULL) expire by updated_at
    await q.query(`CREATE UNIQUE INDEX cart_user_id_key ON cart (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE INDEX cart_guest_updated_at_idx ON cart (updated_at) WHERE user_id IS NULL`);
    await q.query(`
      CREATE TABLE cart_line (
        cart_id uuid NOT NULL REFERENCES cart (id) ON DELETE CASCADE,
        product_code text NOT NULL,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
        added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (cart_id, product_code)
      )`);
    await q.query(`
      CREATE TABLE coupon (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL CHECK (code = upper(btrim(code)) AND code <> ''),
        kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
        percent integer CHECK (percent BETWEEN 1 AND 100),
        amount integer CHECK (amount > 0),
        valid_from timestamptz,
        valid_until timestamptz,
        minimum_order integer NOT NULL DEFAULT 0 CHECK (minimum_order >= 0),
        usage_limit integer CHECK (usage_limit > 0),
        per_customer_limit integer CHECK (per_customer_limit > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'percent' AND percent IS NOT NULL AND amount IS NULL) OR (kind = 'fixed' AND amount IS NOT NULL AND percent IS NULL)),
        CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_until > valid_from)
      )`);
    await q.query(`CREATE UNIQUE INDEX coupon_code_key ON coupon (code)`);
    await q.query(`
      CREATE TABLE coupon_redemption (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        coupon_id uuid NOT NULL REFERENCES coupon (id),
        customer_key text NOT NULL,
        order_id text NOT NULL,
        redeemed_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (coupon_id, order_id)
      )`);
    await q.query(`CREATE INDEX coupon_redemption_customer_idx ON coupon_redemption (coupon_id, customer_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE coupon_redemption`);
    await q.query(`DROP TABLE coupon`);
    await q.query(`DROP TABLE cart_line`);
    await q.query(`DROP TABLE cart`);
  }
}
