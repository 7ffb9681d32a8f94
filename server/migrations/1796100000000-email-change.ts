import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A changed e-mail address applies only after a link mailed to the new address is opened. */
export class EmailChange1796100000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE user_token DROP CONSTRAINT user_token_purpose_check`);
    await q.query(
      `ALTER TABLE user_token ADD CONSTRAINT user_token_purpose_check CHECK (purpose IN ('activation', 'magic_link', 'password_reset', 'invitation', 'email_change'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM user_token WHERE purpose = 'email_change'`);
    await q.query(`ALTER TABLE user_token DROP CONSTRAINT user_token_purpose_check`);
    await q.query(
      `ALTER TABLE user_token ADD CONSTRAINT user_token_purpose_check CHECK (purpose IN ('activation', 'magic_link', 'password_reset', 'invitation'))`,
    );
  }
}
