import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { accessTokenOf } from './auth-cookies.js';
import { IdentityError } from './identity.errors.js';
import type { UserRole } from './identity.types.js';
import { SessionService } from './session.service.js';

/** Who is calling, as `req.user` carries it once the access token checked out. */
export interface AuthUser {
  id: string;
  role: UserRole;
  /** The session (refresh-token family) of this access token. */
  sessionId: string;
}

/**
 * Passport strategy 'access-token': the bearer header or the access cookie must hold a valid JWT
 * whose session is still alive (logout and password changes take effect at once).
 */
@Injectable()
export class AccessTokenStrategy extends PassportStrategy(Strategy, 'access-token') {
  constructor(private readonly sessions: SessionService) {
    super();
  }

  async validate(req: Request): Promise<AuthUser | false> {
    const claims = await this.sessions.verifyAccess(accessTokenOf(req));
    return claims ? { id: claims.sub, role: claims.role, sessionId: claims.sid } : false;
  }
}

/**
 * Global guard: identifies the caller when a valid token comes along (`req.user`), lets anonymous
 * calls through. Endpoints that need a user add `@UseGuards(RequireAuth)`.
 */
@Injectable()
export class IdentifyCaller extends AuthGuard('access-token') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!accessTokenOf(req)) return true;
    await (super.canActivate(context) as Promise<boolean>).catch(() => false);
    return true;
  }

  override handleRequest<T>(_err: unknown, user: T): T {
    return (user || undefined) as T;
  }
}

const ROLES = Symbol('roles');
/** Restricts an endpoint to the given roles (with RequireAuth). */
export const Roles = (...roles: UserRole[]) => SetMetadata(ROLES, roles);

/** 401 AUTH_REQUIRED without a signed-in user; 403 AUTH_FORBIDDEN with the wrong role. */
@Injectable()
export class RequireAuth implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const user = currentUser(context.switchToHttp().getRequest<Request>());
    if (!user) throw new IdentityError('AUTH_REQUIRED');
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (roles?.length && !roles.includes(user.role)) throw new IdentityError('AUTH_FORBIDDEN');
    return true;
  }
}

export function currentUser(req: Request): AuthUser | undefined {
  const user = (req as Request & { user?: AuthUser }).user;
  return user && typeof user.id === 'string' ? user : undefined;
}

/** The signed-in user's id (use behind RequireAuth). */
export function currentUserId(req: Request): string {
  const user = currentUser(req);
  if (!user) throw new IdentityError('AUTH_REQUIRED');
  return user.id;
}
