import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Express, NextFunction, Request, Response } from 'express';
import type { ViteDevServer } from 'vite';
import { CLIENT_DIST } from '../ssr/ssr-renderer.js';

/** Where `npm run build:client` puts the back office (client/admin/vite.config.ts). */
export const ADMIN_DIST = resolve(CLIENT_DIST, 'admin');
const INDEX_HTML = resolve(ADMIN_DIST, 'index.html');
/** The back office's sources (development only). */
const ADMIN_SOURCE = resolve(CLIENT_DIST, '../../client/admin');

/**
 * Paths under /admin that are not the app's: the server-rendered invoice pages and the queue
 * dashboard answer them themselves (their own controllers and middleware), so the app's catch-all
 * steps aside. The orders are the app's screens (docs/admin.md 'Orders in the back office').
 */
const SERVER_OWNED = /^\/admin\/(?:invoices|queues|assets)(?:\/|$)/;

/** Whether a request path (as sent) is one of the back office app's own screens. */
export function isAdminAppPath(path: string): boolean {
  return (path === '/admin' || path.startsWith('/admin/')) && !SERVER_OWNED.test(path);
}

/**
 * The CSP nonce on every script, style and stylesheet link of the built index.html (the build's
 * file holds no nonce: each answer gets its own, the one helmet put in this response's CSP). With
 * 'strict-dynamic', what the entry script loads after (its chunks) is trusted through it.
 */
export function withNonce(html: string, nonce: string): string {
  if (!/^[A-Za-z0-9+/=]+$/.test(nonce)) throw new Error('a CSP nonce is base64');
  return html.replace(/<(script|style|link)\b(?![^>]*\snonce=)/g, `<$1 nonce="${nonce}"`);
}

let cached: string | null | undefined;
let dev: ViteDevServer | undefined;

/** The nonce placeholder Vite's dev server writes on the scripts and styles it injects (`html.cspNonce`), replaced per answer. */
const DEV_NONCE = 'ADMIN_DEV_NONCE';

/**
 * Development (`npm run dev`): the back office from its sources through a Vite dev server of its own
 * (client/admin/vite.config.ts, HMR on its own websocket port), its middlewares mounted on `app`.
 */
export async function mountAdminDev(app: Express): Promise<ViteDevServer> {
  const { createServer } = await import('vite');
  dev = await createServer({
    configFile: resolve(ADMIN_SOURCE, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { port: 24679 } },
    html: { cspNonce: DEV_NONCE },
    appType: 'custom',
  });
  const vite = dev;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isDevModulePath(req.path)) return next();
    // Vite strips its base (/admin) from req.url; what it does not answer goes on as it came.
    const url = req.url;
    vite.middlewares(req, res, (err?: unknown) => {
      req.url = url;
      next(err);
    });
  });
  return vite;
}

/**
 * What the back office's dev server answers: its modules and tools under /admin/ (`/admin/main.tsx`,
 * `/admin/@vite/client`, `/admin/node_modules/.vite/deps/react.js`): a segment starting with '@' or a
 * file name with a dot. The app's screens (`/admin/products/ZZ-1`) are pages: the controller's.
 */
export function isDevModulePath(path: string): boolean {
  return path.startsWith('/admin/') && (path.includes('/@') || /\.[A-Za-z0-9]+$/.test(path));
}

/**
 * The app's index.html for one answer, with this answer's nonce: the build's file (read once: the
 * build does not change while the process runs), or in development the sources through Vite; null
 * when the back office is not built.
 */
export async function adminIndexHtml(url: string, nonce: string): Promise<string | null> {
  if (dev) {
    const source = readFileSync(resolve(ADMIN_SOURCE, 'index.html'), 'utf8');
    return withNonce((await dev.transformIndexHtml(url, source)).replaceAll(DEV_NONCE, nonce), nonce);
  }
  if (cached === undefined) cached = existsSync(INDEX_HTML) ? readFileSync(INDEX_HTML, 'utf8') : null;
  return cached === null ? null : withNonce(cached, nonce);
}
