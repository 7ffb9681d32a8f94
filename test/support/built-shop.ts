import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.js';
import { createDatabase, dropDatabase, REDIS_URL } from './global-setup.mjs';

export interface BuiltShop {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Where its mails are written as .eml files (read them with emlInbox(mailDir)). */
  mailDir: string;
  /** What the process printed so far. */
  output(): string;
  /** SIGTERM, then its database and folder go. */
  stop(): Promise<void>;
}

/**
 * One more BUILT shop (node dist/server/main.js, as `npm start` runs it) for the end-to-end tests
 * that need a configuration the shared one (e2e-setup.mjs) does not have, e.g. the bot check on and
 * pointed at the provider's emulator: its own database, queue prefix, data and mail folders, a free
 * loopback port, the real Redis; ready when /api/health/ready says so (60 s at most). `env` may depend on
 * the port (e.g. a PUBLIC_URL naming another host of it).
 */
export async function startBuiltShop(
  name: string,
  env: Record<string, string> | ((port: number) => Record<string, string>),
): Promise<BuiltShop> {
  const db = await createDatabase(`shop_e2e_${name}`);
  const dir = mkdtempSync(join(tmpdir(), `shop-e2e-${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [resolve('dist/server/main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: `e2e${name}${Date.now().toString(36)}`,
      DATA_DIR: join(dir, 'data'),
      MAIL_DIR: join(dir, 'mail'),
      LOG_LEVEL: 'warn',
      ...(typeof env === 'function' ? env(port) : env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase(db.name);
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const why = child.exitCode !== null ? `exited (code ${child.exitCode})` : 'did not become ready within 60 s';
      await stop();
      throw new Error(`the shop ${why}:\n${output}`);
    }
    const ok = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, mailDir: join(dir, 'mail'), output: () => output, stop };
}
