import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser, CallerVerifier } from '../../platform/auth/index.js';
import { accessTokenOf } from './auth-cookies.js';
import { SessionService } from './session.service.js';

/**
 * The identity module's side of platform/auth's CALLER_VERIFIER port: the bearer header or the
 * access cookie must hold a valid access token whose session is still alive (logout and password
 * changes take effect at once); the role is read from the account, not the token, and so is the
 * e-mail that names the caller in the audit log (`label`).
 */
@Injectable()
export class SessionCallerVerifier implements CallerVerifier {
  constructor(private readonly sessions: SessionService) {}

  async callerOf(req: Request): Promise<AuthUser | undefined> {
    const token = accessTokenOf(req);
    if (!token) return undefined;
    const claims = await this.sessions.verifyAccess(token);
    return claims ? { id: claims.sub, role: claims.role, sessionId: claims.sid, label: claims.email } : undefined;
  }
}
