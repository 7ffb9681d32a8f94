import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `staff` role (docs/admin.md 'Roles'): an operator who does the daily work (orders, stock,
 * content) but not prices, coupons, refunds or settings. `app_user.role` is checked by a CHECK
 * constraint; it now admits `staff` too.
 */
export class StaffRole1797800000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE app_user DROP CONSTRAINT app_user_role_check`);
    await q.query(`ALTER TABLE app_user ADD CONSTRAINT app_user_role_check CHECK (role IN ('customer', 'business', 'staff', 'admin'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE app_user SET role = 'customer' WHERE role = 'staff'`);
    await q.query(`ALTER TABLE app_user DROP CONSTRAINT app_user_role_check`);
    await q.query(`ALTER TABLE app_user ADD CONSTRAINT app_user_role_check CHECK (role IN ('customer', 'business', 'admin'))`);
  }
}
