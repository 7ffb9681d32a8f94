import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { UserRole } from '../../../contract/api/identity.js';
import { AuthError } from './auth.errors.js';
import { currentUser } from './caller.js';

const ROLES = Symbol('roles');
/** Restricts an endpoint to the given roles (with RequireAuth). */
export const Roles = (...roles: UserRole[]) => SetMetadata(ROLES, roles);

/**
 * `@UseGuards(RequireAuth)`: 401 AUTH_REQUIRED without a signed-in caller; 403 AUTH_FORBIDDEN with a
 * role `@Roles(...)` does not name. Needs nothing but Nest's Reflector, so any module's controller
 * can use it without importing a module.
 */
@Injectable()
export class RequireAuth implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const user = currentUser(context.switchToHttp().getRequest<Request>());
    if (!user) throw new AuthError('AUTH_REQUIRED');
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (roles?.length && !roles.includes(user.role)) throw new AuthError('AUTH_FORBIDDEN');
    return true;
  }
}
