// Monri as Monri behaves (issue 19), on the real shop with the sandbox (PostgreSQL, Redis, role all):
// one provider reference per payment attempt (Monri refuses a reused order_number, 1822) mapped back
// to the order; the return endpoint with the reference in its path; a decline keeps the buyer on the
// page and calls back nothing, reconciliation finds it, the buyer tries again and pays, or cancels
// back to the failure page; and the sandbox's approval ends paid even when Redis is away or loses
// every job (a private redis-server: the shared one is never flushed).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { TestRedisServer } from '../../support/redis-server.js';
import { waitFor } from '../../support/wait.js';
import { createOrder } from '../../factories/order.js';
import type { RunningShop } from '../../../server/main.js';
import {
  paymentCallbackPath,
  PAYMENT_RETURN_PATH,
  PaymentService,
  PaymentSettlement,
  type PaymentForm,
} from '../../../server/modules/payment/index.js';
import { cardPaymentStart } from '../../factories/payment.js';

const TEST_MS = 45_000;

/** A started card payment of a new 12,50 € order: the order number and the provider's form. */
async function startedPayment(shop: RunningShop & { url: string }, number?: string) {
  const db = shop.app.get(DataSource);
  const orderNumber =
    number ??
    (await createOrder(db, {
      email: 'ana@example.hr',
      lines: [{ productCode: 'ZZ-PENNE-500', name: 'Penne', unitPrice: 1250, quantity: 1 }],
    }));
  const form = await shop.app.get(PaymentService).start(cardPaymentStart(shop.url, orderNumber));
  return { number: orderNumber, form };
}

/** The browser posts the form to the (sandbox) provider and lands on its page; answers the page's path. */
async function openPage(form: PaymentForm, fields = form.fields): Promise<string> {
  const posted = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.elsewhere.example' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  return posted.headers.get('location')!;
}

const choose = (shop: { url: string }, pagePath: string, choice: string) =>
  fetch(`${shop.url}${pagePath}/${choice}`, { method: 'POST', headers: { origin: shop.url }, redirect: 'manual' });

const paymentStatus = async (db: DataSource, number: string) =>
  (await db.query<Array<{ payment_status: string }>>(`SELECT payment_status FROM shop_order WHERE number = $1`, [number]))[0]!
    .payment_status;

