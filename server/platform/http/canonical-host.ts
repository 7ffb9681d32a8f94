import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { localizedMessage, requestLocale } from '../i18n/index.js';

/**
 * Paths a request for another host may still reach (and `/api/health` itself): health checks (load balancers and probes ask by
 * address) and server-to-server endpoints (the provider's callbacks, the sandbox's status inquiry and
 * transactions, which the shop's own payment adapter calls by MONRI_API_URL, and the CIS emulator, which
 * the fiscalization adapter calls by FISCAL_URL).
 */
export const CANONICAL_HOST_EXEMPT_PREFIXES = [
  '/api/health/',
  '/api/payments/',
  '/sandbox/monri/orders/show',
  '/sandbox/monri/transactions/',
  // The fiscalization sandbox (FISCALIZATION_PROVIDER=sandbox): the worker's adapter posts to it by FISCAL_URL.
  '/sandbox/cis',
] as const;

export interface CanonicalHostOptions {
  /** The public origin's host (`localhost:3000`, `shop.example.com`): a getter, as the port is known only after listen. */
  publicHost: () => string;
  /** `PUBLIC_URL` with scheme (`http://localhost:3000`): where a wrong host's GET goes. */
  publicOrigin: () => string;
  /** Behind TRUST_PROXY the host a visitor asked for is the proxy's `X-Forwarded-Host`. */
  trustProxy: boolean;
  /** 301 (production: the one address search engines keep) or 302 (elsewhere: nothing cached in a developer's browser). */
  permanent: boolean;
  /** Requests not to judge (the SSR data port's in-process calls carry no visitor's Host). */
  exempt?: (req: Request) => boolean;
}

/** The host a request asked for, lower-cased; undefined without one. */
export function requestedHost(req: Pick<Request, 'headers'>, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const raw = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0] ?? req.headers.host;
  const host = raw?.trim().toLowerCase();
  return host ? host : undefined;
}

/** `host` without the scheme's default port (`example.com:443` for https is `example.com`). */
function withoutDefaultPort(host: string, origin: string): string {
  if (origin.startsWith('https://') && host.endsWith(':443')) return host.slice(0, -4);
  if (origin.startsWith('http://') && host.endsWith(':80')) return host.slice(0, -3);
  return host;
}

/**
 * One address for the shop (docs/security.md, 'One host'): a request for a host other than
 * PUBLIC_URL's (`127.0.0.1:3000` or `[::1]:3000` while PUBLIC_URL says `localhost:3000`, a bare IP,
 * a second domain) is sent to PUBLIC_URL. Pages, cookies, the CSRF check and the CSP's form-action
 * are all bound to that one origin: a page opened under another host would lose the cart's cookie or
 * have its payment form blocked by the browser.
 *
 * - GET and HEAD: a redirect to the same path and query under PUBLIC_URL (301 in production, else 302).
 * - Any other method: 421 Misdirected Request with a JSON error (a redirect would drop its body).
 * - Exempt: health checks, server-to-server endpoints (CANONICAL_HOST_EXEMPT_PREFIXES), `exempt(req)`,
 *   requests without a Host header. A request target that is not a plain path (`*`, absolute form) is
 *   never parsed here: it is left to the next handlers (which refuse it).
 */
export function canonicalHost(opts: CanonicalHostOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const target = req.originalUrl ?? req.url;
    if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return next();
    const path = target.split('?')[0]!;
    if (path === '/api/health' || CANONICAL_HOST_EXEMPT_PREFIXES.some((p) => path.startsWith(p))) return next();
    if (opts.exempt?.(req)) return next();
    const host = requestedHost(req, opts.trustProxy);
    if (!host) return next();
    const origin = opts.publicOrigin();
    if (withoutDefaultPort(host, origin) === opts.publicHost().toLowerCase()) return next();
    if (req.method === 'GET' || req.method === 'HEAD') {
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(opts.permanent ? 301 : 302, `${origin}${target}`);
      return;
    }
    const message = localizedMessage('MISDIRECTED_REQUEST', requestLocale(req), { url: origin }) ?? `Open the shop at ${origin}.`;
    res.status(421).json({ errors: [{ code: 'MISDIRECTED_REQUEST', message }] });
  };
}
