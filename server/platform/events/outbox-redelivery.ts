import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { QueueName, QueueService } from '../queue/index.js';
import { deliveryJob, deliveryJobId } from './delivery-job.js';
import { SubscriberRegistry } from './subscriber-registry.js';
import { PeriodicScan } from '../process/periodic-scan.js';
import { withTimeout } from '../process/with-timeout.js';

/** Rows looked at per transaction, and transactions per scan: at most 1,000 events per scan. */
export const REDELIVERY_BATCH_SIZE = 100;
const MAX_BATCHES_PER_SCAN = 10;
/** A queue call that takes longer counts as failed (the row locks must not be held for long). */
const QUEUE_TIMEOUT_MS = 10_000;

interface PublishedRow {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
  published_at: Date;
  subscriber_ids: string[] | null;
  expired: boolean;
}

export interface RedeliveryScan {
  /** Rows looked at. */
  checked: number;
  /** Jobs the queue no longer had, added again with their deterministic ids. */
  recreated: number;
  /** Rows whose every subscriber has its inbox row: no longer scanned. */
  settled: number;
  /** Rows past OUTBOX_REDELIVER_MAX_AGE_MS with a subscriber still undelivered: logged, no longer scanned. */
  givenUp: number;
}

/**
 * The second half of "nothing committed is lost": the relay marks a row published once its jobs
 * are in the queue, but a Redis without persistence that restarts, fails over or is flushed loses
 * those jobs. This scan looks at every published row that is not settled yet, once per
 * OUTBOX_REDELIVER_AFTER_MS: a subscriber without its inbox row (event_delivery) whose job the
 * queue no longer knows gets the job again, with the same deterministic id. A job the queue still
 * has (waiting, delayed for a retry's backoff, active, failed and kept for the dashboard) is left
 * alone, so retries, backoff and an operator's view are undisturbed; the inbox keeps delivery
 * exactly-once as an effect whatever happens. Rows whose subscribers all have their inbox row
 * settle; rows older than OUTBOX_REDELIVER_MAX_AGE_MS settle as given up, logged as errors.
 * Bounded work: batches of REDELIVERY_BATCH_SIZE rows under FOR UPDATE SKIP LOCKED (relays share
 * it), the least recently checked first, each row at most once per period.
 */
