import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monri as Monri behaves (docs/payments.md):
 * - payment_attempt.reference: the `order_number` sent to Monri for this attempt (the shop's order
 *   number plus `_<attempt>`), unique: Monri refuses a reused order_number (response 1822).
 *   Callbacks, returns and inquiries name the reference; settlement maps it back to the order.
 *   Attempts started before this migration have none (Monri knows them by the order number).
 * - success_page / cancel_page: the shop's pages the return endpoint sends the browser to.
 * - transaction_type (`purchase` or `authorize`) and the money ledger of an approved attempt:
 *   captured_amount, refunded_amount (never above what was captured), voided_at.
 * - payment_sandbox_transaction: the same ledger at the emulator, and the time its callback was
 *   owed (`callback_owed_at`; the callback is delivered through the events outbox).
 */
export class MonriAttemptReference1797200000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payment_attempt
        ADD COLUMN reference text,
        ADD COLUMN success_page text,
        ADD COLUMN cancel_page text,
        ADD COLUMN transaction_type text NOT NULL DEFAULT 'purchase' CHECK (transaction_type IN ('purchase', 'authorize')),
        ADD COLUMN captured_amount integer NOT NULL DEFAULT 0 CHECK (captured_amount >= 0 AND captured_amount <= amount),
        ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= captured_amount),
        ADD COLUMN voided_at timestamptz`);
    // Approved purchases before this migration were captured at approval.
    await q.query(`UPDATE payment_attempt SET captured_amount = amount WHERE status = 'approved'`);
    await q.query(`CREATE UNIQUE INDEX payment_attempt_reference ON payment_attempt (reference)`);
    await q.query(`
      ALTER TABLE payment_sandbox_transaction
        ADD COLUMN transaction_type text NOT NULL DEFAULT 'purchase' CHECK (transaction_type IN ('purchase', 'authorize')),
        ADD COLUMN captured_amount integer NOT NULL DEFAULT 0 CHECK (captured_amount >= 0 AND captured_amount <= amount),
        ADD COLUMN voided_at timestamptz,
        ADD COLUMN declines integer NOT NULL DEFAULT 0,
        ADD COLUMN last_action text`);
    await q.query(`UPDATE payment_sandbox_transaction SET captured_amount = amount WHERE status = 'approved'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE payment_sandbox_transaction DROP COLUMN transaction_type, DROP COLUMN captured_amount, DROP COLUMN voided_at, DROP COLUMN declines, DROP COLUMN last_action`,
    );
    await q.query(`DROP INDEX payment_attempt_reference`);
    await q.query(
      `ALTER TABLE payment_attempt DROP COLUMN reference, DROP COLUMN success_page, DROP COLUMN cancel_page, DROP COLUMN transaction_type, DROP COLUMN captured_amount, DROP COLUMN refunded_amount, DROP COLUMN voided_at`,
    );
  }
}
