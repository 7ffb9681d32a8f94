import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { QueueName, QueueService } from '../queue/index.js';
import { MailError, type MailLocale, type TemplateName, type TemplateProps } from '../../../emails/render.js';
import { MailService } from './mail.service.js';

export const SEND_TEMPLATE_JOB = 'send-template';

export interface SendTemplateJobData<N extends TemplateName = TemplateName> {
  template: N;
  props: TemplateProps<N>;
  to: string;
  locale: MailLocale;
}

/**
 * Mails leave through the mail queue, in the worker: a subscriber (or a service) enqueues a
 * template with its props; the job renders it in the recipient's language and sends it, with
 * retries and backoff for transport failures. A mail that cannot render (missing translation,
 * empty body, unknown template) is a bug no retry fixes: it fails at once and stays visible.
 */
@Injectable()
export class MailQueue implements OnModuleInit {
  constructor(
    private readonly queues: QueueService,
    private readonly mail: MailService,
  ) {}

  onModuleInit(): void {
    this.queues.process(QueueName.Mail, SEND_TEMPLATE_JOB, async (job: Job<SendTemplateJobData>) => {
      const { template, props, to, locale } = job.data;
      try {
        return { messageId: await this.mail.sendTemplate(template, props, { to, locale }) };
      } catch (err) {
        if (err instanceof MailError) throw new UnrecoverableError(`${err.code}: ${err.message}`);
        throw err;
      }
    });
  }

  /**
   * Queues one mail. `jobId` makes it idempotent: derive it from what caused the mail (an event id,
   * a token id), so a repeated cause does not send twice while the job is known. No ':' allowed.
   */
  async enqueue<N extends TemplateName>(template: N, props: TemplateProps<N>, to: { to: string; locale: MailLocale }, jobId: string): Promise<void> {
    const data: SendTemplateJobData<N> = { template, props, to: to.to, locale: to.locale };
    await this.queues.add(QueueName.Mail, SEND_TEMPLATE_JOB, data, { jobId });
  }
}
