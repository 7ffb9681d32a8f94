import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { EventPublisher } from '../../../platform/events/index.js';
import { ScheduledJob } from '../../../platform/queue/index.js';
import { OrderPaymentAbandoned } from '../events/order.events.js';
import { OrderRepository } from '../order.repository.js';

export const PAYMENT_REMINDER_JOB = 'orders.remind-unpaid';
/** How often the job looks; a reminder goes out at most this long after it is due. */
const EVERY_MS = 15_000;
const BATCH = 100;

/**
 * 'Payment not completed' for card orders whose payment nobody finished (the tab was closed, no
 * callback, and a decline is not known): a card order still `awaiting_payment` or `failed`, still
 * `placed`, PAYMENT_REMINDER_DELAY_MINUTES (default 15) after placement, whose buyer has had no
 * such mail yet (`payment_reminder_sent_at` null). Each order in its own transaction: the row locked
 * and the conditions checked again (a payment settling, or a decline's mail, at the same moment wins
 * or waits), `payment_reminder_sent_at` set and `order.payment-abandoned` published together; the
 * mail listener sends the mail from that event. The decline's mail sets the same column, so the
 * buyer gets one mail, whichever comes first. Idempotent: a reminded order is not selected again.
 */
@Injectable()
export class PaymentReminder {
  private readonly logger = new Logger('order');

  constructor(
    private readonly db: DataSource,
    private readonly events: EventPublisher,
    private readonly orders: OrderRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ScheduledJob(PAYMENT_REMINDER_JOB, { every: EVERY_MS })
  async remind(now = new Date()): Promise<{ reminded: string[] }> {
    const cutoff = new Date(now.getTime() - this.config.payment.paymentReminderDelayMinutes * 60_000);
    const due = await this.orders.unpaidCardOrdersBefore(cutoff, BATCH, true);
    const reminded: string[] = [];
    for (const number of due) {
      const done = await this.db.transaction(async (manager) => {
        const row = await this.orders.claimReminder(manager, number, cutoff);
        if (!row) return false; // paid, cancelled or reminded meanwhile
        await this.events.publish(
          manager,
          new OrderPaymentAbandoned({ orderId: row.id, orderNumber: number, placedAt: row.placed_at.toISOString() }),
        );
        return true;
      });
      if (done) reminded.push(number);
    }
    if (reminded.length) this.logger.log(`'payment not completed' due for ${reminded.length} unpaid card order(s): ${reminded.join(', ')}`);
    return { reminded };
  }
}
