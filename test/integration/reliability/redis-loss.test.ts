// Issue 19, "Redis outages lose nothing": the real shop (role all, HTTP, PAYMENT_PROVIDER=sandbox)
// on a database and a redis-server of this test's own (it flushes and kills it; the shared Redis on
// 6379 is never touched), SMTP to an in-process mailbox behind a TCP proxy the test can cut.
// - a payment callback is answered 200 while Redis is down and settles once it is back;
// - mails recorded while SMTP is down survive a Redis that lost its data and are sent exactly once;
// - job schedulers come back by themselves after a flush and after a restart, and reconciliation
//   then settles a payment whose callback never came.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { SANDBOX_MONRI_KEY } from '../../../server/config/config.js';
import type { RunningShop } from '../../../server/main.js';
import { paymentCallbackPath, PaymentService } from '../../../server/modules/payment/index.js';
import { QueueName, QueueService, ScheduledJobsProcessor } from '../../../server/platform/queue/index.js';
import { guestOrder } from '../../factories/checkout.js';
import { createOrder } from '../../factories/order.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { createDatabase, dropDatabase } from '../../support/global-setup.mjs';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { TestRedisServer } from '../../support/redis-server.js';
import { TcpProxy } from '../../support/tcp-proxy.js';
import { waitFor } from '../../support/wait.js';
import { startTestApp, type TestApp } from '../../support/worker-app.js';
import { cardPaymentStart } from '../../factories/payment.js';

const sign = (raw: string) =>
  `WP3-callback ${createHash('sha512')
    .update(SANDBOX_MONRI_KEY + raw, 'utf8')
    .digest('hex')}`;
const INBOX = 'orders-inbox@zlatnozrno.test';
const TEST_MS = 90_000;

