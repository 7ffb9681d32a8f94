import { createHash, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '../../config/index.js';
import type { RateLimitRule, RateLimitService } from '../rate-limit/index.js';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** Failed basic-auth attempts count per client address in this window (QUEUE_DASHBOARD_FAILED_AUTH_LIMIT). */
const FAILED_AUTH_WINDOW = 15 * 60;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Compares in constant time (over fixed-length digests, so the length leaks nothing either). */
function safeEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** Counts failed sign-ins per client address: blocked for how long (null: not), and one more failure. */
export interface FailedAuthLimiter {
  blockedFor(client: string): Promise<number | null>;
  failed(client: string): Promise<void>;
}

/** The caller's address: the socket's, or the proxy's X-Forwarded-For entry only when TRUST_PROXY made Express trust it. */
function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * HTTP basic auth; 401 with a WWW-Authenticate challenge otherwise. With a limiter, wrong
 * credentials count per client address, and a spent budget answers 429 with Retry-After to every
 * attempt from that address (the right password included) until the window has passed.
 */
export function basicAuth(opts: { user: string; password: string; realm: string; limiter?: FailedAuthLimiter }): RequestHandler {
  const refuse = (res: Response, status: number, body: string) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).type('text/plain').send(body);
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    const client = clientAddress(req);
    const wait = await opts.limiter?.blockedFor(client);
    if (wait) {
      res.setHeader('Retry-After', String(wait));
      return refuse(res, 429, `Too many failed sign-in attempts. Please try again in ${wait} s.`);
    }
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
    // A request without credentials is a browser's first try (it asks, then sends them): not a failure.
    if (header) await opts.limiter?.failed(client);
    res.setHeader('WWW-Authenticate', `Basic realm="${opts.realm}", charset="UTF-8"`);
    refuse(res, 401, 'Authentication required');
  };
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Who may even try the dashboard's password: everyone when QUEUE_DASHBOARD_PASSWORD is set (as
 * production requires); without it, the well-known development default serves this machine
 * (loopback clients) only, and the dashboard is closed to any other address.
 */
export function dashboardOpenTo(clientAddr: string | undefined, passwordConfigured: boolean): boolean {
  return passwordConfigured || isLoopback(clientAddr);
}

function onlyWhereOpen(passwordConfigured: boolean): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (dashboardOpenTo(clientAddress(req), passwordConfigured)) return next();
    res.setHeader('Cache-Control', 'no-store');
    res
      .status(403)
      .type('text/plain')
      .send(
        'The queue dashboard is closed to remote addresses while it uses the development password: set QUEUE_DASHBOARD_PASSWORD to open it.',
      );
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
 * /admin/queues behind basic auth, failed attempts limited per client address in the shared
 * rate-limit store. Call it in the web roles, before the SSR catch-all. `links` go into the
 * dashboard's header menu (the way back to the operators' /admin/orders page).
 */
export function mountQueueDashboard(
  app: Express,
  opts: { queues: Queue[]; limits?: RateLimitService; links?: Array<{ text: string; url: string }> } & Pick<
    AppConfig['queue'],
    'dashboardUser' | 'dashboardPassword' | 'dashboardPasswordConfigured' | 'dashboardFailedAuthLimit'
  >,
): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: opts.queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    // links to the operators' other pages (the order page), in the dashboard's header menu
    options: { uiConfig: { boardTitle: 'Zlatno zrno queues', ...(opts.links?.length ? { miscLinks: opts.links } : {}) } },
  });
  const rule: RateLimitRule = { name: 'queue-dashboard-auth', points: opts.dashboardFailedAuthLimit, durationSeconds: FAILED_AUTH_WINDOW };
  const limits = opts.limits;
  const limiter: FailedAuthLimiter | undefined = limits && {
    blockedFor: (client) => limits.blockedFor(rule, client),
    // Past the budget consume() throws; the next request's check answers 429 anyway.
    failed: (client) => limits.consume(rule, client).catch(() => undefined),
  };
  app.use(
    QUEUE_DASHBOARD_PATH,
    onlyWhereOpen(opts.dashboardPasswordConfigured),
    basicAuth({ user: opts.dashboardUser, password: opts.dashboardPassword, realm: 'Queue dashboard', limiter }),
    sameOriginWrites,
    dashboardHeaders,
    serverAdapter.getRouter() as RequestHandler,
  );
}
