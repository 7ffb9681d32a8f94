import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** A fresh CSP nonce per response, readable by the SSR renderer as res.locals.cspNonce. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

/** helmet with a nonce-based Content-Security-Policy. Vite's dev server needs websockets and eval-free HMR. */
export function securityHeaders(opts: { dev: boolean; secure: boolean }) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", nonce, "'strict-dynamic'"],
        'style-src': ["'self'", nonce],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': opts.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        ...(opts.secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: opts.secure ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
