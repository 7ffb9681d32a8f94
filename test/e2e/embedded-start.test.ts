// `npm start` on a machine with only Node: the built shop with no DATABASE_URL, REDIS_URL or
// SMTP_URL starts a real embedded PostgreSQL, serves pages, keeps its data across restarts,
// shuts down cleanly on SIGTERM, and says clearly why it cannot start.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import net from 'node:net';
import { freePort } from '../support/free-port.js';

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  let out = '';
  const child = spawn(process.execPath, [resolve('dist/server/main.js')], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

async function ready(url: string, run: Run): Promise<void> {
  const deadline = Date.now() + 80_000;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`exited early:\n${run.output()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not ready in time:\n${run.output()}`);
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

describe('npm start with embedded defaults', () => {
  // 0755 like a checkout: the embedded cluster runs as the postgres user when the tests run as root
  const dir = mkdtempSync(join(tmpdir(), 'shop-embedded-'));
  chmodSync(dir, 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts on embedded PostgreSQL, serves pages, stops cleanly, and reuses its data', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    const env = { PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: join(dir, 'data') };
    const url = `http://localhost:${port}`;

    const first = start(env);
    await ready(url, first);
    expect(first.output()).toContain(`The shop is running at ${url}`);
    expect(first.output()).toContain('Initialising the embedded PostgreSQL');
    // A quiet start (README, LOG_LEVEL): no route listing, nothing at error level.
    expect(first.output()).not.toMatch(/RoutesResolver|RouterExplorer|InstanceLoader|"level":"(error|fatal)"/);
    const page = await fetch(`${url}/en`, { headers: { cookie: 'locale=en' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="en"');

    // A request in flight when SIGTERM arrives is still answered before the process exits.
    const inFlight = net.connect(port, '127.0.0.1');
    await new Promise((r) => inFlight.once('connect', r));
    inFlight.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((r) => setTimeout(r, 200));
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    let answer = '';
    inFlight.on('data', (d) => (answer += String(d)));
    const answered = new Promise((r) => inFlight.once('end', r));
    inFlight.write('Accept: application/json\r\n\r\n');
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('{"data":{"status":"ok"}}');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped');
    expect(await portOpen(pgPort)).toBe(false); // the embedded PostgreSQL stopped too

    const second = start(env);
    await ready(url, second);
    expect(second.output()).not.toContain('Initialising the embedded PostgreSQL');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('explains a taken port in one line instead of a stack trace', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    try {
      const run = start({ PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), DATA_DIR: join(dir, 'data2') });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain(`The shop could not start: Port ${port} is already in use`);
      expect(run.output()).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('explains an unusable data directory', async () => {
    const file = join(dir, 'not-a-directory');
    writeFileSync(file, 'x');
    const run = start({ PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), DATA_DIR: join(file, 'data') });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/The shop could not start: The data directory .* is not usable/);
  });

  it('explains invalid configuration, naming the variable', async () => {
    const run = start({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT');
    expect(run.output()).toContain('The shop could not start: Invalid configuration');
  });
});
