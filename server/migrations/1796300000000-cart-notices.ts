import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the shop changed in a cart on its own (a guest cart merged at login, capped to stock): shown until the next change. */
export class CartNotices1796300000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cart ADD COLUMN notices jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cart DROP COLUMN notices`);
  }
}
