import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers in the back office (docs/admin.md 'Customers'):
 * - `app_user.blocked_at` / `blocked_reason`: set while an operator has blocked the account (no
 *   sign-in, no session, no marketing); null = not blocked;
 * - `app_user.erased_at`: when the account was anonymized (GDPR art. 17); the row stays so that
 *   orders and invoices keep their buyer reference, with every personal field replaced;
 * - `app_user.last_sign_in_at`: the last time a session was started (null: never since this column);
 * - `newsletter_subscription.suspended_at`: a confirmed subscription paused because its account was
 *   blocked (status `unsubscribed` meanwhile, so no campaign reaches it); unblocking confirms it again;
 * - indexes for the blocked view and the list's newest-first order;
 * - the audit log's guard lets the GDPR scrub also replace an entity id that is the person's e-mail
 *   (a business invitation's entries are filed under the invited address) by '[erased]', and nothing else.
 */
export class CustomerAdmin1797860000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE app_user
        ADD COLUMN blocked_at timestamptz,
        ADD COLUMN blocked_reason text CHECK (length(blocked_reason) <= 500),
        ADD COLUMN erased_at timestamptz,
        ADD COLUMN last_sign_in_at timestamptz`);
    await q.query(`ALTER TABLE newsletter_subscription ADD COLUMN suspended_at timestamptz`);
    await q.query(`CREATE INDEX app_user_blocked_idx ON app_user (blocked_at) WHERE blocked_at IS NOT NULL`);
    await q.query(`CREATE INDEX app_user_created_idx ON app_user (created_at DESC)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND current_setting('audit_log.scrub', true) = 'on'
           AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
           AND NEW.actor_role = OLD.actor_role AND NEW.action = OLD.action
           AND NEW.entity_type = OLD.entity_type AND (NEW.entity_id = OLD.entity_id OR NEW.entity_id = '[erased]') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit_log rows cannot be changed or deleted (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND current_setting('audit_log.scrub', true) = 'on'
           AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
           AND NEW.actor_role = OLD.actor_role AND NEW.action = OLD.action
           AND NEW.entity_type = OLD.entity_type AND NEW.entity_id = OLD.entity_id THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit_log rows cannot be changed or deleted (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`DROP INDEX app_user_created_idx`);
    await q.query(`DROP INDEX app_user_blocked_idx`);
    await q.query(`ALTER TABLE newsletter_subscription DROP COLUMN suspended_at`);
    await q.query(`
      ALTER TABLE app_user
        DROP COLUMN blocked_at,
        DROP COLUMN blocked_reason,
        DROP COLUMN erased_at,
        DROP COLUMN last_sign_in_at`);
  }
}
