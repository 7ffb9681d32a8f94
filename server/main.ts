import 'reflect-metadata';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import express, { type Response } from 'express';
import type { INestApplicationContext } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import type { DestinationStream, Logger } from 'pino';
import { AppModule } from './app.module.js';
import { ConfigError, configFromProcessEnv, loadEnvFile, type AppConfig, type Role } from './config/index.js';
import { createLogger, httpLogger, PinoNestLogger } from './platform/logger/logger.js';
import {
  runMigrations,
  SeedService,
  startEmbeddedPostgres,
  EmbeddedPostgresError,
  type EmbeddedPostgresHandle,
} from './platform/database/index.js';
import { compressResponses } from './platform/http/compression.js';
import { createCsrf, CSRF_COOKIES, csrfTokenHandler, CSRF_TOKEN_OPENAPI, CSRF_TOKEN_PATH } from './platform/http/csrf.js';
import { jsonBodiesOnly, jsonBodyParser } from './platform/http/json-bodies.js';
import { formBodyParser, FORM_ROUTES } from './platform/http/form-bodies.js';
import { allowEmbeds, apiNoStore, botCheckCspSources, cspNonce, securityHeaders } from './platform/http/security-headers.js';
import { BotCheckService } from './platform/bot-check/index.js';
import { VIDEO_EMBED_FEATURES, VIDEO_EMBED_ORIGINS } from '../contract/api/video.js';
import { refuseControlCharacters } from './platform/http/input-check.js';
import { refuseConnect, refuseNonPathTargets } from './platform/http/request-target.js';
import { canonicalHost } from './platform/http/canonical-host.js';
import {
  InProcessApi,
  isInProcessRequest,
  RenderCache,
  RenderCacheListener,
  RENDER_CACHE_BOUNDS,
  SsrRenderer,
  SsrBuildMissingError,
} from './platform/ssr/index.js';
import { CONSENT_COOKIE } from '../contract/ssr.js';
import { LOCALE_COOKIE } from '../contract/locales.js';
import { ANALYTICS_COOKIES } from '../contract/cookies.js';
import { mountQueueDashboard, QueueService } from './platform/queue/index.js';
import { mountAdminAssets, mountAdminDev } from './platform/admin-app/index.js';
import { RateLimitService } from './platform/rate-limit/index.js';
import { SessionRenewal } from './modules/identity/index.js';
import { mountPaymentSandbox, SandboxEmulator } from './modules/payment/index.js';
import { CisEmulator, mountFiscalSandbox } from './modules/invoicing/index.js';
import { HttpDrain } from './platform/http/graceful-shutdown.js';
import { ShutdownState } from './platform/health/index.js';
import { lowerCpuPriority } from './platform/process/cpu-priority.js';

/** The render cache's bounds (render-cache.ts). */
const RENDER_CACHE_MAX_ENTRIES = RENDER_CACHE_BOUNDS.maxEntries;
const RENDER_CACHE_MAX_BYTES = RENDER_CACHE_BOUNDS.maxBytes;

export interface RunningShop {
  config: AppConfig;
  url?: string;
  app: INestApplicationContext;
  stop(): Promise<void>;
}

