import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { CALLER_VERIFIER, type CallerVerifier } from './caller-verifier.js';
import type { AuthUser } from './caller.js';

/**
 * Global guard (APP_GUARD): identifies the caller when valid credentials come along (`req.user`,
 * read by currentUser) and lets anonymous calls through. A caller the verifier cannot check (it
 * failed, e.g. the database is away) is treated as anonymous. Endpoints that need a user add
 * `@UseGuards(RequireAuth)`.
 */
@Injectable()
export class IdentifyCaller implements CanActivate {
  constructor(@Inject(CALLER_VERIFIER) private readonly verifier: CallerVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    req.user = await this.verifier.callerOf(req).catch(() => undefined);
    return true;
  }
}
