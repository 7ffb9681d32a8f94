import type { Request } from 'express';
import type { AuthUser } from './caller.js';

/**
 * Authentication's port to whoever keeps the sessions (the identity module: SessionCallerVerifier,
 * bound under CALLER_VERIFIER in identity.module.ts, which also installs IdentifyCaller). Platform
 * knows no module: it asks this port who a request's credentials name.
 */
export interface CallerVerifier {
  /**
   * The caller the request's credentials name, or undefined when there are none or they name nobody
   * (forged, expired, a session that ended, an account no longer active). Called once per request.
   */
  callerOf(req: Request): Promise<AuthUser | undefined>;
}

/** Injection token of the CallerVerifier. */
export const CALLER_VERIFIER = Symbol('platform.auth.CallerVerifier');
