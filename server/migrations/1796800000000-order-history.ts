import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What operators do to orders (docs/orders.md 'Operators'):
 * - `shop_order.shipped_at`, `delivered_at`, `cancelled_at`: when the fulfilment status moved
 *   (the tracking number has its column since the placement migration).
 * - `shop_order_history`: one row per thing that happened to an order, oldest first by `id`:
 *   placement, payment paid / failed, expiry, and every operator action, with who did it (an
 *   operator's e-mail, the buyer's e-mail for placement, or 'system' for the provider and jobs)
 *   and a short detail (tracking number, refunded amount, transaction id). Rows go with their order.
 */
export class OrderHistory1796800000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE shop_order
        ADD COLUMN shipped_at timestamptz,
        ADD COLUMN delivered_at timestamptz,
        ADD COLUMN cancelled_at timestamptz`);
    await q.query(`
      CREATE TABLE shop_order_history (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES shop_order (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT clock_timestamp(),
        action text NOT NULL CHECK (action ~ '^[a-z][a-z_-]{1,40}$'),
        actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 254),
        detail text CHECK (length(detail) <= 500)
      )`);
    await q.query(`CREATE INDEX shop_order_history_order ON shop_order_history (order_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shop_order_history`);
    await q.query(`ALTER TABLE shop_order DROP COLUMN cancelled_at, DROP COLUMN delivered_at, DROP COLUMN shipped_at`);
  }
}
