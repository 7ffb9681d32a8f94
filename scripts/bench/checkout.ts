// The checkout part of `npm run bench` (docs/performance.md): concurrent guest checkouts with cash
// on delivery against the built shop, then a check in the database that nothing was lost or
// duplicated; and card callbacks settled per second. Every guest is a real session: CSRF token and
// its cookie, a cart made by POST /api/cart/items, an order by POST /api/orders with an
// Idempotency-Key and the total the cart showed.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import PostalMime from 'postal-mime';

/** The product every bench guest buys (demo data); its stock is set by the bench (see setStock). */
export const BENCH_PRODUCT = 'ZZ-PENN-400';
/** The stock the bench gives BENCH_PRODUCT in its own database before the checkouts. */
export const BENCH_STOCK = 1_000_000;

const ADDRESS = { first_name: 'Bench', last_name: 'Guest', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' };

export interface CheckoutResult {
  name: string;
  connections: number;
  /** Successful placements (201) per second of the run's wall time (guests making carts included). */
  orders_per_s: number;
  orders: number;
  duration_s: number;
  /** Latency of POST /api/orders alone. */
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  errors: number;
  non_2xx: number;
  /** A few of the non-2xx answers (status and error code), to see what went wrong. */
  non_2xx_samples: string[];
  ratio_to_baseline?: number;
}

export interface PlacedOrder {
  number: string;
  email: string;
  total: number;
  guestCookie: string;
  payment: { fields: Record<string, string> } | null;
}

interface Guest {
  cookie: string;
  token: string;
  total: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1));
}

/**
 * The guests' HTTP client: node:http on kept-alive connections. The load generator runs on the
 * same two cores as the shop, so it should cost little: fetch (undici) spent about twice the CPU
 * per request (docs/performance.md, 'CPU per order').
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  cookies: string[];
  text: string;
}

function send(base: string, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A new guest: CSRF token with its cookie, then one pack of BENCH_PRODUCT in a new cart. */
async function newGuest(base: string): Promise<Guest> {
  const csrf = await send(base, 'GET', '/api/csrf', { 'accept-language': 'en' });
  if (csrf.status !== 200) throw new Error(`GET /api/csrf answered ${csrf.status}`);
  const token = (JSON.parse(csrf.text) as { data: { token: string } }).data.token;
  const add = await send(
    base,
    'POST',
    '/api/cart/items',
    { 'content-type': 'application/json', 'x-csrf-token': token, cookie: csrf.cookies.join('; '), 'accept-language': 'en' },
    JSON.stringify({ product_code: BENCH_PRODUCT, quantity: 1 }),
  );
  if (add.status !== 200) throw new Error(`POST /api/cart/items answered ${add.status}: ${add.text}`);
  const cart = (JSON.parse(add.text) as { data: { total: number } }).data;
  return { cookie: [...csrf.cookies, ...add.cookies].join('; '), token, total: cart.total };
}

type Attempt = { ok: true; order: PlacedOrder; ms: number } | { ok: false; status: number; detail: string; ms: number };

async function placeOrder(base: string, guest: Guest, email: string, method: 'cod' | 'card'): Promise<Attempt> {
  const body = JSON.stringify({
    email,
    phone: '+385 91 234 5678',
    delivery_address: ADDRESS,
    payment_method: method,
    terms_accepted: true,
    expected_total: guest.total,
  });
  const t0 = performance.now();
  const res = await send(
    base,
    'POST',
    '/api/orders',
    {
      'content-type': 'application/json',
      'x-csrf-token': guest.token,
      cookie: guest.cookie,
      'accept-language': 'en',
      'idempotency-key': randomUUID(),
    },
    body,
  );
  const { text } = res;
  const ms = performance.now() - t0;
  if (res.status !== 201) {
    let code = text.slice(0, 120);
    try {
      code = (JSON.parse(text) as { errors?: Array<{ code: string }> }).errors?.map((e) => e.code).join(',') ?? code;
    } catch {
      /* not JSON */
    }
    return { ok: false, status: res.status, detail: `${res.status} ${code}`, ms };
  }
  const data = (JSON.parse(text) as { data: { order: { number: string; total: number }; payment: PlacedOrder['payment'] } }).data;
  return {
    ok: true,
    ms,
    order: { number: data.order.number, email, total: data.order.total, guestCookie: guest.cookie, payment: data.payment },
  };
}

