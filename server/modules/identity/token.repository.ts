import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { UserRole } from './identity.types.js';
import { RefreshToken, UserToken, type TokenPurpose } from './user.entity.js';

/**
 * The data access of refresh tokens (`refresh_token`: sessions) and one-time user tokens (`user_token`:
 * links in mails). Methods taking a manager run on it (the caller's transaction, or the data source's
 * manager outside one).
 */
@Injectable()
export class TokenRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ---------------------------------------------------------------- refresh tokens

  async insertRefreshToken(m: EntityManager, token: RefreshToken): Promise<void> {
    await m.insert(RefreshToken, token);
  }

  /** The refresh token with this hash (not locked). */
  refreshTokenByHash(m: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
    return m.findOne(RefreshToken, { where: { tokenHash } });
  }

  /** Marks a refresh token used (rotated): presenting it again is reuse. */
  async markRefreshTokenUsed(m: EntityManager, id: string, usedAt: Date): Promise<void> {
    await m.update(RefreshToken, { id }, { usedAt });
  }

  /** The refresh token with this hash, locked until the transaction ends. */
  lockRefreshToken(m: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
    return m.createQueryBuilder(RefreshToken, 't').setLock('pessimistic_write').where('t.token_hash = :h', { h: tokenHash }).getOne();
  }

  /** Ends a session: every token of the family revoked. */
  async revokeFamily(m: EntityManager, familyId: string): Promise<void> {
    await m.query(`UPDATE refresh_token SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [familyId]);
  }

  /** Ends every session of a user, except the family `keep`. */
  async revokeAllOf(m: EntityManager, userId: string, keep?: string): Promise<void> {
    const qb = m
      .createQueryBuilder()
      .update(RefreshToken)
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (keep) qb.andWhere('family_id <> :keep', { keep });
    await qb.execute();
  }

  /**
   * The role and e-mail of an active user whose session (token family) is not revoked; undefined
   * when it is over. The e-mail names the caller in the audit log (AuthUser.label).
   */
  async liveSessionUser(familyId: string, userId: string): Promise<{ role: UserRole; email: string } | undefined> {
    const [alive] = (await this.db.manager.query(
      `SELECT u.role, u.email FROM refresh_token t JOIN app_user u ON u.id = t.user_id
        WHERE t.family_id = $1 AND t.user_id = $2 AND t.revoked_at IS NULL AND u.status = 'active'
          AND u.blocked_at IS NULL AND u.erased_at IS NULL LIMIT 1`,
      [familyId, userId],
    )) as Array<{ role: UserRole; email: string }>;
    return alive;
  }

  // ---------------------------------------------------------------- user tokens

  /** Inserts the token unless one with its hash exists (the same token twice is one row). */
  async insertUserToken(m: EntityManager, token: UserToken): Promise<void> {
    await m
      .createQueryBuilder()
      .insert()
      .into(UserToken)
      .values(token as QueryDeepPartialEntity<UserToken>)
      .orIgnore()
      .execute();
  }

  /** The user token with this hash and purpose (not locked: a read that uses nothing up). */
  userTokenByHash(m: EntityManager, tokenHash: string, purpose: TokenPurpose): Promise<UserToken | null> {
    return m.findOne(UserToken, { where: { tokenHash, purpose } });
  }

  /** The user token with this hash and purpose, locked until the transaction ends. */
  lockUserToken(m: EntityManager, tokenHash: string, purpose: string): Promise<UserToken | null> {
    return m
      .createQueryBuilder(UserToken, 't')
      .setLock('pessimistic_write')
      .where('t.token_hash = :h AND t.purpose = :purpose', { h: tokenHash, purpose })
      .getOne();
  }

  async markUserTokenUsed(m: EntityManager, id: string, usedAt: Date): Promise<void> {
    await m.update(UserToken, { id }, { usedAt });
  }

  /** Voids the unused tokens of a user for a purpose. */
  async voidUserTokens(m: EntityManager, userId: string, purpose: string): Promise<void> {
    await m.query(`UPDATE user_token SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [userId, purpose]);
  }
}
