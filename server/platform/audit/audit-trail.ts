import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { AUDIT_PAGE_SIZE, type AdminAuditEntry, type AdminAuditList, type AdminAuditQuery } from '../../../contract/api/admin-audit.js';
import { currentUserId, currentUser } from '../auth/index.js';
import { allowedAuditFields } from './audit-fields.js';

/** Who did it: the operator's id, how they were named then (their e-mail), their role. */
export interface AuditActor {
  id: string | null;
  label: string;
  role: string;
}

/** One change for the audit log. `before` and `after` keep only the fields registered for `entityType`. */
export interface AuditEntry {
  actor: AuditActor;
  action: string;
  entityType: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** What stands in for an erased person inside old rows. */
export const ERASED = '[erased]';

/** The signed-in caller of a request as the audit log names them (401 without one). */
export function auditActor(req: Request): AuditActor {
  const id = currentUserId(req);
  const user = currentUser(req)!;
  return { id, label: user.label ?? id, role: user.role };
}

interface AuditRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_label: string;
  actor_role: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The audit log (docs/admin.md 'Audit log'; table `audit_log`, migration 1797800100000). A module
 * records each operator change with the manager of the transaction that makes the change, so the row
 * is committed with it or not at all. Rows are append-only (a trigger refuses UPDATE and DELETE);
 * `scrubPerson` is the one exception, for an erasure.
 */
@Injectable()
export class AuditTrail {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Writes one entry in the caller's transaction (`manager`), with only the allow-listed fields. */
  async record(manager: EntityManager, entry: AuditEntry): Promise<void> {
    const before = allowedAuditFields(entry.entityType, entry.before);
    const after = allowedAuditFields(entry.entityType, entry.after);
    await manager.query(
      `INSERT INTO audit_log (actor_id, actor_label, actor_role, action, entity_type, entity_id, before, after)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)`,
      [
        entry.actor.id,
        entry.actor.label,
        entry.actor.role,
        entry.action,
        entry.entityType,
        entry.entityId,
        before === null ? null : JSON.stringify(before),
        after === null ? null : JSON.stringify(after),
      ],
    );
  }

  /**
   * GDPR art. 17 inside the audit log, in the erasure's transaction (`manager`): every row the person
   * did (actor_id) or that names them (their e-mail as actor_label, their e-mail or full name inside
   * a before/after value) keeps its place, with the person replaced by '[erased]'. Answers how many
   * rows changed. The trigger lets exactly this through: the transaction-local setting
   * `audit_log.scrub` is 'on' only while these updates run, and only actor_label, before and after
   * may change.
   */
  async scrubPerson(manager: EntityManager, person: { userId: string | null; values: readonly string[] }): Promise<number> {
    const values = [...new Set(person.values.map((v) => v.trim()).filter((v) => v.length >= 3))];
    if (!person.userId && !values.length) return 0;
    const lowered = values.map((v) => v.toLowerCase());
    const rows = (await manager.query(
      `SELECT id, actor_id, actor_label, entity_id, before, after FROM audit_log
        WHERE ($1::uuid IS NOT NULL AND actor_id = $1::uuid)
           OR lower(actor_label) = ANY($2::text[])
           OR lower(entity_id) = ANY($2::text[])
           OR EXISTS (SELECT 1 FROM unnest($2::text[]) v
                       WHERE strpos(lower(coalesce(before::text, '')), v) > 0 OR strpos(lower(coalesce(after::text, '')), v) > 0)
        FOR UPDATE`,
      [person.userId, lowered],
    )) as Array<Pick<AuditRow, 'id' | 'actor_id' | 'actor_label' | 'entity_id' | 'before' | 'after'>>;
    if (!rows.length) return 0;
    await manager.query(`SELECT set_config('audit_log.scrub', 'on', true)`);
    try {
      for (const row of rows) {
        // an entity filed under the person's e-mail (a business invitation) loses that name too
        const entityId = lowered.includes(row.entity_id.toLowerCase()) ? ERASED : row.entity_id;
        await manager.query(`UPDATE audit_log SET actor_label = $2, before = $3::jsonb, after = $4::jsonb, entity_id = $5 WHERE id = $1`, [
          row.id,
          scrubLabel(row.actor_label, lowered, person.userId !== null && row.actor_id === person.userId),
          row.before === null ? null : JSON.stringify(scrubValue(row.before, lowered)),
          row.after === null ? null : JSON.stringify(scrubValue(row.after, lowered)),
          entityId,
        ]);
      }
    } finally {
      await manager.query(`SELECT set_config('audit_log.scrub', 'off', true)`);
    }
    return rows.length;
  }