@Injectable()
export class OutboxRedelivery {
  private readonly logger = new Logger('outbox-redelivery');
  private readonly periodic = new PeriodicScan('Outbox redelivery scan', this.logger, () => this.scan());
  /** Jobs this process recreated since start (for logs and tests). */
  recreated = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: QueueService,
    private readonly registry: SubscriberRegistry,
  ) {}

  /** How often the scan runs: half the redelivery delay (so a lost job waits at most 1.5 times it). */
  get intervalMs(): number {
    return Math.max(100, Math.min(Math.floor(this.config.outbox.redeliverAfterMs / 2), 60_000));
  }

  start(): void {
    this.periodic.start(this.intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One scan: batches until no due row is left or the bound is reached. */
  async scan(): Promise<RedeliveryScan> {
    const total: RedeliveryScan = { checked: 0, recreated: 0, settled: 0, givenUp: 0 };
    for (let i = 0; i < MAX_BATCHES_PER_SCAN; i++) {
      const batch = await this.batch();
      total.checked += batch.checked;
      total.recreated += batch.recreated;
      total.settled += batch.settled;
      total.givenUp += batch.givenUp;
      if (batch.checked < REDELIVERY_BATCH_SIZE) break;
    }
    if (total.recreated) {
      this.recreated += total.recreated;
      this.logger.warn(
        `Recreated ${total.recreated} delivery job(s) the queue had lost (published more than ${this.config.outbox.redeliverAfterMs} ms ago, no inbox row, unknown to the queue)`,
      );
    }
    return total;
  }

  private async batch(): Promise<RedeliveryScan> {
    const { redeliverAfterMs, redeliverMaxAgeMs } = this.config.outbox;
    return this.db.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT id, name, payload, occurred_at, published_at, subscriber_ids,
                published_at < now() - make_interval(secs => $2::float8 / 1000) AS expired
           FROM outbox_event
          WHERE published_at IS NOT NULL AND settled_at IS NULL
            AND coalesce(checked_at, published_at) <= now() - make_interval(secs => $1::float8 / 1000)
          ORDER BY coalesce(checked_at, published_at), id
          LIMIT $3
          FOR UPDATE SKIP LOCKED`,
        [redeliverAfterMs, redeliverMaxAgeMs, REDELIVERY_BATCH_SIZE],
      )) as PublishedRow[];
      const result: RedeliveryScan = { checked: rows.length, recreated: 0, settled: 0, givenUp: 0 };
      if (!rows.length) return result;

      const delivered = (await manager.query(`SELECT event_id, subscriber_id FROM event_delivery WHERE event_id = ANY($1::uuid[])`, [
        rows.map((r) => r.id),
      ])) as Array<{ event_id: string; subscriber_id: string }>;
      const done = new Set(delivered.map((d) => `${d.event_id} ${d.subscriber_id}`));

      const settled: string[] = [];
      const givenUp: Array<{ id: string; error: string }> = [];
      const pending: Array<{ row: PublishedRow; subscriberId: string }> = [];
      for (const row of rows) {
        // Rows relayed before the subscribers were recorded: today's subscribers of the event.
        const subscribers = row.subscriber_ids ?? this.registry.subscribersOf(row.name).map((s) => s.subscriberId);
        const missing = subscribers.filter((sub) => !done.has(`${row.id} ${sub}`));
        if (!missing.length) settled.push(row.id);
        else if (row.expired) {
          const error = `not delivered to ${missing.join(', ')} within ${redeliverMaxAgeMs} ms of publication; no longer redelivered`;
          this.logger.error(`Event ${row.id} (${row.name}) ${error}`);
          givenUp.push({ id: row.id, error });
        } else pending.push(...missing.map((subscriberId) => ({ row, subscriberId })));
      }

      // Only jobs the queue does not know are added: a known one is running, waiting, retrying
      // after its backoff, or failed and kept for an operator (who retries it from the dashboard).
      const queue = this.queues.queue(QueueName.Events);
      const states = await withTimeout(
        Promise.all(pending.map((p) => queue.getJobState(deliveryJobId(p.row.id, p.subscriberId)))),
        QUEUE_TIMEOUT_MS,
        'reading job states of the events queue',
      );
      const lost = pending.filter((_, i) => states[i] === 'unknown');
      if (lost.length) {
        await withTimeout(
          this.queues.addBulk(
            QueueName.Events,
            lost.map((p) => deliveryJob(p.row, p.subscriberId)),
          ),
          QUEUE_TIMEOUT_MS,
          'adding jobs to the events queue',
        );
      }
      result.recreated = lost.length;

      const checked = [...new Set(pending.map((p) => p.row.id))];
      const recreatedFor = new Set(lost.map((p) => p.row.id));
      if (checked.length)
        await manager.query(
          `UPDATE outbox_event SET checked_at = now(), redeliveries = redeliveries + (id = ANY($2::uuid[]))::int WHERE id = ANY($1::uuid[])`,
          [checked, [...recreatedFor]],
        );
      if (settled.length) await manager.query(`UPDATE outbox_event SET settled_at = now() WHERE id = ANY($1::uuid[])`, [settled]);
      if (givenUp.length)
        await manager.query(
          `UPDATE outbox_event o SET settled_at = now(), checked_at = now(), last_error = t.error
             FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, error text) WHERE o.id = t.id`,
          [JSON.stringify(givenUp)],
        );
      result.settled = settled.length;
      result.givenUp = givenUp.length;
      return result;
    });
  }
}
