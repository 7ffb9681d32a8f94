// `npm run bench`: loads the BUILT shop on loopback with autocannon (bounded in time and
// connections) and compares every target with a baseline measured in the same run: the same
// process serving the same bytes as a static file. Writes bench/results/<time>.json and a table,
// plus the gzip bytes of JavaScript and CSS that a first visit to the home page loads, and the
// checkout: orders placed per second by concurrent guest checkouts (cash on delivery), checked in
// the database afterwards, and card callbacks settled per second (scripts/bench/checkout.ts,
// docs/performance.md). `--only=checkout` runs the baseline and the checkout part alone, `--only=api`
// the baseline and the API targets alone;
// `--role=all` runs the shop as one process instead of a web and a worker process. `--quick` is a
// short pass for development (2 s per target, fewer targets, a small checkout, no Lighthouse);
// `--catalog=<N>` first grows the bench's own database to N products with the synthetic catalogue
// (scripts/bench/synthetic-catalog.ts) so growth is measured. The JSON records the machine's cores
// and load average; the memory part is described in docs/performance.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import net from 'node:net';
import autocannon from 'autocannon';
import { lighthouseTable, runLighthouse, type LighthousePage } from './bench/lighthouse.js';
import { collectAndMeasure, type HeapFigures } from './bench/inspector.js';
import { seedSyntheticCatalog } from './bench/synthetic-catalog.js';
import { chromium } from 'playwright-core';
import { SANDBOX_MONRI_KEY } from '../server/config/config.js';
import {
  BENCH_PRODUCT,
  BENCH_STOCK,
  connect,
  confirmationMails,
  runCheckouts,
  setStock,
  settleCallbacks,
  verifyInvoices,
  stockOf,
  verifyOrders,
  verifyPayments,
  type CheckoutResult,
  type PlacedOrder,
} from './bench/checkout.js';
import { cpuPerUnit, sampleCpu } from './bench/cpu.js';

/** `--quick`: a short pass for development: 2 s per target, the targets marked quick, a small checkout, no Lighthouse. */
const QUICK = process.argv.includes('--quick');
const DURATION_S = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? (QUICK ? 2 : 5));
const CONNECTIONS = 10;
const ONLY_CHECKOUT = process.argv.includes('--only=checkout');
/**
 * `--only=lighthouse`: the shop and Lighthouse alone (no load, checkout or memory part), each page
 * `--runs=<N>` times (3 unless told), to iterate on the pages' scores: one run moves by several points.
 */
const ONLY_LIGHTHOUSE = process.argv.includes('--only=lighthouse');
const LIGHTHOUSE_RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? (ONLY_LIGHTHOUSE ? 3 : 1));
/** `--no-lighthouse`: skip the Lighthouse pass (a minute) while working on something else. */
/** `--only=api`: the baseline and the API targets alone (both loads), no checkout, first visit or Lighthouse: for iterating on the API. */
const ONLY_API = process.argv.includes('--only=api');
const NO_LIGHTHOUSE = QUICK || ONLY_API || process.argv.includes('--no-lighthouse');
/** `--catalog=<N>`: grow the bench's database to N products (synthetic copies of the 16 demo ones) before measuring. */
const CATALOG_ARG = process.argv.find((a) => a.startsWith('--catalog='))?.split('=')[1];
const CATALOG = CATALOG_ARG === undefined ? undefined : Number(CATALOG_ARG);
if (CATALOG !== undefined && (!Number.isSafeInteger(CATALOG) || CATALOG < 16 || CATALOG > 1_000_000)) {
  console.error(`--catalog=<N>: a whole number of products from 16 to 1,000,000, not ${CATALOG_ARG}`);
  process.exit(2);
}
for (const arg of process.argv.slice(2)) {
  if (
    !/^--(quick|no-lighthouse|only=checkout|only=api|only=lighthouse|runs=[1-9]|role=all|queues=postgres|duration=\d+(\.\d+)?|catalog=\d+)$/.test(
      arg,
    )
  ) {
    console.error(
      `unknown option ${arg} (--quick, --duration=<s>, --catalog=<N>, --only=checkout, --only=api, --only=lighthouse, --runs=<1-9>, --role=all, --queues=postgres, --no-lighthouse)`,
    );
    process.exit(2);
  }
}
if (ONLY_LIGHTHOUSE && (ONLY_CHECKOUT || NO_LIGHTHOUSE)) {
  console.error('--only=lighthouse cannot be combined with --only=checkout, --quick or --no-lighthouse');
  process.exit(2);
}
/** Memory goal of issue 11 (resident memory of the web process). */
const GOAL_RSS_MB = 300;
/** Live heap after a full collection may differ this much between the two loads without counting as growth. */
const GROWTH_TOLERANCE_MB = 5;

