import { Injectable } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { isSealed, JobDataSealer, QUEUE_SETTINGS, QueueError, QueueName, QueueService, type SealedValue } from '../queue/index.js';
import { MailError, type MailLocale, type TemplateName, type TemplateProps } from '../../../emails/render.js';
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
}

/** The authenticated context of a mail job's sealed props: they open only in this job. */
const sealContext = (jobId: string) => `${QueueName.Mail}/${SEND_TEMPLATE_JOB}/${jobId}`;
/** The same for the job's sealed headers (a context of their own: props and headers cannot be swapped). */
const headersContext = (jobId: string) => `${sealContext(jobId)}/headers`;

/**
 * Mails leave through the mail queue, in the worker: a subscriber (or a service) enqueues a
 * template with its props (MailQueue); MailProcessor renders it in the recipient's language and
 * sends it, with retries and backoff for transport failures (every attempt opens the same sealed
 * props, so a retried mail carries the same, valid link). A mail that cannot render (missing
 * translation, empty body, unknown template) or whose props cannot be opened is a bug no retry
 * fixes: it fails at once and stays visible.
 */
@Injectable()
export class MailQueue {
  constructor(
    private readonly queues: QueueService,
    private readonly sealer: JobDataSealer,
  ) {}

  /**
   * Queues one mail. `jobId` makes it idempotent: derive it from what caused the mail (an event id,
   * a token id), so a repeated cause does not send twice while the job is known. No ':' allowed.
   * The props are sealed: only the worker that sends the mail reads them. `headers` (e.g. a
   * newsletter's List-Unsubscribe) are sealed too and sent with the mail.
   */
  async enqueue<N extends TemplateName>(
    template: N,
    props: TemplateProps<N>,
    to: { to: string; locale: MailLocale; replyTo?: string; headers?: Record<string, string> },
    jobId: string,
  ): Promise<void> {
    const data: SendTemplateJobData<N> = {
      template,
      props: this.sealer.seal(props, sealContext(jobId)),
      to: to.to,
      locale: to.locale,
      ...(to.replyTo ? { replyTo: to.replyTo } : {}),
    };
    if (to.headers && Object.keys(to.headers).length) data.headers = this.sealer.seal(to.headers, headersContext(jobId));
    await this.queues.add(QueueName.Mail, SEND_TEMPLATE_JOB, data, { jobId });
  }
}

/** The mail queue's consumer (runs only where the role runs workers). */
@Processor(QueueName.Mail, { concurrency: QUEUE_SETTINGS[QueueName.Mail].concurrency })
@Injectable()
export class MailProcessor extends WorkerHost {
  constructor(
    private readonly mail: MailService,
    private readonly sealer: JobDataSealer,
  ) {
    super();
  }

  async process(job: Job<SendTemplateJobData>): Promise<{ messageId: string }> {
    if (job.name !== SEND_TEMPLATE_JOB) {
      // No retry can help: the job stays failed and visible in the dashboard.
      throw new UnrecoverableError(new QueueError('QUEUE_UNKNOWN_JOB', `no processor for job '${job.name}' on queue '${QueueName.Mail}'`).message);
    }
    const { template, to, locale, replyTo } = job.data;
    try {
      const props = this.propsOf(job);
      const headers = job.data.headers ? this.sealer.open<Record<string, string>>(job.data.headers, headersContext(String(job.id))) : undefined;
      return { messageId: await this.mail.sendTemplate(template, props, { to, locale, ...(replyTo ? { replyTo } : {}), ...(headers ? { headers } : {}) }) };
    } catch (err) {
      if (err instanceof MailError || err instanceof QueueError) throw new UnrecoverableError(`${err.code}: ${err.message}`);
      throw err;
    }
  }

  private propsOf(job: Job<SendTemplateJobData>): TemplateProps<TemplateName> {
    const props: unknown = job.data.props;
    // Jobs queued before props were sealed (a rolling deploy) still carry them in the open.
    if (!isSealed(props)) return props as TemplateProps<TemplateName>;
    return this.sealer.open<TemplateProps<TemplateName>>(props, sealContext(String(job.id)));
  }
}