describe('Monri as Monri behaves: references, return, decline', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;

  beforeAll(async () => {
    const port = await freePort();
    shop = await startShop({
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, QUEUE_RETRY_DELAY_MS: '50', PAYMENT_RECONCILE_AFTER_MS: '1000' },
    });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
  });

  it(
    'gives every attempt its own order_number at the provider, unique there, and maps it back to the order',
    async () => {
      const { number, form: first } = await startedPayment(shop);
      const { form: second } = await startedPayment(shop, number); // the failure page's 'try again'
      expect([first.fields.order_number, second.fields.order_number]).toEqual([`${number}_1`, `${number}_2`]);
      // The provider returns the browser to the shop's endpoint with the reference in the path and no query of its own.
      expect(first.fields.success_url_override).toBe(`${shop.url}${PAYMENT_RETURN_PATH}/${number}_1/success`);
      expect(first.fields.cancel_url_override).toBe(`${shop.url}${PAYMENT_RETURN_PATH}/${number}_1/cancel`);
      expect(first.fields.callback_url_override).toBe(`${shop.url}${paymentCallbackPath('monri')}`);
      expect(first.fields.transaction_type).toBe('authorize');

      const pagePath = await openPage(second);
      const approved = await choose(shop, pagePath, 'approve');
      expect(approved.status).toBe(302);
      const raw = approved.headers.get('location')!;
      // The raw URL Monri builds: the override, '?', its parameters, digest last.
      expect(raw).toMatch(
        new RegExp(
          `^${shop.url}${PAYMENT_RETURN_PATH}/${number}_2/success\\?acquirer=sandbox&amount=1250&approval_code=\\d{6}&currency=EUR&language=hr&order_number=${number}_2&response_code=0000&response_message=approved&transaction_type=authorize&digest=[0-9a-f]{128}$`,
        ),
      );
      const back = await fetch(raw, { redirect: 'manual' });
      expect([back.status, back.headers.get('location')]).toEqual([303, `${shop.url}/hr/placanje/uspjeh?order=${number}&token=t`]);

      await waitFor('paid by the callback of attempt 2', async () => (await paymentStatus(db, number)) === 'paid');
      const [event] = await db.query<Array<{ payload: { orderNumber: string } }>>(
        `SELECT payload FROM outbox_event WHERE name = 'payment.approved' AND payload->>'orderNumber' = $1`,
        [number],
      );
      expect(event!.payload.orderNumber).toBe(number); // the shop's order number, never the reference
      const attempts = await db.query(`SELECT reference, status FROM payment_attempt WHERE order_number = $1 ORDER BY created_at`, [
        number,
      ]);
      expect(attempts).toEqual([
        { reference: `${number}_1`, status: 'pending' },
        { reference: `${number}_2`, status: 'approved' },
      ]);
      // Reposting attempt 2's form is Monri's 1822.
      const reused = await fetch(second.action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(second.fields).toString(),
        redirect: 'manual',
      });
      expect([reused.status, (await reused.text()).includes('1822')]).toEqual([400, true]);
    },
    TEST_MS,
  );

  it(
    'numbers attempts started at the same moment one after the other (five transactions at once: _1 to _5, no error)',
    async () => {
      const { number } = await startedPayment(shop);
      const started = await Promise.all(
        Array.from({ length: 4 }, () =>
          db.transaction(async (m) => {
            const form = await shop.app.get(PaymentService).start(cardPaymentStart(shop.url, number), m);
            // held a moment, as a placement's transaction is, so the others really wait
            await new Promise((r) => setTimeout(r, 50));
            return form.fields.order_number;
          }),
        ),
      );
      expect([...started].sort()).toEqual([2, 3, 4, 5].map((n) => `${number}_${n}`));
    },
    TEST_MS,
  );

  it(
    'a decline keeps the buyer on the page and calls back nothing; reconciliation finds it; trying again on the page pays',
    async () => {
      const { number, form } = await startedPayment(shop);
      const reference = form.fields.order_number!;
      const pagePath = await openPage(form);
      const declined = await choose(shop, pagePath, 'decline');
      expect(declined.status).toBe(200);
      expect(await declined.text()).toContain('Kartica je odbijena');
      // No callback owed, none stored.
      const txId = pagePath.split('/').pop()!;
      expect(
        await db.query(`SELECT id FROM outbox_event WHERE name = 'payment.sandbox-callback-owed' AND payload->>'transactionId' = $1`, [
          txId,
        ]),
      ).toEqual([]);
      expect(await db.query(`SELECT id FROM payment_callback WHERE order_number = $1`, [reference])).toEqual([]);
      expect(await paymentStatus(db, number)).toBe('awaiting_payment');

      // Reconciliation asks the provider about the attempt (by its reference) and finds the decline.
      await db.query(`UPDATE payment_attempt SET created_at = now() - interval '10 minutes' WHERE order_number = $1`, [number]);
      await shop.app.get(PaymentSettlement).reconcile();
      await waitFor('failed by reconciliation', async () => (await paymentStatus(db, number)) === 'failed');
      expect(await db.query(`SELECT status FROM payment_attempt WHERE reference = $1`, [reference])).toEqual([{ status: 'declined' }]);

      // The buyer, still on the page, tries again and the card is approved: the callback pays the order.
      const approved = await choose(shop, pagePath, 'approve');
      expect(approved.status).toBe(302);
      await waitFor('paid after the retry on the page', async () => (await paymentStatus(db, number)) === 'paid');
      expect(await db.query(`SELECT status FROM payment_attempt WHERE reference = $1`, [reference])).toEqual([{ status: 'approved' }]);
    },
    TEST_MS,
  );

  it(
    "'cancel and return to the shop' lands on the order's failure page; an unsigned or unknown return changes nothing",
    async () => {
      const { number, form } = await startedPayment(shop);
      const pagePath = await openPage(form);
      expect((await choose(shop, pagePath, 'decline')).status).toBe(200);
      const cancelled = await choose(shop, pagePath, 'cancel');
      expect(cancelled.status).toBe(302);
      const raw = cancelled.headers.get('location')!;
      expect(raw.startsWith(`${shop.url}${PAYMENT_RETURN_PATH}/${number}_1/cancel?acquirer=sandbox&`)).toBe(true);
      const failurePage = `${shop.url}/hr/placanje/neuspjeh?order=${number}&token=t`;
      const back = await fetch(raw, { redirect: 'manual' });
      expect([back.status, back.headers.get('location')]).toEqual([303, failurePage]);
      // Monri may come back to the cancel URL without a digest, or a URL may be tampered: the same page, nothing settled.
      const unsigned = await fetch(`${shop.url}${PAYMENT_RETURN_PATH}/${number}_1/cancel`, { redirect: 'manual' });
      expect([unsigned.status, unsigned.headers.get('location')]).toEqual([303, failurePage]);
      const tampered = await fetch(raw.replace('response_code=1005', 'response_code=0000').replace('/cancel?', '/success?'), {
        redirect: 'manual',
      });
      expect(tampered.status).toBe(303);
      expect(await paymentStatus(db, number)).toBe('awaiting_payment');
      expect((await fetch(`${shop.url}${PAYMENT_RETURN_PATH}/ZZ-2026-999999_1/success`, { redirect: 'manual' })).status).toBe(404);
      expect((await fetch(`${shop.url}${PAYMENT_RETURN_PATH}/${number}_1/elsewhere`, { redirect: 'manual' })).status).toBe(404);
    },
    TEST_MS,
  );
});

