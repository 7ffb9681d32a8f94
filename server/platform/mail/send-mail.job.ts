import { Injectable, Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import { currentTransaction } from '../database/index.js';
import {
  assertJobId,
  isSealed,
  JobDataSealer,
  QUEUE_SETTINGS,
  QueueError,
  QueueName,
  QueueService,
  type SealedValue,
} from '../queue/index.js';
import { MailError, type MailLocale, type TemplateName, type TemplateProps } from '../../../emails/render.js';
import { MailAttachmentSources, type MailAttachmentRef } from './mail-attachments.js';
import { MailService } from './mail.service.js';

export const SEND_TEMPLATE_JOB = 'send-template';

/**
 * A mail job as it is kept in the queue (Redis, or BullMQ's tables) and shown on /admin/queues:
 * which template, to whom, in which language, and the template's props sealed (AES-256-GCM, key
 * derived from SECRET_KEY), because props carry links with tokens (activation, sign-in, reset,
 * invitation, e-mail change, and later order view and unsubscribe links).
 */
export interface SendTemplateJobData<N extends TemplateName = TemplateName> {
  template: N;
  props: SealedValue;
  to: string;
  locale: MailLocale;
  /** Extra headers (List-Unsubscribe, whose link carries a token), sealed like the props. */
  headers?: SealedValue;
  /** Where an answer goes (`Reply-To`), when not to the shop's sender (the contact form's notice: the visitor). */
  replyTo?: string;
  /** Documents the mail carries, made when it is sent (MailAttachmentSources). */
  attachments?: MailAttachmentRef[];
}

/** An `outgoing_mail` row (docs/mail.md 'Durable mail'). */
export interface OutgoingMailRow {
  id: string;
  template: TemplateName;
  to_address: string;
  locale: MailLocale;
  reply_to: string | null;
  props: SealedValue;
  headers: SealedValue | null;
  attachments: MailAttachmentRef[] | null;
}

/** The mail job's data, as recorded in its `outgoing_mail` row. */
export function mailJobData(row: OutgoingMailRow): SendTemplateJobData {
  return {
    template: row.template,
    props: row.props,
    to: row.to_address,
    locale: row.locale,
    ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    ...(row.headers ? { headers: row.headers } : {}),
    ...(row.attachments?.length ? { attachments: row.attachments } : {}),
  };
}

/** How long a mail job keeps trying to record a mail it sent while the database is away. */
const MARK_SENT_WITHIN_MS = 120_000;

const INSERT_MAIL = `INSERT INTO outgoing_mail (id, template, to_address, locale, reply_to, props, headers, attachments)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`;

/** The authenticated context of a mail job's sealed props: they open only in this job. */
const sealContext = (jobId: string) => `${QueueName.Mail}/${SEND_TEMPLATE_JOB}/${jobId}`;
/** The same for the job's sealed headers (a context of their own: props and headers cannot be swapped). */
const headersContext = (jobId: string) => `${sealContext(jobId)}/headers`;

/**
 * Mails leave through the mail queue, in the worker: a subscriber (or a service) enqueues a
 * template with its props (MailQueue), which records the mail in PostgreSQL (`outgoing_mail`) and
 * adds its job; MailProcessor renders it in the recipient's language, sends it and marks the row
 * sent, with retries and backoff for transport failures (every attempt opens the same sealed
 * props, so a retried mail carries the same, valid link). MailRedelivery adds the job again while
 * the row is unsent and the queue lost it. A mail that cannot render (missing translation, empty
 * body, unknown template) or whose props cannot be opened is a bug no retry fixes: it fails at once
 * and stays visible.
 */
@Injectable()
export class MailQueue {
  private readonly logger = new Logger('mail');

  constructor(
    private readonly queues: QueueService,
    private readonly sealer: JobDataSealer,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Records one mail and queues it. `jobId` makes it idempotent: derive it from what caused the
   * mail (an event id, a token id), so a repeated cause records (and sends) one mail. No ':'
   * allowed. Inside an event handler the record is written in the handler's transaction (the
   * dispatcher's transaction scope) and the job is added after its commit; elsewhere it is written
   * at once. Either way the mail is sent once recorded, whatever the queue does: a job the queue
   * did not take or lost is added again by MailRedelivery. The props are sealed (in the row and
   * the job): only the worker that sends the mail reads them. `headers` (e.g. a newsletter's
   * List-Unsubscribe) are sealed too and sent with the mail.
   */
  async enqueue<N extends TemplateName>(
    template: N,
    props: TemplateProps<N>,
    to: { to: string; locale: MailLocale; replyTo?: string; headers?: Record<string, string>; attachments?: MailAttachmentRef[] },
    jobId: string,
  ): Promise<void> {
    const data: SendTemplateJobData<N> = {
      template,
      props: this.sealer.seal(props, sealContext(jobId)),
      to: to.to,
      locale: to.locale,
      ...(to.replyTo ? { replyTo: to.replyTo } : {}),
      ...(to.attachments?.length ? { attachments: to.attachments } : {}),
    };
    if (to.headers && Object.keys(to.headers).length) data.headers = this.sealer.seal(to.headers, headersContext(jobId));
    assertJobId(jobId);
    const values = [
      jobId,
      template,
      data.to,
      data.locale,
      data.replyTo ?? null,
      JSON.stringify(data.props),
      data.headers ? JSON.stringify(data.headers) : null,
      data.attachments ? JSON.stringify(data.attachments) : null,
    ];
    const addJob = async () => {
      try {
        await this.queues.add(QueueName.Mail, SEND_TEMPLATE_JOB, data, { jobId });
      } catch (err) {
        // Recorded already: the redelivery adds it once the queue takes jobs again.
        this.logger.warn(`mail ${jobId} recorded, its job not queued yet (${(err as Error).message}); the mail redelivery will add it`);
      }
    };
    const scope = currentTransaction();
    if (scope) {
      await scope.manager.query(INSERT_MAIL, values);
      scope.afterCommit(addJob);
    } else {
      await this.db.query(INSERT_MAIL, values);
      await addJob();
    }
  }
}

/** The mail queue's consumer (runs only where the role runs workers). */
@Processor(QueueName.Mail, { concurrency: QUEUE_SETTINGS[QueueName.Mail].concurrency })
@Injectable()
export class MailProcessor extends WorkerHost {
  constructor(
    private readonly mail: MailService,
    private readonly sealer: JobDataSealer,
    @InjectDataSource() private readonly db: DataSource,
    private readonly attachmentSources: MailAttachmentSources,
  ) {
    super();
  }

  /**
   * Sends the job's mail once: its `outgoing_mail` row is locked while the mail is sent (a second
   * run of the same job, say one re-added after Redis lost the first, waits), skipped when it is
   * already sent, and marked sent in the same transaction. Jobs without a row (queued by an older
   * release) are sent as before.
   */
  async process(job: Job<SendTemplateJobData>): Promise<{ messageId: string | null; skipped?: true }> {
    if (job.name !== SEND_TEMPLATE_JOB) {
      // No retry can help: the job stays failed and visible in the dashboard.
      throw new UnrecoverableError(
        new QueueError('QUEUE_UNKNOWN_JOB', `no processor for job '${job.name}' on queue '${QueueName.Mail}'`).message,
      );
    }
    const id = String(job.id);
    let sent: { messageId: string; recorded: boolean } | undefined;
    try {
      return await this.db.transaction(async (manager) => {
        const [row] = (await manager.query(`SELECT sent_at, message_id FROM outgoing_mail WHERE id = $1 FOR UPDATE`, [id])) as Array<{
          sent_at: Date | null;
          message_id: string | null;
        }>;
        if (row?.sent_at) return { messageId: row.message_id, skipped: true as const };
        const messageId = await this.send(job);
        sent = { messageId, recorded: !!row };
        if (row)
          await manager.query(
            `UPDATE outgoing_mail SET sent_at = now(), message_id = $2, send_attempts = send_attempts + 1, last_error = NULL WHERE id = $1`,
            [id, messageId],
          );
        return { messageId };
      });
    } catch (err) {
      // The mail left, but its commit failed (PostgreSQL restarting mid-send: `npm run chaos` saw
      // 4 mails sent twice that way). Never send it again for that: mark it sent as soon as the
      // database answers; the job stays active meanwhile, so nothing else sends it.
      if (sent) {
        if (sent.recorded) await this.markSentAfterAll(id, sent.messageId, err as Error);
        return { messageId: sent.messageId };
      }
      const permanent = err instanceof MailError || err instanceof QueueError;
      await this.db
        .query(
          `UPDATE outgoing_mail SET send_attempts = send_attempts + 1, last_error = $2, failed_at = CASE WHEN $3 THEN now() ELSE failed_at END WHERE id = $1 AND sent_at IS NULL`,
          [id, (err as Error).message.slice(0, 500), permanent],
        )
        .catch(() => undefined);
      if (permanent) throw new UnrecoverableError(`${err.code}: ${err.message}`);
      throw err;
    }
  }

  /**
   * Marks a mail sent after its transaction failed around a successful send, retrying while the
   * database is away (1 s doubling to 5 s, at most MARK_SENT_WITHIN_MS). If it never answers, the
   * job still completes: the redelivery then finds a completed job for an unsent row and counts
   * it sent, so the mail is not sent again.
   */
  private async markSentAfterAll(id: string, messageId: string, cause: Error): Promise<void> {
    const logger = new Logger('mail');
    logger.warn(`mail ${id} was sent, but recording it failed (${cause.message}); recording it again until the database answers`);
    const deadline = Date.now() + MARK_SENT_WITHIN_MS;
    for (let wait = 1000; ; wait = Math.min(wait * 2, 5000)) {
      try {
        await this.db.query(
          `UPDATE outgoing_mail SET sent_at = now(), message_id = $2, send_attempts = send_attempts + 1, last_error = NULL WHERE id = $1 AND sent_at IS NULL`,
          [id, messageId],
        );
        return;
      } catch (err) {
        if (Date.now() + wait > deadline) {
          logger.error(
            `mail ${id} was sent but could not be recorded as sent (${(err as Error).message}); its completed job counts as sent`,
          );
          return;
        }
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  private async send(job: Job<SendTemplateJobData>): Promise<string> {
    const { template, to, locale, replyTo } = job.data;
    const props = this.propsOf(job);
    const headers = job.data.headers
      ? this.sealer.open<Record<string, string>>(job.data.headers, headersContext(String(job.id)))
      : undefined;
    // One Message-ID per recorded mail, the same on every attempt: a copy sent again after a crash
    // between the SMTP server's acceptance and our commit is the same message to the recipient's system.
    const messageId = this.mail.stableMessageId(String(job.id));
    const attachments = job.data.attachments?.length ? await this.attachmentSources.resolve(job.data.attachments) : undefined;
    return this.mail.sendTemplate(template, props, {
      to,
      locale,
      messageId,
      ...(attachments ? { attachments } : {}),
      ...(replyTo ? { replyTo } : {}),
      ...(headers ? { headers } : {}),
    });
  }

  private propsOf(job: Job<SendTemplateJobData>): TemplateProps<TemplateName> {
    const props: unknown = job.data.props;
    // Jobs queued before props were sealed (a rolling deploy) still carry them in the open.
    if (!isSealed(props)) return props as TemplateProps<TemplateName>;
    return this.sealer.open<TemplateProps<TemplateName>>(props, sealContext(String(job.id)));
  }
}
