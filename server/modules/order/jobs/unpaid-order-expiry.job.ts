import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { ScheduledJob } from '../../../platform/queue/index.js';
import { EventPublisher } from '../../../platform/events/index.js';
import { CatalogService } from '../../catalog/index.js';
import { OrderExpired } from '../events/order.events.js';
import { OrderStateService } from '../order-state.service.js';
import { OrderHistoryRepository, SYSTEM_ACTOR } from '../admin/order-history.repository.js';
import { OrderRepository } from '../order.repository.js';

export const UNPAID_ORDER_EXPIRY_JOB = 'orders.expire-unpaid';
const EVERY_MS = 60_000;
const BATCH = 100;

/**
 * Cancels card orders nobody paid: still `awaiting_payment` or `failed`, still `placed`,
 * UNPAID_CARD_ORDER_EXPIRY_MINUTES (default 60) after placement. Each order in its own transaction:
 * the row locked and the conditions checked again (a payment settling at the same moment wins or
 * waits), fulfilment `placed` -> `cancelled`, and its lines' stock released. Idempotent: a cancelled
 * order is not selected again, so stock is released once. Cash-on-delivery orders never expire.
 * `order.expired` is published in the same transaction: the buyer's 'cancelled, not paid' mail, once.
 */
@Injectable()
export class UnpaidOrderExpiry {
  private readonly logger = new Logger('order');

  constructor(
    private readonly db: DataSource,
    private readonly states: OrderStateService,
    private readonly catalog: CatalogService,
    private readonly events: EventPublisher,
    private readonly orders: OrderRepository,
    private readonly history: OrderHistoryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ScheduledJob(UNPAID_ORDER_EXPIRY_JOB, { every: EVERY_MS })
  async expire(now = new Date()): Promise<{ cancelled: string[] }> {
    const cutoff = new Date(now.getTime() - this.config.payment.unpaidOrderExpiryMinutes * 60_000);
    const due = await this.orders.unpaidCardOrdersBefore(cutoff, BATCH);
    const cancelled: string[] = [];
    for (const number of due) {
      const done = await this.db.transaction(async (manager) => {
        const order = await this.orders.lockExpirable(manager, number, cutoff);
        if (!order) return false; // paid or cancelled meanwhile
        await this.states.changeFulfilmentStatus(manager, number, 'cancelled');
        await this.catalog.releaseStock(manager, await this.orders.lineQuantities(manager, order.id));
        await this.history.record(
          manager,
          order.id,
          'expired',
          SYSTEM_ACTOR,
          `unpaid after ${this.config.payment.unpaidOrderExpiryMinutes} minutes`,
        );
        await this.events.publish(
          manager,
          new OrderExpired({
            orderId: order.id,
            orderNumber: number,
            placedAt: order.placed_at.toISOString(),
            expiredAt: order.expired_at.toISOString(),
          }),
        );
        return true;
      });
      if (done) cancelled.push(number);
    }
    if (cancelled.length) this.logger.log(`cancelled ${cancelled.length} unpaid card order(s), stock released: ${cancelled.join(', ')}`);
    return { cancelled };
  }
}
