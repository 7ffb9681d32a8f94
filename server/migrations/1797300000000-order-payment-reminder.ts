import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the buyer of a card order was sent 'payment not completed' (docs/mail.md 'The order mails'):
 * set in the same transaction as that mail's event or job, by whichever comes first, a
 * `payment.declined` or the reminder job finding the order still unpaid
 * PAYMENT_REMINDER_DELAY_MINUTES after placement; null: not sent. So neither path sends it twice.
 * The partial index serves the reminder job's scan (card orders still unpaid, not reminded yet).
 */
export class OrderPaymentReminder1797300000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shop_order ADD COLUMN payment_reminder_sent_at timestamptz`);
    await q.query(`
      CREATE INDEX shop_order_payment_reminder_due_idx ON shop_order (placed_at)
       WHERE payment_method = 'card' AND fulfilment_status = 'placed'
         AND payment_status IN ('awaiting_payment', 'failed') AND payment_reminder_sent_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX shop_order_payment_reminder_due_idx`);
    await q.query(`ALTER TABLE shop_order DROP COLUMN payment_reminder_sent_at`);
  }
}
