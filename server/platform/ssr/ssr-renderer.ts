import { existsSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { NextFunction, Request as ExpressRequest, Response, Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ViteDevServer } from 'vite';
import type { AnalyticsConfig } from '../../../contract/analytics.js';
import type { ApiPort, BotCheckSettings, SsrEntry } from '../../../contract/ssr.js';
import type { Csrf } from '../http/csrf.js';
import { RenderCache, type PerResponse } from './render-cache.js';
import { dropBody, sendBody } from './web-body.js';

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
      /** The bot check's public settings for the pages (null: off). */
      botCheck: BotCheckSettings | null;
      csrf: Csrf;
      secure: boolean;
      /** How loaders reach this process's API: in process, never over a socket (in-process-api.ts). */
      api: ApiPort;
      /** Pages of anonymous visitors, rendered once (render-cache.ts); none in development. */
      cache?: RenderCache;
      /** The analytics container the page loads after consent (docs/analytics.md); null: none configured. */
      analytics?: AnalyticsConfig | null;
      /** Headers of a page that differ from the rest of the site's (the embeds a page may frame: security-headers.ts `allowEmbeds`). */
      pageHeaders?: (res: Response) => void;
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
        expressStaticGzip(resolve(PUBLIC_DIR, 'assets'), {
          ...precompressed,
          serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false },
        }),
      );
      // Only a path that names one of the build's files reaches the file server: every other request
      // (each API call and page) would otherwise cost a stat() of a file that does not exist (7 % of
      // a GET /api/cart's CPU in a profile). The folder is the build's output: it does not change
      // while the process runs.
      const publicFiles = expressStaticGzip(PUBLIC_DIR, { ...precompressed, serveStatic: { index: false, maxAge: '1h' } });
      const publicPaths = listPublicFiles(PUBLIC_DIR);
      app.use((req: ExpressRequest, res: Response, next: NextFunction) =>
        isPublicFile(publicPaths, req.path) ? publicFiles(req, res, next) : next(),
      );
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
    this.opts.pageHeaders?.(res);
    const entry = await this.loadEntry();
    const values: PerResponse = { csrfToken: this.opts.csrf.tokenFor(req, res), nonce: res.locals.cspNonce as string };
    const cache = this.vite ? undefined : this.opts.cache;
    const decision = cache?.decide({ method: req.method, url: req.originalUrl, cookies: (req.cookies ?? {}) as Record<string, string> });
    const key = decision && 'key' in decision ? decision.key : undefined;
    if (cache && key !== undefined) {
      const hit = cache.get(key);
      if (hit) {
        res.status(200);
        for (const [name, value] of hit.headers) res.setHeader(name, cache.fill(value, values));
        this.finishHeaders(res, 'hit');
        res.send(RenderCache.serve(hit, values));
        return;
      }
    }

    const generation = cache?.generation ?? 0;
    // A preview of a draft (`?preview=<token>`, docs/admin.md 'Content in the back office'): the page's
    // API calls carry the token, whose owner (the content module) checks it and answers with the draft.
    // Such a page is never cached (its query is not a cacheable one) and never indexed.
    const preview = previewToken(req.query.preview);
    const api: typeof this.opts.api = preview
      ? (call) => this.opts.api({ ...call, headers: { ...call.headers, [PREVIEW_TOKEN_HEADER]: preview } })
      : this.opts.api;
    // For the cache the page is rendered with placeholders where this response's nonce and token go.
    const rendered = cache && key !== undefined ? cache.placeholders : values;
    const response = await entry.handle(toWebRequest(req, this.opts.publicUrl), {
      ...rendered,
      publicUrl: this.opts.publicUrl,
      botCheck: this.opts.botCheck,
      api,
      analytics: this.opts.analytics ?? null,
    });

    res.status(response.status);
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') headers.push([name, value]);
    });
    const cookies = response.headers.getSetCookie();
    for (const cookie of cookies) res.append('Set-Cookie', cookie);

    if (cache && key !== undefined) {
      // Rendered for the cache: read whole, stored when it is a plain 200 for everyone, filled in and sent.
      const body = response.body ? await response.text() : '';
      const storable =
        response.status === 200 && cookies.length === 0 && !/no-store|private/.test(response.headers.get('cache-control') ?? '');
      const stored = storable && cache.set(key, { headers, body }, generation);
      for (const [name, value] of headers) res.setHeader(name, cache.fill(value, values));
      this.finishHeaders(res, stored ? 'miss' : 'bypass');
      if (req.method === 'HEAD') res.end();
      else res.send(cache.fill(body, values));
      return;
    }

    for (const [name, value] of headers) res.setHeader(name, value);
    if (preview) {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    }
    this.finishHeaders(res, 'bypass');
    if (!response.body || req.method === 'HEAD') {
      dropBody(response.body);
      res.end();
      return;
    }
    sendBody(response.body, res);
  }

  private finishHeaders(res: Response, cache: 'hit' | 'miss' | 'bypass'): void {
    // Pages carry a per-visitor CSRF token: never cache them in shared caches.
    if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', 'private, no-cache');
    // hit: served from this process's render cache; miss: rendered and stored; bypass: rendered for this request only.
    res.setHeader('X-Render-Cache', cache);
  }
}

/**
 * The URL paths of the build's public files outside /assets ('/favicon.svg', '/images/products/…'),
 * without the precompressed twins (.br, .gz), which the file server picks by Accept-Encoding, and
 * without dot files.
 */
export function listPublicFiles(dir: string): ReadonlySet<string> {
  const paths = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const rel = relative(dir, resolve(entry.parentPath, entry.name)).split(sep).join('/');
    // /assets has its own file server; dot folders (Vite's manifest in .vite/) are no public files.
    if (rel.startsWith('assets/') || rel.split('/').some((segment) => segment.startsWith('.'))) continue;
    paths.add(`/${rel}`);
  }
  return paths;
}

/** Whether a request path (as sent: percent-encoded) names one of those files. */
export function isPublicFile(paths: ReadonlySet<string>, path: string): boolean {
  if (paths.has(path)) return true;
  if (!path.includes('%')) return false;
  try {
    return paths.has(decodeURIComponent(path));
  } catch {
    // A path that does not decode is no file: on to the page renderer (its 404 page), not the
    // library's bare 400 (issue 8, F2: broken encodings get the 404 page).
    return false;
  }
}

/** The header that carries a page's preview token to its API calls. */
const PREVIEW_TOKEN_HEADER = 'x-preview-token';

/** `?preview=` given once, in the token's alphabet; anything else is no preview. */
function previewToken(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9._-]{1,200}$/.test(value) ? value : undefined;
}

function isServerPath(path: string): boolean {
  // /content-images/: the content's pictures, answered by the API app (content module), like /api;
  // /media/: the uploaded photos' sizes (platform/media's MediaController).
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path.startsWith('/content-images/') ||
    path.startsWith('/media/')
  );
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
