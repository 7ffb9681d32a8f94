import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card payment settlement (docs/payments.md 'Callback and settlement'):
 * - payment_attempt: one row per payment started for an order (the amount and currency the
 *   provider was asked for). `pending` until a callback or an inquiry settles it: `approved`,
 *   `declined`, or `flagged` for an operator (the provider reported another amount or currency, or
 *   a second approval). At most one approved attempt per order number.
 * - payment_callback: every verified callback, as received (raw body), once per (provider,
 *   transaction, status, response code): the provider repeats a callback until it gets a 200.
 *   `settled_at` and `outcome` say what settlement made of it.
 */
export class PaymentSettlement1796700000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_attempt (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_number text NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        currency text NOT NULL,
        provider text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'flagged')),
        transaction_id text,
        flagged_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        inquired_at timestamptz,
        CHECK ((status = 'flagged') = (flagged_reason IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX payment_attempt_order ON payment_attempt (order_number, created_at)`);
    await q.query(`CREATE UNIQUE INDEX payment_attempt_approved ON payment_attempt (order_number) WHERE status = 'approved'`);
    await q.query(`CREATE INDEX payment_attempt_pending ON payment_attempt (created_at) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE payment_callback (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider text NOT NULL,
        transaction_id text NOT NULL,
        order_number text NOT NULL,
        status text NOT NULL,
        response_code text NOT NULL,
        amount bigint NOT NULL,
        currency text NOT NULL,
        raw_body text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        outcome text
      )`);
    await q.query(`CREATE UNIQUE INDEX payment_callback_once ON payment_callback (provider, transaction_id, status, response_code)`);
    await q.query(`CREATE INDEX payment_callback_order ON payment_callback (order_number, received_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_callback`);
    await q.query(`DROP TABLE payment_attempt`);
  }
}
