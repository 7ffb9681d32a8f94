import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { localizedMessage, requestLocale } from '../i18n/index.js';
import { formCsrfToken } from './form-bodies.js';
import { COOKIE_NAMES } from '../../../contract/cookies.js';

export const CSRF_HEADER = 'x-csrf-token';
const SID_COOKIE = COOKIE_NAMES.sid;
/** The cookies of the CSRF protection (the token cookie, over https with its __Host- prefix, and the browser id): anonymous, per visitor. */
export const CSRF_COOKIES = [COOKIE_NAMES.csrf, COOKIE_NAMES.csrfHttps, SID_COOKIE] as const;

/** The only methods that pass without a check: they must not change state. Every other method, known or not, is checked. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A route the CSRF check leaves alone, matched exactly: the method and the route pattern as the
 * router matches it (case-sensitive, no trailing slash; the query string does not count). The only
 * pattern is a `:name` segment (exactly one segment of EXEMPT_PARAM characters).
 */
export interface CsrfExemptRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/${string}`;
  /** Why no browser can be tricked into it and what proves the caller instead (its signature check). */
  reason: string;
  /**
   * The handler verifies a signature over the body bytes exactly as sent, or parses another format
   * itself (XML): the global parser hands it the raw body (a Buffer in `req.body`, whatever the
   * Content-Type; json-bodies.ts) instead of parsed JSON.
   */
  rawBody?: true;
}

/**
 * Exempt from the CSRF check (and from the JSON-only body rule, see json-bodies.ts). Only a request
 * that proves itself another way belongs here, and its handler must verify that proof itself: a
 * server-to-server call signed by a shared key (the payment provider's callback, verified over
 * its raw body), or the payment sandbox's stand-ins for the provider's endpoints (mounted only
 * with PAYMENT_PROVIDER=sandbox; docs/payments.md). A route that acts on a visitor's cookies is never
 * exempt, whatever its path.
 */
export const CSRF_EXEMPT_ROUTES: readonly CsrfExemptRoute[] = [
  {
    method: 'POST',
    path: '/api/payments/:provider/callback',
    reason:
      "a card provider's server-to-server callback, one route for every adapter (`{provider}` names it; any other name is a 404 before the body is read): no browser and no cookie are involved, and the adapter verifies the provider's signature over the raw body (Monri: its Authorization header's WP3-callback digest, SHA-512 of key + the raw body, proves Monri sent exactly these bytes); anything else is refused with 401",
    rawBody: true,
  },
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    reason:
      "the newsletter's one-click unsubscribe (RFC 8058): a mail provider POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe URL without cookies or a CSRF token; the signed 256-bit token in its query proves the mailbox, the handler reads no cookie and does nothing but unsubscribe that token's address",
    rawBody: true,
  },
  {
    method: 'POST',
    path: '/sandbox/monri/v2/form',
    reason:
      "the payment sandbox's hosted-page form: in real life a cross-site POST from the shop's checkout to the provider; it reads no cookies, and its digest (SHA-512 of key + order_number + amount + currency) proves the shop built it",
  },
  {
    method: 'POST',
    path: '/sandbox/monri/orders/show',
    reason:
      "the payment sandbox's order status (Monri's transaction-management API): a server-to-server XML call without a page, proven by its digest (SHA-1 of key + order_number)",
    rawBody: true,
  },
  {
    method: 'POST',
    path: '/sandbox/monri/transactions/:order_number/refund.xml',
    reason:
      "the payment sandbox's refund (Monri's transaction-management API): a server-to-server XML call without a page, proven by its digest (SHA-1 of key + order_number + amount + currency)",
    rawBody: true,
  },
  {
    method: 'POST',
    path: '/sandbox/monri/transactions/:order_number/capture.xml',
    reason:
      "the payment sandbox's capture of an authorization (Monri's transaction-management API): a server-to-server XML call without a page, proven by its digest (SHA-1 of key + order_number + amount + currency)",
    rawBody: true,
  },
  {
    method: 'POST',
    path: '/sandbox/monri/transactions/:order_number/void.xml',
    reason:
      "the payment sandbox's void of an authorization (Monri's transaction-management API): a server-to-server XML call without a page, proven by its digest (SHA-1 of key + order_number + amount + currency)",
    rawBody: true,
  },
  {
    method: 'POST',
    path: '/sandbox/cis',
    reason:
      "the fiscalization sandbox's stand-in for the Tax Administration's CIS (mounted only with FISCALIZATION_PROVIDER=sandbox; docs/invoicing/fiscal.md): a server-to-server SOAP call without a page or cookies, proven by its enveloped XML signature (RSA over the SHA-1 digest of the request, checked by the emulator before it answers a JIR)",
    rawBody: true,
  },
];

/**
 * The token a request sends: the X-CSRF-Token header, or else the hidden `_csrf` field of a form
 * post (a urlencoded body, which the shop parses only on its form routes: form-bodies.ts). Either
 * is validated the same way.
 */
export function sentToken(req: Pick<Request, 'headers' | 'body'>): string | undefined {
  const header = req.headers[CSRF_HEADER];
  if (header !== undefined) return Array.isArray(header) ? header.join(',') : header;
  return formCsrfToken(req);
}

/** What a `:name` segment of an exempt path matches: one order number or provider name (letters, digits, - and _, 1 to 40). */
const EXEMPT_PARAM = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * True when the request is exactly one of the exempt (method, path) pairs. A path segment written
 * `:name` stands for exactly one segment of EXEMPT_PARAM characters (a provider's API puts the order
 * number in its URL; the callback route names its provider); every other segment must be equal, and so must the number of segments.
 */
export function isExemptRoute(req: Pick<Request, 'method' | 'path'>, exempt: readonly CsrfExemptRoute[]): boolean {
  return exempt.some((route) => route.method === req.method && exemptPathMatches(route.path, req.path));
}

function exemptPathMatches(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (!pattern.includes('/:')) return false;
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length && want.every((segment, i) => (segment.startsWith(':') ? EXEMPT_PARAM.test(got[i]!) : segment === got[i]))
  );
}

function normalizedOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether the browser itself vouches that the request comes from one of our own pages: an `Origin`
 * header equal to this shop's origin (the configured PUBLIC_URL, or the scheme and host the request
 * was sent to), and, when the browser sends fetch metadata, `Sec-Fetch-Site: same-origin`. Both are
 * forbidden header names: no page can set or spoof them, and a cross-site request always carries
 * the foreign origin (or `null`) and `cross-site`/`same-site`. A request without `Origin` proves
 * nothing and is refused (every current browser sends it on a same-origin POST, PUT, PATCH and
 * DELETE). Tools such as curl can send anything, but they carry no victim's cookies or
 * basic-auth credentials, which is what CSRF abuses.
 */
export function sameOriginProof(req: Pick<Request, 'headers' | 'protocol'>, publicOrigin: string | undefined): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const originHeader = req.headers.origin;
  if (typeof originHeader !== 'string') return false;
  const origin = normalizedOrigin(originHeader);
  if (!origin) return false;
  if (publicOrigin && origin === publicOrigin) return true;
  const host = req.headers.host;
  return typeof host === 'string' && host !== '' && origin === normalizedOrigin(`${req.protocol}://${host}`);
}

