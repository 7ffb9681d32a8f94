import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { ChannelListener, DATABASE_URL } from '../database/index.js';
import { QueueName, QueueService, type JobToAdd } from '../queue/index.js';
import { type DeliveryJobData, deliveryJob } from './delivery-job.js';
import { OUTBOX_CHANNEL } from './event-publisher.service.js';
import { OutboxRedelivery } from './outbox-redelivery.js';
import { SubscriberRegistry } from './subscriber-registry.js';
import { withTimeout } from '../process/with-timeout.js';

/** Rows taken per transaction. */
export const RELAY_BATCH_SIZE = 100;
/** A queue add that takes longer counts as failed (the row lock must not be held for long). */
const ADD_TIMEOUT_MS = 10_000;
/** Backoff after a failed batch (queue backend down): 200 ms doubling up to 15 s. */
const RETRY_BASE_MS = 200;
const RETRY_MAX_MS = 15_000;

interface OutboxRow {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

class RelayAddFailed extends Error {
  override name = 'RelayAddFailed';
}

/**
 * Moves committed outbox rows into the events queue: one job per (event, subscriber) with a
 * deterministic id, then marks the rows published, all in one transaction that holds the rows
 * FOR UPDATE SKIP LOCKED (so any number of relays share the work without taking the same row).
 * Woken by LISTEN/NOTIFY on a dedicated connection, with polling (OUTBOX_POLL_MS) as the
 * fallback. When the queue backend is down, rows stay unpublished (attempts and last_error are
 * recorded) and the relay retries with backoff: nothing committed is lost. Jobs the queue loses
 * after that (a Redis without persistence) are added again by OutboxRedelivery, which runs with
 * the relay. Runs in the worker and all roles.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('outbox-relay');
  private running = false;
  private draining: Promise<void> | undefined;
  private again = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  /** The dedicated LISTEN connection; reconnects with backoff (polling covers the gap), drains when it listens again. */
  private listener: ChannelListener | undefined;
  /** Rows this relay has published since start (for logs and tests). */
  relayed = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly queues: QueueService,
    private readonly registry: SubscriberRegistry,
    private readonly redelivery: OutboxRedelivery,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  onApplicationBootstrap(): void {
    if (this.config.role !== 'web') this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.pollTimer = setInterval(() => this.wake(), this.config.outbox.pollMs);
    this.listener = new ChannelListener({
      databaseUrl: this.databaseUrl,
      channel: OUTBOX_CHANNEL,
      applicationName: 'pasta-shop-outbox-relay',
      onNotification: () => this.wake(),
      onListening: () => this.wake(), // whatever was committed while not listening
      onLost: (err, delay) =>
        this.logger.warn(`Outbox relay LISTEN connection lost (${err.message}); polling meanwhile, reconnecting in ${delay} ms`),
    });
    void this.listener.start();
    this.wake();
    this.redelivery.start();
    this.logger.log(
      `Outbox relay started (LISTEN ${OUTBOX_CHANNEL}, polling every ${this.config.outbox.pollMs} ms, redelivering lost jobs after ${this.config.outbox.redeliverAfterMs} ms)`,
    );
  }

  /** Stops waking up, waits for the batch in progress, closes the LISTEN connection. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.pollTimer);
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await Promise.all([this.draining, this.redelivery.stop()]);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.stop();
  }

  /** Asks for a drain; coalesces wake-ups and respects the backoff after a failure. */
  wake(): void {
    if (!this.running) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    if (this.retryTimer) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.running) {
        const taken = await this.relayBatch();
        if (this.failures) this.logger.log(`Outbox relay recovered after ${this.failures} failed attempt(s)`);
        this.failures = 0;
        if (taken < RELAY_BATCH_SIZE) break;
      }
    } catch (err) {
      this.failures++;
      const delay = Math.min(RETRY_BASE_MS * 2 ** (this.failures - 1), RETRY_MAX_MS);
      const message = (err as Error).message;
      if (this.failures === 1 || delay === RETRY_MAX_MS)
        this.logger.warn(`Outbox relay: ${message}; retrying in ${delay} ms (rows stay unpublished)`);
      this.again = false;
      if (this.running) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          this.wake();
        }, delay);
      }
    }
  }

  /** One transaction: take up to a batch of unpublished rows, enqueue their jobs, mark them. Returns rows taken. */
  private async relayBatch(): Promise<number> {
    let failure: Error | undefined;
    const taken = await this.db.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT id, name, payload, occurred_at FROM outbox_event
          WHERE published_at IS NULL
          ORDER BY occurred_at, id
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [RELAY_BATCH_SIZE],
      )) as OutboxRow[];
      if (!rows.length) return 0;
      const ids = rows.map((r) => r.id);
      const targets = rows.map((row) => ({ id: row.id, subs: this.registry.subscribersOf(row.name).map((s) => s.subscriberId) }));
      const jobs: Array<JobToAdd<DeliveryJobData>> = rows.flatMap((row, i) => targets[i]!.subs.map((sub) => deliveryJob(row, sub)));
      try {
        if (jobs.length) await withTimeout(this.queues.addBulk(QueueName.Events, jobs), ADD_TIMEOUT_MS, 'adding jobs to the events queue');
      } catch (err) {
        failure = new RelayAddFailed(`cannot enqueue ${jobs.length} job(s) for ${rows.length} event(s): ${(err as Error).message}`);
        await manager.query(`UPDATE outbox_event SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1::uuid[])`, [
          ids,
          failure.message.slice(0, 2000),
        ]);
        return rows.length;
      }
      // The subscribers are recorded: the redelivery scan later checks each one has its inbox row.
      await manager.query(
        `UPDATE outbox_event o SET published_at = clock_timestamp(), attempts = attempts + 1, last_error = NULL, subscriber_ids = t.subs,
                checked_at = NULL, settled_at = NULL
           FROM jsonb_to_recordset($1::jsonb) AS t(id uuid, subs text[])
          WHERE o.id = t.id`,
        [JSON.stringify(targets)],
      );
      return rows.length;
    });
    if (failure) throw failure;
    this.relayed += taken;
    return taken;
  }
}
