// Card payment settlement on the real shop (PostgreSQL, Redis, role all, PAYMENT_PROVIDER=sandbox):
// the signed callback (verified over the raw body, stored, answered 200, settled by a payments-queue
// job), idempotency and order independence, amount/currency mismatches flagged, reconciliation of
// a lost callback by the provider's status inquiry, and the full sandbox round trip.
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { waitFor } from '../../support/wait.js';
import { createOrder } from '../../factories/order.js';
import type { RunningShop } from '../../../server/main.js';
import { SANDBOX_MONRI_KEY } from '../../../server/config/config.js';
import {
  paymentCallbackPath,
  PAYMENT_RETURN_PATH,
  PAYMENT_PROVIDER,
  PaymentService,
  PaymentSettlement,
  SANDBOX_FORM_PATH,
  type PaymentProvider,
} from '../../../server/modules/payment/index.js';
import { cardPaymentStart } from '../../factories/payment.js';

/** Monri's callback signature, computed here independently of the module: hex SHA-512 of key + raw body. */
const sign = (raw: string, key = SANDBOX_MONRI_KEY) =>
  `WP3-callback ${createHash('sha512')
    .update(key + raw, 'utf8')
    .digest('hex')}`;

/** Each test waits for queue jobs and event deliveries (waitFor polls up to 15 s). */
const TEST_MS = 30_000;

