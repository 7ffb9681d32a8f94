import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Which demo-data seeders have run, so a restart never seeds twice. */
export class SeedRun1795300000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE seed_run (name text PRIMARY KEY, ran_at timestamptz NOT NULL DEFAULT now())`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE seed_run`);
  }
}
