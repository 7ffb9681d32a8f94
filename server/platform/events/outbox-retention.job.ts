import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ScheduledJob } from '../queue/index.js';

/** Published outbox rows are kept this long (for inspection), inbox rows longer than any redelivery. */
export const OUTBOX_RETENTION_DAYS = 7;
export const DELIVERY_RETENTION_DAYS = 30;
const JOB_NAME = 'events.prune';
const EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly scheduled job: deletes published outbox rows and inbox rows past their retention, so the
 * tables stay small. Inbox rows outlive the outbox rows and the queue's kept jobs by far, so a
 * redelivery still finds its row.
 */
@Injectable()
export class OutboxRetentionJob {
  private readonly logger = new Logger('events');

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @ScheduledJob(JOB_NAME, { every: EVERY_MS })
  async prune(): Promise<{ outbox: number; deliveries: number }> {
    const [, outbox] = (await this.db.query(`DELETE FROM outbox_event WHERE published_at < now() - make_interval(days => $1)`, [
      OUTBOX_RETENTION_DAYS,
    ])) as [unknown, number];
    const [, deliveries] = (await this.db.query(`DELETE FROM event_delivery WHERE processed_at < now() - make_interval(days => $1)`, [
      DELIVERY_RETENTION_DAYS,
    ])) as [unknown, number];
    if (outbox || deliveries) this.logger.log(`Pruned ${outbox} published outbox row(s) and ${deliveries} inbox row(s)`);
    return { outbox, deliveries };
  }
}