describe('the sandbox owes its callbacks durably (private Redis, stopped and flushed)', () => {
  let redis: TestRedisServer;
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let relay: Server;
  let relayUrl: string;
  /** While true, the callback relay answers 500 instead of passing the callback on to the shop. */
  let blocked = false;
  let seen = 0;

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    const port = await freePort();
    shop = await startShop({
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        REDIS_URL: redis.url,
        QUEUE_RETRY_DELAY_MS: '3000',
        OUTBOX_POLL_MS: '250',
        OUTBOX_REDELIVER_AFTER_MS: '300',
      },
    });
    db = shop.app.get(DataSource);
    // Between the sandbox and the shop's callback endpoint: counts deliveries, refuses them while blocked.
    relay = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen += 1;
        if (blocked) return void res.writeHead(500).end('not now');
        fetch(`${shop.url}${paymentCallbackPath('monri')}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
          body: Buffer.concat(chunks),
        }).then(
          (answer) => res.writeHead(answer.status).end(),
          () => res.writeHead(502).end(),
        );
      });
    });
    await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
    relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/callback`;
  });

  afterAll(async () => {
    await redis?.resume().catch(() => undefined);
    await shop?.stop();
    await redis?.stop();
    await new Promise((done) => relay?.close(done));
  });

  it(
    'approving while Redis is down answers the redirect (twice the same), and the order is paid once Redis is back',
    async () => {
      const { number, form } = await startedPayment(shop);
      const pagePath = await openPage(form);
      await redis.stop();
      const approved = await choose(shop, pagePath, 'approve');
      expect(approved.status).toBe(302);
      const again = await choose(shop, pagePath, 'approve'); // the buyer clicks again: the same answer, never a 409
      expect([again.status, again.headers.get('location')]).toEqual([302, approved.headers.get('location')]);
      // The restarted redis-server has no data at all (no persistence): every job is gone.
      await redis.resume();
      await waitFor('paid after Redis came back empty', async () => (await paymentStatus(db, number)) === 'paid', { timeoutMs: 30_000 });
    },
    TEST_MS,
  );

  it(
    'a callback job lost to a flushed Redis is recreated from PostgreSQL and delivered: the order ends paid',
    async () => {
      const { number, form } = await startedPayment(shop);
      const pagePath = await openPage(form, { ...form.fields, callback_url_override: relayUrl });
      blocked = true;
      const before = seen;
      expect((await choose(shop, pagePath, 'approve')).status).toBe(302);
      // The first delivery failed; its retry waits seconds in Redis ... which then loses everything.
      await waitFor('a refused first delivery', () => seen > before);
      const client = new Redis(redis.url);
      await client.flushall();
      client.disconnect();
      blocked = false;
      await waitFor('paid after the flush', async () => (await paymentStatus(db, number)) === 'paid', { timeoutMs: 30_000 });
      const [tx] = await db.query<Array<{ callback_delivered_at: Date | null }>>(
        `SELECT callback_delivered_at FROM payment_sandbox_transaction WHERE order_number = $1`,
        [form.fields.order_number],
      );
      expect(tx!.callback_delivered_at).not.toBeNull();
    },
    TEST_MS,
  );
});