/** Boots the shop in the configured role; returns a handle whose stop() shuts down gracefully. */
export async function bootstrap(
  options: { role?: Role; config?: AppConfig; serveClient?: boolean; logDestination?: DestinationStream } = {},
): Promise<RunningShop> {
  const base = options.config ?? configFromProcessEnv();
  const config: AppConfig = { ...base, role: options.role ?? base.role };
  // stdout; a test may capture the lines (test/integration/platform/quiet-start.test.ts).
  const log = createLogger(config.logLevel, { role: config.role }, options.logDestination);

  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.database.url;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.database.embeddedPort,
      log: (m) => log.info(m),
      warn: (m) => log.warn(m),
    });
    databaseUrl = embedded.url;
    log.info(`Embedded PostgreSQL running (data in ${config.dataDir}/postgres)`);
  }

  // Whatever was created is closed again if the start fails half-way (pools and queue
  // connections first, then the embedded PostgreSQL they talk to).
  let created: INestApplicationContext | undefined;
  let drain: HttpDrain | undefined;
  try {
    await runMigrations(databaseUrl, (m) => log.info(m));
    const module = AppModule.register({ config, databaseUrl });
    const nestLogger = new PinoNestLogger(log);
    let app: INestApplicationContext;
    let url: string | undefined;
    let ssr: SsrRenderer | undefined;
    let adminDev: { close(): Promise<void> } | undefined;
    let renderCacheListener: RenderCacheListener | undefined;

    if (config.role === 'worker') {
      app = created = await NestFactory.createApplicationContext(module, { logger: nestLogger });
    } else {
      // Routing is case-sensitive and strict (`/API/x` and `/api/x/` are not `/api/x`): set on the
      // instance before Nest's adapter creates its router, which reads them only then.
      const server = express().set('case sensitive routing', true).set('strict routing', true);
      // No body parsers of Nest's (they would read forms too): JSON only, after the CSRF check.
      const web = await NestFactory.create<NestExpressApplication>(module, new ExpressAdapter(server), {
        logger: nestLogger,
        bodyParser: false,
      });
      created = web;
      drain = new HttpDrain(web.getHttpServer());
      const secure = config.http.publicUrl.startsWith('https://');
      const csrf = createCsrf({ secret: config.secretKey, secure, publicUrl: config.http.publicUrl });
      web.disable('x-powered-by');
      if (config.http.trustProxy) web.set('trust proxy', 1);
      // First: only plain paths as request targets (`GET * …`, `GET http://other/ …` answer 400, docs/security.md).
      web.use(refuseNonPathTargets());
      refuseConnect(web.getHttpServer());
      web.use(httpLogger(log));
      // One address (docs/security.md, 'One host'): another host's GET goes to PUBLIC_URL, its other methods 421.
      // The port of PUBLIC_URL is the one listened on (known after listen when PORT is 0).
      web.use(
        canonicalHost({
          publicHost: () => new URL(url ?? config.http.publicUrl).host,
          publicOrigin: () => new URL(url ?? config.http.publicUrl).origin,
          trustProxy: config.http.trustProxy,
          permanent: config.isProduction,
          exempt: isInProcessRequest,
        }),
      );
      web.use(compressResponses()); // pages and JSON; static assets come precompressed (docs/performance.md)
      // Checkout hands card payments to the provider's hosted page by a form POST: form-action names exactly
      // 'self' and that page's origin (the sandbox's is PUBLIC_URL's, which is 'self' once the host is canonical).
      const formActions = config.payment.formActionOrigins;
      // The bot check's script (and its frames) from the provider, only when it is configured (docs/bot-check.md).
      const botCheck = config.botCheck.keys ? botCheckCspSources(config.botCheck.scriptUrl) : undefined;
      // The CSP allows Google's analytics hosts only to a visitor who accepted all cookies (docs/analytics.md).
      const analytics = { config: config.analytics, consentCookie: CONSENT_COOKIE };
      web.use(
        cspNonce,
        securityHeaders({ dev: config.http.viteDev, secure, formActions, analytics, ...(botCheck ? { botCheck } : {}) }),
        apiNoStore,
      );
      web.use(cookieParser());
      // The form routes' small urlencoded bodies are parsed first: the CSRF check reads their `_csrf` field.
      web.use(formBodyParser(FORM_ROUTES), csrf.protect, jsonBodiesOnly(csrf.exempt, FORM_ROUTES), jsonBodyParser(csrf.exempt));
      web.use(refuseControlCharacters()); // path, query and JSON body; InputCheckModule checks again after any parser
      web.getHttpAdapter().getInstance().get(CSRF_TOKEN_PATH, csrfTokenHandler(csrf));
      // Operators' queue dashboard: basic auth and its own CSP (the SSR catch-all skips /admin/*).
      mountQueueDashboard(web.getHttpAdapter().getInstance(), {
        queues: web.get(QueueService).all(),
        ...config.queue,
        limits: web.get(RateLimitService),
        links: [
          { text: 'Orders (/admin/orders)', url: '/admin/orders' },
          { text: 'Invoices (/admin/invoices)', url: '/admin/invoices' },
        ],
      });
      // The back office app's built files, or in development its Vite dev server (docs/admin.md); its page is AdminAppController's.
      adminDev = config.http.viteDev ? await mountAdminDev(web.getHttpAdapter().getInstance()) : undefined;
      if (!adminDev) mountAdminAssets(web.getHttpAdapter().getInstance());
      // The emulator of the card provider's hosted page (docs/payments.md), ahead of the page renderer.
      if (config.payment.provider === 'sandbox') mountPaymentSandbox(web.getHttpAdapter().getInstance(), web.get(SandboxEmulator));
      // The emulator of the Tax Administration's fiscalization service (docs/invoicing/fiscal.md).
      if (config.fiscal.provider === 'sandbox') mountFiscalSandbox(web.getHttpAdapter().getInstance(), web.get(CisEmulator));
      // Pages render signed in when only the refresh token is left (identity module).
      web.use(web.get(SessionRenewal).middleware);
      if (options.serveClient !== false) {
        // Page loaders reach the API in process (the SSR data port): the same app and middleware, no socket.
        const api = new InProcessApi(web.getHttpAdapter().getInstance());
        drain.trackInProcess(api.server);
        // Pages of anonymous visitors, rendered once per language, path and query (docs/performance.md).
        const cache = new RenderCache(
          {
            ttlMs: config.http.viteDev ? 0 : config.http.renderCacheTtlMs,
            maxEntries: RENDER_CACHE_MAX_ENTRIES,
            maxBytes: RENDER_CACHE_MAX_BYTES,
          },
          // Google Analytics' own cookies (set in the browser after consent) change nothing on the page.
          {
            ignored: [...CSRF_COOKIES, ...ANALYTICS_COOKIES.exact],
            ignoredPrefixes: ANALYTICS_COOKIES.prefixes,
            keyed: [LOCALE_COOKIE, CONSENT_COOKIE],
            required: LOCALE_COOKIE,
          },
        );
        if (cache.enabled) {
          renderCacheListener = new RenderCacheListener(databaseUrl, cache);
          await renderCacheListener.start();
        }
        // Pages may show the video players (docs/video.md): they alone may frame them and delegate their features.
        const pageHeaders = (res: Response) => allowEmbeds(res, { origins: VIDEO_EMBED_ORIGINS, features: VIDEO_EMBED_FEATURES });
        ssr = new SsrRenderer({
          dev: config.http.viteDev,
          publicUrl: config.http.publicUrl,
          botCheck: web.get(BotCheckService).publicSettings(),
          csrf,
          secure,
          api: api.port,
          cache,
          analytics: config.analytics,
          pageHeaders,
        });
        await ssr.mount(web.getHttpAdapter().getInstance());
      }
      const openapi = new DocumentBuilder()
        .setTitle('Zlatno zrno shop API')
        .setDescription(
          'JSON API of the shop. Successes answer `{ data }`, errors `{ errors: [ { code, message, field? } ] }`. Mutating calls need the X-CSRF-Token header.',
        )
        .setVersion('1')
        .build();
      SwaggerModule.setup(
        'api/docs',
        web,
        () => {
          const doc = SwaggerModule.createDocument(web, openapi);
          doc.paths[CSRF_TOKEN_PATH] = CSRF_TOKEN_OPENAPI as unknown as (typeof doc.paths)[string];
          return doc;
        },
        { jsonDocumentUrl: 'api/docs-json' },
      );
      // Seed before listening: the shop answers only once its demo data is complete.
      if (config.seedDemoData) await web.get(SeedService).run();
      await web.listen(config.http.port, config.http.host);
      const address = web.getHttpServer().address();
      const port = typeof address === 'object' && address ? address.port : config.http.port;
      url = config.http.publicUrl.replace(`:${config.http.port}`, `:${port}`);
      app = web;
      log.info(
        `The shop is running at ${url} (role ${config.role}): open this address; other hosts (127.0.0.1, [::1]) are redirected to it`,
      );
    }

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        log.info('Shutting down: no new requests, finishing in-flight work');
        // Readiness answers 503 at once. The HTTP server drains first (every answer says
        // Connection: close, idle connections close, in-flight requests finish; bounded), and only
        // then does app.close() stop the relay and workers (they finish their jobs) and close
        // queues and pools, so no handler loses its database mid-request.
        app.get(ShutdownState, { strict: false }).begin();
        await drain?.drain(Math.round(config.shutdownTimeoutMs * 0.6));
        await app.close();
        await ssr?.close();
        await adminDev?.close();
        await renderCacheListener?.close();
        await embedded?.stop();
        log.info('Stopped');
      })());
    return { config, url, app, stop };
  } catch (err) {
    drain?.destroy();
    await created?.close().catch((closeErr: unknown) => log.warn({ err: closeErr }, 'closing after a failed start'));
    await embedded?.stop();
    throw err;
  }
}

