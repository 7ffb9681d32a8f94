import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import {
  ADMIN_NEWSLETTER_PAGE_SIZE,
  campaignVersionFor,
  type AdminCampaignDetail,
  type AdminCampaignList,
  type AdminCampaignRow,
  type AdminSubscriptionList,
  type AdminSubscriptionListQuery,
  type AdminSubscriptionRow,
  type CampaignContent,
  type CampaignLanguage,
  type CreateCampaignBody,
  type UpdateCampaignBody,
} from '../../../../contract/api/admin-newsletter.js';
import { LOCALES, type Locale } from '../../../../contract/locales.js';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { AuditTrail, registerAuditFields, type AuditActor } from '../../../platform/audit/index.js';
import { MailService } from '../../../platform/mail/index.js';
import { QueueName, QueueService } from '../../../platform/queue/index.js';
import { NewsletterError } from '../newsletter.errors.js';
import { NewsletterService } from '../newsletter.service.js';
import { campaignHeaders, deliveryJobId, paceDelayMs } from './campaign-mail.js';
import { CampaignRepository, type CampaignRow } from './campaign.repository.js';

export const SEND_CAMPAIGN_MAIL_JOB = 'send-campaign-mail';

/** The job of one recipient: the delivery row's id (the row holds everything else; nothing secret in the queue). */
export interface CampaignMailJobData {
  deliveryId: string;
}

/**
 * What the audit log keeps of a campaign ('newsletter_campaign' entries): its name, languages,
 * Croatian subject, state and the figures of its send; never a subscriber's address.
 */
const AUDITED = ['name', 'languages', 'subject_hr', 'other_languages', 'status', 'recipients', 'skipped'] as const;
registerAuditFields('newsletter_campaign', AUDITED);

type CreateInput = z.output<typeof CreateCampaignBody>;
type UpdateInput = z.output<typeof UpdateCampaignBody>;

/**
 * The operators' newsletter (docs/admin.md 'Newsletter'): the subscriber list with consent records,
 * campaigns written per language, previewed, tested on the operator's own address and sent to the
 * confirmed subscribers. Sending snapshots the recipients in the send's transaction (one delivery
 * row each, unique per campaign and subscriber) and then adds one delayed job per recipient to the
 * newsletter queue, spaced at NEWSLETTER_RATE_PER_MINUTE; CampaignDeliveryProcessor sends them.
 */
