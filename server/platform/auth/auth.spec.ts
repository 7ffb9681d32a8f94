import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AuthError } from './auth.errors.js';
import type { CallerVerifier } from './caller-verifier.js';
import { currentUser, currentUserId, type AuthUser } from './caller.js';
import { CallerStrategy } from './caller-strategy.js';
import { IdentifyCaller } from './identify-caller.guard.js';
import { RequireAuth, Roles } from './require-auth.guard.js';
import { RequireOperator } from './require-operator.guard.js';

const admin: AuthUser = { id: 'u-1', role: 'admin', sessionId: 's-1' };
const customer: AuthUser = { id: 'u-2', role: 'customer', sessionId: 's-2' };

class Endpoints {
  open(): void {}
  adminOnly(): void {}
}
Roles('admin')(Endpoints.prototype, 'adminOnly', Object.getOwnPropertyDescriptor(Endpoints.prototype, 'adminOnly')!);

function contextOf(req: object, handler: keyof Endpoints = 'open'): ExecutionContext {
  return {
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => ({}), getNext: () => () => {} }),
    getHandler: () => Endpoints.prototype[handler],
    getClass: () => Endpoints,
  } as unknown as ExecutionContext;
}

const verifier = (answer: () => Promise<AuthUser | undefined>): CallerVerifier => ({ callerOf: answer });

/** The guard as the app runs it: passport's 'caller' strategy registered with the given verifier. */
function identifyCaller(v: CallerVerifier): IdentifyCaller {
  new CallerStrategy(v);
  return new IdentifyCaller();
}

describe('IdentifyCaller', () => {
  it('sets req.user to whom the verifier names, and lets every call through', async () => {
    const req = {} as Request & { user?: AuthUser };
    await expect(identifyCaller(verifier(async () => admin)).canActivate(contextOf(req))).resolves.toBe(true);
    expect(currentUser(req)).toEqual(admin);
    expect(currentUserId(req)).toBe('u-1');
  });

  it('leaves the call anonymous when the verifier names nobody or fails', async () => {
    for (const answer of [async () => undefined, () => Promise.reject(new Error('database away'))]) {
      const req = { user: admin } as Request & { user?: AuthUser };
      await expect(identifyCaller(verifier(answer)).canActivate(contextOf(req))).resolves.toBe(true);
      expect(currentUser(req)).toBeUndefined();
      expect(() => currentUserId(req)).toThrow(AuthError);
    }
  });
});

describe('RequireAuth', () => {
  const guard = new RequireAuth(new Reflector());
  const refusal = (req: object, handler: keyof Endpoints): unknown => {
    try {
      return guard.canActivate(contextOf(req, handler));
    } catch (err) {
      return err instanceof AuthError ? [err.code, err.kind] : err;
    }
  };

  it('refuses an anonymous caller with 401 AUTH_REQUIRED', () => {
    expect(refusal({}, 'open')).toEqual(['AUTH_REQUIRED', 'unauthenticated']);
    expect(refusal({ user: { role: 'admin' } }, 'open')).toEqual(['AUTH_REQUIRED', 'unauthenticated']);
  });

  it('refuses a role @Roles does not name with 403 AUTH_FORBIDDEN, and lets the others through', () => {
    expect(refusal({ user: customer }, 'adminOnly')).toEqual(['AUTH_FORBIDDEN', 'forbidden']);
    expect(refusal({ user: admin }, 'adminOnly')).toBe(true);
    expect(refusal({ user: customer }, 'open')).toBe(true);
  });
});

describe('RequireOperator', () => {
  const guard = new RequireOperator();
  const call = (user: AuthUser | undefined, method: string, path: string | undefined, params: Record<string, string> = {}): unknown => {
    const req = { user, method, route: path === undefined ? undefined : { path }, params };
    try {
      return guard.canActivate(contextOf(req));
    } catch (err) {
      return err instanceof AuthError ? [err.code, err.kind] : err;
    }
  };
  const staff: AuthUser = { id: 'u-3', role: 'staff', sessionId: 's-3' };

  it('refuses an anonymous caller with 401 and a customer with 403', () => {
    expect(call(undefined, 'GET', '/api/admin/orders')).toEqual(['AUTH_REQUIRED', 'unauthenticated']);
    expect(call(customer, 'GET', '/api/admin/orders')).toEqual(['AUTH_FORBIDDEN', 'forbidden']);
  });

  it('lets staff and admin in as the policy says', () => {
    expect(call(staff, 'POST', '/api/admin/orders/:number/ship')).toBe(true);
    expect(call(staff, 'POST', '/api/admin/orders/:number/refund')).toEqual(['AUTH_FORBIDDEN', 'forbidden']);
    expect(call(admin, 'POST', '/api/admin/orders/:number/refund')).toBe(true);
    expect(call(staff, 'GET', '/api/admin/vat/eu-distance-sales')).toEqual(['AUTH_FORBIDDEN', 'forbidden']);
  });

  it('refuses everybody on a route the policy does not name', () => {
    expect(call(admin, 'GET', '/api/admin/not-in-the-table')).toEqual(['AUTH_FORBIDDEN', 'forbidden']);
    expect(call(admin, 'GET', undefined)).toEqual(['AUTH_FORBIDDEN', 'forbidden']);
  });
});
