import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import type { NextFunction, Request as ExpressRequest, Response, Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ViteDevServer } from 'vite';
import type { SsrEntry } from '../../../contract/ssr.js';
import type { Csrf } from '../http/csrf.js';

/** The project root (the folder of package.json), from source (server/…) or from the build (dist/server/…). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, 'package.json')) && dir !== dirname(dir)) dir = dirname(dir);
  return dir;
}
const ROOT = projectRoot();

/** Where `npm run build` puts the client: browser bundle and the SSR entry. */
export const CLIENT_DIST = resolve(ROOT, 'dist/client');
const SSR_ENTRY = resolve(CLIENT_DIST, 'server/entry-server.js');
const PUBLIC_DIR = resolve(CLIENT_DIST, 'public');

export class SsrBuildMissingError extends Error {
  override name = 'SsrBuildMissingError';
}

/**
 * Serves every non-API GET/HEAD through the client's server entry (legacy redirects, sitemap,
 * robots, language choice, streaming SSR). In development, Vite runs in middleware mode with HMR.
 */
export class SsrRenderer {
  private vite?: ViteDevServer;
  private entry?: SsrEntry;

  constructor(
    private readonly opts: {
      dev: boolean;
      publicUrl: string;
      csrf: Csrf;
      secure: boolean;
      /** Where loaders reach this process's API (an internal listener that outlives a shutdown's drain); else the request's own socket. */
      apiOrigin?: () => string | undefined;
    },
  ) {}

  async mount(app: Express): Promise<void> {
    if (this.opts.dev) {
      const { createServer } = await import('vite');
      this.vite = await createServer({
        configFile: resolve(ROOT, 'client/vite.config.ts'),
        server: { middlewareMode: true },
        appType: 'custom',
      });
      app.use(this.vite.middlewares);
    } else {
      if (!existsSync(SSR_ENTRY)) {
        throw new SsrBuildMissingError(`The client is not built (${SSR_ENTRY} is missing): run \`npm run build\` first.`);
      }
      this.entry = ((await import(pathToFileURL(SSR_ENTRY).href)) as { entry: SsrEntry }).entry;
      // The build's brotli and gzip twins (scripts/build/precompress.mjs) by the browser's
      // Accept-Encoding, brotli first, with Vary: Accept-Encoding; the plain file otherwise.
      const precompressed = { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false };
      app.use(
        '/assets',
        expressStaticGzip(resolve(PUBLIC_DIR, 'assets'), { ...precompressed, serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false } }),
      );
      app.use(expressStaticGzip(PUBLIC_DIR, { ...precompressed, serveStatic: { index: false, maxAge: '1h' } }));
    }
    app.use((req: ExpressRequest, res: Response, next: NextFunction) => {
      this.handle(req, res, next).catch(next);
    });
  }

  async close(): Promise<void> {
    await this.vite?.close();
  }

  private async loadEntry(): Promise<SsrEntry> {
    if (this.vite) {
      return ((await this.vite.ssrLoadModule('/client/src/entry-server.tsx')) as { entry: SsrEntry }).entry;
    }
    return this.entry!;
  }

  private async handle(req: ExpressRequest, res: Response, next: NextFunction): Promise<void> {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    const entry = await this.loadEntry();
    const csrfToken = this.opts.csrf.tokenFor(req, res);
    const nonce = res.locals.cspNonce as string;
    const local = req.socket.localAddress ?? '127.0.0.1';
    const apiOrigin = this.opts.apiOrigin?.() ?? `http://${local.includes(':') ? `[${local}]` : local}:${req.socket.localPort}`;
    const response = await entry.handle(toWebRequest(req, this.opts.publicUrl), { nonce, csrfToken, publicUrl: this.opts.publicUrl, apiOrigin });

    res.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie') res.setHeader(key, value);
    });
    for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie);
    // Pages carry a per-visitor CSRF token: never cache them in shared caches.
    if (!response.headers.has('cache-control')) res.setHeader('Cache-Control', 'private, no-cache');
    if (!response.body || req.method === 'HEAD') {
      res.end();
      return;
    }
    const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    body.on('error', (err) => res.destroy(err));
    body.pipe(res);
  }
}

function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/admin' || path.startsWith('/admin/');
}

function toWebRequest(req: ExpressRequest, publicUrl: string): Request {
  // Not new URL(path, base): a path starting with // would be read as a host name (//kontakt
  // -> http://kontakt/). Joined as text, the client sees the real path and can tidy it with a 301.
  const url = new URL(`${publicUrl.replace(/\/+$/, '')}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  return new Request(url, { method: req.method, headers });
}
