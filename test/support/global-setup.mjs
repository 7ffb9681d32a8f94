// Plain ESM: Jest loads global setup outside its module system, so this file imports only packages.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';

export const PG_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function assertServices() {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new Error(
      `Tests need PostgreSQL at ${PG_ADMIN_URL} (set TEST_DATABASE_ADMIN_URL to change it) but it is unreachable: ${err.message}\n` +
        'Start it, e.g.: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      { cause: err },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(
      `Tests need Redis at ${REDIS_URL} (set TEST_REDIS_URL to change it) but it is unreachable: ${err.message}\n` +
        'Start it, e.g.: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
      { cause: err },
    );
  } finally {
    redis.disconnect();
  }
}

export async function createDatabase(prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`.toLowerCase();
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

export async function dropDatabase(name) {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000, query_timeout: 30_000 });
  await client.connect();
  try {
    // Give connections that are closing (pools ending after an app stopped) a moment to go, so
    // FORCE does not kill a client mid-end: some libraries re-emit that as an unhandled error.
    for (let i = 0; i < 50; i++) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

let clones = 0;

/** A new database with the template's schema and rows (CREATE DATABASE … TEMPLATE copies files: milliseconds). */
export async function cloneDatabase(template) {
  const name = `${template}_${process.pid}_${++clones}`.toLowerCase();
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await client.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** Applies the shop's migrations to a database, as `npm run db:migrate` does (a child process: this file is plain ESM). */
function migrate(databaseUrl) {
  const run = spawnSync(process.execPath, ['--import', '@swc-node/register/esm-register', 'scripts/db-migrate.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`Migrating the integration template database failed:\n${run.stdout}\n${run.stderr}`);
}

/**
 * One migrated template database per integration run; every test file gets a clone of it
 * (integration-environment.mjs), so files neither see nor slow each other.
 */
export default async function globalSetup() {
  await assertServices();
  const db = await createDatabase('shop_it');
  migrate(db.url);
  process.env.TEST_DATABASE_TEMPLATE = db.name;
  process.env.TEST_REDIS_URL = REDIS_URL;
  process.env.TEST_RUN_ID = Date.now().toString(36);
}

/** Deletes the Redis keys a run's queues left behind (their prefixes start with it-<run id>-). */
export async function deleteRunKeys(runId) {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `it-${runId}-*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
