import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The role `staff` (issue 22: operators who run orders, stock and content but see no prices): the
 * back office lets both `admin` and `staff` in. Only the allowed values of `app_user.role` change.
 */
export class StaffRole1797810000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user DROP CONSTRAINT IF EXISTS app_user_role_check`);
    await q.query(`ALTER TABLE app_user ADD CONSTRAINT app_user_role_check CHECK (role IN ('customer', 'business', 'admin', 'staff'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE app_user SET role = 'customer' WHERE role = 'staff'`);
    await q.query(`ALTER TABLE app_user DROP CONSTRAINT IF EXISTS app_user_role_check`);
    await q.query(`ALTER TABLE app_user ADD CONSTRAINT app_user_role_check CHECK (role IN ('customer', 'business', 'admin'))`);
  }
}
