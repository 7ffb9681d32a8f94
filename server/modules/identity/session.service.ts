import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { IdentityError } from './identity.errors.js';
import type { TokenPair, UserRole } from './identity.types.js';
import { hashToken, newToken } from './secure-token.js';
import type { User } from './user.entity.js';
import { TokenRepository } from './token.repository.js';
import { UserRepository } from './user.repository.js';

/** What a valid access token says. */
export interface AccessClaims {
  sub: string;
  role: UserRole;
  /** refresh-token family: logout and reuse detection end exactly this session */
  sid: string;
}

/** The `iss` of every access token; a token without it (or with another) is refused. */
export const ACCESS_TOKEN_ISSUER = 'zlatnozrno-shop';

/** How far a token's `iat` may lie in the future (clock skew between processes). */
const MAX_CLOCK_SKEW_SECONDS = 60;

export interface IssuedSession extends TokenPair {
  /** Epoch ms when the access token expires. */
  expires_at: number;
  user_id: string;
}

/**
 * Access tokens (short-lived HS256 JWT) and refresh tokens (opaque, hashed, rotated on every use,
 * in families). Presenting a used refresh token revokes its whole family: whoever holds a stolen
 * copy and the rightful owner are both signed out of that session.
 */
@Injectable()
export class SessionService {
  private readonly jwt: JwtService;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokenRepository,
    private readonly users: UserRepository,
  ) {
    this.jwt = new JwtService({
      secret: `${config.secretKey}|access-token`,
      signOptions: { algorithm: 'HS256', expiresIn: config.auth.accessTokenTtlSeconds, issuer: ACCESS_TOKEN_ISSUER },
      // maxAge makes jsonwebtoken require `iat` too; `exp` is required in readAccess (the library
      // checks it only when present).
      verifyOptions: { algorithms: ['HS256'], issuer: ACCESS_TOKEN_ISSUER, maxAge: config.auth.accessTokenTtlSeconds },
    });
  }

  get accessTtlMs(): number {
    return this.config.auth.accessTokenTtlSeconds * 1000;
  }

  get refreshTtlMs(): number {
    return this.config.auth.refreshTokenTtlDays * 24 * 60 * 60 * 1000;
  }

  /** A new session (a new refresh-token family) for a user who just proved who they are. */
  async start(user: Pick<User, 'id' | 'role'>, manager: EntityManager = this.db.manager): Promise<IssuedSession> {
    // 'last sign-in' of the back office's customer profile
    await this.users.touchSignIn(manager, user.id);
    return this.issue(user, randomUUID(), manager);
  }

  /** Rotates a refresh token. A used or revoked one revokes its family; an unknown or expired one is refused. */
  async refresh(rawToken: unknown): Promise<IssuedSession> {
    if (typeof rawToken !== 'string' || rawToken.length < 20 || rawToken.length > 200) throw new IdentityError('AUTH_REFRESH_INVALID');
    const outcome = await this.db.transaction(async (m) => {
      const token = await this.tokens.lockRefreshToken(m, hashToken(rawToken));
      if (!token) return 'invalid' as const;
      if (token.usedAt || token.revokedAt) {
        // reuse: somebody replays an old token (theft or a bug); end the whole session family
        await this.tokens.revokeFamily(m, token.familyId);
        return 'reused' as const;
      }
      if (token.expiresAt.getTime() <= Date.now()) return 'invalid' as const;
      const user = await this.users.byId(m, token.userId);
      // a blocked or erased account renews nothing (its sessions were revoked at the block; belt and braces)
      if (!user || user.status !== 'active' || user.blockedAt || user.erasedAt) return 'invalid' as const;
      await this.tokens.markRefreshTokenUsed(m, token.id, new Date());
      return this.issue(user, token.familyId, m);
    });
    if (typeof outcome === 'string') throw new IdentityError('AUTH_REFRESH_INVALID');
    return outcome;
  }

  /** Ends the session a refresh token (or an access token's family) belongs to. Unknown tokens are ignored. */
  async end(refreshToken: unknown, familyId?: string): Promise<void> {
    let family = familyId;
    if (!family && typeof refreshToken === 'string' && refreshToken.length <= 200) {
      const row = await this.tokens.refreshTokenByHash(this.db.manager, hashToken(refreshToken));
      family = row?.familyId;
    }
    if (family) await this.tokens.revokeFamily(this.db.manager, family);
  }

  /** Ends every session of a user, except the family `keep` (the one changing the password). */
  async endAll(userId: string, manager: EntityManager = this.db.manager, keep?: string): Promise<void> {
    await this.tokens.revokeAllOf(manager, userId, keep);
  }

  /**
   * The claims of a valid access token whose session is still alive, else null. The family check
   * costs one indexed lookup and makes logout, password changes and reuse detection take effect
   * at once rather than when the JWT expires.
   */
  async verifyAccess(token: unknown): Promise<(AccessClaims & { email: string }) | null> {
    const claims = await this.readAccess(token);
    if (!claims) return null;
    // The role comes from the user row, not the token: a changed role applies at once.
    const live = await this.tokens.liveSessionUser(claims.sid, claims.sub);
    return live ? { ...claims, role: live.role, email: live.email } : null;
  }

  /**
   * The claims of a well-signed, unexpired access token, without asking the database whether its
   * session lives. Signed with our key is not enough: the token must also carry our issuer, `iat`
   * (not in the future) and an `exp` no further than one token lifetime after it, so a token
   * minted without an expiry (by a bug or a leaked key's holder) never lives for ever.
   */
  async readAccess(token: unknown): Promise<AccessClaims | null> {
    if (typeof token !== 'string' || token.length > 2000) return null;
    try {
      const claims = await this.jwt.verifyAsync<AccessClaims & { iat?: unknown; exp?: unknown }>(token);
      if (typeof claims?.sub !== 'string' || !claims.sub || typeof claims.sid !== 'string' || !claims.sid) return null;
      const { iat, exp } = claims;
      if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) return null;
      const now = Math.floor(Date.now() / 1000);
      if (iat > now + MAX_CLOCK_SKEW_SECONDS || exp <= iat || exp - iat > this.config.auth.accessTokenTtlSeconds) return null;
      return claims;
    } catch {
      return null;
    }
  }

  private async issue(user: Pick<User, 'id' | 'role'>, familyId: string, m: EntityManager): Promise<IssuedSession> {
    const refresh = newToken();
    const now = Date.now();
    await this.tokens.insertRefreshToken(m, {
      id: randomUUID(),
      userId: user.id,
      familyId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(now + this.refreshTtlMs),
      usedAt: null,
      revokedAt: null,
      createdAt: new Date(now),
    });
    const claims: AccessClaims = { sub: user.id, role: user.role, sid: familyId };
    const access = await this.jwt.signAsync(claims);
    return {
      access_token: access,
      refresh_token: refresh,
      expires: this.accessTtlMs,
      expires_at: now + this.accessTtlMs,
      user_id: user.id,
    };
  }
}
