import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';

export const CSRF_HEADER = 'x-csrf-token';
const SID_COOKIE = 'sid';

/**
 * Double-submit CSRF protection (csrf-csrf): the page carries the token in
 * <meta name="csrf-token">, the browser echoes it in X-CSRF-Token on every mutating /api call,
 * and the HMAC binds it to the cookie pair plus an anonymous browser id (`sid`).
 */
export function createCsrf(opts: { secret: string; secure: boolean }) {
  const cookieName = opts.secure ? '__Host-csrf' : 'csrf';
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => opts.secret,
    getSessionIdentifier: (req) => String((req as Request).cookies?.[SID_COOKIE] ?? (req as Request & { sid?: string }).sid ?? ''),
    cookieName,
    cookieOptions: { sameSite: 'lax', path: '/', secure: opts.secure, httpOnly: true },
    getCsrfTokenFromRequest: (req) => (req as Request).headers[CSRF_HEADER] as string | undefined,
  });

  /** Makes sure the browser has an anonymous id, then returns a token for the page's meta tag. */
  function tokenFor(req: Request, res: Response): string {
    let sid = req.cookies?.[SID_COOKIE] as string | undefined;
    if (!sid || !/^[A-Za-z0-9_-]{20,64}$/.test(sid)) {
      sid = randomBytes(18).toString('base64url');
      res.cookie(SID_COOKIE, sid, { httpOnly: true, sameSite: 'lax', secure: opts.secure, path: '/' });
      (req as Request & { sid?: string }).sid = sid;
      if (req.cookies) req.cookies[SID_COOKIE] = sid;
    }
    return generateCsrfToken(req, res, { overwrite: false, validateOnReuse: false });
  }

  /** Rejects mutating /api calls without a valid token: 403 with a clear JSON error. */
  function protect(req: Request, res: Response, next: NextFunction): void {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || !req.path.startsWith('/api/')) return next();
    if (validateRequest(req)) return next();
    res.status(403).json({
      errors: [
        {
          code: 'CSRF_TOKEN_INVALID',
          message: `Missing or invalid CSRF token: send the token from <meta name="csrf-token"> in the X-CSRF-Token header.`,
        },
      ],
    });
  }

  return { tokenFor, protect, cookieName };
}
export type Csrf = ReturnType<typeof createCsrf>;

/** Path of the token endpoint for API clients (and API-only test boots) that do not load a page first. */
export const CSRF_TOKEN_PATH = '/api/csrf';

/**
 * `GET /api/csrf` answers `{ data: { token } }` and sets the cookies the token is bound to; the
 * client echoes the token in X-CSRF-Token. Pages need not call it: they carry the token in
 * <meta name="csrf-token">.
 */
export function csrfTokenHandler(csrf: Csrf) {
  return (req: Request, res: Response): void => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: { token: csrf.tokenFor(req, res) } });
  };
}

/** The endpoint's OpenAPI entry (it is plain Express, so Nest's scanner does not see it). */
export const CSRF_TOKEN_OPENAPI = {
  get: {
    tags: ['security'],
    summary: 'A CSRF token for the X-CSRF-Token header of mutating /api calls (sets the cookies it is bound to).',
    responses: {
      '200': {
        description: '{ data: { token } }',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { data: { type: 'object', properties: { token: { type: 'string' } } } } },
          },
        },
      },
    },
  },
} as const;
