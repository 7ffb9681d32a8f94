// F4, embedded mode (no DATABASE_URL): the shop supervises its own PostgreSQL. If that
// PostgreSQL dies, the shop starts it again and readiness comes back by itself; a start after the
// shop itself was killed with SIGKILL finds the orphaned PostgreSQL of its data directory and
// stops it instead of failing with 'port taken'. Both run on one temporary data directory, so the
// cluster is initialised once.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import net from 'node:net';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { waitFor } from '../../support/wait.js';
import { processAlive, readPostmasterPid } from '../../../server/platform/database/postmaster.js';

const SSR_ENTRY = 'dist/client/server/entry-server.js';

function portOpen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

async function readiness(url: string): Promise<number> {
  try {
    return (await fetch(`${url}/api/health/ready`)).status;
  } catch {
    return 0;
  }
}

describe('embedded PostgreSQL supervision', () => {
  // 0755 like a checkout: as root the embedded cluster runs as the postgres user, which must reach it.
  const dir = mkdtempSync(join(tmpdir(), 'shop-embedded-pg-'));
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'data');
  const clusterDir = join(dataDir, 'postgres');
  const children: ChildProcess[] = [];
  let pgPort: number;

  beforeAll(async () => {
    pgPort = await freePort();
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    // Never leave a PostgreSQL of this directory behind, whatever happened above.
    const lock = await readPostmasterPid(clusterDir);
    if (lock && (await processAlive(lock.pid))) {
      process.kill(lock.pid, 'SIGINT');
      await waitFor('the test cluster to stop', async () => !(await processAlive(lock.pid)), { timeoutMs: 30_000, intervalMs: 100 }).catch(
        () => undefined,
      );
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts its PostgreSQL again when it dies, and readiness comes back by itself', async () => {
    // The embedded defaults as `npm start` has them: no REDIS_URL either, so the queues live in this
    // PostgreSQL too (their workers must wait, not spin, while it is away: queue-backend.ts).
    const shop = await startShop({
      env: { DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
    });
    try {
      expect(await readiness(shop.url)).toBe(200);
      const before = await readPostmasterPid(clusterDir);
      expect(before && (await processAlive(before.pid))).toBe(true);

      process.kill(before!.pid, 'SIGKILL');
      await waitFor('readiness to report the database down', async () => (await readiness(shop.url)) === 503, { timeoutMs: 30_000 });
      await waitFor('readiness to come back after the restart', async () => (await readiness(shop.url)) === 200, {
        timeoutMs: 60_000,
        intervalMs: 200,
      });

      const after = await readPostmasterPid(clusterDir);
      expect(after!.pid).not.toBe(before!.pid);
      expect((await fetch(`${shop.url}/api/catalog/products`)).status).toBe(200);
    } finally {
      await shop.stop();
    }
    expect(await portOpen(pgPort)).toBe(false);
  }, 120_000);

  it('after the shop was killed with SIGKILL, the next start stops the orphaned PostgreSQL instead of failing', async () => {
    if (!existsSync(SSR_ENTRY))
      throw new Error(
        `This test starts the shop with the built client, but ${SSR_ENTRY} is missing: run \`npm run build\` first (npm test does).`,
      );
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const start = () => {
      let out = '';
      const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', resolve('server/main.ts')], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: url,
          DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: String(pgPort),
          MAIL_DIR: join(dir, 'mail'),
          // no DATABASE_URL, no REDIS_URL: the embedded defaults of `npm start`
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      child.stdout!.on('data', (d) => (out += String(d)));
      child.stderr!.on('data', (d) => (out += String(d)));
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      const ready = waitFor(
        'the shop to be ready',
        async () => {
          if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode})`);
          return (await readiness(url)) === 200;
        },
        { timeoutMs: 90_000, intervalMs: 250 },
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${out}`);
      });
      return { child, exited, ready, output: () => out };
    };

    const first = start();
    await first.ready;
    const orphan = await readPostmasterPid(clusterDir);
    first.child.kill('SIGKILL');
    await first.exited;
    // The shop is gone, its PostgreSQL is not: it still holds the port.
    expect(await processAlive(orphan!.pid)).toBe(true);
    expect(await portOpen(pgPort)).toBe(true);

    const second = start();
    await second.ready;
    expect(second.output()).toContain(`is still running from an earlier start that did not stop it; stopping it`);
    expect(second.output()).not.toContain('is taken');
    expect(await processAlive(orphan!.pid)).toBe(false);
    expect((await readPostmasterPid(clusterDir))!.pid).not.toBe(orphan!.pid);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await portOpen(pgPort)).toBe(false);
  }, 180_000);
});
