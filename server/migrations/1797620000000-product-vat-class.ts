import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * VAT across the EU (docs/invoicing/vat.md):
 * - `product.vat_class`: what a product is for VAT (`food` or `standard`, contract/vat.ts), which picks
 *   the destination country's rate under the OSS; every product so far is pasta, so the default is `food`.
 *   The Croatian rate stays in `product.vat_rate` as it was.
 * - `shop_order_line.vat_rate` and `shop_order_vat.rate` take rates with decimals (France 5.5 %,
 *   Slovenia 9.5 %, Finland 25.5 %): double precision (read by pg as a JS number, like the smallint
 *   before), checked to be a percentage with at most two decimals. Existing rows keep their values.
 */
export class ProductVatClass1797620000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE product ADD COLUMN vat_class text NOT NULL DEFAULT 'food' CONSTRAINT product_vat_class_check CHECK (vat_class IN ('food', 'standard'))`,
    );
    await q.query(`ALTER TABLE shop_order_line DROP CONSTRAINT shop_order_line_vat_rate_check`);
    await q.query(`ALTER TABLE shop_order_line ALTER COLUMN vat_rate TYPE double precision`);
    await q.query(
      `ALTER TABLE shop_order_line ADD CONSTRAINT shop_order_line_vat_rate_check CHECK (vat_rate BETWEEN 0 AND 100 AND (vat_rate::numeric * 100) % 1 = 0)`,
    );
    await q.query(`ALTER TABLE shop_order_vat ALTER COLUMN rate TYPE double precision`);
    await q.query(`ALTER TABLE shop_order_vat ADD CONSTRAINT shop_order_vat_rate_hundredths_check CHECK ((rate::numeric * 100) % 1 = 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shop_order_vat DROP CONSTRAINT shop_order_vat_rate_hundredths_check`);
    await q.query(`ALTER TABLE shop_order_vat ALTER COLUMN rate TYPE smallint USING round(rate)::smallint`);
    await q.query(`ALTER TABLE shop_order_line DROP CONSTRAINT shop_order_line_vat_rate_check`);
    await q.query(`ALTER TABLE shop_order_line ALTER COLUMN vat_rate TYPE smallint USING round(vat_rate)::smallint`);
    await q.query(`ALTER TABLE shop_order_line ADD CONSTRAINT shop_order_line_vat_rate_check CHECK (vat_rate BETWEEN 0 AND 100)`);
    await q.query(`ALTER TABLE product DROP COLUMN vat_class`);
  }
}
