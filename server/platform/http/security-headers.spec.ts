import type { NextFunction, Request, Response } from 'express';
import { botCheckCspSources, securityHeaders, type BotCheckCspSources } from './security-headers.js';

function csp(formActions?: string[], botCheck?: BotCheckCspSources): string {
  const headers: Record<string, string> = {};
  const res = {
    locals: { cspNonce: 'abc' },
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    getHeader: (name: string) => headers[name.toLowerCase()],
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as Response;
  securityHeaders({ dev: false, secure: true, formActions, ...(botCheck ? { botCheck } : {}) })({ headers: {} } as Request, res, (() => undefined) as NextFunction);
  return headers['content-security-policy'];
}

describe('security headers', () => {
  it("lets forms post only to our own origin unless a provider's page is named", () => {
    expect(csp()).toContain("form-action 'self';");
    expect(csp(['https://ipgtest.monri.com'])).toContain("form-action 'self' https://ipgtest.monri.com;");
  });

  it("allows the bot check's provider only when it is configured", () => {
    const off = csp();
    expect(off).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(off).toContain("connect-src 'self';");
    expect(off).not.toContain('frame-src');
    expect(off).not.toContain('google');

    const google = csp(undefined, botCheckCspSources('https://www.google.com/recaptcha/api.js'));
    expect(google).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' https://www.google.com https://www.gstatic.com;");
    expect(google).toContain("frame-src 'self' https://www.google.com https://recaptcha.google.com;");
    expect(google).toContain("connect-src 'self' https://www.google.com;");

    const emulator = csp(undefined, botCheckCspSources('http://127.0.0.1:4100/recaptcha/api.js'));
    expect(emulator).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' http://127.0.0.1:4100;");
    expect(emulator).toContain("frame-src 'self' http://127.0.0.1:4100;");
  });
});
