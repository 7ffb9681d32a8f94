import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ControlCharacterGuard, refuseControlCharacters } from './input-check.js';

const request = (body: unknown) =>
  ({ path: '/api/x', originalUrl: '/api/x', method: 'POST', query: {}, body, app: {} }) as unknown as Request;
const contextOf = (req: Request) =>
  ({ getType: () => 'http', switchToHttp: () => ({ getRequest: () => req }) }) as unknown as ExecutionContext;
const passMiddleware = (req: Request) => {
  let outcome: unknown = 'not called';
  refuseControlCharacters()(req, {} as never, (err?: unknown) => (outcome = err));
  return outcome;
};

describe('control characters: middleware, then the guard for what it did not see', () => {
  const guard = new ControlCharacterGuard();

  it('refuses a control character in the body in the middleware', () => {
    expect(passMiddleware(request({ name: 'a\u0000b' }))).toMatchObject({ code: 'CONTROL_CHARACTER' });
  });

  it('lets the guard pass a body the middleware already inspected', () => {
    const req = request({ name: 'fine' });
    expect(passMiddleware(req)).toBeUndefined();
    expect(guard.canActivate(contextOf(req))).toBe(true);
  });

  it('checks again when a later parser replaced the body (a route with its own parser)', () => {
    const req = request(undefined);
    expect(passMiddleware(req)).toBeUndefined();
    req.body = { note: 'ok', name: 'x\u0001y' };
    expect(() => guard.canActivate(contextOf(req))).toThrow(expect.objectContaining({ code: 'CONTROL_CHARACTER' }));
  });

  it('checks a request the middleware never saw', () => {
    expect(() => guard.canActivate(contextOf(request({ q: '\u007f' })))).toThrow(expect.objectContaining({ code: 'CONTROL_CHARACTER' }));
  });
});
