// `npm run bench`: loads the BUILT shop on loopback with autocannon (bounded in time and
// connections) and compares every target with a baseline measured in the same run: the same
// process serving the same bytes as a static file. Writes bench/results/<time>.json and a table,
// plus the gzip bytes of JavaScript and CSS that a first visit to the home page loads.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import net from 'node:net';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';

const DURATION_S = Number(process.argv.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 5);
const CONNECTIONS = 10;
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

async function startShop(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATA_DIR,
      EMBEDDED_PG_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the shop did not become ready in 120 s');
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

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const shop = await startShop(port);
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

  const results = [
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
  ].map((r) => ({ ...r, ratio_to_baseline: Number((r.requests_per_s / baseline.requests_per_s).toFixed(3)) }));
  const weight = await firstVisitWeight(base);
  const productWeight = await firstVisitWeight(base, '/proizvod/penne-rigate');

  const report = {
    at: new Date().toISOString(),
    node: process.version,
    duration_s: DURATION_S,
    connections: CONNECTIONS,
    baseline,
    results,
    first_visit_home: weight,
    first_visit_product_page: productWeight,
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
  console.log(`\nFirst visit to the home page: ${weight.js_gzip_bytes} B of JavaScript and ${weight.css_gzip_bytes} B of CSS (gzip), ${weight.files.length} files.`);
  console.log(
    `First visit to a product page: ${productWeight.js_gzip_bytes} B of JavaScript and ${productWeight.css_gzip_bytes} B of CSS (gzip), ${productWeight.files.length} files.`,
  );
  console.log(`Written to ${file}`);
} finally {
  rmSync(BASELINE_FILE, { force: true });
  shop.kill('SIGTERM');
  await new Promise((r) => shop.once('exit', r));
  rmSync(DATA_DIR, { recursive: true, force: true });
}
