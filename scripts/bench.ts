// `npm run bench`: loads the BUILT shop on loopback with autocannon (bounded in time and
// connections) and compares every target with a baseline measured in the same run: the same
// process serving the same bytes as a static file. Writes bench/results/<time>.json and a table,
// plus the gzip bytes of JavaScript and CSS that a first visit to the home page loads, and the
// checkout: orders placed per second by concurrent guest checkouts (cash on delivery), checked in
// the database afterwards, and card callbacks settled per second (scripts/bench/checkout.ts,
// docs/performance.md). `--only=checkout` runs the baseline and the checkout part alone;
// `--role=all` runs the shop as one process instead of a web and a worker process.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import net from 'node:net';
import autocannon from 'autocannon';
import { lighthouseTable, runLighthouse } from './bench/lighthouse.js';
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
  stockOf,
  verifyOrders,
  verifyPayments,
  type CheckoutResult,
  type PlacedOrder,
} from './bench/checkout.js';

const DURATION_S = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 5);
const CONNECTIONS = 10;
const ONLY_CHECKOUT = process.argv.includes('--only=checkout');
/** `--no-lighthouse`: skip the Lighthouse pass (a minute) while working on something else. */
const NO_LIGHTHOUSE = process.argv.includes('--no-lighthouse');

/** Resident memory of a process in MB (Linux /proc), or null elsewhere. */
function rssMb(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
/**
 * As deployed (README 'roles'): one web process and one worker process, so the worker's mails and
 * jobs run on the other core instead of inside the process that answers. `--role=all` runs the
 * single ROLE=all process instead (what `npm start` does).
 */
const SINGLE_PROCESS = process.argv.includes('--role=all');
/** Concurrent guests of the checkout runs, each run bounded by DURATION_S and MAX_ORDERS. */
const CHECKOUT_CONNECTIONS = [10, 20];
const MAX_ORDERS = 2000;
/** Card orders whose approved callbacks are posted at once (CALLBACK_CONNECTIONS at a time). */
const CALLBACKS = 200;
const CALLBACK_CONNECTIONS = 20;
/** The checkout goal of issue 10 on the 2-core machine. */
const GOAL_ORDERS_PER_S = 50;
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
/** DATABASE_URL / REDIS_URL are honoured when set; otherwise embedded PostgreSQL and BullMQ's PostgreSQL backend. */
const DATABASE_URL = process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/shop`;

function shopEnv(port: number, role: 'all' | 'web' | 'worker'): NodeJS.ProcessEnv {
  // Mails become .eml files in the bench's own folder (the check counts confirmation mails), card
  // payments go to the built-in sandbox with its public key (the bench signs callbacks with it).
  const { SMTP_URL: _smtp, PAYMENT_PROVIDER: _provider, MONRI_KEY: _key, MONRI_AUTHENTICITY_TOKEN: _token, MONRI_FORM_URL: _form, MONRI_API_URL: _api, ...inherited } =
    process.env;
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
    // the worker uses the web process's embedded PostgreSQL (or DATABASE_URL)
    ...(role === 'worker' ? { DATABASE_URL } : {}),
  };
}

/** The shop's processes, web (or all) first: it owns the embedded PostgreSQL, so it stops last. */
async function startShop(port: number): Promise<ChildProcess[]> {
  const web = spawn(process.execPath, ['dist/server/main.js'], { env: shopEnv(port, SINGLE_PROCESS ? 'all' : 'web'), stdio: ['ignore', 'inherit', 'inherit'] });
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
  const worker = spawn(process.execPath, ['dist/server/main.js'], { env: shopEnv(port, 'worker'), stdio: ['ignore', 'inherit', 'inherit'] });
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
): Promise<Result> {
  // A short warm-up, then the measured run.
  await autocannon({ url: base + path, connections: 2, duration: 1, headers, ...request });
  const r = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION_S, headers, ...request });
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

async function firstVisitWeight(base: string, path = '/'): Promise<{ js_gzip_bytes: number; css_gzip_bytes: number; files: Array<{ url: string; type: string; gzip: number }> }> {
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
async function benchCheckout(base: string, baselineRps: number) {
  const db = await connect(DATABASE_URL);
  try {
    const run = Date.now().toString(36);
    const setup = [
      SINGLE_PROCESS ? 'Processes: one ROLE=all shop process (web and worker).' : 'Processes: ROLE=web answers, ROLE=worker runs the jobs (mails, settlement), as deployed; --role=all for one process.',
      `Stock: ${BENCH_PRODUCT} set to ${BENCH_STOCK} packs in the bench's database before the checkouts (UPDATE product), so no run sells out.`,
      'Rate limits: POST /api/orders, POST /api/cart/items and GET /api/csrf have none in this shop (server/platform/rate-limit counts sign-in, registration,',
      '  reset, coupon guesses and the queue dashboard only); the bench changes no limit and sends no X-Forwarded-For.',
      `Data: ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL in a temporary data dir'}, queues on ${process.env.REDIS_URL ? 'Redis (REDIS_URL)' : "BullMQ's PostgreSQL backend (no REDIS_URL)"}, mails as .eml files, card payments in the sandbox.`,
    ];
    await setStock(db);
    const stockBefore = await stockOf(db);
    const runs: CheckoutResult[] = [];
    const placed: PlacedOrder[] = [];
    let unanswered = 0;
    // a short warm-up (its orders are checked like the others)
    const warm = await runCheckouts(base, { name: 'warm-up', label: 'warm', connections: 2, durationMs: 1000, maxOrders: 50, run, method: 'cod' });
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
    const ordersCheck = await verifyOrders(base, db, run, placed, stockBefore, unanswered);
    // Each cash-on-delivery order is confirmed by mail at placement: wait for those (they are the
    // worker's backlog) so the callbacks below are timed on a quiet shop, and count them once each.
    const t0 = Date.now();
    const codMails = await confirmationMails(MAIL_DIR, placed, 180_000);
    const codOnce = placed.filter((p) => codMails.get(p.number) === 1).length;
    ordersCheck.ok &&= codOnce === placed.length;
    ordersCheck.lines.push(
      `${codOnce === placed.length ? 'ok  ' : 'FAIL'} order confirmation mails: ${codOnce} of ${placed.length} cash-on-delivery orders exactly one (all written ${((Date.now() - t0) / 1000).toFixed(1)} s after the last order)`,
    );

    const card = await runCheckouts(base, { name: 'card orders', label: 'card', connections: 10, durationMs: 60_000, maxOrders: CALLBACKS, run, method: 'card' });
    if (card.placed.length !== CALLBACKS || card.placed.some((p) => !p.payment)) throw new Error(`placing ${CALLBACKS} card orders failed: ${JSON.stringify(card.result)}`);
    const settled = await settleCallbacks(base, db, SANDBOX_MONRI_KEY, card.placed, { connections: CALLBACK_CONNECTIONS, timeoutMs: 120_000 });
    const paymentsCheck = await verifyPayments(db, MAIL_DIR, card.placed, 120_000);
    return {
      setup,
      runs,
      orders_check: ordersCheck,
      callbacks: { ...settled.result, ratio_to_baseline: Number((settled.result.callbacks_settled_per_s / baselineRps).toFixed(4)) },
      payments_check: paymentsCheck,
      goal_orders_per_s: GOAL_ORDERS_PER_S,
    };
  } finally {
    await db.end();
  }
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const shop = await startShop(port);
const rssAtStart = rssMb(shop[0]!.pid);
console.log(SINGLE_PROCESS ? 'The shop: one ROLE=all process.' : 'The shop: a ROLE=web and a ROLE=worker process (--role=all for one process).');
try {
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

  const results = (
    ONLY_CHECKOUT
      ? []
      : [
          await load(base, 'SSR home (hr)', '/', accept),
          await load(base, 'SSR cart (en)', '/en/cart', { ...accept, cookie: 'locale=en', 'accept-language': 'en' }),
          await load(base, 'SSR product list (hr)', '/proizvodi', accept),
          await load(base, 'SSR product page (hr)', '/proizvod/penne-rigate', accept),
          await load(base, 'API /api/health', '/api/health'),
          await load(base, 'API GET /api/cart', '/api/cart', visitor),
          // Without the cart cookie every add makes a new guest cart: the first add of a visit, the
          // costliest (and the cart never reaches the 99-pack limit however long the run).
          await load(
            base,
            'API POST /api/cart/items (new cart)',
            '/api/cart/items',
            { cookie: cookies.join('; '), 'x-csrf-token': token, 'content-type': 'application/json' },
            { method: 'POST', body: JSON.stringify({ product_code: 'ZZ-SPAG-400', quantity: 1 }) },
          ),
        ]
  ).map((r) => ({ ...r, ratio_to_baseline: Number((r.requests_per_s / baseline.requests_per_s).toFixed(3)) }));
  const rssAfterFirstLoad = rssMb(shop[0]!.pid);
  // The same load once more: a leak shows as growth between the two (goal: none, and under 300 MB).
  if (!ONLY_CHECKOUT) {
    await load(base, 'SSR product list (hr), again', '/proizvodi', accept);
    await load(base, 'API GET /api/cart, again', '/api/cart', visitor);
  }
  const memory = { rss_mb_at_start: rssAtStart, rss_mb_after_load: rssAfterFirstLoad, rss_mb_after_second_load: rssMb(shop[0]!.pid) };
  const weight = ONLY_CHECKOUT ? undefined : await firstVisitWeight(base);
  const productWeight = ONLY_CHECKOUT ? undefined : await firstVisitWeight(base, '/proizvod/penne-rigate');

  const checkout = await benchCheckout(base, baseline.requests_per_s);
  // Lighthouse last (it loads the machine for a minute): mobile, simulated throttling, a returning visitor.
  const lighthouse = ONLY_CHECKOUT || NO_LIGHTHOUSE
    ? undefined
    : await runLighthouse(
        base,
        [
          { name: 'home', path: '/', indexable: true },
          { name: 'product list', path: '/proizvodi', indexable: true },
          { name: 'product page', path: '/proizvod/penne-rigate', indexable: true },
          { name: 'cart', path: '/kosarica', indexable: false },
          { name: 'checkout step 1', path: '/placanje', indexable: false },
        ],
        'locale=hr; cookie_consent=essential',
      );

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    duration_s: DURATION_S,
    connections: CONNECTIONS,
    baseline,
    results,
    checkout,
    first_visit_home: weight,
    first_visit_product_page: productWeight,
    memory,
    lighthouse,
  };
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${report.at.replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, JSON.stringify(report, null, 2));

  const rows = [baseline, ...results];
  console.log(`\n${'target'.padEnd(42)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'ratio'.padStart(6)}`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(42)} ${String(r.requests_per_s).padStart(8)} ${String(r.p50_ms).padStart(7)} ${String(r.p99_ms).padStart(7)} ${String(r.errors + r.non_2xx).padStart(7)} ${(r.ratio_to_baseline ?? 1).toFixed(2).padStart(6)}`,
    );
  }
  console.log(`\n${'checkout'.padEnd(42)} ${'per s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'ratio'.padStart(6)}`);
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
  console.log('  (orders/s: 201s per second of wall time, each guest also fetching its CSRF token and making its cart; p50/p99: POST /api/orders alone.');
  console.log(`   callbacks: ${cb.callbacks} signed approved callbacks, from the first POST until all ${cb.callbacks} orders are paid in the database; p50/p99: the callback POST.)`);
  console.log(`\n${checkout.setup.join('\n')}`);
  console.log(`\nCheck after the cash-on-delivery checkouts:\n${checkout.orders_check.lines.join('\n')}`);
  console.log(`Check after the callbacks:\n${checkout.payments_check.lines.join('\n')}`);
  const best = Math.max(...checkout.runs.map((r) => r.orders_per_s));
  const verdict = checkout.orders_check.ok && checkout.payments_check.ok;
  console.log(
    verdict
      ? `\nnothing lost or duplicated; best ${best} orders/s (goal ${GOAL_ORDERS_PER_S}${best >= GOAL_ORDERS_PER_S ? ': met' : ': NOT met'})`
      : '\nCHECKOUT CHECK FAILED: something was lost or duplicated (see FAIL above)',
  );

  if (weight && productWeight) {
    console.log(`\nFirst visit to the home page: ${weight.js_gzip_bytes} B of JavaScript and ${weight.css_gzip_bytes} B of CSS (gzip), ${weight.files.length} files.`);
    console.log(
      `First visit to a product page: ${productWeight.js_gzip_bytes} B of JavaScript and ${productWeight.css_gzip_bytes} B of CSS (gzip), ${productWeight.files.length} files.`,
    );
  }
  console.log(
    `\nResident memory of the web process: ${memory.rss_mb_at_start} MB at start, ${memory.rss_mb_after_load} MB after the load, ${memory.rss_mb_after_second_load} MB after the same load again (goal: under 300 MB, no growth).`,
  );
  if (lighthouse) console.log(`\nLighthouse (mobile, simulated throttling):\n${lighthouseTable(lighthouse)}`);
  console.log(`Written to ${file}`);
  if (!verdict) process.exitCode = 1;
} finally {
  rmSync(BASELINE_FILE, { force: true });
  for (const p of [...shop].reverse()) {
    if (p.exitCode === null) {
      p.kill('SIGTERM');
      await new Promise((r) => p.once('exit', r));
    }
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
}
