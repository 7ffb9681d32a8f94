import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's stock screens (issue 22, docs/admin.md 'Stock and prices API'):
 * - `product.low_stock_threshold`: from how few packs left (tracked stock, `stock <= threshold`)
 *   the product is 'low stock' for the dashboard, the list's ready view and the daily mail; 5 by
 *   default, 0 turns the warning off for the product but for an empty shelf.
 * - A partial index on the tracked stocks at or below their threshold keeps the 'low stock' view one
 *   index scan at 50,000 products.
 * - A partial index on the orders still `placed`: 'reserved stock' (the packs such orders hold) sums
 *   their lines, so it reads the few open orders, never the whole order history.
 */
export class CatalogAdmin1797820000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE product ADD COLUMN low_stock_threshold integer NOT NULL DEFAULT 5
         CONSTRAINT product_low_stock_threshold_check CHECK (low_stock_threshold BETWEEN 0 AND 100000)`,
    );
    await q.query(`CREATE INDEX product_low_stock_idx ON product (position, id) WHERE stock IS NOT NULL AND stock <= low_stock_threshold`);
    await q.query(`CREATE INDEX shop_order_open_idx ON shop_order (id) WHERE fulfilment_status = 'placed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX shop_order_open_idx`);
    await q.query(`DROP INDEX product_low_stock_idx`);
    await q.query(`ALTER TABLE product DROP COLUMN low_stock_threshold`);
  }
}