describe('Redis outages and data loss lose nothing (issue 19)', () => {
  let db: { url: string; name: string };
  let sql: pg.Pool;
  let redis: TestRedisServer;
  let mailbox: Mailbox;
  let smtp: TcpProxy;
  let shop: RunningShop & { url: string };

  beforeAll(async () => {
    db = await createDatabase('shop_redis_loss');
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
    redis = await TestRedisServer.start();
    mailbox = await startMailbox();
    smtp = await TcpProxy.start({ host: '127.0.0.1', port: Number(new URL(mailbox.url).port) });
    const port = await freePort();
    shop = await startShop({
      role: 'all',
      env: {
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        QUEUE_PREFIX: 'loss',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        ORDERS_EMAIL: INBOX,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        QUEUE_RETRY_DELAY_MS: '200',
        OUTBOX_POLL_MS: '250',
        OUTBOX_REDELIVER_AFTER_MS: '500',
        QUEUE_SCHEDULE_CHECK_MS: '500',
        PAYMENT_RECONCILE_AFTER_MS: '1000',
        AUTH_RATE_LIMIT_PER_IP: '1000',
      },
    });
  }, TEST_MS);

  afterAll(async () => {
    await redis?.resume().catch(() => undefined);
    await smtp?.restore().catch(() => undefined);
    await shop?.stop();
    await mailbox?.close();
    await smtp?.cut();
    await redis?.stop();
    await sql?.end();
    if (db) await dropDatabase(db.name);
  });

  const flushRedis = async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    await client.flushall();
    client.disconnect();
  };
  const paymentStatus = async (number: string) =>
    ((await sql.query(`SELECT payment_status FROM shop_order WHERE number = $1`, [number])).rows[0] as { payment_status: string })
      .payment_status;

  async function startedCardOrder() {
    const number = await createOrder(shop.app.get(DataSource), {
      email: 'ana@example.hr',
      lines: [{ productCode: 'ZZ-PENNE-500', name: 'Penne', unitPrice: 1250, quantity: 1 }],
    });
    const form = await shop.app
      .get(PaymentService)
      .start(
        cardPaymentStart(shop.url, number, { successUrl: `${shop.url}/hr/placanje/uspjeh`, cancelUrl: `${shop.url}/hr/placanje/neuspjeh` }),
      );
    return { number, form };
  }

  const approvedCallback = (number: string) =>
    JSON.stringify({
      id: randomBytes(8).toString('hex'),
      acquirer: 'sandbox',
      order_number: number,
      amount: 1250,
      currency: 'EUR',
      approval_code: '123456',
      response_code: '0000',
      response_message: 'approved',
      status: 'approved',
      transaction_type: 'purchase',
      created_at: new Date().toISOString(),
    });
  const postCallback = (raw: string) =>
    fetch(`${shop.url}${paymentCallbackPath('monri')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: sign(raw) },
      body: raw,
    });

  it(
    'answers a payment callback 200 while Redis is down (stored with its settlement in PostgreSQL), and settles it once when Redis is back',
    async () => {
      const { number } = await startedCardOrder();
      await redis.stop();
      const raw = approvedCallback(number);
      // The first one and four repeats, while the queue is away: all 200, one row, one event.
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await postCallback(raw)).status);
      expect(answers).toEqual([200, 200, 200, 200, 200]);
      const { rows: stored } = await sql.query(`SELECT id, settled_at FROM payment_callback WHERE order_number = $1`, [number]);
      expect(stored).toHaveLength(1);
      expect(stored[0].settled_at).toBeNull();
      const { rows: events } = await sql.query(
        `SELECT published_at FROM outbox_event WHERE name = 'payment.callback-received' AND payload->>'callbackId' = $1`,
        [stored[0].id],
      );
      expect(events).toEqual([{ published_at: null }]);
      expect(await paymentStatus(number)).toBe('awaiting_payment');

      await redis.resume();
      await waitFor('the order paid after Redis came back', async () => (await paymentStatus(number)) === 'paid', { timeoutMs: 30_000 });
      const { rows: settled } = await sql.query(`SELECT outcome FROM payment_callback WHERE order_number = $1`, [number]);
      expect(settled).toEqual([{ outcome: 'approved' }]);
      const { rows: approvals } = await sql.query(
        `SELECT 1 FROM outbox_event WHERE name = 'payment.approved' AND payload->>'orderNumber' = $1`,
        [number],
      );
      expect(approvals).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'sends every mail recorded while SMTP was down exactly once, although Redis lost its data meanwhile (3 orders, 6 mails)',
    async () => {
      // The confirmation of the paid order above is sent first (it is not this test's).
      await waitFor(
        'earlier mails sent',
        async () => (await sql.query(`SELECT 1 FROM outgoing_mail WHERE sent_at IS NULL`)).rows.length === 0,
      );
      mailbox.reset();
      await smtp.cut();
      // (the inbox's notices of this test's orders only: the earlier test's card order gets a 'paid' notice too)
      const startedAt = new Date();
      const emails: string[] = [];
      const numbers: string[] = [];
      for (let i = 0; i < 3; i++) {
        const email = `lost-${i}-${randomUUID().slice(0, 8)}@example.com`;
        const { answer } = await guestOrder(shop, { method: 'cod', email });
        emails.push(email);
        numbers.push(answer.order.number);
      }
      // Every mail recorded, and each tried at least once against the SMTP server that is away.
      const mailsOf = async () =>
        (
          await sql.query(
            `SELECT id, to_address, sent_at, send_attempts, last_error, props FROM outgoing_mail
              WHERE to_address = ANY($1::text[]) OR (to_address = $2 AND template = 'new-order-notice' AND created_at >= $3)`,
            [emails, INBOX, startedAt],
          )
        ).rows as Array<{
          id: string;
          to_address: string;
          sent_at: Date | null;
          send_attempts: number;
          last_error: string | null;
          props: Record<string, unknown>;
        }>;
      const tried = await waitFor('6 mails recorded and tried while SMTP is away', async () => {
        const rows = await mailsOf();
        return rows.length >= 6 && rows.every((r) => r.send_attempts >= 1 && r.sent_at === null) ? rows : undefined;
      });
      // Sealed at rest: the props carry links with tokens.
      for (const row of tried) expect(row.props).toMatchObject({ sealed: 'v1' });
      // (the inbox also gets the earlier test's 'card order paid' notice: only this test's orders count)
      const ours = () =>
        mailbox.mails.filter((m) => m.to.some((to) => emails.includes(to) || (to === INBOX && numbers.some((n) => m.subject.includes(n)))));
      expect(ours()).toHaveLength(0);

      // Redis loses everything: the mail jobs waiting out their backoff are gone.
      await flushRedis();
      // (SMTP stays away a moment longer: the re-created jobs fail and wait out their backoff again.)
      await new Promise((r) => setTimeout(r, 1500));
      await smtp.restore();

      for (const email of emails) await mailbox.next(email, 30_000);
      for (let i = 0; i < 3; i++) await mailbox.next(INBOX, 30_000);
      // Exactly once: nothing more arrives, every row is marked sent.
      await new Promise((r) => setTimeout(r, 2000));
      for (const email of emails) expect(mailbox.to(email)).toHaveLength(1);
      for (const number of numbers) expect(mailbox.to(INBOX).filter((m) => m.subject.includes(number))).toHaveLength(1);
      expect(ours()).toHaveLength(6);
      const rows = await mailsOf();
      expect(rows.filter((r) => r.sent_at === null)).toEqual([]);
      // The queue did lose them: their jobs were added again from the records.
      const { rows: redelivered } = await sql.query(
        `SELECT count(*)::int AS n FROM outgoing_mail WHERE id = ANY($1::text[]) AND redeliveries > 0`,
        [rows.map((r) => r.id)],
      );
      expect(redelivered[0].n).toBeGreaterThanOrEqual(1);
    },
    TEST_MS,
  );

  it(
    're-creates the job schedulers after Redis lost them (flushed; killed and restarted), and reconciliation then settles a lost callback',
    async () => {
      const scheduled = shop.app.get(QueueService).queue(QueueName.Scheduled);
      const names = shop.app.get(ScheduledJobsProcessor).names;
      expect(names).toEqual(expect.arrayContaining(['payments.reconcile', 'events.prune', 'identity.birthday-benefits', 'mail.prune']));
      const allThere = async () => {
        const found = await scheduled.getJobSchedulers();
        return names.every((n) => found.some((s) => s.key === n));
      };
      await waitFor('every job scheduler upserted at boot', allThere);

      // Killed and restarted without persistence: back on reconnect.
      await redis.stop();
      await redis.resume();
      await waitFor('every job scheduler back after a restart of Redis', allThere, { timeoutMs: 20_000 });

      // The provider approved a payment whose callback never came (no row, no job).
      const { number, form } = await startedCardOrder();
      const txId = randomBytes(16).toString('hex');
      await sql.query(
        `INSERT INTO payment_sandbox_transaction (id, order_number, amount, currency, language, form, status, approval_code, decided_at)
         VALUES ($1, $2, 1250, 'EUR', 'hr', $3, 'approved', '654321', now())`,
        // the provider knows the attempt by its reference (Monri's order_number), not by the shop's order number
        [txId, form.fields.order_number, JSON.stringify(form.fields)],
      );
      await sql.query(`UPDATE payment_attempt SET created_at = now() - interval '10 minutes' WHERE order_number = $1`, [number]);

      // Flushed (no reconnect at all): the periodic check brings them back, and the re-created
      // reconciliation runs and settles the payment.
      await flushRedis();
      expect(await scheduled.getJobSchedulers()).toEqual([]);
      await waitFor('every job scheduler back after a flush', allThere, { timeoutMs: 20_000 });
      await waitFor('the lost payment settled by the re-created reconciliation', async () => (await paymentStatus(number)) === 'paid', {
        timeoutMs: 30_000,
      });
      const { rows } = await sql.query(`SELECT status, transaction_id FROM payment_attempt WHERE order_number = $1`, [number]);
      expect(rows).toEqual([{ status: 'approved', transaction_id: txId }]);
      expect(shop.app.get(ScheduledJobsProcessor).recreated).toBeGreaterThanOrEqual(2 * names.length);
    },
    TEST_MS,
  );
});

describe('job schedulers: the reconnect alone, and the periodic check alone (issue 19)', () => {
  let db: { url: string; name: string };
  let redis: TestRedisServer;
  let worker: TestApp;

  beforeAll(async () => {
    db = await createDatabase('shop_schedulers');
    redis = await TestRedisServer.start();
    // The periodic check an hour away: within this test only a reconnect (or a call) re-creates.
    worker = await startTestApp({
      role: 'worker',
      env: { DATABASE_URL: db.url, REDIS_URL: redis.url, QUEUE_PREFIX: 'sched', QUEUE_SCHEDULE_CHECK_MS: '3600000' },
    });
  }, TEST_MS);

  afterAll(async () => {
    await redis?.resume().catch(() => undefined);
    await worker?.close();
    await redis?.stop();
    if (db) await dropDatabase(db.name);
  });

  it(
    'a restarted, empty Redis gets every scheduler back on reconnect; after a flush (no reconnect) the check re-creates exactly the missing ones',
    async () => {
      const processor = worker.app.get(ScheduledJobsProcessor);
      const scheduled = worker.app.get(QueueService).queue(QueueName.Scheduled);
      const keys = async () => (await scheduled.getJobSchedulers()).map((s) => s.key).sort();
      await waitFor('schedulers upserted at boot', async () => (await keys()).length === processor.names.length);

      await redis.stop();
      await redis.resume();
      await waitFor('every scheduler back after the reconnect', async () => (await keys()).length === processor.names.length, {
        timeoutMs: 20_000,
      });
      expect(await keys()).toEqual([...processor.names].sort());

      const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      await client.flushall();
      await new Promise((r) => setTimeout(r, 1000));
      expect(await keys()).toEqual([]); // no reconnect happened: nothing came back by itself yet
      await scheduled.upsertJobScheduler('events.prune', { every: 3_600_000 }, { name: 'events.prune', data: {} });
      const recreated = await processor.ensureSchedules();
      expect(recreated.sort()).toEqual(processor.names.filter((n) => n !== 'events.prune').sort());
      expect(await keys()).toEqual([...processor.names].sort());
      expect(await processor.ensureSchedules()).toEqual([]);
      client.disconnect();
    },
    TEST_MS,
  );
});
