import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The KPD 2025 code of each product (issue 21): HR-CIUS requires a product classification per
 * e-invoice line from KPD (CPA), listID "CG" (HR-BR-25). Every product the shop sells today is pasta,
 * 10.73.11 "Makaroni, rezanci, kuskus i slična tjestenina" (docs/KPD2025.xls of the official
 * documents), the default; a product of another kind gets its own code (the back office edits it,
 * issue 22). Six digits in three pairs, as the classification writes them.
 */
export class ProductKpdCode1797610000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE product ADD COLUMN kpd_code text NOT NULL DEFAULT '10.73.11' CONSTRAINT product_kpd_code_format CHECK (kpd_code ~ '^[0-9]{2}\\.[0-9]{2}\\.[0-9]{2}$')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product DROP COLUMN kpd_code`);
  }
}