/** Known start-up failures get one clear line instead of a stack trace. */
export function explainStartupError(err: unknown): string | undefined {
  if (err instanceof ConfigError || err instanceof EmbeddedPostgresError || err instanceof SsrBuildMissingError) return err.message;
  const e = err as NodeJS.ErrnoException & { port?: number; address?: string };
  if (e?.code === 'EADDRINUSE') return `Port ${e.port} is already in use: stop the other program or set PORT to a free port.`;
  if (e?.code === 'EACCES' && e.syscall === 'listen') return `No permission to listen on port ${e.port}: choose a PORT above 1023.`;
  if (e?.code === 'EACCES' || e?.code === 'EROFS')
    return `Cannot write to ${e.path ?? 'a data directory'}: set DATA_DIR (or MAIL_DIR) to a writable directory.`;
  if (e?.code === 'ECONNREFUSED')
    return `Cannot connect to ${e.address ?? 'a service'}:${e.port ?? ''}: check DATABASE_URL / REDIS_URL, or unset them to use the embedded defaults.`;
  return undefined;
}

/**
 * Old-generation growth between full collections, in percent of the live heap (docs/performance.md
 * 'Memory'). V8 otherwise lets it grow up to 4x the live heap under a high allocation rate: a web
 * process with 75 MB of live objects held 300-450 MB resident, all of it garbage a full collection
 * frees. Not a limit: a process that really needs more memory still gets it.
 */
