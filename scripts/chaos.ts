// `npm run chaos` (docs/reliability.md): the BUILT shop as deployed, two web and two worker
// processes, on a PostgreSQL (embedded, in a temporary directory) and a redis-server of its own, on
// loopback only. Concurrent guest checkouts (cash on delivery and card) and signed card callbacks,
// each repeated up to 5 times and some declined first (out of order), run while the script kills
// Redis, flushes it, kills a worker, restarts PostgreSQL and sends SIGTERM to a web process under
// load. Afterwards it waits (bounded) for the shop to catch up and checks in the database and the
// mail folder: every order answered 201 exists once, every approved payment is paid and settled
// once, every order mail was written exactly once. It prints what was placed, paid, mailed, lost and
// duplicated, and exits 1 on any loss, duplicate or answer 500. Not part of `npm test`.
//   --quick          about a minute (50 guests, 30 s of load) instead of about three (200, 90 s)
//   --guests=<N>     concurrent guests (1-500)
//   --duration=<s>   seconds of load (10-600); the catching up after it is bounded too
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type pg from 'pg';
import PostalMime from 'postal-mime';
import { SANDBOX_MONRI_KEY } from '../server/config/config.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../server/platform/database/index.js';
import { BENCH_PRODUCT, callbackSignature, connect, setStock } from './bench/checkout.js';

