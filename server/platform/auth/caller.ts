import type { Request } from 'express';
import type { UserRole } from '../../../contract/api/identity.js';
import { AuthError } from './auth.errors.js';

/** Who is calling, as `req.user` carries it once IdentifyCaller found a valid session. */
export interface AuthUser {
  id: string;
  role: UserRole;
  /** The session (refresh-token family) of this access token. */
  sessionId: string;
  /** How the caller is named to people, e.g. in the audit log: their e-mail as the verifier read it now. */
  label?: string;
}

/** The signed-in caller of a request, or undefined for an anonymous one. */
export function currentUser(req: Request): AuthUser | undefined {
  const user = (req as Request & { user?: AuthUser }).user;
  return user && typeof user.id === 'string' ? user : undefined;
}

/** The signed-in user's id (use behind RequireAuth); 401 AUTH_REQUIRED without one. */
export function currentUserId(req: Request): string {
  const user = currentUser(req);
  if (!user) throw new AuthError('AUTH_REQUIRED');
  return user.id;
}