  /**
   * The entries about a person, oldest first, for their data export (GDPR art. 15): those about
   * their account (entity type `customer` with their id, or any entity whose id is their id or
   * e-mail address, such as a business invitation) and those they made themselves (actor).
   */
  async aboutPerson(userId: string, email: string): Promise<Array<Record<string, unknown>>> {
    const rows = (await this.db.query(
      `SELECT id::text AS id, at, actor_id, actor_label, actor_role, action, entity_type, entity_id, before, after
         FROM audit_log WHERE actor_id = $1::uuid OR entity_id = $1::text OR lower(entity_id) = lower($2)
        ORDER BY audit_log.id LIMIT 10000`,
      [userId, email],
    )) as AuditRow[];
    return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
  }

  /**
   * A page of the log, newest first, 50 a page. `entityTypes` limits it to those types (staff, see
   * AUDIT_TYPES_FOR_STAFF); undefined is every type.
   */
  async list(query: AdminAuditQuery, entityTypes?: readonly string[]): Promise<AdminAuditList> {
    const page = query.page ?? 1;
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown): void => {
      params.push(value);
      where.push(sql.replaceAll('?', `$${params.length}`));
    };
    if (entityTypes) add('entity_type = ANY(?::text[])', [...entityTypes]);
    if (query.entity_type) add('entity_type = ?', query.entity_type);
    if (query.entity_id) add('entity_id = ?', query.entity_id);
    if (query.action) add('action = ?', query.action);
    if (query.actor) {
      if (UUID.test(query.actor)) add('actor_id = ?::uuid', query.actor);
      else add(`lower(actor_label) LIKE ? ESCAPE '\\'`, `%${query.actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (query.from) add('at >= ?', query.from);
    if (query.to) add('at < ?', query.to);
    const sqlWhere = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = (await this.db.query(`SELECT count(*)::int AS n FROM audit_log ${sqlWhere}`, params)) as Array<{ n: number }>;
    const rows = (await this.db.query(
      `SELECT id::text AS id, at, actor_id, actor_label, actor_role, action, entity_type, entity_id, before, after
         FROM audit_log ${sqlWhere} ORDER BY audit_log.id DESC LIMIT ${AUDIT_PAGE_SIZE} OFFSET $${params.length + 1}`,
      [...params, (page - 1) * AUDIT_PAGE_SIZE],
    )) as AuditRow[];
    const entries: AdminAuditEntry[] = rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
    return { entries, page, page_size: AUDIT_PAGE_SIZE, total: n };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The actor's label, '[erased]' when it is the person (by id or by one of their values). */
function scrubLabel(label: string, lowered: readonly string[], isActor: boolean): string {
  return isActor || lowered.includes(label.toLowerCase()) ? ERASED : scrubString(label, lowered);
}

/** Every occurrence of the person's values inside strings of a JSON value replaced, case-insensitively. */
export function scrubValue(value: unknown, lowered: readonly string[]): unknown {
  if (typeof value === 'string') return scrubString(value, lowered);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, lowered));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, lowered)]));
  }
  return value;
}

function scrubString(text: string, lowered: readonly string[]): string {
  let out = text;
  for (const v of lowered) {
    let i = out.toLowerCase().indexOf(v);
    while (i >= 0) {
      out = `${out.slice(0, i)}${ERASED}${out.slice(i + v.length)}`;
      i = out.toLowerCase().indexOf(v, i + ERASED.length);
    }
  }
  return out;
}
