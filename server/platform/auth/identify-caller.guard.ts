import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { CALLER_STRATEGY } from './caller-strategy.js';

/**
 * Global guard (APP_GUARD): identifies the caller when valid credentials come along (`req.user`,
 * read by currentUser) through passport's 'caller' strategy, and lets anonymous calls through. A
 * caller the verifier cannot check (it failed, e.g. the database is away) is treated as anonymous.
 * Endpoints that need a user add `@UseGuards(RequireAuth)`.
 */
@Injectable()
export class IdentifyCaller extends AuthGuard(CALLER_STRATEGY) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await (super.canActivate(context) as Promise<boolean>).catch(() => false);
    return true;
  }

  override handleRequest<T>(_err: unknown, user: T): T {
    return (user || undefined) as T;
  }
}
