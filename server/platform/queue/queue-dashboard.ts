import { createHash, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares in constant time (over fixed-length digests, so the length leaks nothing either). */
function safeEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** HTTP basic auth; 401 with a WWW-Authenticate challenge otherwise. */
export function basicAuth(opts: { user: string; password: string; realm: string }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization ?? '';
    const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim());
    if (match) {
      const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0) {
        // Both comparisons always run: no early exit that would tell a right user name apart.
        const userOk = safeEqual(decoded.slice(0, colon), opts.user);
        const passwordOk = safeEqual(decoded.slice(colon + 1), opts.password);
        if (userOk && passwordOk) return next();
      }
    }
    res.setHeader('WWW-Authenticate', `Basic realm="${opts.realm}", charset="UTF-8"`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(401).type('text/plain').send('Authentication required');
  };
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * The browser re-sends basic-auth credentials on its own, so a foreign page could otherwise make an
 * operator's browser retry or delete jobs: writes must come from this origin.
 */
export function sameOriginWrites(req: Request, res: Response, next: NextFunction): void {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const host = req.headers.host;
  const crossSite =
    (typeof site === 'string' && site !== 'same-origin' && site !== 'none') || (typeof origin === 'string' && originHost(origin) !== host);
  if (crossSite) {
    res.status(403).type('text/plain').send('Cross-site request refused');
    return;
  }
  next();
}

/**
 * The dashboard is a prebuilt React app that loads its own scripts without our per-response nonce
 * and uses inline style attributes, so it gets its own policy in place of the shop's: scripts only
 * from this origin (no inline, no eval), styles from this origin plus inline, nothing external.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

function dashboardHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
}

/**
 * Mounts bull-board (works with BullMQ 6 queues on Redis and on the PostgreSQL backend) at
 * /admin/queues behind basic auth. Call it in the web roles, before the SSR catch-all.
 */
export function mountQueueDashboard(app: Express, opts: { queues: Queue[]; user: string; password: string }): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: opts.queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Zlatno zrno queues' } },
  });
  app.use(
    QUEUE_DASHBOARD_PATH,
    basicAuth({ user: opts.user, password: opts.password, realm: 'Queue dashboard' }),
    sameOriginWrites,
    dashboardHeaders,
    serverAdapter.getRouter() as RequestHandler,
  );
}
