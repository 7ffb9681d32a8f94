import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment sandbox's transactions (PAYMENT_PROVIDER=sandbox, the emulator of Monri's hosted
 * page): one row per form received. At most one approved transaction per order number (the
 * emulator refuses a second payment of a paid order, as the real provider does). The callback
 * body is stored as sent, so every retry carries the same bytes and signature. Unused (empty)
 * with the real provider.
 */
export class PaymentSandbox1796500000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_sandbox_transaction (
        id text PRIMARY KEY,
        order_number text NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        currency text NOT NULL,
        language text NOT NULL,
        form jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'abandoned')),
        approval_code text,
        refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= amount),
        callback_body text,
        callback_attempts integer NOT NULL DEFAULT 0,
        callback_delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz
      )`);
    await q.query(`CREATE INDEX payment_sandbox_transaction_order ON payment_sandbox_transaction (order_number, created_at)`);
    await q.query(
      `CREATE UNIQUE INDEX payment_sandbox_transaction_approved ON payment_sandbox_transaction (order_number) WHERE status = 'approved'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_sandbox_transaction`);
  }
}
