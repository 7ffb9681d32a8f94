import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Coupons managed in the back office (docs/admin.md 'Coupons API', docs/cart.md 'Coupons'):
 * - `coupon.first_order_only`: only for a customer without an earlier (not cancelled) order;
 * - `coupon.business_only`: only for signed-in business buyers (role `business`);
 * - `coupon.disabled_at`: set while an operator has switched the coupon off (null = on);
 * - `coupon.updated_at`: the last change by an operator;
 * - `coupon_redemption.discount`: the cents the redeeming order got off (the usage figures add them up);
 *   existing rows take their order's discount;
 * - an index on `lower(shop_order.email)`: a first-order-only coupon counts the buyer's earlier orders
 *   by e-mail address inside the placement's transaction.
 */
export class CouponAdmin1797830000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE coupon
        ADD COLUMN first_order_only boolean NOT NULL DEFAULT false,
        ADD COLUMN business_only boolean NOT NULL DEFAULT false,
        ADD COLUMN disabled_at timestamptz,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`UPDATE coupon SET updated_at = created_at`);
    await q.query(`ALTER TABLE coupon_redemption ADD COLUMN discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0)`);
    await q.query(`
      UPDATE coupon_redemption r SET discount = o.discount
        FROM shop_order o WHERE o.id::text = r.order_id`);
    await q.query(`CREATE INDEX shop_order_email_lower_idx ON shop_order (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX shop_order_email_lower_idx`);
    await q.query(`ALTER TABLE coupon_redemption DROP COLUMN discount`);
    await q.query(`
      ALTER TABLE coupon
        DROP COLUMN first_order_only,
        DROP COLUMN business_only,
        DROP COLUMN disabled_at,
        DROP COLUMN updated_at`);
  }
}