describe('card payment settlement: callback, settlement, reconciliation', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let payments: PaymentService;
  let settlement: PaymentSettlement;
  let provider: PaymentProvider;

  beforeAll(async () => {
    const port = await freePort();
    // A known port, so the callback URL (PUBLIC_URL + the callback path) reaches this very shop.
    shop = await startShop({
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, QUEUE_RETRY_DELAY_MS: '50', PAYMENT_RECONCILE_AFTER_MS: '1000' },
    });
    db = shop.app.get(DataSource);
    payments = shop.app.get(PaymentService);
    settlement = shop.app.get(PaymentSettlement);
    provider = shop.app.get<PaymentProvider>(PAYMENT_PROVIDER);
  });

  afterAll(async () => {
    await shop?.stop();
  });

  /** A card order of 12,50 € with a started payment (its attempt recorded); returns its number and the provider's form. */
  async function startedOrder() {
    const number = await createOrder(db, {
      email: 'ana@example.hr',
      lines: [{ productCode: 'ZZ-PENNE-500', name: 'Penne', unitPrice: 1250, quantity: 1 }],
    });
    const form = await payments.start(
      cardPaymentStart(shop.url, number, { successUrl: `${shop.url}/hr/placanje/uspjeh`, cancelUrl: `${shop.url}/hr/placanje/neuspjeh` }),
    );
    references.set(number, form.fields.order_number!);
    return { number, form, reference: form.fields.order_number! };
  }

  /** The provider reference (Monri's order_number) of each order's started attempt: callbacks name it, not the order number. */
  const references = new Map<string, string>();

  function callbackBody(number: string, over: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      id: randomBytes(8).toString('hex'),
      acquirer: 'sandbox',
      order_number: references.get(number) ?? number,
      amount: 1250,
      currency: 'EUR',
      approval_code: '123456',
      response_code: '0000',
      response_message: 'approved',
      status: 'approved',
      transaction_type: 'purchase',
      created_at: new Date().toISOString(),
      ...over,
    };
  }

  const declined = (number: string, over: Record<string, unknown> = {}) =>
    callbackBody(number, { status: 'declined', response_code: '1005', response_message: 'declined', approval_code: null, ...over });

  /** Posts raw bytes to the callback, signed over exactly those bytes unless an authorization is given. */
  const post = (raw: string, authorization: string | null = sign(raw), contentType = 'application/json') =>
    fetch(`${shop.url}${paymentCallbackPath('monri')}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...(authorization === null ? {} : { authorization }) },
      body: raw,
    });

  const paymentStatus = async (number: string) =>
    (await db.query<Array<{ payment_status: string }>>(`SELECT payment_status FROM shop_order WHERE number = $1`, [number]))[0]!
      .payment_status;
  const attempts = (number: string) =>
    db.query<Array<{ status: string; transaction_id: string | null; flagged_reason: string | null }>>(
      `SELECT status, transaction_id, flagged_reason FROM payment_attempt WHERE order_number = $1 ORDER BY created_at`,
      [number],
    );
  const events = (name: string, number: string) =>
    db.query<Array<{ id: string; payload: Record<string, unknown> }>>(
      `SELECT id, payload FROM outbox_event WHERE name = $1 AND payload->>'orderNumber' = $2 ORDER BY occurred_at`,
      [name, number],
    );
  const callbacks = (number: string) =>
    db.query<Array<{ status: string; outcome: string | null; settled_at: Date | null; raw_body: string }>>(
      `SELECT status, outcome, settled_at, raw_body FROM payment_callback WHERE order_number = $1 ORDER BY received_at`,
      [references.get(number) ?? number],
    );
  const settledCallbacks = async (number: string, count: number) => {
    const rows = await callbacks(number);
    return rows.length === count && rows.every((r) => r.settled_at) ? rows : undefined;
  };
  /** Every delivery of the order's payment events done (the order side has applied them). */
  const orderSideDone = async (number: string) => {
    const [row] = await db.query<Array<{ pending: number }>>(
      `SELECT count(*)::int AS pending FROM outbox_event e
        WHERE e.name LIKE 'payment.%' AND e.payload->>'orderNumber' = $1 AND e.name <> 'payment.flagged'
          AND NOT EXISTS (SELECT 1 FROM event_delivery d WHERE d.event_id = e.id)`,
      [number],
    );
    return row!.pending === 0;
  };

  it(
    'refuses a callback without a valid signature over the raw body (401), storing and changing nothing',
    async () => {
      const { number } = await startedOrder();
      const raw = JSON.stringify(callbackBody(number));
      const refusals = [
        await post(raw, null), // no Authorization
        await post(raw, 'WP3-callback nothex'),
        await post(raw, sign(raw, 'another-merchant-key')),
        await post(raw.replace('"amount":1250', '"amount":1'), sign(raw)), // tampered after signing
        await post(JSON.stringify(JSON.parse(raw), null, 2), sign(raw)), // the same JSON, other bytes: the raw body is what is signed
        await post(raw, sign(raw).replace('WP3-callback', 'Bearer')),
        await post('{"not":"a callback"}'), // signed, but no callback
        await post('not json at all'), // signed, not JSON
      ];
      for (const res of refusals) {
        expect(res.status).toBe(401);
        expect(((await res.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('PAYMENT_CALLBACK_UNVERIFIED');
      }
      expect(await callbacks(number)).toEqual([]);
      expect(await paymentStatus(number)).toBe('awaiting_payment');
      // A correctly signed callback is accepted whatever the Content-Type claims: the signature covers the bytes.
      expect((await post(raw, sign(raw), 'text/plain')).status).toBe(200);
      const stored = await waitFor('the text/plain callback settled', () => settledCallbacks(number, 1));
      expect(stored[0]!.raw_body).toBe(raw);

      // Refusals change nothing: a second order sees only refusals, and nothing of it exists afterwards.
      const other = await startedOrder();
      const otherRaw = JSON.stringify(callbackBody(other.number));
      expect((await post(otherRaw, sign(otherRaw, 'wrong-key-wrong-key'))).status).toBe(401);
      expect((await post(otherRaw, null)).status).toBe(401);
      expect(await callbacks(other.number)).toEqual([]);
      expect(await attempts(other.number)).toEqual([{ status: 'pending', transaction_id: null, flagged_reason: null }]);
      expect(await paymentStatus(other.number)).toBe('awaiting_payment');
      expect(await db.query(`SELECT 1 FROM outbox_event WHERE payload->>'orderNumber' = $1`, [other.number])).toEqual([]);

      // Hostile sizes and methods are client errors, never a 500.
      expect((await post('x'.repeat(70 * 1024))).status).toBe(413);
      expect((await fetch(`${shop.url}${paymentCallbackPath('monri')}`, { method: 'POST' })).status).toBe(401);
    },
    TEST_MS,
  );

  it(
    'settles the same approved callback five times (at once) into one paid order and one payment.approved',
    async () => {
      const { number } = await startedOrder();
      // Pretty-printed on purpose: the signature is over these exact bytes, never a re-serialisation.
      const body = callbackBody(number);
      const raw = JSON.stringify(body, null, 2);
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(raw)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const [stored] = await waitFor('the callback settled', () => settledCallbacks(number, 1));
      expect(stored).toMatchObject({ status: 'approved', outcome: 'approved', raw_body: raw });
      await waitFor('the order paid', async () => (await paymentStatus(number)) === 'paid');
      // Once more after settlement: still one row, one event.
      expect((await post(raw)).status).toBe(200);
      await waitFor('the order side done', () => orderSideDone(number));
      const approved = await events('payment.approved', number);
      expect(approved.map((e) => e.payload)).toEqual([
        { version: 1, orderNumber: number, amountCents: 1250, currency: 'EUR', transactionId: body.id },
      ]);
      expect(await callbacks(number)).toHaveLength(1);
      expect(await attempts(number)).toEqual([{ status: 'approved', transaction_id: body.id, flagged_reason: null }]);
      const deliveries = await db.query<Array<{ subscriber_id: string }>>(`SELECT subscriber_id FROM event_delivery WHERE event_id = $1`, [
        approved[0]!.id,
      ]);
      // one delivery per subscriber: the order's status (its confirmation mail hangs on the order.paid this publishes)
      expect(deliveries.map((d) => d.subscriber_id).sort()).toEqual(['mark-order-paid']);
      expect(await events('payment.declined', number)).toEqual([]);
    },
    TEST_MS,
  );

  it(
    'approved then declined: paid, and the late decline publishes nothing',
    async () => {
      const { number } = await startedOrder();
      expect((await post(JSON.stringify(callbackBody(number)))).status).toBe(200);
      await waitFor('paid', async () => (await paymentStatus(number)) === 'paid');
      expect((await post(JSON.stringify(declined(number)))).status).toBe(200);
      const rows = await waitFor('both settled', () => settledCallbacks(number, 2));
      expect(rows.map((r) => r.outcome)).toEqual(['approved', 'decline_after_approval']);
      await waitFor('the order side done', () => orderSideDone(number));
      expect(await paymentStatus(number)).toBe('paid');
      expect(await events('payment.declined', number)).toEqual([]);
      expect(await events('payment.approved', number)).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'declined then approved: the approval wins (failed, then paid)',
    async () => {
      const { number } = await startedOrder();
      expect((await post(JSON.stringify(declined(number)))).status).toBe(200);
      await waitFor('failed', async () => (await paymentStatus(number)) === 'failed');
      const approval = callbackBody(number);
      expect((await post(JSON.stringify(approval))).status).toBe(200);
      const rows = await waitFor('both settled', () => settledCallbacks(number, 2));
      expect(rows.map((r) => r.outcome)).toEqual(['declined', 'approved']);
      await waitFor('paid', async () => (await paymentStatus(number)) === 'paid');
      await waitFor('the order side done', () => orderSideDone(number));
      expect(await paymentStatus(number)).toBe('paid');
      expect(await events('payment.approved', number)).toHaveLength(1);
      expect(await events('payment.declined', number)).toHaveLength(1);
      expect(await attempts(number)).toEqual([{ status: 'approved', transaction_id: approval.id, flagged_reason: null }]);
    },
    TEST_MS,
  );

  it(
    'approved and declined at the same moment, five times each: paid once',
    async () => {
      const { number } = await startedOrder();
      const yes = JSON.stringify(callbackBody(number));
      const no = JSON.stringify(declined(number));
      const answers = await Promise.all([...Array.from({ length: 5 }, () => post(no)), ...Array.from({ length: 5 }, () => post(yes))]);
      expect(answers.every((r) => r.status === 200)).toBe(true);
      await waitFor('both settled', () => settledCallbacks(number, 2));
      await waitFor('paid', async () => (await paymentStatus(number)) === 'paid');
      await waitFor('the order side done', () => orderSideDone(number));
      expect(await paymentStatus(number)).toBe('paid');
      expect(await events('payment.approved', number)).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'flags an approval of another amount or currency for an operator, and does not mark the order paid',
    async () => {
      for (const [over, reason] of [
        [{ amount: 1 }, 'amount_mismatch'],
        [{ currency: 'USD' }, 'currency_mismatch'],
      ] as const) {
        const { number } = await startedOrder();
        const body = callbackBody(number, over);
        expect((await post(JSON.stringify(body))).status).toBe(200);
        const [row] = await waitFor('settled', () => settledCallbacks(number, 1));
        expect(row!.outcome).toBe('flagged');
        expect(await attempts(number)).toEqual([{ status: 'flagged', transaction_id: body.id, flagged_reason: reason }]);
        const flagged = await events('payment.flagged', number);
        expect(flagged.map((e) => e.payload)).toEqual([
          {
            version: 1,
            orderNumber: number,
            reason,
            transactionId: body.id,
            amountCents: body.amount,
            currency: body.currency,
            expectedAmountCents: 1250,
            expectedCurrency: 'EUR',
          },
        ]);
        expect(await events('payment.approved', number)).toEqual([]);
        expect(await paymentStatus(number)).toBe('awaiting_payment');
      }
    },
    TEST_MS,
  );

  it(
    'settles a lost callback by reconciliation: the provider approved, no callback ever came',
    async () => {
      const { number, form, reference } = await startedOrder();
      // The sandbox approved the payment, but its callback was lost (none queued, none delivered).
      const txId = randomBytes(16).toString('hex');
      await db.query(
        `INSERT INTO payment_sandbox_transaction (id, order_number, amount, currency, language, form, status, approval_code, decided_at)
       VALUES ($1, $2, 1250, 'EUR', 'hr', $3, 'approved', '654321', now())`,
        [txId, reference, JSON.stringify(form.fields)],
      );
      // A fresh attempt is left alone (a callback may still come) ...
      await settlement.reconcile();
      expect(await attempts(number)).toEqual([{ status: 'pending', transaction_id: null, flagged_reason: null }]);
      // ... one older than PAYMENT_RECONCILE_AFTER_MS (1 s here) is inquired and settled.
      await db.query(`UPDATE payment_attempt SET created_at = now() - interval '10 minutes' WHERE order_number = $1`, [number]);
      const run = await settlement.reconcile();
      expect(run.settled).toBeGreaterThanOrEqual(1);
      expect(await attempts(number)).toEqual([{ status: 'approved', transaction_id: txId, flagged_reason: null }]);
      await waitFor('paid', async () => (await paymentStatus(number)) === 'paid');
      expect((await events('payment.approved', number)).map((e) => e.payload.transactionId)).toEqual([txId]);
      // Runs again (or the late callback after all) change nothing.
      await settlement.reconcile();
      const late = JSON.stringify(callbackBody(number, { id: txId }));
      expect((await post(late)).status).toBe(200);
      const [row] = await waitFor('the late callback settled', () => settledCallbacks(number, 1));
      expect(row!.outcome).toBe('duplicate');
      expect(await events('payment.approved', number)).toHaveLength(1);
    },
    TEST_MS,
  );

  it(
    'reconciliation: a declined payment fails the order; a payment still pending at the provider stays pending',
    async () => {
      const lost = await startedOrder();
      const open = await startedOrder();
      await db.query(
        `INSERT INTO payment_sandbox_transaction (id, order_number, amount, currency, language, form, status, decided_at)
       VALUES ($1, $2, 1250, 'EUR', 'hr', $3, 'declined', now()), ($4, $5, 1250, 'EUR', 'hr', $6, 'abandoned', now())`,
        [
          randomBytes(16).toString('hex'),
          lost.reference,
          JSON.stringify(lost.form.fields),
          randomBytes(16).toString('hex'),
          open.reference,
          JSON.stringify(open.form.fields),
        ],
      );
      await db.query(`UPDATE payment_attempt SET created_at = now() - interval '10 minutes' WHERE order_number IN ($1, $2)`, [
        lost.number,
        open.number,
      ]);
      await settlement.reconcile();
      expect((await attempts(lost.number))[0]!.status).toBe('declined');
      await waitFor('failed', async () => (await paymentStatus(lost.number)) === 'failed');
      expect((await attempts(open.number))[0]!.status).toBe('pending');
      const [inquired] = await db.query<Array<{ inquired_at: Date | null }>>(
        `SELECT inquired_at FROM payment_attempt WHERE order_number = $1`,
        [open.number],
      );
      expect(inquired!.inquired_at).not.toBeNull();
      expect(await paymentStatus(open.number)).toBe('awaiting_payment');
    },
    TEST_MS,
  );

  it(
    'settles a stored callback whose settlement was lost (reconciliation, after a minute)',
    async () => {
      const { number } = await startedOrder();
      const raw = JSON.stringify(callbackBody(number));
      await db.query(
        `INSERT INTO payment_callback (provider, transaction_id, order_number, status, response_code, amount, currency, raw_body, received_at)
       VALUES ('sandbox', $1, $2, 'approved', '0000', 1250, 'EUR', $3, now() - interval '10 minutes')`,
        [JSON.parse(raw).id, references.get(number), raw],
      );
      const run = await settlement.reconcile();
      expect(run.requeued).toBeGreaterThanOrEqual(1);
      await waitFor('paid', async () => (await paymentStatus(number)) === 'paid');
    },
    TEST_MS,
  );

  it(
    'the full sandbox round trip: start -> hosted page -> approve -> callback delivered to our endpoint -> paid',
    async () => {
      const { number, form } = await startedOrder();
      expect(form.action).toBe(`${shop.url}${SANDBOX_FORM_PATH}`);
      expect(form.fields.callback_url_override).toBe(`${shop.url}${paymentCallbackPath('monri')}`);
      const posted = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.elsewhere.example' },
        body: new URLSearchParams(form.fields).toString(),
        redirect: 'manual',
      });
      expect(posted.status).toBe(303);
      const pagePath = posted.headers.get('location')!;
      const approved = await fetch(`${shop.url}${pagePath}/approve`, { method: 'POST', headers: { origin: shop.url }, redirect: 'manual' });
      expect(approved.status).toBe(302);
      // The browser's return proves who built it, but settles nothing ...
      const location = approved.headers.get('location')!;
      expect(location.startsWith(`${shop.url}${PAYMENT_RETURN_PATH}/${number}_1/success?acquirer=sandbox&`)).toBe(true);
      expect(provider.verifyReturn(location)).toMatchObject({ ok: true, value: { orderNumber: `${number}_1`, responseCode: '0000' } });
      // ... it only takes the browser to the order's success page.
      const back = await fetch(location, { redirect: 'manual' });
      expect([back.status, back.headers.get('location')]).toEqual([303, `${shop.url}/hr/placanje/uspjeh`]);
      // ... the callback does.
      await waitFor('paid by the callback', async () => (await paymentStatus(number)) === 'paid');
      const [row] = await callbacks(number);
      expect(row).toMatchObject({ status: 'approved', outcome: 'approved' });
      const [tx] = await db.query<Array<{ id: string; callback_delivered_at: Date | null }>>(
        `SELECT id, callback_delivered_at FROM payment_sandbox_transaction WHERE order_number = $1`,
        [`${number}_1`],
      );
      expect(await attempts(number)).toEqual([{ status: 'approved', transaction_id: tx!.id, flagged_reason: null }]);
      await waitFor('the sandbox saw our 200', async () => {
        const [t] = await db.query<Array<{ callback_delivered_at: Date | null }>>(
          `SELECT callback_delivered_at FROM payment_sandbox_transaction WHERE id = $1`,
          [tx!.id],
        );
        return t?.callback_delivered_at;
      });
    },
    TEST_MS,
  );

  it('records an attempt only for a payment the provider can take', async () => {
    const number = await createOrder(db, {
      email: 'b@example.hr',
      lines: [{ productCode: 'ZZ-PENNE-500', name: 'Penne', unitPrice: 1250, quantity: 1 }],
    });
    await expect(
      payments.start(
        cardPaymentStart(shop.url, number, { amountCents: 0, locale: 'en', successUrl: `${shop.url}/ok`, cancelUrl: `${shop.url}/no` }),
      ),
    ).rejects.toMatchObject({ code: 'PAYMENT_DATA_INVALID' });
    expect(await attempts(number)).toEqual([]);
  });
});
