import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { hashToken, isTokenShaped } from './secure-token.js';
import { UserToken, type TokenPurpose } from './user.entity.js';
import { TokenRepository } from './token.repository.js';

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  activation: 24 * 60 * 60 * 1000,
  magic_link: 15 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
  email_change: 24 * 60 * 60 * 1000,
};

export type ConsumeOutcome = { ok: true; token: UserToken } | { ok: false; reason: 'unknown' | 'expired' | 'used'; token?: UserToken };

/** Single-use link tokens: stored as SHA-256, consumed under a row lock so two clicks cannot both win. */
@Injectable()
export class UserTokenService {
  constructor(private readonly tokens: TokenRepository) {}

  /**
   * Records a token (idempotent: the same token twice is one row). `issuedAt` is the time of the
   * cause (the event), so a retried mail job gives the same expiry.
   */
  async record(
    m: EntityManager,
    input: { purpose: TokenPurpose; token: string; userId: string | null; issuedAt: Date; data?: Record<string, unknown> },
  ): Promise<void> {
    await this.tokens.insertUserToken(
      m,
      Object.assign(new UserToken(), {
        id: randomUUID(),
        purpose: input.purpose,
        userId: input.userId,
        tokenHash: hashToken(input.token),
        data: (input.data ?? {}) as never,
        expiresAt: new Date(input.issuedAt.getTime() + TOKEN_TTL_MS[input.purpose]),
        usedAt: null,
        createdAt: new Date(),
      }),
    );
  }

  /** The user a token names, read only (nothing is marked): for the language of the page an old link leads to. */
  async peekUserId(m: EntityManager, purpose: TokenPurpose, raw: unknown): Promise<string | null> {
    if (!isTokenShaped(raw)) return null;
    const token = await this.tokens.userTokenByHash(m, hashToken(raw), purpose);
    return token?.userId ?? null;
  }

  /** Marks a token used and returns it, or says why not. Call inside the transaction that acts on it. */
  async consume(m: EntityManager, purpose: TokenPurpose, raw: unknown): Promise<ConsumeOutcome> {
    if (!isTokenShaped(raw)) return { ok: false, reason: 'unknown' };
    const token = await this.tokens.lockUserToken(m, hashToken(raw), purpose);
    if (!token) return { ok: false, reason: 'unknown' };
    if (token.usedAt) return { ok: false, reason: 'used', token };
    if (token.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired', token };
    token.usedAt = new Date();
    await this.tokens.markUserTokenUsed(m, token.id, token.usedAt);
    return { ok: true, token };
  }

  /** Voids the unused tokens of a user for a purpose (a new password makes older reset links useless). */
  async voidAll(m: EntityManager, userId: string, purpose: TokenPurpose): Promise<void> {
    await this.tokens.voidUserTokens(m, userId, purpose);
  }
}
