import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Birthday coupons are the cart's: it issues them on `identity.birthday-due`, at most one per
 * (user, year), which `coupon.issue_key` ('birthday:<user id>:<year>') keeps unique. Coupons
 * issued before get their key from identity's birthday_benefit rows. Identity keeps
 * birthday_benefit as its record of which birthdays were announced; its coupon_code is no
 * longer written (null in new rows; the previous release, during a rolling deploy, still fills it).
 */
export class CouponIssueKey1796400000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE coupon ADD COLUMN issue_key text`);
    await q.query(`CREATE UNIQUE INDEX coupon_issue_key ON coupon (issue_key)`);
    await q.query(
      `UPDATE coupon c SET issue_key = 'birthday:' || b.user_id || ':' || b.year FROM birthday_benefit b WHERE c.code = b.coupon_code`,
    );
    await q.query(`ALTER TABLE birthday_benefit ALTER COLUMN coupon_code DROP NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE birthday_benefit b SET coupon_code = c.code FROM coupon c
       WHERE b.coupon_code IS NULL AND c.issue_key = 'birthday:' || b.user_id || ':' || b.year`);
    await q.query(`DELETE FROM birthday_benefit WHERE coupon_code IS NULL`);
    await q.query(`ALTER TABLE birthday_benefit ALTER COLUMN coupon_code SET NOT NULL`);
    await q.query(`DROP INDEX coupon_issue_key`);
    await q.query(`ALTER TABLE coupon DROP COLUMN issue_key`);
  }
}
