import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { MailError, MailService } from '../../../platform/mail/index.js';
import { QUEUE_SETTINGS, QueueName, QueueService } from '../../../platform/queue/index.js';
import { NewsletterService } from '../newsletter.service.js';
import { CampaignAdminService, SEND_CAMPAIGN_MAIL_JOB, type CampaignMailJobData } from './campaign-admin.service.js';
import { CampaignRepository } from './campaign.repository.js';

type Outcome = { status: 'sent' | 'stopped' | 'skipped'; messageId?: string };

/**
 * Sends one recipient's campaign mail (the newsletter queue's worker). The delivery row is locked
 * while the mail is sent and marked in the same transaction, so a repeated job (a retry, a job
 * added again after a restart) finds it sent and sends nothing: never twice to one person. A
 * recipient who unsubscribed since the send started is stopped, not mailed. The mail goes from
 * the marketing sender with its Reply-To, List-Id, the recipient's one-click List-Unsubscribe and
 * their unsubscribe link in the footer, with a Message-ID that is the same on every attempt.
 * After the last retry (or at once for a mail that cannot render) the delivery is 'failed'.
 */
@Processor(QueueName.Newsletter, { concurrency: QUEUE_SETTINGS[QueueName.Newsletter].concurrency })
@Injectable()
export class CampaignDeliveryProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('newsletter');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly campaigns: CampaignRepository,
    private readonly admin: CampaignAdminService,
    private readonly newsletter: NewsletterService,
    private readonly mail: MailService,
    private readonly queues: QueueService,
  ) {
    super();
  }

  /**
   * Resumes sends under way where workers start: their waiting deliveries' jobs are added again
   * (paced from now); those the queue still holds are not added twice (same job id).
   */
  onApplicationBootstrap(): void {
    if (!this.queues.runsWorkers) return;
    void this.campaigns
      .sendingIds()
      .then(async (ids) => {
        for (const id of ids) await this.admin.enqueue(id);
      })
      .catch((err: Error) => this.logger.warn(`resuming campaign sends: ${err.message}`));
  }

  async process(job: Job<CampaignMailJobData>): Promise<Outcome> {
    if (job.name !== SEND_CAMPAIGN_MAIL_JOB) throw new UnrecoverableError(`no processor for job '${job.name}' on queue 'newsletter'`);
    const { deliveryId } = job.data;
    try {
      return await this.db.transaction(async (m) => {
        const d = await this.campaigns.lockDelivery(m, deliveryId);
        if (!d || d.status !== 'queued') return { status: 'skipped' as const };
        if (d.subscription_status !== 'confirmed' || !d.locale || !d.content[d.locale]) {
          await this.campaigns.setDelivery(m, d.id, { status: 'stopped' });
          await this.campaigns.finishIfDone(m, d.campaign_id);
          return { status: 'stopped' as const };
        }
        const links = this.newsletter.unsubscribeLinks({ id: d.subscription_id, unsubscribeNonce: d.unsubscribe_nonce, locale: d.locale });
        const oneClick = /^<(.+)>$/.exec(links.headers['List-Unsubscribe'])![1]!;
        const messageId = await this.mail.sendTemplate('newsletter-campaign', this.admin.props(d.content[d.locale]!, links.pageUrl), {
          to: d.email,
          locale: d.locale,
          from: this.config.mail.marketing.from,
          replyTo: this.config.mail.marketing.replyTo,
          headers: this.admin.headersFor(oneClick),
          messageId: this.mail.stableMessageId(`newsletter-delivery:${d.id}`),
        });
        await this.campaigns.setDelivery(m, d.id, { status: 'sent', messageId });
        await this.campaigns.finishIfDone(m, d.campaign_id);
        return { status: 'sent' as const, messageId };
      });
    } catch (err) {
      const attempts = job.opts.attempts ?? QUEUE_SETTINGS[QueueName.Newsletter].attempts;
      const permanent = err instanceof MailError;
      const last = permanent || job.attemptsMade + 1 >= attempts;
      await this.db
        .transaction(async (m) => {
          const d = await this.campaigns.lockDelivery(m, deliveryId);
          if (!d || d.status !== 'queued') return;
          await this.campaigns.setDelivery(m, d.id, { status: last ? 'failed' : 'queued', error: (err as Error).message });
          if (last) await this.campaigns.finishIfDone(m, d.campaign_id);
        })
        .catch(() => undefined);
      if (permanent) throw new UnrecoverableError(`${err.code}: ${err.message}`);
      throw err;
    }
  }
}