/** Resident memory (VmRSS) or its peak so far (VmHWM) of a process in MB (Linux /proc), or null elsewhere. */
function rssMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | null {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

interface MemoryPoint {
  /** Resident memory as read, garbage not yet collected included. */
  rss_mb: number | null;
  /** The same after a full collection requested over the inspector, with the live heap. */
  after_gc: HeapFigures | null;
}

async function memoryPoint(pid: number | undefined, inspectPort: number): Promise<MemoryPoint> {
  const rss_mb = rssMb(pid);
  const after_gc = await collectAndMeasure(inspectPort).catch((e: Error) => {
    console.warn(`memory: no figures after a collection (${e.message})`);
    return null;
  });
  return { rss_mb, after_gc };
}
/**
 * As deployed (README 'roles'): one web process and one worker process, so the worker's mails and
 * jobs run on the other core instead of inside the process that answers. `--role=all` runs the
 * single ROLE=all process instead (what `npm start` does).
 */
const SINGLE_PROCESS = process.argv.includes('--role=all');
/** Concurrent guests of the checkout runs, each run bounded by DURATION_S and MAX_ORDERS. */
const CHECKOUT_CONNECTIONS = QUICK ? [10] : [10, 20];
const MAX_ORDERS = QUICK ? 200 : 2000;
/** Card orders whose approved callbacks are posted at once (CALLBACK_CONNECTIONS at a time). */
const CALLBACKS = QUICK ? 40 : 200;
const CALLBACK_CONNECTIONS = 20;
/** The checkout goal of issue 10 on the 2-core machine. */
const GOAL_ORDERS_PER_S = 50;
/** The pages Lighthouse measures (issue 11), as a returning visitor: language chosen, cookie choice made. */
const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { name: 'home', path: '/', indexable: true },
  { name: 'product list', path: '/proizvodi', indexable: true },
  { name: 'product page', path: '/proizvod/penne-rigate', indexable: true },
  // a recipe of content/ (content/recipes/penne-arrabbiata.hr.md)
  { name: 'recipe page', path: '/recepti/penne-all-arrabbiata', indexable: true },
  { name: 'cart', path: '/kosarica', indexable: false },
  { name: 'checkout step 1', path: '/placanje', indexable: false },
];
const LIGHTHOUSE_COOKIE = 'locale=hr; cookie_consent=essential';
const BASELINE_FILE = resolve('dist/client/public/__bench-baseline.html');

interface Result {
  name: string;
  path: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  non_2xx: number;
  ratio_to_baseline?: number;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = net.createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => done(port));
    });
  });
}

// Its own data directory and embedded PostgreSQL (unless DATABASE_URL is set): the carts the
// load creates never land in a developer's database.
const DATA_DIR = mkdtempSync(join(tmpdir(), 'shop-bench-'));
chmodSync(DATA_DIR, 0o755); // as root the embedded PostgreSQL runs as the postgres user, which must reach it
const MAIL_DIR = join(DATA_DIR, 'mail');
const PG_PORT = await freePort();
/** DATABASE_URL / REDIS_URL are honoured when set; otherwise embedded PostgreSQL and a private Redis (below). */
const DATABASE_URL = process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/shop`;

/**
 * The queues run where a deployment runs them: on Redis (ARCHITECTURE: BullMQ's PostgreSQL backend
 * is the fallback for machines without one). Without REDIS_URL the bench starts a private
 * redis-server (no persistence, its own port, gone with the bench) when the machine has the binary;
 * `--queues=postgres`, or no redis-server, measures the PostgreSQL backend that `npm start` uses.
 */
const QUEUES_ON_POSTGRES = process.argv.includes('--queues=postgres');
const privateRedis = process.env.REDIS_URL || QUEUES_ON_POSTGRES ? undefined : await startPrivateRedis();
const REDIS_URL = process.env.REDIS_URL ?? privateRedis?.url;
// however the bench ends (an exception before the shop stops included), the private Redis goes with it
process.once('exit', () => privateRedis?.process.kill('SIGKILL'));

async function startPrivateRedis(): Promise<{ url: string; process: ChildProcess } | undefined> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const redisPort = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', DATA_DIR],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((done) => {
      const socket = net.connect(redisPort, '127.0.0.1');
      socket.once('connect', () => (socket.end(), done(true)));
      socket.once('error', () => done(false));
    });
    if (up) return { url: `redis://127.0.0.1:${redisPort}`, process: child };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  return undefined;
}

