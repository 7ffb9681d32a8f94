import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (docs/admin.md 'Audit log', server/platform/audit): one row per operator change,
 * written in the change's own transaction. Rows cannot be edited or deleted: a trigger refuses
 * UPDATE and DELETE (and TRUNCATE), with one exception, the GDPR scrub (art. 17): inside a
 * transaction that set the local setting `audit_log.scrub` to 'on' (AuditTrail.scrubPerson does, and
 * sets it back), an UPDATE may change `actor_label`, `before` and `after` and nothing else. The row
 * stays; the person is replaced by '[erased]'.
 */
export class AuditLog1797800100000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid NULL,
        actor_label text NOT NULL,
        actor_role text NOT NULL,
        action text NOT NULL,
        entity_type text NOT NULL,
        entity_id text NOT NULL,
        before jsonb NULL,
        after jsonb NULL
      )`);
    // the list's filters, each newest first (id follows at)
    await q.query(`CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, id DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_label_idx ON audit_log (lower(actor_label), id DESC)`);
    await q.query(`CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC)`);
    await q.query(`CREATE INDEX audit_log_at_idx ON audit_log (at DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND current_setting('audit_log.scrub', true) = 'on'
           AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
           AND NEW.actor_role = OLD.actor_role AND NEW.action = OLD.action
           AND NEW.entity_type = OLD.entity_type AND NEW.entity_id = OLD.entity_id THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'audit_log rows cannot be changed or deleted (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(
      `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_guard()`,
    );
    await q.query(
      `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_guard()`);
  }
}