const HEAP_GROWING_PERCENT = 50;

/** `npm start`, `npm run dev`, `npm run worker`: reads `.env`, boots, and stops gracefully on SIGTERM/SIGINT. */
export async function runFromCli(role?: Role): Promise<void> {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  let shop: RunningShop | undefined;
  let signalled: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = signal;
    // A signal during boot is remembered and honoured as soon as the boot is done.
    if (shop) stopOn(shop, signal);
  };
  // Listening from the very start: another library's listener would otherwise keep a signal
  // that arrives during boot from ending the process at all.
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  try {
    // `.env` in the working directory, when there is one: the real environment wins (README, 'Configuration').
    loadEnvFile();
    shop = await bootstrap(role ? { role } : {});
  } catch (err) {
    const reason = explainStartupError(err);
    if (reason) {
      process.stderr.write(`\nThe shop could not start: ${reason}\n\n`);
    } else {
      process.stderr.write(`\nThe shop could not start:\n${(err as Error)?.stack ?? String(err)}\n`);
    }
    process.exit(1);
  }
  if (signalled) stopOn(shop, signalled);
  // Only a process of its own: a worker started inside a test runner must not slow the runner.
  if (shop.config.role === 'worker') {
    const niceness = lowerCpuPriority(shop.config.workerNiceness);
    if (niceness !== null)
      createLogger(shop.config.logLevel, { role: 'worker' }).info(
        `Worker running at niceness ${niceness}: jobs yield the CPU to web processes (WORKER_NICENESS)`,
      );
  }
}

function stopOn(shop: RunningShop, signal: NodeJS.Signals): void {
  const timer = setTimeout(() => {
    process.stderr.write(`Shutdown took longer than ${shop.config.shutdownTimeoutMs} ms; exiting.\n`);
    process.exit(1);
  }, shop.config.shutdownTimeoutMs);
  timer.unref();
  shop.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`Shutdown failed after ${signal}: ${String(err)}\n`);
      process.exit(1);
    },
  );
}

export type { Logger };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void runFromCli();
}