function shopEnv(port: number, role: 'all' | 'web' | 'worker'): NodeJS.ProcessEnv {
  // Mails become .eml files in the bench's own folder (the check counts confirmation mails), card
  // payments go to the built-in sandbox with its public key (the bench signs callbacks with it).
  const {
    SMTP_URL: _smtp,
    PAYMENT_PROVIDER: _provider,
    MONRI_KEY: _key,
    MONRI_AUTHENTICITY_TOKEN: _token,
    MONRI_FORM_URL: _form,
    MONRI_API_URL: _api,
    ...inherited
  } = process.env;
  return {
    ...inherited,
    ROLE: role,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    DATA_DIR,
    MAIL_DIR,
    EMBEDDED_PG_PORT: String(PG_PORT),
    ...(REDIS_URL ? { REDIS_URL } : {}),
    // the worker uses the web process's embedded PostgreSQL (or DATABASE_URL)
    ...(role === 'worker' ? { DATABASE_URL } : {}),
  };
}

/** `PROF_DIR=<dir>`: each shop process writes a CPU profile there (`--cpu-prof`). */
function profile(): string[] {
  return process.env.PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.PROF_DIR] : [];
}

/** The shop's processes, web (or all) first: it owns the embedded PostgreSQL, so it stops last. */
async function startShop(port: number, inspectPort: number): Promise<ChildProcess[]> {
  // The inspector on loopback lets the bench ask for a full collection before reading the memory.
  const web = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, ...profile(), 'dist/server/main.js'], {
    env: shopEnv(port, SINGLE_PROCESS ? 'all' : 'web'),
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  web.stderr!.setEncoding('utf8');
  web.stderr!.on('data', (text: string) => {
    const rest = text
      .split('\n')
      .filter((line) => !/^(Debugger (listening|attached|ending)|For help, see: https:\/\/nodejs\.org\/en\/docs\/inspector)/.test(line))
      .join('\n');
    if (rest.trim()) process.stderr.write(rest);
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (web.exitCode !== null) throw new Error(`the shop exited with code ${web.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) throw new Error('the shop did not become ready in 120 s');
  if (SINGLE_PROCESS) return [web];
  const worker = spawn(process.execPath, [...profile(), 'dist/server/main.js'], {
    env: shopEnv(port, 'worker'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // no HTTP to ask; its jobs are what the checkout checks wait for
  await new Promise((r) => setTimeout(r, 3000));
  if (worker.exitCode !== null) throw new Error(`the worker exited with code ${worker.exitCode}`);
  return [web, worker];
}

async function load(
  base: string,
  name: string,
  path: string,
  headers: Record<string, string> = {},
  request: { method?: 'GET' | 'POST'; body?: string } = {},
  paths?: () => string,
): Promise<Result> {
  // Each request its own path (e.g. a new search each time) when `paths` is given.
  const vary = paths ? { requests: [{ setupRequest: (req: object) => ({ ...req, path: paths() }) }] } : {};
  // A short warm-up, then the measured run.
  await autocannon({ url: base + path, connections: 2, duration: 1, headers, ...request, ...vary });
  const r = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION_S, headers, ...request, ...vary });
  return {
    name,
    path,
    requests_per_s: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non_2xx: r.non2xx,
  };
}

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  request?: { method?: 'GET' | 'POST'; body?: string };
  /** A new path for every request (autocannon's setupRequest); `path` is the first. */
  paths?: () => string;
  /** Part of `--quick`. */
  quick?: boolean;
}

/**
 * What each pass loads, in order. The catalogue targets (issue 11, Growth) are the same at any
 * size: the middle and last pages follow the catalogue's size, so a run at 16 and one at 50,000
 * products (`--catalog=50000`) print the same rows.
 */
function targetList(v: {
  accept: Record<string, string>;
  visitor: Record<string, string>;
  cookies: string[];
  token: string;
  middle: number;
  last: number;
  products: number;
}): Target[] {
  const { accept } = v;
  // A search nobody made before: a name and a number (the copies' names end in theirs), so the
  // search pages each process keeps never answer it.
  const words = ['fusilli', 'penne', 'spageti', 'tagliatelle', 'abeceda', 'farfalle'];
  const freshSearch = () =>
    `/api/catalog/products?q=${words[Math.floor(Math.random() * words.length)]}%20${1 + Math.floor(Math.random() * Math.max(v.products, 1000))}`;
  const all: Target[] = [
    { name: 'SSR home (hr)', path: '/', headers: accept, quick: true },
    { name: 'SSR cart (en)', path: '/en/cart', headers: { ...accept, cookie: 'locale=en', 'accept-language': 'en' } },
    { name: 'SSR product list (hr)', path: '/proizvodi', headers: accept, quick: true },
    // (page 1 has no `?page=`: the list answers 307 to its clean URL.)
    {
      name: `SSR product list, middle page (${v.middle})`,
      path: v.middle > 1 ? `/proizvodi?page=${v.middle}` : '/proizvodi',
      headers: accept,
    },
    { name: 'SSR product page (hr)', path: '/proizvod/penne-rigate', headers: accept, quick: true },
    { name: 'API /api/health', path: '/api/health' },
    { name: 'API products, page 1', path: '/api/catalog/products', quick: true },
    { name: `API products, middle page (${v.middle})`, path: `/api/catalog/products?page=${v.middle}` },
    { name: `API products, last page (${v.last})`, path: `/api/catalog/products?page=${v.last}` },
    { name: 'API products, one category', path: '/api/catalog/products?category=klasicni-oblici' },
    { name: 'API search q=fusilli', path: '/api/catalog/products?q=fusilli', quick: true },
    { name: 'API search q=tje (prefix)', path: '/api/catalog/products?q=tje' },
    { name: 'API search, a new query each time', path: freshSearch(), paths: freshSearch, quick: true },
    { name: 'API categories', path: '/api/catalog/categories' },
    { name: 'API product penne-rigate', path: '/api/catalog/products/penne-rigate' },
    { name: 'API GET /api/cart', path: '/api/cart', headers: v.visitor, quick: true },
    // Without the cart cookie every add makes a new guest cart: the first add of a visit, the
    // costliest (and the cart never reaches the 99-pack limit however long the run).
    {
      name: 'API POST /api/cart/items (new cart)',
      path: '/api/cart/items',
      headers: { cookie: v.cookies.join('; '), 'x-csrf-token': v.token, 'content-type': 'application/json' },
      request: { method: 'POST', body: JSON.stringify({ product_code: 'ZZ-SPAG-400', quantity: 1 }) },
      quick: true,
    },
  ];
  const chosen = ONLY_API ? all.filter((t) => t.path.startsWith('/api/')) : all;
  return QUICK ? chosen.filter((t) => t.quick) : chosen;
}

async function firstVisitWeight(
  base: string,
  path = '/',
): Promise<{ js_gzip_bytes: number; css_gzip_bytes: number; files: Array<{ url: string; type: string; gzip: number }> }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const files: Array<{ url: string; type: string; gzip: number }> = [];
    page.on('response', async (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await res.body().catch(() => undefined);
      if (body) files.push({ url: res.url().replace(base, ''), type, gzip: gzipSync(body).length });
    });
    await page.context().addCookies([{ name: 'locale', value: 'hr', url: base }]);
    await page.goto(base + path, { waitUntil: 'load' });
    await page.waitForTimeout(1500); // route chunks loaded after hydration
    const sum = (t: string) => files.filter((f) => f.type === t).reduce((n, f) => n + f.gzip, 0);
    return { js_gzip_bytes: sum('script'), css_gzip_bytes: sum('stylesheet'), files };
  } finally {
    await browser.close();
  }
}

/**
 * The checkout part: cash-on-delivery guests at each of CHECKOUT_CONNECTIONS, the database check,
 * then CALLBACKS card orders settled by signed callbacks and their check.
 */
async function benchCheckout(base: string, baselineRps: number, shopPids: Array<number | undefined>) {
  const db = await connect(DATABASE_URL);
  try {
    const run = Date.now().toString(36);
    const setup = [
      SINGLE_PROCESS
        ? 'Processes: one ROLE=all shop process (web and worker).'
        : 'Processes: ROLE=web answers, ROLE=worker runs the jobs (mails, settlement), as deployed; --role=all for one process.',
      `Stock: ${BENCH_PRODUCT} set to ${BENCH_STOCK} packs in the bench's database before the checkouts (UPDATE product), so no run sells out.`,
      'Rate limits: POST /api/orders, POST /api/cart/items and GET /api/csrf have none in this shop (server/platform/rate-limit counts sign-in, registration,',
      '  reset, coupon guesses and the queue dashboard only); the bench changes no limit and sends no X-Forwarded-For.',
      `Data: ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL in a temporary data dir'}, queues on ${process.env.REDIS_URL ? 'Redis (REDIS_URL)' : privateRedis ? 'a private Redis the bench started (as deployed; --queues=postgres for the PostgreSQL backend)' : "BullMQ's PostgreSQL backend (--queues=postgres, or no redis-server on this machine)"}, mails as .eml files, card payments in the sandbox.`,
    ];
    await setStock(db);
    const stockBefore = await stockOf(db);
    const runs: CheckoutResult[] = [];
    const placed: PlacedOrder[] = [];
    let unanswered = 0;
    // a Redis of REDIS_URL is found by name (every redis-server on the machine); the private one by pid
    const services = {
      names: process.env.REDIS_URL ? ['redis-server'] : [],
      pids: privateRedis?.process.pid ? [privateRedis.process.pid] : [],
    };
    const cpuBefore = sampleCpu(shopPids, services);
    // a short warm-up (its orders are checked like the others)
    const warm = await runCheckouts(base, {
      name: 'warm-up',
      label: 'warm',
      connections: 2,
      durationMs: 1000,
      maxOrders: 50,
      run,
      method: 'cod',
    });
    placed.push(...warm.placed);
    unanswered += warm.result.errors;
    for (const connections of CHECKOUT_CONNECTIONS) {
      const r = await runCheckouts(base, {
        name: `guest checkout, cod (${connections} guests)`,
        label: `cod${connections}`,
        connections,
        durationMs: DURATION_S * 1000,
        maxOrders: MAX_ORDERS,
        run,
        method: 'cod',
      });
      runs.push({ ...r.result, ratio_to_baseline: Number((r.result.orders_per_s / baselineRps).toFixed(4)) });
      placed.push(...r.placed);
      unanswered += r.result.errors;
    }
    // while the guests ran (what bounds orders/s): the worker's backlog is not in it yet
    const cpuRuns = cpuPerUnit(cpuBefore, sampleCpu(shopPids, services), placed.length);
    const ordersCheck = await verifyOrders(base, db, run, placed, stockBefore, unanswered);
    // Each cash-on-delivery order is confirmed by mail at placement: wait for those (they are the
    // worker's backlog) so the callbacks below are timed on a quiet shop, and count them once each.
    const t0 = Date.now();
    const codMails = await confirmationMails(MAIL_DIR, placed, 180_000);
    const codOnce = placed.filter((p) => codMails.get(p.number) === 1).length;
    // from the first guest until the last confirmation mail: everything the cash-on-delivery orders cost
    const cpu = cpuPerUnit(cpuBefore, sampleCpu(shopPids, services), placed.length);
    ordersCheck.ok &&= codOnce === placed.length;
    ordersCheck.lines.push(
      `${codOnce === placed.length ? 'ok  ' : 'FAIL'} order confirmation mails: ${codOnce} of ${placed.length} cash-on-delivery orders exactly one (all written ${((Date.now() - t0) / 1000).toFixed(1)} s after the last order)`,
    );

    const card = await runCheckouts(base, {
      name: 'card orders',
      label: 'card',
      connections: 10,
      durationMs: 60_000,
      maxOrders: CALLBACKS,
      run,
      method: 'card',
    });
    if (card.placed.length !== CALLBACKS || card.placed.some((p) => !p.payment))
      throw new Error(`placing ${CALLBACKS} card orders failed: ${JSON.stringify(card.result)}`);
    const callbacksStart = performance.now();
    const settled = await settleCallbacks(base, db, SANDBOX_MONRI_KEY, card.placed, {
      connections: CALLBACK_CONNECTIONS,
      timeoutMs: 120_000,
    });
    const invoiced = await verifyInvoices(db, card.placed, callbacksStart, 180_000);
    const paymentsCheck = await verifyPayments(db, MAIL_DIR, card.placed, 120_000);
    paymentsCheck.ok &&= invoiced.check.ok;
    paymentsCheck.lines.push(...invoiced.check.lines);
    return {
      setup,
      runs,
      orders_check: ordersCheck,
      cpu_ms_per_order: cpu,
      cpu_ms_per_order_during_runs: cpuRuns,
      callbacks: { ...settled.result, ratio_to_baseline: Number((settled.result.callbacks_settled_per_s / baselineRps).toFixed(4)) },
      invoices: { ...invoiced.result, ratio_to_baseline: Number((invoiced.result.invoices_fiscalized_per_s / baselineRps).toFixed(4)) },
      payments_check: paymentsCheck,
      goal_orders_per_s: GOAL_ORDERS_PER_S,
    };
  } finally {
    await db.end();
  }
}

const port = await freePort();
const inspectPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const loadAtStart = loadavg();
// The baseline file exists before the shop starts: its file server answers only the build's files it
// found at start (server/platform/ssr/ssr-renderer.ts). Its bytes (the home page's) are written once
// the shop answers.
writeFileSync(BASELINE_FILE, '');
const shop = await startShop(port, inspectPort);
console.log(
  SINGLE_PROCESS ? 'The shop: one ROLE=all process.' : 'The shop: a ROLE=web and a ROLE=worker process (--role=all for one process).',
);
try {
  let catalog: { products: number; seeded_s?: number } | undefined;
  if (CATALOG !== undefined) {
    const t0 = Date.now();
    const r = await seedSyntheticCatalog(DATABASE_URL, CATALOG);
    catalog = { products: r.total, seeded_s: Number(((Date.now() - t0) / 1000).toFixed(1)) };
    console.log(`Catalogue: ${r.before} -> ${r.total} products (${r.added} synthetic copies added in ${catalog.seeded_s} s).`);
  }
  if (ONLY_LIGHTHOUSE) {
    // `--only=lighthouse`: no load before it, so the figures are the pages' own, not the load's aftermath.
    const at = new Date().toISOString();
    const reports = `bench/results/${at.replace(/[:.]/g, '-')}-lighthouse`;
    mkdirSync(reports, { recursive: true });
    const lighthouse = await runLighthouse(base, LIGHTHOUSE_PAGES, LIGHTHOUSE_COOKIE, LIGHTHOUSE_RUNS, reports);
    const machine = { cores: availableParallelism(), load_average_at_start: loadAtStart, load_average_at_end: loadavg() };
    const file = `${reports}.json`;
    writeFileSync(file, JSON.stringify({ at, node: process.version, machine, runs: LIGHTHOUSE_RUNS, lighthouse }, null, 2));
    const fmtLoad = (l: number[]) => l.map((n) => n.toFixed(1)).join(' ');
    console.log(
      `\nMachine: ${machine.cores} cores; load average ${fmtLoad(loadAtStart)} at start, ${fmtLoad(machine.load_average_at_end)} at the end.`,
    );
    console.log(`\nLighthouse (mobile, simulated throttling), ${LIGHTHOUSE_RUNS} run(s) per page:\n${lighthouseTable(lighthouse)}`);
    console.log(`Written to ${file}; each run's whole report in ${reports}/`);
  } else {
    const memoryAtStart = await memoryPoint(shop[0]!.pid, inspectPort);
    const accept = { accept: 'text/html', 'accept-language': 'hr', cookie: 'locale=hr' };
    const html = await (await fetch(base + '/', { headers: accept })).text();
    writeFileSync(BASELINE_FILE, html);
    const baseline = await load(base, 'baseline: same bytes as a static file', '/__bench-baseline.html', accept);
    // A browser-like visitor for the cart API: CSRF token bound to its cookies, one cart.
    const csrf = await fetch(`${base}/api/csrf`);
    const cookies = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
    const token = ((await csrf.json()) as { data: { token: string } }).data.token;
    const first = await fetch(`${base}/api/cart/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookies.join('; ') },
      body: JSON.stringify({ product_code: 'ZZ-SPAG-400', quantity: 1 }),
    });
    if (!first.ok) throw new Error(`adding to the cart failed: ${first.status} ${await first.text()}`);
    const cartCookie = first.headers.getSetCookie().map((c) => c.split(';')[0]);
    const visitor = { cookie: [...cookies, ...cartCookie].join('; '), 'accept-language': 'hr' };

    // The catalogue's size decides its middle and last pages (12 products a page, as the list page).
    const listed = (
      (await (await fetch(`${base}/api/catalog/products?locale=hr`)).json()) as { data: { total: number; page_size: number } }
    ).data;
    catalog = { ...catalog, products: listed.total };
    const pages = Math.max(1, Math.ceil(listed.total / listed.page_size));
    const middle = Math.ceil(pages / 2);
    const targets = targetList({ accept, visitor, cookies, token, middle, last: pages, products: listed.total });
    const pass = async () => {
      const out: Result[] = [];
      for (const t of targets) out.push(await load(base, t.name, t.path, t.headers, t.request, t.paths));
      return out.map((r) => ({ ...r, ratio_to_baseline: Number((r.requests_per_s / baseline.requests_per_s).toFixed(3)) }));
    };
    const results = ONLY_CHECKOUT ? [] : await pass();
    const memoryAfterLoad = await memoryPoint(shop[0]!.pid, inspectPort);
    // The same load once more: a leak shows as growth between the two (goal: none, and under 300 MB).
    const resultsAgain = ONLY_CHECKOUT ? [] : await pass();
    const memoryAfterSecondLoad = await memoryPoint(shop[0]!.pid, inspectPort);
    const points = [memoryAtStart, memoryAfterLoad, memoryAfterSecondLoad];
    const peak = rssMb(shop[0]!.pid, 'VmHWM');
    const heapGrowth =
      memoryAfterLoad.after_gc && memoryAfterSecondLoad.after_gc
        ? memoryAfterSecondLoad.after_gc.heap_used_mb - memoryAfterLoad.after_gc.heap_used_mb
        : null;
    const memory = {
      at_start: memoryAtStart,
      after_load: memoryAfterLoad,
      after_second_load: memoryAfterSecondLoad,
      peak_rss_mb: peak,
      heap_growth_mb: heapGrowth,
      goal_rss_mb: GOAL_RSS_MB,
      under_goal: points.every((m) => m.rss_mb !== null && m.rss_mb < GOAL_RSS_MB),
      no_growth: heapGrowth !== null && heapGrowth <= GROWTH_TOLERANCE_MB,
    };
    const weight = ONLY_CHECKOUT || ONLY_API ? undefined : await firstVisitWeight(base);
    const productWeight = ONLY_CHECKOUT || ONLY_API || QUICK ? undefined : await firstVisitWeight(base, '/proizvod/penne-rigate');

    const checkout = ONLY_API
      ? undefined
      : await benchCheckout(
          base,
          baseline.requests_per_s,
          shop.map((p) => p.pid),
        );
    // Lighthouse last (it loads the machine for a minute): mobile, simulated throttling, a returning visitor.
    const lighthouse =
      ONLY_CHECKOUT || NO_LIGHTHOUSE ? undefined : await runLighthouse(base, LIGHTHOUSE_PAGES, LIGHTHOUSE_COOKIE, LIGHTHOUSE_RUNS);

    const report = {
      at: new Date().toISOString(),
      node: process.version,
      machine: {
        cores: availableParallelism(),
        cpus: cpus().length,
        cpu_model: cpus()[0]?.model ?? null,
        load_average_at_start: loadAtStart,
        load_average_at_end: loadavg(),
      },
      options: {
        quick: QUICK,
        catalog: CATALOG ?? null,
        role: SINGLE_PROCESS ? 'all' : 'web+worker',
        queues: process.env.REDIS_URL ? 'redis (REDIS_URL)' : privateRedis ? 'private redis' : 'postgres',
        only_checkout: ONLY_CHECKOUT,
        only_api: ONLY_API,
        lighthouse: !NO_LIGHTHOUSE,
      },
      catalog,
      duration_s: DURATION_S,
      connections: CONNECTIONS,
      baseline,
      results,
      results_second_load: resultsAgain,
      checkout,
      first_visit_home: weight,
      first_visit_product_page: productWeight,
      memory,
      lighthouse,
    };
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/${report.at.replace(/[:.]/g, '-')}.json`;
    writeFileSync(file, JSON.stringify(report, null, 2));

    const fmtLoad = (l: number[]) => l.map((n) => n.toFixed(1)).join(' ');
    console.log(
      `\n${QUICK ? 'Quick pass (--quick). ' : ''}Machine: ${report.machine.cores} cores; load average ${fmtLoad(loadAtStart)} at start, ${fmtLoad(report.machine.load_average_at_end)} at the end. Catalogue: ${listed.total} products.`,
    );
    const again = new Map(resultsAgain.map((r) => [r.name, r]));
    const rows = [baseline, ...results];
    console.log(
      `\n${'target'.padEnd(46)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'ratio'.padStart(6)} ${'again'.padStart(6)}`,
    );
    for (const r of rows) {
      const second = again.get(r.name);
      console.log(
        `${r.name.padEnd(46)} ${String(r.requests_per_s).padStart(8)} ${String(r.p50_ms).padStart(7)} ${String(r.p99_ms).padStart(7)} ${String(r.errors + r.non_2xx).padStart(7)} ${(r.ratio_to_baseline ?? 1).toFixed(2).padStart(6)} ${second ? (second.ratio_to_baseline ?? 0).toFixed(2).padStart(6) : ''.padStart(6)}`,
      );
    }
    if (results.length) console.log('  (again: the ratio of the same target in the second, identical load.)');
    // (no checkout with --only=api)
    let verdict = true;
    if (checkout) {
      console.log(
        `\n${'checkout'.padEnd(42)} ${'per s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'ratio'.padStart(6)}`,
      );
      for (const r of checkout.runs) {
        console.log(
          `${r.name.padEnd(42)} ${String(r.orders_per_s).padStart(8)} ${String(r.p50_ms).padStart(7)} ${String(r.p99_ms).padStart(7)} ${String(r.errors + r.non_2xx).padStart(7)} ${(r.ratio_to_baseline ?? 0).toFixed(3).padStart(6)}`,
        );
        if (r.non_2xx_samples.length) console.log(`  non-2xx: ${r.non_2xx_samples.join('; ')}`);
      }
      const cb = checkout.callbacks;
      console.log(
        `${cb.name.padEnd(42)} ${String(cb.callbacks_settled_per_s).padStart(8)} ${String(cb.post_p50_ms).padStart(7)} ${String(cb.post_p99_ms).padStart(7)} ${String(cb.non_200).padStart(7)} ${(cb.ratio_to_baseline ?? 0).toFixed(3).padStart(6)}`,
      );
      const inv = checkout.invoices;
      console.log(
        `${'card invoices issued'.padEnd(42)} ${String(inv.invoices_issued_per_s).padStart(8)} ${''.padStart(7)} ${''.padStart(7)} ${''.padStart(7)} ${''.padStart(6)}`,
      );
      console.log(
        `${'card invoices fiscalized (CIS sandbox)'.padEnd(42)} ${String(inv.invoices_fiscalized_per_s).padStart(8)} ${''.padStart(7)} ${''.padStart(7)} ${''.padStart(7)} ${(inv.ratio_to_baseline ?? 0).toFixed(3).padStart(6)}`,
      );
      console.log(
        '  (orders/s: 201s per second of wall time, each guest also fetching its CSRF token and making its cart; p50/p99: POST /api/orders alone.',
      );
      console.log(
        `   callbacks: ${cb.callbacks} signed approved callbacks, from the first POST until all ${cb.callbacks} orders are paid in the database; p50/p99: the callback POST.)`,
      );
      console.log(`\n${checkout.setup.join('\n')}`);
      console.log(`\nCheck after the cash-on-delivery checkouts:\n${checkout.orders_check.lines.join('\n')}`);
      const cpuLine = (when: string, c: typeof checkout.cpu_ms_per_order) =>
        `CPU per cash-on-delivery order, ${when}: web ${c.web} ms, worker ${c.worker} ms, ` +
        `${process.env.DATABASE_URL ? 'their children' : 'PostgreSQL (embedded)'} ${c.descendants} ms, ` +
        `${REDIS_URL ? `Redis${process.env.REDIS_URL ? ' (every redis-server on the machine)' : ''} ${c.services} ms, ` : ''}the bench itself ${c.bench} ms: ` +
        `${c.total} ms on ${c.cores} cores (${Math.floor((c.cores * 1000) / c.total)} orders/s if nothing else ran)`;
      console.log(cpuLine('while the guests ran', checkout.cpu_ms_per_order_during_runs));
      console.log(cpuLine('from the first guest to the last confirmation mail (the checks included)', checkout.cpu_ms_per_order));
      console.log(`Check after the callbacks:\n${checkout.payments_check.lines.join('\n')}`);
      const best = Math.max(...checkout.runs.map((r) => r.orders_per_s));
      verdict = checkout.orders_check.ok && checkout.payments_check.ok;
      console.log(
        verdict
          ? `\nnothing lost or duplicated; best ${best} orders/s (goal ${GOAL_ORDERS_PER_S}${best >= GOAL_ORDERS_PER_S ? ': met' : ': NOT met'})`
          : '\nCHECKOUT CHECK FAILED: something was lost or duplicated (see FAIL above)',
      );
    }

    if (weight) {
      console.log(
        `\nFirst visit to the home page: ${weight.js_gzip_bytes} B of JavaScript and ${weight.css_gzip_bytes} B of CSS (gzip), ${weight.files.length} files.`,
      );
      if (productWeight)
        console.log(
          `First visit to a product page: ${productWeight.js_gzip_bytes} B of JavaScript and ${productWeight.css_gzip_bytes} B of CSS (gzip), ${productWeight.files.length} files.`,
        );
    }
    const gc = (m: MemoryPoint) => (m.after_gc ? `${m.after_gc.rss_mb} MB, live heap ${m.after_gc.heap_used_mb} MB` : 'n/a');
    console.log(
      `\nResident memory of the web process: ${memory.at_start.rss_mb} MB at start, ${memory.after_load.rss_mb} MB after the load, ${memory.after_second_load.rss_mb} MB after the same load again; peak ${memory.peak_rss_mb} MB.`,
    );
    console.log(
      `  after a full collection: ${gc(memory.at_start)} at start; ${gc(memory.after_load)} after the load; ${gc(memory.after_second_load)} after the same load again.`,
    );
    console.log(
      `  goal under ${GOAL_RSS_MB} MB: ${memory.under_goal ? 'met' : 'NOT met'}; no growth (live heap after the second load within ${GROWTH_TOLERANCE_MB} MB of the first): ${memory.no_growth ? 'met' : 'NOT met'} (${heapGrowth ?? 'n/a'} MB).`,
    );
    if (lighthouse) console.log(`\nLighthouse (mobile, simulated throttling):\n${lighthouseTable(lighthouse)}`);
    console.log(`Written to ${file}`);
    if (!verdict) process.exitCode = 1;
  }
} finally {
  rmSync(BASELINE_FILE, { force: true });
  for (const p of [...shop].reverse()) {
    if (p.exitCode === null) {
      p.kill('SIGTERM');
      await new Promise((r) => p.once('exit', r));
    }
  }
  privateRedis?.process.kill('SIGTERM');
  rmSync(DATA_DIR, { recursive: true, force: true });
}