/**
 * Double-submit CSRF protection (csrf-csrf): the page carries the token in
 * <meta name="csrf-token">, the browser echoes it in X-CSRF-Token on every mutating call (a
 * server-rendered form sends it in its hidden `_csrf` field instead),
 * and the HMAC binds it to the cookie pair plus an anonymous browser id (`sid`).
 *
 * The check keys on the method only, never on the path: every request whose method is not GET,
 * HEAD or OPTIONS is checked, wherever it goes (see `protect`).
 */
export function createCsrf(opts: { secret: string; secure: boolean; publicUrl?: string; exempt?: readonly CsrfExemptRoute[] }) {
  const cookieName = opts.secure ? COOKIE_NAMES.csrfHttps : COOKIE_NAMES.csrf;
  const exempt = opts.exempt ?? CSRF_EXEMPT_ROUTES;
  const publicOrigin = opts.publicUrl ? normalizedOrigin(opts.publicUrl) : undefined;
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => opts.secret,
    getSessionIdentifier: (req) => String((req as Request).cookies?.[SID_COOKIE] ?? (req as Request & { sid?: string }).sid ?? ''),
    cookieName,
    cookieOptions: { sameSite: 'lax', path: '/', secure: opts.secure, httpOnly: true },
    getCsrfTokenFromRequest: (req) => sentToken(req as Request),
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

  /**
   * Whether a request may go on to routing. Safe methods and the exact exempt routes pass. Any other
   * request passes with a valid token for its own cookies; a request that sends no token at all
   * passes only with the browser's same-origin proof (for same-origin code we do not write and that
   * cannot send our header: the queue dashboard's retry, clean, pause … calls). A token that is
   * sent and wrong is refused whatever the origin says.
   */
  function allows(req: Request): boolean {
    if (SAFE_METHODS.has(req.method) || isExemptRoute(req, exempt)) return true;
    if (sentToken(req) === undefined) return sameOriginProof(req, publicOrigin);
    try {
      return validateRequest(req);
    } catch {
      return false;
    }
  }

  /** Rejects every mutating request that `allows` refuses: 403 with a JSON error in the caller's language. */
  function protect(req: Request, res: Response, next: NextFunction): void {
    if (allows(req)) return next();
    const locale = requestLocale(req);
    res.status(403).json({
      errors: [
        {
          code: 'CSRF_TOKEN_INVALID',
          message:
            localizedMessage('CSRF_TOKEN_INVALID', locale) ??
            'Missing or invalid CSRF token: send the token from <meta name="csrf-token"> in the X-CSRF-Token header.',
        },
      ],
    });
  }

  return { tokenFor, protect, allows, cookieName, exempt };
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
    summary: 'A CSRF token for the X-CSRF-Token header of mutating calls (sets the cookies it is bound to).',
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
