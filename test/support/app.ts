import { loadConfig, type AppConfig } from '../../server/config/index.js';
import { bootstrap, type RunningShop } from '../../server/main.js';

/** Configuration for a test instance: the run's fresh database, real Redis, a free port, mails to a temp dir. */
export function testConfig(env: Record<string, string | undefined> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `it-${process.env.TEST_RUN_ID ?? 'x'}-${process.pid}${Date.now().toString(36)}`,
    // Pages rendered anew for every request unless a test is about the render cache (render-cache.test.ts).
    RENDER_CACHE_TTL_SECONDS: '0',
    // No import of content/ at start (its events would land in every test's queues); the content tests
    // turn it on, each in a database of its own.
    CONTENT_IMPORT_AT_START: 'false',
    ...env,
  });
}

/** Boots the real shop (API only unless serveClient) in-process. */
export async function startShop(
  opts: { env?: Record<string, string | undefined>; serveClient?: boolean; role?: 'web' | 'worker' | 'all' } = {},
): Promise<RunningShop & { url: string }> {
  const shop = await bootstrap({
    config: testConfig(opts.env),
    serveClient: opts.serveClient ?? false,
    ...(opts.role ? { role: opts.role } : {}),
  });
  return shop as RunningShop & { url: string };
}
