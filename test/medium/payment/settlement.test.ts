/* eslint-disable local/import-boundaries -- a medium test builds the module's inner services by hand (docs/architecture.md, 'Tests') */
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { mediumDataSource } from '../../support/medium.js';
import type { AppConfig } from '../../../server/config/index.js';
import { EventPublisher } from '../../../server/platform/events/index.js';
import { PaymentAttemptRepository } from '../../../server/modules/payment/payment-attempt.repository.js';
import type { PaymentCallback, PaymentProvider, PaymentStatus } from '../../../server/modules/payment/payment-provider.js';
import { PaymentSettlementRepository } from '../../../server/modules/payment/settlement/payment-settlement.repository.js';
import { PaymentSettlement, type ProviderVerdict } from '../../../server/modules/payment/settlement/payment-settlement.service.js';

/**
 * Settlement on real PostgreSQL with the real outbox publisher and a stand-in provider: what a
 * verdict does to the attempts and which payment.* event it publishes, in any order and any number
 * of times. The order side (payment status of the order) and the HTTP callback are
 * test/integration/payment/settlement.test.ts's.
 */
describe('PaymentSettlement (real PostgreSQL)', () => {
  let db: DataSource;
  let settlement: PaymentSettlement;
  let attempts: PaymentAttemptRepository;
  /** What the stand-in provider verifies a callback as, and answers an inquiry with. */
  let verified: PaymentCallback | null = null;
  const inquiries = new Map<string, PaymentStatus>();
  const provider = {
    name: 'stand-in',
    verifyCallback: () => (verified ? { ok: true, value: verified } : { ok: false, reason: { code: 'signature', message: 'bad' } }),
    inquire: async (reference: string) => inquiries.get(reference) ?? { orderNumber: reference, status: 'not_found' },
  } as unknown as PaymentProvider;
  const config = { payment: { provider: 'sandbox', reconcileAfterMs: 1000 } } as unknown as AppConfig;

  beforeAll(async () => {
    db = await mediumDataSource();
    attempts = new PaymentAttemptRepository(db);
    settlement = new PaymentSettlement(db, new EventPublisher(), provider, config, new PaymentSettlementRepository(db));
  });
  afterAll(async () => {
    await db?.destroy();
  });

  /** An order number with one pending attempt of 12,50 € (reference `<number>_1`). */
  async function started(amount = 1250): Promise<{ number: string; reference: string }> {
    const number = `ZZ-2031-${randomBytes(4).readUInt32BE().toString().padStart(10, '0')}`;
    const reference = `${number}_1`;
    await attempts.insert(db.manager, {
      orderNumber: number,
      reference,
      amount,
      currency: 'EUR',
      provider: 'sandbox',
      transactionType: 'purchase',
      successPage: 'https://shop.example/ok',
      cancelPage: 'https://shop.example/fail',
    });
    return { number, reference };
  }
  const verdict = (reference: string, over: Partial<ProviderVerdict> = {}): ProviderVerdict => ({
    source: 'callback',
    orderNumber: reference,
    transactionId: randomBytes(6).toString('hex'),
    approved: true,
    amountCents: 1250,
    currency: 'EUR',
    responseCode: '0000',
    ...over,
  });
  const settle = (v: ProviderVerdict) => db.transaction((m) => settlement.settle(m, v));
  const attemptsOf = (number: string) =>
    db.query<Array<{ status: string; transaction_id: string | null; flagged_reason: string | null; captured_amount: number }>>(
      `SELECT status, transaction_id, flagged_reason, captured_amount FROM payment_attempt WHERE order_number = $1 ORDER BY created_at`,
      [number],
    );
  const events = async (number: string) =>
    (
      await db.query<Array<{ name: string }>>(`SELECT name FROM outbox_event WHERE payload->>'orderNumber' = $1 ORDER BY occurred_at, id`, [
        number,
      ])
    ).map((e) => e.name);

  it('approves the attempt a callback names (a purchase captured with it) and publishes payment.approved once', async () => {
    const { number, reference } = await started();
    const v = verdict(reference);
    expect(await settle(v)).toBe('approved');
    expect(await settle(v)).toBe('duplicate');
    expect(await attemptsOf(number)).toEqual([
      { status: 'approved', transaction_id: v.transactionId, flagged_reason: null, captured_amount: 1250 },
    ]);
    expect(await events(number)).toEqual(['payment.approved']);
  });

  it('settles the same approval five times at once into one approval', async () => {
    const { number, reference } = await started();
    const v = verdict(reference);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => settle(v)));
    expect(outcomes.sort()).toEqual(['approved', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await events(number)).toEqual(['payment.approved']);
  });

  it('lets an approval win over a decline, whichever comes first', async () => {
    const first = await started();
    expect(await settle(verdict(first.reference))).toBe('approved');
    expect(await settle(verdict(first.reference, { approved: false, responseCode: '1005' }))).toBe('decline_after_approval');
    expect(await events(first.number)).toEqual(['payment.approved']);

    const second = await started();
    expect(await settle(verdict(second.reference, { approved: false, responseCode: '1005' }))).toBe('declined');
    expect(await settle(verdict(second.reference, { approved: false, responseCode: '1005' }))).toBe('already_settled');
    expect(await settle(verdict(second.reference))).toBe('approved');
    expect(await events(second.number)).toEqual(['payment.declined', 'payment.approved']);
  });

  it('flags an approval of another amount or currency, and a second approved transaction, for an operator', async () => {
    const amount = await started();
    const wrong = verdict(amount.reference, { amountCents: 1 });
    expect(await settle(wrong)).toBe('flagged');
    expect(await settle(wrong)).toBe('duplicate');
    expect(await attemptsOf(amount.number)).toMatchObject([{ status: 'flagged', flagged_reason: 'amount_mismatch' }]);

    const currency = await started();
    expect(await settle(verdict(currency.reference, { currency: 'USD' }))).toBe('flagged');
    expect(await attemptsOf(currency.number)).toMatchObject([{ status: 'flagged', flagged_reason: 'currency_mismatch' }]);

    const twice = await started();
    await settle(verdict(twice.reference));
    expect(await settle(verdict(twice.reference))).toBe('second_approval');
    expect(await events(twice.number)).toEqual(['payment.approved', 'payment.flagged']);
    expect(await events(amount.number)).toEqual(['payment.flagged']);
  });

  it('settles nothing for a reference no attempt has', async () => {
    expect(await settle(verdict('ZZ-2031-9999999999_1'))).toBe('unknown_order');
  });

  it('stores a verified callback once with its event, refuses an unverified one, and settles a stored one once', async () => {
    const { number, reference } = await started();
    verified = null;
    expect(await settlement.receiveCallback(Buffer.from('{}'), 'x')).toMatchObject({ ok: false });
    verified = {
      transactionId: randomBytes(6).toString('hex'),
      orderNumber: reference,
      amountCents: 1250,
      currency: 'EUR',
      approved: true,
      status: 'approved',
      responseCode: '0000',
      body: {},
    };
    const first = await settlement.receiveCallback(Buffer.from('{"a":1}'), 'sig');
    const again = await settlement.receiveCallback(Buffer.from('{"a":1}'), 'sig');
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);
    const callbackId = (first as { callbackId: string }).callbackId;
    expect(await settlement.settleCallback(callbackId)).toBe('approved');
    expect(await settlement.settleCallback(callbackId)).toBe('approved');
    expect(await events(number)).toEqual(['payment.approved']);
    expect(
      await db.query(
        `SELECT count(*)::int AS n FROM outbox_event WHERE name = 'payment.callback-received' AND payload->>'callbackId' = $1`,
        [callbackId],
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('reconciles a pending attempt by the provider’s answer and marks it inquired', async () => {
    const { number, reference } = await started();
    await db.query(`UPDATE payment_attempt SET created_at = now() - interval '10 seconds' WHERE reference = $1`, [reference]);
    inquiries.set(reference, {
      orderNumber: reference,
      status: 'approved',
      transactionType: 'purchase',
      transactionId: 'inq-1',
      amountCents: 1250,
      currency: 'EUR',
      refundedCents: 0,
    });
    const result = await settlement.reconcile();
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect(await attemptsOf(number)).toMatchObject([{ status: 'approved', transaction_id: 'inq-1' }]);
    expect(await events(number)).toEqual(['payment.approved']);
  });
});
