import type { NextFunction, Request, Response } from 'express';
import { securityHeaders } from './security-headers.js';

function csp(formActions?: string[]): string {
  const headers: Record<string, string> = {};
  const res = {
    locals: { cspNonce: 'abc' },
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    getHeader: (name: string) => headers[name.toLowerCase()],
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as Response;
  securityHeaders({ dev: false, secure: true, formActions })({ headers: {} } as Request, res, (() => undefined) as NextFunction);
  return headers['content-security-policy'];
}

describe('security headers', () => {
  it("lets forms post only to our own origin unless a provider's page is named", () => {
    expect(csp()).toContain("form-action 'self';");
    expect(csp(['https://ipgtest.monri.com'])).toContain("form-action 'self' https://ipgtest.monri.com;");
  });
});