@Injectable()
export class CampaignAdminService {
  private readonly logger = new Logger('newsletter');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly campaigns: CampaignRepository,
    private readonly newsletter: NewsletterService,
    private readonly mail: MailService,
    private readonly queues: QueueService,
    private readonly audit: AuditTrail,
  ) {}

  // ----- subscribers -----------------------------------------------------------------------------

  async subscriptions(query: AdminSubscriptionListQuery): Promise<AdminSubscriptionList> {
    const page = query.page ?? 1;
    const { total, rows, counts } = await this.campaigns.subscriptionsPage(
      { status: query.status, q: query.q },
      (page - 1) * ADMIN_NEWSLETTER_PAGE_SIZE,
      ADMIN_NEWSLETTER_PAGE_SIZE,
    );
    return { subscriptions: rows.map(subscriptionRow), page, page_size: ADMIN_NEWSLETTER_PAGE_SIZE, total, counts };
  }

  // ----- campaigns -------------------------------------------------------------------------------

  async list(page = 1): Promise<AdminCampaignList> {
    const { total, rows } = await this.campaigns.page((page - 1) * ADMIN_NEWSLETTER_PAGE_SIZE, ADMIN_NEWSLETTER_PAGE_SIZE);
    const counts = await this.campaigns.counts(rows.map((r) => r.id));
    return { campaigns: rows.map((r) => campaignRow(r, counts.get(r.id)!)), page, page_size: ADMIN_NEWSLETTER_PAGE_SIZE, total };
  }

  async detail(id: string, m: EntityManager = this.db.manager): Promise<AdminCampaignDetail> {
    const c = await this.campaigns.byId(m, id);
    if (!c) throw new NewsletterError('NEWSLETTER_CAMPAIGN_NOT_FOUND');
    const counts = (await this.campaigns.counts([id])).get(id)!;
    const audience =
      c.status === 'draft'
        ? await this.campaigns.confirmedByLocale(m).then((by) =>
            LOCALES.map((locale) => ({
              locale,
              subscribers: by.get(locale) ?? 0,
              gets: campaignVersionFor(languagesOf(c.content), c.other_languages, locale),
            })),
          )
        : [];
    return { ...campaignRow(c, counts), content: c.content, other_languages: c.other_languages, audience };
  }

  async create(input: CreateInput, actor: AuditActor): Promise<AdminCampaignDetail> {
    this.assertShopImages(input.content);
    return this.db.transaction(async (m) => {
      const id = randomUUID();
      const row = { id, name: input.name, content: input.content, other_languages: input.other_languages ?? 'skip' };
      await this.campaigns.insert(m, row);
      await this.audit.record(m, {
        actor,
        action: 'newsletter_campaign.create',
        entityType: 'newsletter_campaign',
        entityId: id,
        before: null,
        after: audited(row),
      });
      return this.detail(id, m);
    });
  }

  /** Changes a draft; a campaign that is being sent or was sent stays as it went out (409 NEWSLETTER_CAMPAIGN_SENT). */
  async update(id: string, change: UpdateInput, actor: AuditActor): Promise<AdminCampaignDetail> {
    if (change.content) this.assertShopImages(change.content);
    return this.db.transaction(async (m) => {
      const c = await this.campaigns.byId(m, id, true);
      if (!c) throw new NewsletterError('NEWSLETTER_CAMPAIGN_NOT_FOUND');
      if (c.status !== 'draft') throw new NewsletterError('NEWSLETTER_CAMPAIGN_SENT');
      const next = {
        id,
        name: change.name ?? c.name,
        content: change.content ?? c.content,
        other_languages: change.other_languages ?? c.other_languages,
      };
      const before = audited(c);
      const after = audited(next);
      const contentChanged = JSON.stringify(next.content) !== JSON.stringify(c.content);
      const changed = AUDITED.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
      if (changed.length || contentChanged) {
        await this.campaigns.update(m, next);
        await this.audit.record(m, {
          actor,
          action: 'newsletter_campaign.update',
          entityType: 'newsletter_campaign',
          entityId: id,
          before: pick(before, ['name', ...changed]),
          after: pick(after, ['name', ...changed]),
        });
      }
      return this.detail(id, m);
    });
  }

  /** One version rendered as a subscriber gets it (their unsubscribe link stands in as the page without token). */
  async preview(locale: Locale, version: CampaignLanguage): Promise<{ subject: string; html: string; text: string }> {
    this.assertShopImages({ [locale]: version });
    return this.mail.render(
      'newsletter-campaign',
      this.props(version, this.newsletter.links.page('newsletter_unsubscribe', locale)),
      locale,
    );
  }

  /** The saved version of `locale`, rendered (the editor's preview iframe). */
  async previewSaved(id: string, locale: Locale): Promise<{ subject: string; html: string; text: string }> {
    const c = await this.campaigns.byId(this.db.manager, id);
    if (!c) throw new NewsletterError('NEWSLETTER_CAMPAIGN_NOT_FOUND');
    const version = c.content[locale];
    if (!version) throw new NewsletterError('NEWSLETTER_VERSION_MISSING', 'locale');
    return this.preview(locale, version);
  }

  /**
   * The saved version of `locale` to the operator's own address, '[TEST]' before the subject, sent at
   * once from the marketing sender with the campaign's headers (its unsubscribe link leads to the page
   * without a token: the operator is no subscriber). Counted nowhere.
   */
  async sendTest(id: string, locale: Locale, to: string | undefined): Promise<{ to: string }> {
    if (!to || !/^[^\s@]+@[^\s@]+$/.test(to)) throw new NewsletterError('NEWSLETTER_TEST_ADDRESS_MISSING');
    const c = await this.campaigns.byId(this.db.manager, id);
    if (!c) throw new NewsletterError('NEWSLETTER_CAMPAIGN_NOT_FOUND');
    const version = c.content[locale];
    if (!version) throw new NewsletterError('NEWSLETTER_VERSION_MISSING', 'locale');
    const page = this.newsletter.links.page('newsletter_unsubscribe', locale);
    await this.mail.sendTemplate(
      'newsletter-campaign',
      { ...this.props(version, page), test: true },
      {
        to,
        locale,
        from: this.config.mail.marketing.from,
        replyTo: this.config.mail.marketing.replyTo,
        headers: { 'List-Id': this.config.mail.marketing.listId, Precedence: 'bulk' },
      },
    );
    return { to };
  }

  /**
   * Sends the campaign: in one transaction the campaign is locked and must be a draft, the confirmed
   * subscribers are snapshotted as deliveries (each with the version of their language, or skipped),
   * it becomes 'sending' and the audit row is written; after the commit the deliveries' jobs are
   * added, paced. Sending a campaign that is already under way or sent changes nothing (the same answer).
   */
  async send(id: string, actor: AuditActor): Promise<AdminCampaignDetail> {
    const started = await this.db.transaction(async (m) => {
      const c = await this.campaigns.byId(m, id, true);
      if (!c) throw new NewsletterError('NEWSLETTER_CAMPAIGN_NOT_FOUND');
      if (c.status !== 'draft') return false;
      const languages = languagesOf(c.content);
      const versions = Object.fromEntries(LOCALES.map((l) => [l, campaignVersionFor(languages, c.other_languages, l)])) as Record<
        Locale,
        Locale | null
      >;
      const by = await this.campaigns.confirmedByLocale(m);
      const getting = LOCALES.reduce((n, l) => n + (versions[l] ? (by.get(l) ?? 0) : 0), 0);
      if (getting === 0) throw new NewsletterError('NEWSLETTER_NO_RECIPIENTS');
      const recipients = await this.campaigns.snapshot(m, id, versions);
      await this.campaigns.markSending(m, id);
      const skipped = LOCALES.reduce((n, l) => n + (versions[l] ? 0 : (by.get(l) ?? 0)), 0);
      await this.audit.record(m, {
        actor,
        action: 'newsletter_campaign.send',
        entityType: 'newsletter_campaign',
        entityId: id,
        before: { name: c.name, status: 'draft' },
        after: { name: c.name, status: 'sending', recipients, skipped },
      });
      return true;
    });
    if (started) await this.enqueue(id);
    return this.detail(id);
  }

  /**
   * Adds the jobs of a campaign's waiting deliveries, the first at once and each next one
   * 60 000 / NEWSLETTER_RATE_PER_MINUTE ms later. A job that exists already (same id) is not added
   * again, so this is safe to repeat: after a restart, or when the queue was away at the send.
   */
  async enqueue(campaignId: string): Promise<number> {
    const ids = await this.campaigns.queued(campaignId);
    const rate = this.config.newsletter.ratePerMinute;
    for (let from = 0; from < ids.length; from += 500) {
      const chunk = ids.slice(from, from + 500).map((deliveryId, i) => ({
        name: SEND_CAMPAIGN_MAIL_JOB,
        data: { deliveryId } satisfies CampaignMailJobData,
        opts: { jobId: deliveryJobId(deliveryId), delay: paceDelayMs(from + i, rate) },
      }));
      try {
        await this.queues.addBulk(QueueName.Newsletter, chunk);
      } catch (err) {
        this.logger.warn(
          `campaign ${campaignId}: ${ids.length - from} mails not queued yet (${(err as Error).message}); added at the next start`,
        );
        return from;
      }
    }
    return ids.length;
  }

  /** The template's props of a version for one recipient. */
  props(version: CampaignLanguage, unsubscribeUrl: string) {
    return {
      subject: version.subject,
      ...(version.preheader ? { preheader: version.preheader } : {}),
      blocks: version.blocks,
      unsubscribeUrl,
    };
  }

  /** The headers of one recipient's campaign mail (List-Id, one-click List-Unsubscribe, Precedence). */
  headersFor(oneClickUrl: string): Record<string, string> {
    return campaignHeaders({ listId: this.config.mail.marketing.listId, oneClickUrl });
  }

  /** Images must be the shop's own: a path, or an absolute URL on PUBLIC_URL's origin (422 NEWSLETTER_IMAGE_NOT_SHOP). */
  private assertShopImages(content: Partial<CampaignContent>): void {
    const origin = new URL(this.config.http.publicUrl).origin;
    for (const locale of LOCALES) {
      content[locale]?.blocks.forEach((b, i) => {
        if (b.type === 'image' && !b.src.startsWith('/') && new URL(b.src).origin !== origin) {
          throw new NewsletterError('NEWSLETTER_IMAGE_NOT_SHOP', `content.${locale}.blocks.${i}.src`, { origin });
        }
      });
    }
  }
}