describe('PAYMENT_TRANSACTION_TYPE=purchase: charged at checkout', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;

  beforeAll(async () => {
    const port = await freePort();
    shop = await startShop({
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, QUEUE_RETRY_DELAY_MS: '50', PAYMENT_TRANSACTION_TYPE: 'purchase' },
    });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
  });

  it(
    'a purchase is captured when approved: shipping captures nothing more; partial and whole refunds go to the provider once',
    async () => {
      const { number, form } = await startedPayment(shop);
      expect(form.fields.transaction_type).toBe('purchase');
      const pagePath = await openPage(form);
      expect((await choose(shop, pagePath, 'approve')).status).toBe(302);
      await waitFor('paid', async () => (await paymentStatus(db, number)) === 'paid');
      const payments = shop.app.get(PaymentService);
      const attempt = () =>
        db.query(
          `SELECT transaction_type, captured_amount, refunded_amount FROM payment_attempt WHERE order_number = $1 AND status = 'approved'`,
          [number],
        );
      expect(await attempt()).toEqual([{ transaction_type: 'purchase', captured_amount: 1250, refunded_amount: 0 }]);
      expect(await db.transaction((m) => payments.capture(number, 1250, m))).toEqual({ capturedCents: 1250, sent: false });
      const sandbox = () =>
        db.query(`SELECT captured_amount, refunded_amount FROM payment_sandbox_transaction WHERE order_number = $1`, [
          form.fields.order_number,
        ]);
      expect(await db.transaction((m) => payments.refund(number, 300, m))).toEqual({ refundedCents: 300, sent: true, voided: false });
      expect(await db.transaction((m) => payments.refund(number, 300, m))).toEqual({ refundedCents: 300, sent: false, voided: false }); // again: nothing sent
      expect(await sandbox()).toEqual([{ captured_amount: 1250, refunded_amount: 300 }]);
      await expect(db.transaction((m) => payments.refund(number, 1251, m))).rejects.toMatchObject({ code: 'PAYMENT_REFUND_REFUSED' });
      expect(await db.transaction((m) => payments.refund(number, 1250, m))).toEqual({ refundedCents: 1250, sent: true, voided: false });
      expect(await sandbox()).toEqual([{ captured_amount: 1250, refunded_amount: 1250 }]);
      expect(await attempt()).toEqual([{ transaction_type: 'purchase', captured_amount: 1250, refunded_amount: 1250 }]);
    },
    TEST_MS,
  );
});
