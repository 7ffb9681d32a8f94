import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { CustomerSearch } from './customer-directory.js';
import { User } from './user.entity.js';

/** A business invitation's link as stored (`user_token` of purpose `invitation`). */
export interface InvitationRow {
  id: string;
  data: Record<string, unknown>;
  created_at: Date;
  expires_at: Date;
}

/**
 * The SQL of the back office's customers for CustomerDirectory (`app_user`, `refresh_token`,
 * `user_token`, `birthday_benefit`); a method taking a manager runs in the caller's transaction.
 */
@Injectable()
export class CustomerDirectoryRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One page of accounts, newest first, and how many match. */
  async search(s: CustomerSearch): Promise<{ rows: User[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, ...values: unknown[]): void => {
      let text = sql;
      for (const v of values) {
        params.push(v);
        text = text.replace('?', `$${params.length}`);
      }
      where.push(text);
    };
    if (s.q) {
      const like = `%${s.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const digits = s.q.replace(/\D/g, '');
      add(
        `(lower(u.email) LIKE ? ESCAPE '\\' OR lower(u.first_name || ' ' || u.last_name) LIKE ? ESCAPE '\\'
          OR lower(coalesce(u.company_name, '')) LIKE ? ESCAPE '\\' OR lower(coalesce(u.vat_number, '')) LIKE ? ESCAPE '\\'
          OR (length(?) >= 4 AND coalesce(u.vat_number, '') LIKE ?))`,
        like,
        like,
        like,
        like,
        digits,
        `%${digits}%`,
      );
    }
    if (s.view === 'business') where.push(`u.role = 'business'`);
    if (s.view === 'blocked') where.push(`u.blocked_at IS NOT NULL`);
    if (s.view === 'newsletter') where.push(`u.newsletter_consent_at IS NOT NULL`);
    const sqlWhere = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = (await this.db.query(`SELECT count(*)::int AS n FROM app_user u ${sqlWhere}`, params)) as Array<{ n: number }>;
    const ids = (await this.db.query(
      `SELECT u.id FROM app_user u ${sqlWhere} ORDER BY u.created_at DESC, u.id LIMIT ${s.pageSize} OFFSET $${params.length + 1}`,
      [...params, (s.page - 1) * s.pageSize],
    )) as Array<{ id: string }>;
    if (!ids.length) return { rows: [], total: n };
    const rows = await this.db.manager.getRepository(User).findBy(ids.map((r) => ({ id: r.id })));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return { rows: ids.map((r) => byId.get(r.id)!).filter(Boolean), total: n };
  }

  /** Revokes every open session (refresh token) of the account and voids every open mailed link. */
  async revokeSessionsAndLinks(m: EntityManager, userId: string, at: Date): Promise<void> {
    await m.query(`UPDATE refresh_token SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, [userId, at]);
    await m.query(`UPDATE user_token SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [userId, at]);
  }

  /** Deletes the account's sessions, mailed links and birthday benefits (an erasure). */
  async deleteSessionsLinksAndBenefits(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM refresh_token WHERE user_id = $1`, [userId]);
    await m.query(`DELETE FROM user_token WHERE user_id = $1`, [userId]);
    await m.query(`DELETE FROM birthday_benefit WHERE user_id = $1`, [userId]);
  }

  /** The account's sessions, mailed links and birthday benefit years, oldest first (for the export). */
  async exportRows(userId: string): Promise<{
    sessions: Array<Record<string, Date | null>>;
    links: Array<Record<string, unknown>>;
    benefits: Array<{ year: number }>;
  }> {
    const sessions = (await this.db.query(
      `SELECT created_at, expires_at, used_at, revoked_at FROM refresh_token WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    )) as Array<Record<string, Date | null>>;
    const links = (await this.db.query(
      `SELECT purpose, created_at, expires_at, used_at FROM user_token WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    )) as Array<Record<string, unknown>>;
    const benefits = (await this.db.query(`SELECT year FROM birthday_benefit WHERE user_id = $1 ORDER BY year`, [userId])) as Array<{
      year: number;
    }>;
    return { sessions, links, benefits };
  }

  /** The pending invitations, newest first: one per address (its newest link), none for an address that has an account. */
  async pendingInvitations(limit: number): Promise<InvitationRow[]> {
    return (await this.db.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (t.data->>'email') t.id, t.data, t.created_at, t.expires_at
           FROM user_token t
          WHERE t.purpose = 'invitation' AND t.used_at IS NULL AND t.expires_at > now()
            AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.email = t.data->>'email')
          ORDER BY t.data->>'email', t.created_at DESC) p
        ORDER BY p.created_at DESC LIMIT $1`,
      [limit],
    )) as InvitationRow[];
  }

  /** A pending invitation's link by id, row-locked until the transaction ends, or undefined. */
  async pendingInvitation(m: EntityManager, id: string): Promise<InvitationRow | undefined> {
    const [row] = (await m.query(
      `SELECT t.id, t.data, t.created_at, t.expires_at FROM user_token t
        WHERE t.id = $1 AND t.purpose = 'invitation' AND t.used_at IS NULL AND t.expires_at > now()
          AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.email = t.data->>'email')
        FOR UPDATE OF t`,
      [id],
    )) as InvitationRow[];
    return row;
  }

  /** The data of a mailed link. */
  async tokenData(m: EntityManager, id: string): Promise<Record<string, unknown> | undefined> {
    const [row] = (await m.query(`SELECT data FROM user_token WHERE id = $1`, [id])) as Array<{ data: Record<string, unknown> }>;
    return row?.data;
  }

  /** Voids every open invitation link of the address. */
  async voidInvitations(m: EntityManager, email: string): Promise<void> {
    await m.query(`UPDATE user_token SET used_at = now() WHERE purpose = 'invitation' AND used_at IS NULL AND data->>'email' = $1`, [
      email,
    ]);
  }
}
