import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Personal coupons (birthday presents): only the customer key stored on the coupon may use it. */
export class PersonalCoupons1796000000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE coupon ADD COLUMN customer_key text CHECK (customer_key IS NULL OR customer_key ~ '^(user|email):.+$')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE coupon DROP COLUMN customer_key`);
  }
}