/**
 * `connections` guests at a time, each making its cart and placing its order, for `durationMs` or
 * until `maxOrders` checkouts have started, whichever comes first.
 */
export async function runCheckouts(
  base: string,
  /** `run` and `label` make each guest's e-mail address unique (bench-<run>-<label>-<n>@example.com): the checks find the run's orders and mails by it. */
  opts: { name: string; label: string; connections: number; durationMs: number; maxOrders: number; run: string; method: 'cod' | 'card' },
): Promise<{ result: CheckoutResult; placed: PlacedOrder[] }> {
  const placed: PlacedOrder[] = [];
  const latencies: number[] = [];
  const failures: string[] = [];
  let errors = 0;
  let started = 0;
  const t0 = performance.now();
  const end = t0 + opts.durationMs;
  const worker = async () => {
    while (performance.now() < end && started < opts.maxOrders) {
      const seq = `${opts.label}-${started++}`;
      try {
        const guest = await newGuest(base);
        const attempt = await placeOrder(base, guest, `bench-${opts.run}-${seq}@example.com`, opts.method);
        latencies.push(attempt.ms);
        if (attempt.ok) placed.push(attempt.order);
        else failures.push(attempt.detail);
      } catch (err) {
        errors += 1;
        if (errors <= 3) console.error(`checkout failed: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    placed,
    result: {
      name: opts.name,
      connections: opts.connections,
      orders_per_s: Number((placed.length / seconds).toFixed(1)),
      orders: placed.length,
      duration_s: Number(seconds.toFixed(2)),
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      max_ms: percentile(latencies, 100),
      errors,
      non_2xx: failures.length,
      non_2xx_samples: [...new Set(failures)].slice(0, 5),
    },
  };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

export async function stockOf(db: pg.Client, code = BENCH_PRODUCT): Promise<number> {
  const { rows } = await db.query<{ stock: number | null }>(`SELECT stock FROM product WHERE code = $1`, [code]);
  if (!rows.length || rows[0]!.stock === null) throw new Error(`${code} has no tracked stock`);
  return rows[0]!.stock;
}

/** Gives BENCH_PRODUCT a stock no run can sell out (the bench's own database; see docs/performance.md). */
export async function setStock(db: pg.Client): Promise<void> {
  const { rowCount } = await db.query(`UPDATE product SET stock = $2, availability = 'available' WHERE code = $1`, [
    BENCH_PRODUCT,
    BENCH_STOCK,
  ]);
  if (rowCount !== 1) throw new Error(`the demo product ${BENCH_PRODUCT} is missing`);
}

export interface Verdict {
  ok: boolean;
  lines: string[];
}

/**
 * What the database says about the orders the bench was answered with: every answered order is
 * there exactly once and nothing else was placed by the run, the year's numbers are unique and
 * gapless, the stock went down by exactly the packs sold, every guest's cart is empty, and each
 * order has exactly one order.placed in the outbox.
 */
export async function verifyOrders(
  base: string,
  db: pg.Client,
  run: string,
  placed: PlacedOrder[],
  stockBefore: number,
  unanswered: number,
): Promise<Verdict> {
  const lines: string[] = [];
  let ok = true;
  const check = (pass: boolean, text: string) => {
    ok &&= pass;
    lines.push(`${pass ? 'ok  ' : 'FAIL'} ${text}`);
  };
  const numbers = placed.map((p) => p.number);
  const { rows: stored } = await db.query<{ number: string; email: string }>(`SELECT number, email FROM shop_order WHERE email LIKE $1`, [
    `bench-${run}-%`,
  ]);
  const storedNumbers = new Set(stored.map((r) => r.number));
  const missing = numbers.filter((n) => !storedNumbers.has(n));
  const answered = new Set(numbers);
  check(answered.size === numbers.length, `${numbers.length} answers (201) named ${answered.size} distinct order numbers`);
  check(
    stored.length === numbers.length && !missing.length,
    `${stored.length} orders of this run in the database for ${numbers.length} answers` +
      (missing.length ? ` (missing: ${missing.slice(0, 3).join(', ')})` : '') +
      (unanswered ? ` (${unanswered} requests failed without an answer)` : ''),
  );

  const year = numbers[0]?.slice(3, 7) ?? String(new Date().getFullYear());
  const { rows: seq } = await db.query<{ n: number; distinct_n: number; max: number | null; counter: number | null }>(
    `SELECT count(*)::int AS n, count(DISTINCT number)::int AS distinct_n, max(substring(number from 9)::int) AS max,
            (SELECT last_value FROM order_number_counter WHERE year = $2) AS counter
       FROM shop_order WHERE number LIKE $1`,
    [`ZZ-${year}-%`, Number(year)],
  );
  const s = seq[0]!;
  check(
    s.n === s.distinct_n && s.n === (s.max ?? 0) && s.counter === s.max,
    `numbers of ${year}: ${s.n} orders, ${s.distinct_n} distinct, highest ${s.max}, counter at ${s.counter} (unique and gapless)`,
  );

  const { rows: sold } = await db.query<{ packs: number }>(
    `SELECT coalesce(sum(l.quantity), 0)::int AS packs FROM shop_order_line l JOIN shop_order o ON o.id = l.order_id
      WHERE o.email LIKE $1 AND l.product_code = $2 AND o.fulfilment_status <> 'cancelled'`,
    [`bench-${run}-%`, BENCH_PRODUCT],
  );
  const stockAfter = await stockOf(db);
  check(
    stockBefore - stockAfter === sold[0]!.packs && sold[0]!.packs === placed.length,
    `stock of ${BENCH_PRODUCT}: ${stockBefore} -> ${stockAfter}, ${stockBefore - stockAfter} taken for ${sold[0]!.packs} packs ordered (1 per order)`,
  );

  const cartLines = await pool(placed, 10, async (p) => {
    const res = await fetch(`${base}/api/cart`, { headers: { cookie: p.guestCookie, 'accept-language': 'en' } });
    if (!res.ok) return -1;
    return ((await res.json()) as { data: { lines: unknown[] } }).data.lines.length;
  });
  const full = cartLines.filter((n) => n !== 0).length;
  check(full === 0, `carts of the ${placed.length} guests read back through GET /api/cart: ${full} not empty`);

  const { rows: events } = await db.query<{ number: string; n: number }>(
    `SELECT payload->>'orderNumber' AS number, count(*)::int AS n FROM outbox_event
      WHERE name = 'order.placed' AND payload->>'orderNumber' = ANY($1) GROUP BY 1`,
    [numbers],
  );
  const once = events.filter((e) => e.n === 1).length;
  check(
    once === numbers.length && events.length === numbers.length,
    `order.placed in the outbox: ${once} of ${numbers.length} orders exactly once`,
  );
  return { ok, lines };
}

/** sha512(key + raw body), as Monri signs its callbacks (docs/payments.md). */
export function callbackSignature(key: string, body: string): string {
  return createHash('sha512').update(key, 'utf8').update(body, 'utf8').digest('hex');
}

export interface CallbackResult {
  name: string;
  callbacks: number;
  /** Callbacks from the first POST until every order is paid in the database. */
  callbacks_settled_per_s: number;
  settle_s: number;
  /** Latency of POST /api/payments/monri/callback (stored and queued, not yet settled). */
  post_p50_ms: number;
  post_p99_ms: number;
  non_200: number;
  ratio_to_baseline?: number;
}

/**
 * Posts one signed approved callback per card order, `connections` at a time, and polls the
 * database until every order is paid (at most `timeoutMs`).
 */
export async function settleCallbacks(
  base: string,
  db: pg.Client,
  key: string,
  orders: PlacedOrder[],
  opts: { connections: number; timeoutMs: number },
): Promise<{ result: CallbackResult; paid: number }> {
  const numbers = orders.map((o) => o.number);
  const latencies: number[] = [];
  let non200 = 0;
  const t0 = performance.now();
  const posting = pool(orders, opts.connections, async (o) => {
    const f = o.payment!.fields;
    const body = JSON.stringify({
      id: `bench-${randomUUID()}`,
      acquirer: 'bench',
      order_number: f.order_number,
      amount: Number(f.amount),
      currency: f.currency,
      status: 'approved',
      response_code: '0000',
      response_message: 'approved',
      approval_code: '123456',
      transaction_type: 'purchase',
    });
    const s = performance.now();
    const res = await fetch(`${base}/api/payments/monri/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `WP3-callback ${callbackSignature(key, body)}` },
      body,
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - s);
    if (res.status !== 200) non200 += 1;
  });
  let paid: number;
  const deadline = t0 + opts.timeoutMs;
  let posted = false;
  void posting.then(() => (posted = true));
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM shop_order WHERE number = ANY($1) AND payment_status = 'paid'`,
      [numbers],
    );
    paid = rows[0]!.n;
    if ((posted && paid === numbers.length) || performance.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await posting;
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    paid,
    result: {
      name: 'card callbacks settled (approved -> paid)',
      callbacks: orders.length,
      callbacks_settled_per_s: Number((paid / seconds).toFixed(1)),
      settle_s: Number(seconds.toFixed(2)),
      post_p50_ms: percentile(latencies, 50),
      post_p99_ms: percentile(latencies, 99),
      non_200: non200,
    },
  };
}

/** After the callbacks: exactly the card orders paid, one approved attempt each, one confirmation mail each (waits for the mails). */
export async function verifyPayments(db: pg.Client, mailDir: string, orders: PlacedOrder[], timeoutMs: number): Promise<Verdict> {
  const lines: string[] = [];
  let ok = true;
  const check = (pass: boolean, text: string) => {
    ok &&= pass;
    lines.push(`${pass ? 'ok  ' : 'FAIL'} ${text}`);
  };
  const numbers = orders.map((o) => o.number);
  const { rows } = await db.query<{ paid: number; approved: number }>(
    `SELECT (SELECT count(*)::int FROM shop_order WHERE number = ANY($1) AND payment_status = 'paid') AS paid,
            (SELECT count(*)::int FROM payment_attempt WHERE order_number = ANY($1) AND status = 'approved') AS approved`,
    [numbers],
  );
  check(rows[0]!.paid === numbers.length, `${rows[0]!.paid} of ${numbers.length} card orders paid`);
  check(rows[0]!.approved === numbers.length, `${rows[0]!.approved} approved payment attempts for ${numbers.length} orders`);
  const counts = await confirmationMails(mailDir, orders, timeoutMs);
  const once = orders.filter((o) => counts.get(o.number) === 1).length;
  const twice = orders.filter((o) => (counts.get(o.number) ?? 0) > 1).length;
  check(
    once === orders.length,
    `order confirmation mails: ${once} of ${orders.length} orders exactly one${twice ? `, ${twice} more than one` : ''}`,
  );
  return { ok, lines };
}

/**
 * Confirmation mails per order number, read from the .eml files (no SMTP_URL) as a mail client
 * would: a mail to the order's address whose subject names the order. Waits until every order has
 * one (or `timeoutMs`), then once more for a second copy that would show a duplicate.
 */
export async function confirmationMails(mailDir: string, orders: PlacedOrder[], timeoutMs: number): Promise<Map<string, number>> {
  const byEmail = new Map(orders.map((o) => [o.email.toLowerCase(), o.number]));
  const seen = new Map<string, string | null>();
  const count = async () => {
    const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml') && !seen.has(f));
    await pool(files, 8, async (file) => {
      const raw = await readFile(join(mailDir, file));
      // The headers are enough; most mails of the run are not for these orders.
      const head = raw.subarray(0, Math.max(0, raw.indexOf('\r\n\r\n')) || raw.length);
      const to = /^To:\s*(.*)$/im.exec(head.toString('utf8'))?.[1] ?? '';
      const number = byEmail.get(to.replace(/.*</, '').replace(/>.*/, '').trim().toLowerCase());
      if (!number) return seen.set(file, null);
      const parsed = await PostalMime.parse(raw);
      // the invoice mail names the order too; it is the one with the PDF
      seen.set(file, parsed.subject?.includes(number) && !parsed.attachments.length ? number : null);
    });
    const counts = new Map<string, number>();
    for (const n of seen.values()) if (n) counts.set(n, (counts.get(n) ?? 0) + 1);
    return counts;
  };
  const deadline = performance.now() + timeoutMs;
  let counts = await count();
  while (orders.some((o) => !counts.has(o.number)) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    counts = await count();
  }
  await new Promise((r) => setTimeout(r, 1000));
  return count();
}

export interface InvoiceResult {
  name: string;
  invoices: number;
  /** Invoices issued (rows written) per second, from the first callback until the last order's invoice existed. */
  invoices_issued_per_s: number;
  /** Invoices with their JIR per second, from the first callback until the last one was fiscalized (CIS sandbox over HTTP). */
  invoices_fiscalized_per_s: number;
  fiscalize_s: number;
  ratio_to_baseline?: number;
}

/**
 * After the card orders were paid: polls until each has its invoice fiscalized (at most `timeoutMs`),
 * measured from `t0` (the first callback), then checks that each order has exactly one invoice, each
 * with one JIR, and that the numbers of the run are unique (docs/invoicing.md).
 */
export async function verifyInvoices(
  db: pg.Client,
  orders: PlacedOrder[],
  t0: number,
  timeoutMs: number,
): Promise<{ result: InvoiceResult; check: Verdict }> {
  const numbers = orders.map((o) => o.number);
  let issuedAt = 0;
  let counts = { issued: 0, fiscalized: 0 };
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ issued: number; fiscalized: number }>(
      `SELECT count(*)::int AS issued, count(*) FILTER (WHERE fiscal_state = 'fiscalized')::int AS fiscalized
         FROM invoice WHERE order_number = ANY($1) AND kind = 'invoice'`,
      [numbers],
    );
    counts = rows[0]!;
    if (!issuedAt && counts.issued >= numbers.length) issuedAt = performance.now();
    if (counts.fiscalized >= numbers.length || performance.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const fiscalizedAt = performance.now();
  const lines: string[] = [];
  let ok = true;
  const check = (pass: boolean, text: string) => {
    ok &&= pass;
    lines.push(`${pass ? 'ok  ' : 'FAIL'} ${text}`);
  };
  const { rows } = await db.query<{ orders: number; invoices: number; jirs: number; numbers: number; attempts_with_jir: number }>(
    `SELECT count(DISTINCT order_number)::int AS orders, count(*)::int AS invoices, count(DISTINCT jir)::int AS jirs,
            count(DISTINCT (year, scope, sequence))::int AS numbers,
            (SELECT count(*)::int FROM invoice_fiscal_attempt a JOIN invoice i ON i.id = a.invoice_id
              WHERE i.order_number = ANY($1) AND a.outcome = 'jir') AS attempts_with_jir
       FROM invoice WHERE order_number = ANY($1) AND kind = 'invoice'`,
    [numbers],
  );
  const r = rows[0]!;
  check(r.orders === numbers.length && r.invoices === numbers.length, `invoices: ${r.invoices} for ${r.orders} of ${numbers.length} paid card orders, one each`);
  check(r.jirs === numbers.length && r.attempts_with_jir === numbers.length, `JIRs: ${r.jirs} distinct, ${r.attempts_with_jir} answered attempts: one per invoice`);
  check(r.numbers === r.invoices, `invoice numbers: ${r.numbers} distinct for ${r.invoices} invoices`);
  const seconds = (end: number) => Math.max(0.001, (end - t0) / 1000);
  return {
    check: { ok, lines },
    result: {
      name: 'card invoices (issued, fiscalized)',
      invoices: counts.issued,
      invoices_issued_per_s: Number((counts.issued / seconds(issuedAt || fiscalizedAt)).toFixed(1)),
      invoices_fiscalized_per_s: Number((counts.fiscalized / seconds(fiscalizedAt)).toFixed(1)),
      fiscalize_s: Number(seconds(fiscalizedAt).toFixed(2)),
    },
  };
}

export async function connect(url: string): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return db;
}