const args = process.argv.slice(2);
for (const arg of args) {
  if (!/^--(quick|guests=\d+|duration=\d+)$/.test(arg)) {
    console.error(`unknown option ${arg} (--quick, --guests=<N>, --duration=<s>)`);
    process.exit(2);
  }
}
const QUICK = args.includes('--quick');
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const GUESTS = Number(option('guests') ?? (QUICK ? 50 : 200));
const LOAD_S = Number(option('duration') ?? (QUICK ? 30 : 90));
if (!(GUESTS >= 1 && GUESTS <= 500) || !(LOAD_S >= 10 && LOAD_S <= 600)) {
  console.error('--guests=<1-500>, --duration=<10-600>');
  process.exit(2);
}
/** After the load: how long the shop may take to settle, mail and redeliver what the chaos delayed. */
const CATCH_UP_MS = (QUICK ? 60 : 90) * 1000;
const ORDERS_INBOX = 'chaos-orders@zlatnozrno.test';
const ADDRESS = { first_name: 'Chaos', last_name: 'Guest', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' };
const RUN = Date.now().toString(36);
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s`;
const say = (msg: string) => console.log(`${elapsed()}  ${msg}`);

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = net.createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => done(port));
    });
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── the services of its own ─────────────────────────────────────────────────────────────────
const DATA_DIR = mkdtempSync(join(tmpdir(), 'shop-chaos-'));
chmodSync(DATA_DIR, 0o755); // as root the embedded PostgreSQL runs as the postgres user, which must reach it
const MAIL_DIR = join(DATA_DIR, 'mail');
const LOG_FILE = join(DATA_DIR, 'shop.log');
const log = createWriteStream(LOG_FILE);
const PG_PORT = await freePort();
const DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/shop`;
const REDIS_PORT = await freePort();
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
if (spawnSync('redis-server', ['--version']).status !== 0) {
  console.error('npm run chaos needs redis-server on this machine (apt-get install redis-server)');
  process.exit(2);
}

let postgres: EmbeddedPostgresHandle | undefined;
const startPostgres = async () => {
  postgres = await startEmbeddedPostgres({ dataDir: DATA_DIR, port: PG_PORT, log: (m) => log.write(`[postgres] ${m}\n`) });
};

let redisProcess: ChildProcess | undefined;
async function startRedis(): Promise<void> {
  redisProcess = spawn(
    'redis-server',
    ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', DATA_DIR],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 200; i++) {
    const up = await new Promise<boolean>((done) => {
      const socket = net.connect(REDIS_PORT, '127.0.0.1');
      socket.once('connect', () => (socket.end(), done(true)));
      socket.once('error', () => done(false));
    });
    if (up) return;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}
async function killRedis(): Promise<void> {
  const child = redisProcess;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

// ── the shop's processes ────────────────────────────────────────────────────────────────────
const WEB_PORTS = [await freePort(), await freePort()];
const PUBLIC_URL = `http://127.0.0.1:${WEB_PORTS[0]}`;
function shopEnv(role: 'web' | 'worker', port: number): NodeJS.ProcessEnv {
  const {
    SMTP_URL: _s,
    PAYMENT_PROVIDER: _p,
    MONRI_KEY: _k,
    MONRI_AUTHENTICITY_TOKEN: _t,
    MONRI_FORM_URL: _f,
    MONRI_API_URL: _a,
    ...inherited
  } = process.env;
  return {
    ...inherited,
    ROLE: role,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR,
    MAIL_DIR,
    DATABASE_URL,
    REDIS_URL,
    QUEUE_PREFIX: 'chaos',
    ORDERS_EMAIL: ORDERS_INBOX,
    PAYMENT_PROVIDER: 'sandbox',
    CONTENT_IMPORT_AT_START: 'false',
    // Repairs after a loss come within seconds here (minutes in production: docs/reliability.md).
    QUEUE_RETRY_DELAY_MS: '500',
    OUTBOX_REDELIVER_AFTER_MS: '3000',
    QUEUE_SCHEDULE_CHECK_MS: '2000',
    SHUTDOWN_TIMEOUT_MS: '10000',
  };
}

interface ShopProcess {
  name: string;
  role: 'web' | 'worker';
  port: number;
  child?: ChildProcess;
}
const webs: ShopProcess[] = WEB_PORTS.map((port, i) => ({ name: `web ${i + 1}`, role: 'web', port }));
const workers: ShopProcess[] = [1, 2].map((i) => ({ name: `worker ${i}`, role: 'worker', port: 0 }));

async function startProcess(p: ShopProcess): Promise<void> {
  const child = spawn(process.execPath, ['dist/server/main.js'], { env: shopEnv(p.role, p.port), stdio: ['ignore', 'pipe', 'pipe'] });
  p.child = child;
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (c: Buffer) => log.write(`[${p.name}] ${c.toString('utf8')}`));
  if (p.role === 'worker') {
    await sleep(1500);
    if (child.exitCode !== null) throw new Error(`${p.name} exited with code ${child.exitCode} (see ${LOG_FILE})`);
    return;
  }
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${p.name} exited with code ${child.exitCode} (see ${LOG_FILE})`);
    try {
      if ((await fetch(`http://127.0.0.1:${p.port}/api/health/ready`)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(`${p.name} did not become ready in 120 s`);
}
async function stopProcess(p: ShopProcess, signal: NodeJS.Signals): Promise<void> {
  const child = p.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}

// ── the guests and the provider ─────────────────────────────────────────────────────────────
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
interface Answer {
  status: number;
  cookies: string[];
  text: string;
}
const statuses = new Map<string, number>();
/** Every answer 500 (and any other 5xx than 503, which the shop answers on purpose while PostgreSQL is away). */
const serverErrors: string[] = [];
/** The public host every request names, as a load balancer in front of the web processes passes it on (docs/security.md 'One host'). */
const PUBLIC_HOST = new URL(PUBLIC_URL).host;
function send(port: number, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const withHost = { host: PUBLIC_HOST, ...headers };
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        timeout: 30_000,
        headers: body === undefined ? withHost : { ...withHost, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const key = `${method} ${path.replace(/\?.*/, '')} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          const text = Buffer.concat(chunks).toString('utf8');
          if (status >= 500 && status !== 503) serverErrors.push(`${key}: ${text.slice(0, 160)}`);
          resolve({ status, cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!), text });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}
let nextWeb = 0;
/** Like a browser behind a load balancer: the next web process, another one when it cannot connect; 503 and network errors retried. */
async function call(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
  until = Infinity,
): Promise<Answer> {
  let wait = 200;
  for (let attempt = 1; ; attempt++) {
    const web = webs[nextWeb++ % webs.length]!;
    try {
      const res = await send(web.port, method, path, headers, body);
      if (res.status !== 503 || attempt >= 40 || performance.now() > until) return res;
    } catch (err) {
      if (attempt >= 40 || performance.now() > until) throw err;
    }
    await sleep(wait);
    wait = Math.min(wait * 2, 3000);
  }
}

interface Placed {
  number: string;
  email: string;
  method: 'cod' | 'card';
  fields: Record<string, string> | null;
  /** A signed approval was answered 200 at least once (the provider was told it arrived). */
  approvalAccepted: boolean;
  declinedFirst: boolean;
}
const placed: Placed[] = [];
let checkoutsStarted = 0;
let checkoutFailures = 0;
const failureSamples = new Set<string>();
let callbacksPosted = 0;
let callbacksAccepted = 0;

async function guest(n: number, until: number): Promise<void> {
  for (let round = 0; performance.now() < until; round++) {
    checkoutsStarted += 1;
    const seq = n + GUESTS * round;
    const email = `chaos-${RUN}-${seq}@example.com`;
    const method: 'cod' | 'card' = seq % 2 ? 'card' : 'cod';
    try {
      const csrf = await call('GET', '/api/csrf', { 'accept-language': 'en' });
      if (csrf.status !== 200) throw new Error(`GET /api/csrf ${csrf.status}`);
      const token = (JSON.parse(csrf.text) as { data: { token: string } }).data.token;
      const jar = [...csrf.cookies];
      const add = await call(
        'POST',
        '/api/cart/items',
        { 'content-type': 'application/json', 'x-csrf-token': token, cookie: jar.join('; '), 'accept-language': 'en' },
        JSON.stringify({ product_code: BENCH_PRODUCT, quantity: 1 }),
      );
      if (add.status !== 200) throw new Error(`POST /api/cart/items ${add.status} ${add.text.slice(0, 80)}`);
      jar.push(...add.cookies);
      const total = (JSON.parse(add.text) as { data: { total: number } }).data.total;
      // One Idempotency-Key per checkout: a retry after a lost answer gets the same order.
      const key = randomUUID();
      const order = await call(
        'POST',
        '/api/orders',
        {
          'content-type': 'application/json',
          'x-csrf-token': token,
          cookie: jar.join('; '),
          'accept-language': 'en',
          'idempotency-key': key,
        },
        JSON.stringify({
          email,
          phone: '+385 91 234 5678',
          delivery_address: ADDRESS,
          payment_method: method,
          terms_accepted: true,
          expected_total: total,
        }),
      );
      if (order.status !== 201) throw new Error(`POST /api/orders ${order.status} ${order.text.slice(0, 80)}`);
      const data = (JSON.parse(order.text) as { data: { order: { number: string }; payment: { fields: Record<string, string> } | null } })
        .data;
      const p: Placed = {
        number: data.order.number,
        email,
        method,
        fields: data.payment?.fields ?? null,
        approvalAccepted: false,
        declinedFirst: seq % 6 === 1,
      };
      placed.push(p);
      if (method === 'card') await provider(p);
    } catch (err) {
      checkoutFailures += 1;
      if (failureSamples.size < 8) failureSamples.add((err as Error).message);
    }
  }
}

/** The card provider: a decline first for some, then the approval 1 to 5 times, each repeated until answered 200 (as Monri does). */
async function provider(p: Placed): Promise<void> {
  const f = p.fields!;
  const post = async (body: string) => {
    const deadline = performance.now() + 60_000;
    for (;;) {
      callbacksPosted += 1;
      try {
        const res = await call(
          'POST',
          '/api/payments/monri/callback',
          { 'content-type': 'application/json', authorization: `WP3-callback ${callbackSignature(SANDBOX_MONRI_KEY, body)}` },
          body,
          deadline,
        );
        if (res.status === 200) {
          callbacksAccepted += 1;
          return true;
        }
      } catch {
        /* repeated below */
      }
      if (performance.now() > deadline) return false;
      await sleep(500);
    }
  };
  const callback = (status: 'approved' | 'declined', id: string) =>
    JSON.stringify({
      id,
      acquirer: 'chaos',
      order_number: f.order_number,
      amount: Number(f.amount),
      currency: f.currency,
      status,
      response_code: status === 'approved' ? '0000' : '1005',
      response_message: status,
      approval_code: status === 'approved' ? '123456' : null,
      transaction_type: 'purchase',
    });
  if (p.declinedFirst) await post(callback('declined', `chaos-d-${randomUUID()}`));
  const approval = callback('approved', `chaos-a-${randomUUID()}`);
  const repeats = 1 + Math.floor(Math.random() * 5);
  const answers = await Promise.all(Array.from({ length: repeats }, () => post(approval)));
  p.approvalAccepted = answers.some(Boolean);
}

// ── the chaos ───────────────────────────────────────────────────────────────────────────────
const chaosLog: string[] = [];
const event = (msg: string) => {
  chaosLog.push(`${elapsed()}  ${msg}`);
  say(msg);
};
async function chaos(loadMs: number): Promise<void> {
  const at = async (fraction: number) => {
    const wait = t0Load + loadMs * fraction - performance.now();
    if (wait > 0) await sleep(wait);
  };
  await at(0.12);
  event('Redis killed (SIGKILL)');
  await killRedis();
  await sleep(4000);
  await startRedis();
  event('Redis started again, empty (no persistence)');
  await at(0.3);
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  await client.flushall();
  client.disconnect();
  event('Redis flushed (FLUSHALL)');
  await at(0.45);
  event('worker 1 killed (SIGKILL)');
  await stopProcess(workers[0]!, 'SIGKILL');
  await sleep(3000);
  await startProcess(workers[0]!);
  event('worker 1 started again');
  await at(0.6);
  event('PostgreSQL stopped (restart)');
  await postgres!.stop();
  await sleep(2000);
  await startPostgres();
  event('PostgreSQL running again');
  await at(0.78);
  event('web 2 sent SIGTERM under load');
  await stopProcess(webs[1]!, 'SIGTERM');
  await startProcess(webs[1]!);
  event('web 2 started again');
}
let t0Load = 0;

// ── the checks ──────────────────────────────────────────────────────────────────────────────
type MailKind = 'confirmation' | 'notice' | 'paid-notice' | 'not-completed' | 'other';
const NO_MAILS = (): Record<MailKind, number> => ({ confirmation: 0, notice: 0, 'paid-notice': 0, 'not-completed': 0, other: 0 });
/**
 * The order mails in the mail folder, per order and kind, counted by distinct Message-ID: a mail the
 * shop sent again after a crash between the SMTP acceptance and its record carries the same
 * Message-ID (docs/mail.md 'Exactly once') and is one message to the recipient; such copies are
 * counted apart (`resent`), a second Message-ID of the same kind is a duplicate.
 */
async function mailsByOrder(): Promise<{ counts: Map<string, Record<MailKind, number>>; resent: number }> {
  const ids = new Map<string, Map<MailKind, Set<string>>>();
  let files = 0;
  const numbers = new Set(placed.map((p) => p.number));
  for (const file of readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'))) {
    const parsed = await PostalMime.parse(await readFile(join(MAIL_DIR, file)));
    const number = /ZZ-\d{4}-\d+/.exec(parsed.subject ?? '')?.[0];
    if (!number || !numbers.has(number)) continue;
    const subject = parsed.subject ?? '';
    // The notices go to the shop's inbox, in Croatian; the buyer's mails are in the order's language (en).
    const kind: MailKind = parsed.to?.some((t) => t.address?.toLowerCase() === ORDERS_INBOX)
      ? /^Plaćena narudžba/.test(subject)
        ? 'paid-notice'
        : 'notice'
      : /^The payment for your order/.test(subject)
        ? 'not-completed'
        : /^Your Zlatno zrno order/.test(subject)
          ? 'confirmation'
          : 'other';
    const byKind = ids.get(number) ?? new Map<MailKind, Set<string>>();
    const set = byKind.get(kind) ?? new Set<string>();
    set.add(parsed.messageId ?? file);
    byKind.set(kind, set);
    ids.set(number, byKind);
    files += 1;
  }
  const counts = new Map<string, Record<MailKind, number>>();
  let distinct = 0;
  for (const [number, byKind] of ids) {
    const c = NO_MAILS();
    for (const [kind, set] of byKind) {
      c[kind] = set.size;
      distinct += set.size;
    }
    counts.set(number, c);
  }
  return { counts, resent: files - distinct };
}

interface Tally {
  placed: number;
  cod: number;
  card: number;
  paid: number;
  ordersLost: number;
  ordersDuplicated: number;
  paymentsLost: number;
  settledTwice: number;
  mailsExpected: number;
  mailsSent: number;
  /** 'Payment not completed' mails (orders declined first; at most one each). */
  notCompleted: number;
  mailsLost: number;
  mailsDuplicated: number;
  /** Copies of a mail sent again after a crash, with the same Message-ID (one message to the recipient). */
  mailsResent: number;
  /** Invoices of paid card orders (docs/invoicing.md): with their JIR, paid orders without one, orders with more than one. */
  invoices: number;
  invoicesFiscalized: number;
  invoicesLost: number;
  invoicesDuplicated: number;
  /** Invoices with more than one attempt answered by a JIR (CIS would have two records of one invoice). */
  jirTwice: number;
}
async function tally(db: pg.Client): Promise<Tally> {
  const numbers = placed.map((p) => p.number);
  const { rows: orders } = await db.query<{ number: string; email: string; payment_status: string }>(
    `SELECT number, email, payment_status FROM shop_order WHERE email LIKE $1`,
    [`chaos-${RUN}-%`],
  );
  const byNumber = new Map(orders.map((o) => [o.number, o]));
  const perEmail = new Map<string, number>();
  for (const o of orders) perEmail.set(o.email, (perEmail.get(o.email) ?? 0) + 1);
  const { rows: approvals } = await db.query<{ number: string; n: number }>(
    `SELECT payload->>'orderNumber' AS number, count(*)::int AS n FROM outbox_event WHERE name = 'payment.approved' AND payload->>'orderNumber' = ANY($1) GROUP BY 1`,
    [numbers],
  );
  const { rows: attempts } = await db.query<{ number: string; n: number }>(
    `SELECT order_number AS number, count(*)::int AS n FROM payment_attempt WHERE status = 'approved' AND order_number = ANY($1) GROUP BY 1`,
    [numbers],
  );
  const { rows: invoices } = await db.query<{ order_number: string; n: number; fiscalized: number; jirs: number }>(
    `SELECT i.order_number, count(*)::int AS n, count(*) FILTER (WHERE i.fiscal_state = 'fiscalized')::int AS fiscalized,
            max((SELECT count(*) FROM invoice_fiscal_attempt a WHERE a.invoice_id = i.id AND a.outcome = 'jir'))::int AS jirs
       FROM invoice i WHERE i.kind = 'invoice' AND i.order_number = ANY($1) GROUP BY 1`,
    [numbers],
  );
  const invoiceOf = new Map(invoices.map((i) => [i.order_number, i]));
  const { counts: mails, resent: mailsResent } = await mailsByOrder();
  let mailsExpected = 0;
  let mailsSent = 0;
  let mailsLost = 0;
  let mailsDuplicated = 0;
  let notCompleted = 0;
  for (const p of placed) {
    const paid = byNumber.get(p.number)?.payment_status === 'paid';
    const expect: Partial<Record<MailKind, number>> = { notice: 1 };
    if (p.method === 'cod' || paid) expect.confirmation = 1;
    if (p.method === 'card' && paid) expect['paid-notice'] = 1;
    const got = mails.get(p.number) ?? NO_MAILS();
    for (const kind of ['notice', 'confirmation', 'paid-notice'] as const) {
      const want = expect[kind] ?? 0;
      mailsExpected += want;
      mailsSent += got[kind];
      if (got[kind] < want) mailsLost += want - got[kind];
      if (got[kind] > 1) mailsDuplicated += got[kind] - 1;
    }
    notCompleted += got['not-completed'];
    if (got['not-completed'] > 1) mailsDuplicated += got['not-completed'] - 1;
  }
  return {
    placed: placed.length,
    cod: placed.filter((p) => p.method === 'cod').length,
    card: placed.filter((p) => p.method === 'card').length,
    paid: placed.filter((p) => byNumber.get(p.number)?.payment_status === 'paid').length,
    ordersLost: numbers.filter((n) => !byNumber.has(n)).length,
    ordersDuplicated: [...perEmail.values()].filter((n) => n > 1).reduce((s, n) => s + n - 1, 0),
    paymentsLost: placed.filter((p) => p.approvalAccepted && byNumber.get(p.number)?.payment_status !== 'paid').length,
    settledTwice: approvals.filter((a) => a.n > 1).length + attempts.filter((a) => a.n > 1).length,
    mailsExpected,
    mailsSent,
    notCompleted,
    mailsLost,
    mailsDuplicated,
    mailsResent,
    invoices: invoices.reduce((sum, i) => sum + i.n, 0),
    invoicesFiscalized: invoices.reduce((sum, i) => sum + i.fiscalized, 0),
    invoicesLost: placed.filter((p) => p.method === 'card' && byNumber.get(p.number)?.payment_status === 'paid' && !invoiceOf.has(p.number)).length,
    invoicesDuplicated: invoices.filter((i) => i.n > 1).reduce((sum, i) => sum + i.n - 1, 0),
    jirTwice: invoices.filter((i) => i.jirs > 1).length,
  };
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────
let exitCode = 1;
try {
  say(`data ${DATA_DIR}, shop log ${LOG_FILE}`);
  await startPostgres();
  await startRedis();
  say(`PostgreSQL (embedded) on ${PG_PORT}, redis-server on ${REDIS_PORT}`);
  await startProcess(webs[0]!); // first alone: it migrates and seeds the demo data
  await Promise.all([startProcess(webs[1]!), ...workers.map(startProcess)]);
  say(`2 web processes (${WEB_PORTS.join(', ')}) and 2 workers ready`);
  {
    const db = await connect(DATABASE_URL);
    await setStock(db);
    await db.end();
  }

  say(
    `load: ${GUESTS} concurrent guests for ${LOAD_S} s (cash on delivery and card, callbacks 1-5 times, 1 in 3 card orders declined first)`,
  );
  t0Load = performance.now();
  const until = t0Load + LOAD_S * 1000;
  const chaosDone = chaos(LOAD_S * 1000).catch((err: Error) => event(`chaos step failed: ${err.message}`));
  await Promise.all(Array.from({ length: GUESTS }, (_, i) => guest(i, until)));
  await chaosDone;
  say(
    `load over: ${placed.length} orders placed, ${checkoutFailures} checkouts without an order; catching up (at most ${CATCH_UP_MS / 1000} s)`,
  );

  const db = await connect(DATABASE_URL);
  const deadline = performance.now() + CATCH_UP_MS;
  let t = await tally(db);
  while ((t.ordersLost || t.paymentsLost || t.mailsLost || t.invoicesLost || t.invoicesFiscalized < t.invoices) && performance.now() < deadline) {
    await sleep(2000);
    t = await tally(db);
  }
  await sleep(3000); // a late duplicate would show now
  t = await tally(db);
  await db.end();

  const rows: Array<[string, string | number]> = [
    ['orders placed (201)', `${t.placed} (${t.cod} cash on delivery, ${t.card} card)`],
    ['checkouts started', checkoutsStarted],
    ['checkouts without an order', `${checkoutFailures}${failureSamples.size ? ` (${[...failureSamples].slice(0, 3).join('; ')})` : ''}`],
    ['card orders paid', `${t.paid} of ${t.card}`],
    ['callbacks posted / answered 200', `${callbacksPosted} / ${callbacksAccepted}`],
    [
      'callback answers by status',
      [...statuses]
        .filter(([k]) => k.startsWith('POST /api/payments/monri/callback '))
        .map(([k, n]) => `${k.split(' ').pop()}: ${n}`)
        .join(', '),
    ],
    ['order mails expected / written (notice, confirmation, card paid notice)', `${t.mailsExpected} / ${t.mailsSent}`],
    ['payment-not-completed mails (declined first)', t.notCompleted],
    ['orders lost', t.ordersLost],
    ['orders duplicated', t.ordersDuplicated],
    ['payments lost (approved, not paid)', t.paymentsLost],
    ['payments settled twice', t.settledTwice],
    ['mails lost', t.mailsLost],
    ['mails duplicated (another Message-ID)', t.mailsDuplicated],
    ['mails sent again after a crash (same Message-ID)', t.mailsResent],
    ['invoices of paid card orders / fiscalized (CIS sandbox)', `${t.invoices} / ${t.invoicesFiscalized}`],
    ['invoices lost (paid card order without one)', t.invoicesLost],
    ['invoices duplicated (an order with two)', t.invoicesDuplicated],
    ['invoices with two JIRs', t.jirTwice],
    ['answers 500', serverErrors.length],
    ['answers 503 (PostgreSQL away, retried)', [...statuses].filter(([k]) => k.endsWith(' 503')).reduce((s, [, n]) => s + n, 0)],
  ];
  console.log(`\nChaos: ${GUESTS} guests, ${LOAD_S} s of load, 2 web + 2 worker processes\n`);
  for (const line of chaosLog) console.log(`  ${line}`);
  console.log('');
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`| ${'what'.padEnd(width)} | result |`);
  console.log(`|${'-'.repeat(width + 2)}|--------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
  for (const e of serverErrors.slice(0, 5)) console.log(`500: ${e}`);
  const failed =
    t.ordersLost +
    t.ordersDuplicated +
    t.paymentsLost +
    t.settledTwice +
    t.mailsLost +
    t.mailsDuplicated +
    t.invoicesLost +
    t.invoicesDuplicated +
    t.jirTwice +
    (t.invoices - t.invoicesFiscalized) +
    serverErrors.length;
  console.log(
    failed ? `\nFAILED: losses, duplicates or 500s above (shop log: ${LOG_FILE})` : '\nOK: nothing lost, nothing duplicated, no 500',
  );
  exitCode = failed || placed.length === 0 ? 1 : 0;
} catch (err) {
  console.error(`chaos run failed: ${(err as Error).stack ?? String(err)}\nshop log: ${LOG_FILE}`);
} finally {
  await Promise.all([...webs, ...workers].map((p) => stopProcess(p, 'SIGTERM')));
  await killRedis();
  await postgres?.stop().catch(() => undefined);
  agent.destroy();
  log.end();
  if (exitCode === 0) rmSync(DATA_DIR, { recursive: true, force: true });
}
process.exit(exitCode);
