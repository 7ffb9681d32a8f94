import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuthError } from './auth.errors.js';
import { currentUser } from './caller.js';
import { mayUse, requestCapability } from './operator-policy.js';

/**
 * `@UseGuards(RequireOperator)` on the operators' JSON API: 401 AUTH_REQUIRED without a signed-in
 * caller; 403 AUTH_FORBIDDEN unless the caller's role may use the capability OPERATOR_ROUTES gives
 * the matched route (operator-policy.ts). A route missing from that table is refused to everybody:
 * the policy is the one place that says who may do what.
 */
@Injectable()
export class RequireOperator implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const user = currentUser(req);
    if (!user) throw new AuthError('AUTH_REQUIRED');
    const capability = requestCapability(req);
    if (!capability || !mayUse(user.role, capability)) throw new AuthError('AUTH_FORBIDDEN');
    return true;
  }
}
