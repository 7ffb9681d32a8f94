import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { PeriodicScan } from '../process/periodic-scan.js';
import { withTimeout } from '../process/with-timeout.js';
import { QueueName, QueueService, ScheduledJob } from '../queue/index.js';
import { mailJobData, type OutgoingMailRow, SEND_TEMPLATE_JOB } from './send-mail.job.js';

/** Rows looked at per transaction, and transactions per scan: at most 1,000 mails per scan. */
export const MAIL_REDELIVERY_BATCH_SIZE = 100;
const MAX_BATCHES_PER_SCAN = 10;
/** A queue call that takes longer counts as failed (the row locks must not be held for long). */
const QUEUE_TIMEOUT_MS = 10_000;
/** Sent mails (and given-up ones) are kept this long, then pruned. */
const KEEP_DAYS = 30;

export interface MailRedeliveryScan {
  /** Unsent rows looked at. */
  checked: number;
  /** Jobs the queue did not have (never taken, or lost), added again with their ids. */
  recreated: number;
  /** Jobs that had failed for a transport reason, their attempts used up, retried. */
  retried: number;
  /** Rows past OUTBOX_REDELIVER_MAX_AGE_MS still unsent: logged, no longer scanned. */
  givenUp: number;
}

const bounded = <T>(p: Promise<T>, what: string): Promise<T> => withTimeout(p, QUEUE_TIMEOUT_MS, what);

/**
 * "A mail the shop decided to send is sent until it is sent" (docs/mail.md 'Durable mail'): every
 * OUTBOX_REDELIVER_AFTER_MS / 2, in the worker roles, the unsent `outgoing_mail` rows not looked at
 * for OUTBOX_REDELIVER_AFTER_MS are compared with the mail queue: a job the queue does not know
 * (its add failed while Redis was away, or Redis lost it) is added again with its id; a job that
 * failed for a transport reason after all its attempts (SMTP away for long) is retried; a job
 * waiting, delayed or active is left alone. A row older than OUTBOX_REDELIVER_MAX_AGE_MS still
 * unsent is given up and logged. Render failures (a bug) mark the row failed and are not retried.
 * Bounded: batches under FOR UPDATE SKIP LOCKED (workers share the scan; a row being sent is
 * locked by its job and skipped).
 */
@Injectable()
export class MailRedelivery implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('mail-redelivery');
  private readonly periodic = new PeriodicScan('Mail redelivery scan', this.logger, () => this.scan());

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: QueueService,
  ) {}

  get intervalMs(): number {
    return Math.max(100, Math.min(Math.floor(this.config.outbox.redeliverAfterMs / 2), 60_000));
  }

  onApplicationBootstrap(): void {
    if (this.config.role !== 'web') this.periodic.start(this.intervalMs);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** One scan: batches until no due row is left or the bound is reached. */
  async scan(): Promise<MailRedeliveryScan> {
    const total: MailRedeliveryScan = { checked: 0, recreated: 0, retried: 0, givenUp: 0 };
    for (let i = 0; i < MAX_BATCHES_PER_SCAN; i++) {
      const batch = await this.batch();
      total.checked += batch.checked;
      total.recreated += batch.recreated;
      total.retried += batch.retried;
      total.givenUp += batch.givenUp;
      if (batch.checked < MAIL_REDELIVERY_BATCH_SIZE) break;
    }
    if (total.recreated || total.retried)
      this.logger.warn(
        `Mail redelivery: ${total.recreated} mail job(s) the queue did not have added again, ${total.retried} failed one(s) retried`,
      );
    return total;
  }

  private batch(): Promise<MailRedeliveryScan> {
    const { redeliverAfterMs, redeliverMaxAgeMs } = this.config.outbox;
    return this.db.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT id, template, to_address, locale, reply_to, props, headers, attachments,
                created_at < now() - make_interval(secs => $2::float8 / 1000) AS expired
           FROM outgoing_mail
          WHERE sent_at IS NULL AND failed_at IS NULL
            AND coalesce(checked_at, created_at) <= now() - make_interval(secs => $1::float8 / 1000)
          ORDER BY coalesce(checked_at, created_at), id
          LIMIT $3
          FOR UPDATE SKIP LOCKED`,
        [redeliverAfterMs, redeliverMaxAgeMs, MAIL_REDELIVERY_BATCH_SIZE],
      )) as Array<OutgoingMailRow & { expired: boolean }>;
      const result: MailRedeliveryScan = { checked: rows.length, recreated: 0, retried: 0, givenUp: 0 };
      if (!rows.length) return result;
      const queue = this.queues.queue(QueueName.Mail);
      const states = await bounded(Promise.all(rows.map((r) => queue.getJobState(r.id))), 'reading job states of the mail queue');
      const recreated: string[] = [];
      const completed: string[] = [];
      const givenUp: string[] = [];
      for (const [i, row] of rows.entries()) {
        const state = states[i];
        if (row.expired) {
          givenUp.push(row.id);
          this.logger.error(
            `Mail ${row.id} (${row.template}) not sent within ${redeliverMaxAgeMs} ms of being recorded (job ${state}); no longer redelivered`,
          );
        } else if (state === 'unknown') {
          recreated.push(row.id);
          await bounded(
            this.queues.add(QueueName.Mail, SEND_TEMPLATE_JOB, mailJobData(row), { jobId: row.id }),
            'adding a job to the mail queue',
          );
        } else if (state === 'failed') {
          const job = await bounded(queue.getJob(row.id), 'reading a failed mail job');
          if (job) {
            await bounded(job.retry('failed'), 'retrying a failed mail job');
            result.retried += 1;
          }
        } else if (state === 'completed') {
          // Completed without marking its row: a job of the same id queued by a release before the
          // record existed, which sent this mail. Counted as sent, as the queue's dedupe did then.
          completed.push(row.id);
        }
      }
      await manager.query(
        `UPDATE outgoing_mail SET checked_at = now(), redeliveries = redeliveries + (id = ANY($2::text[]))::int WHERE id = ANY($1::text[])`,
        [rows.map((r) => r.id), recreated],
      );
      if (completed.length)
        await manager.query(
          `UPDATE outgoing_mail SET sent_at = now(), last_error = 'sent by a job without record' WHERE id = ANY($1::text[])`,
          [completed],
        );
      if (givenUp.length)
        await manager.query(
          `UPDATE outgoing_mail SET failed_at = now(), last_error = coalesce(last_error || '; ', '') || 'given up: not sent in time' WHERE id = ANY($1::text[])`,
          [givenUp],
        );
      result.recreated = recreated.length;
      result.givenUp = givenUp.length;
      return result;
    });
  }

  /** Retention: sent and failed mails are deleted after KEEP_DAYS (their props are sealed, but need not stay). */
  @ScheduledJob('mail.prune', { every: 3_600_000 })
  async prune(): Promise<{ deleted: number }> {
    const [, deleted] = (await this.db.query(
      `DELETE FROM outgoing_mail WHERE coalesce(sent_at, failed_at) < now() - make_interval(days => $1)`,
      [KEEP_DAYS],
    )) as [unknown, number];
    return { deleted };
  }
}