function languagesOf(content: CampaignContent): Locale[] {
  return LOCALES.filter((l) => content[l]);
}

function audited(c: Pick<CampaignRow, 'name' | 'content' | 'other_languages'> & { status?: string }) {
  return {
    name: c.name,
    languages: languagesOf(c.content),
    subject_hr: c.content.hr?.subject ?? null,
    other_languages: c.other_languages,
    status: c.status ?? 'draft',
  } as Record<(typeof AUDITED)[number], unknown>;
}

function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}

const iso = (d: unknown): string | null => (d ? new Date(d as string).toISOString() : null);

function campaignRow(c: CampaignRow, counts: AdminCampaignRow['counts']): AdminCampaignRow {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    languages: languagesOf(c.content),
    subject: c.content.hr?.subject ?? '',
    created_at: iso(c.created_at)!,
    updated_at: iso(c.updated_at)!,
    send_started_at: iso(c.send_started_at),
    finished_at: iso(c.finished_at),
    counts,
  };
}

function subscriptionRow(r: Record<string, unknown>): AdminSubscriptionRow {
  return {
    id: r.id as string,
    email: r.email as string,
    locale: r.locale as AdminSubscriptionRow['locale'],
    status: r.status as AdminSubscriptionRow['status'],
    source: r.source as AdminSubscriptionRow['source'],
    consent_at: iso(r.consent_at)!,
    consent_ip: (r.consent_ip as string | null) ?? null,
    consent_text: r.consent_text as string,
    consent_version: r.consent_version as string,
    confirmed_at: iso(r.confirmed_at),
    confirmed_ip: (r.confirmed_ip as string | null) ?? null,
    unsubscribed_at: iso(r.unsubscribed_at),
    created_at: iso(r.created_at)!,
  };
}
