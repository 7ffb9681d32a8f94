import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { User } from './user.entity.js';

/** `lock`: the row is locked (FOR UPDATE) until the caller's transaction ends. */
interface ReadOptions {
  lock?: boolean;
}

/**
 * The data access of users (`app_user`) and of birthday benefits (`birthday_benefit`). Methods
 * taking a manager run on it (the caller's transaction, or the data source's manager outside one).
 */
@Injectable()
export class UserRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ---------------------------------------------------------------- rows

  byId(m: EntityManager, id: string, { lock = false }: ReadOptions = {}): Promise<User | null> {
    return m.findOne(User, { where: { id }, ...locked(lock) });
  }

  byEmail(m: EntityManager, email: string, { lock = false }: ReadOptions = {}): Promise<User | null> {
    return m.findOne(User, { where: { email }, ...locked(lock) });
  }

  /** The user linked to this Google subject (`sub`). */
  byGoogleSubject(m: EntityManager, sub: string, { lock = false }: ReadOptions = {}): Promise<User | null> {
    return m.findOne(User, { where: { googleSubject: sub }, ...locked(lock) });
  }

  async insert(m: EntityManager, user: User): Promise<void> {
    await m.insert(User, user);
  }

  /** Writes `patch` to the user's row and stamps `updatedAt` (the time of the change, `now` by default). */
  async update(m: EntityManager, id: string, patch: Partial<User>, updatedAt: Date = new Date()): Promise<void> {
    await m.update(User, { id }, { ...patch, updatedAt });
  }

  /** Stamps the start of a session (the back office's 'last sign-in'). */
  async touchSignIn(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE app_user SET last_sign_in_at = now() WHERE id = $1`, [id]);
  }

  // ---------------------------------------------------------------- SQL

  /** Whether another user has this username (compared without case). */
  async usernameTaken(m: EntityManager, username: string, exceptUserId: string): Promise<boolean> {
    const [taken] = (await m.query(`SELECT 1 FROM app_user WHERE lower(username) = lower($1) AND id <> $2`, [
      username,
      exceptUserId,
    ])) as unknown[];
    return taken !== undefined;
  }

  /** Active users born on `month`/`day` (and on 29 February when `leapDayToo`) without a benefit for `year` yet. */
  async birthdaysWithoutBenefit(month: number, day: number, leapDayToo: boolean, year: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT u.id FROM app_user u
        WHERE u.status = 'active' AND u.birth_date IS NOT NULL AND u.blocked_at IS NULL AND u.erased_at IS NULL
          AND ((extract(month FROM u.birth_date) = $1 AND extract(day FROM u.birth_date) = $2)
               OR ($3 AND extract(month FROM u.birth_date) = 2 AND extract(day FROM u.birth_date) = 29))
          AND NOT EXISTS (SELECT 1 FROM birthday_benefit b WHERE b.user_id = u.id AND b.year = $4)`,
      [month, day, leapDayToo, year],
    );
    return rows.map((r) => r.id);
  }

  /** Claims the user's benefit of `year` (once: false when another run claimed it). */
  async claimBirthdayBenefit(m: EntityManager, userId: string, year: number): Promise<boolean> {
    const claimed = (await m.query(
      `INSERT INTO birthday_benefit (user_id, year) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id`,
      [userId, year],
    )) as unknown[];
    return claimed.length > 0;
  }

  /** The profile's newsletter switch on for the address (unless it is on already). */
  async markNewsletterConsent(m: EntityManager, email: string, at: string, version: string): Promise<void> {
    await m.query(
      `UPDATE app_user SET newsletter_consent_at = $2, newsletter_consent_version = $3, updated_at = now() WHERE email = $1 AND newsletter_consent_at IS NULL`,
      [email, at, version],
    );
  }

  /** The profile's newsletter switch off for the address (unless it is off already). */
  async clearNewsletterConsent(m: EntityManager, email: string): Promise<void> {
    await m.query(
      `UPDATE app_user SET newsletter_consent_at = NULL, newsletter_consent_version = NULL, updated_at = now() WHERE email = $1 AND newsletter_consent_at IS NOT NULL`,
      [email],
    );
  }
}

function locked(lock: boolean): { lock?: { mode: 'pessimistic_write' } } {
  return lock ? { lock: { mode: 'pessimistic_write' } } : {};
}
