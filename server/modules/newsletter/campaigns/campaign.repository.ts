import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { CampaignContent, CampaignCounts, CampaignOthers, CampaignStatus } from '../../../../contract/api/admin-newsletter.js';
import type { Locale } from '../../../../contract/locales.js';
import type { NewsletterStatus } from '../../../../contract/newsletter.js';

/** A `newsletter_campaign` row. */
export interface CampaignRow {
  id: string;
  name: string;
  content: CampaignContent;
  other_languages: CampaignOthers;
  status: CampaignStatus;
  created_at: Date;
  updated_at: Date;
  send_started_at: Date | null;
  finished_at: Date | null;
}

/** A queued delivery with what its mail needs, locked while it is sent. */
export interface DeliveryToSend {
  id: string;
  campaign_id: string;
  status: string;
  locale: Locale | null;
  content: CampaignContent;
  subscription_id: string;
  email: string;
  subscription_status: NewsletterStatus;
  subscription_locale: Locale;
  unsubscribe_nonce: string;
}

export interface SubscriptionFilter {
  status?: NewsletterStatus;
  q?: string;
}

const ZERO: CampaignCounts = { recipients: 0, queued: 0, sent: 0, failed: 0, skipped: 0, stopped: 0, unsubscribed_since: 0 };

/** The SQL of campaigns and their deliveries (`newsletter_campaign`, `newsletter_delivery`); a method taking a manager runs in the caller's transaction. */
@Injectable()
export class CampaignRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async byId(m: EntityManager, id: string, lock = false): Promise<CampaignRow | null> {
    const rows = (await m.query(`SELECT * FROM newsletter_campaign WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])) as CampaignRow[];
    return rows[0] ?? null;
  }

  async page(offset: number, limit: number): Promise<{ total: number; rows: CampaignRow[] }> {
    const [{ total }] = (await this.db.query(`SELECT count(*)::int AS total FROM newsletter_campaign`)) as Array<{ total: number }>;
    const rows = (await this.db.query(`SELECT * FROM newsletter_campaign ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [
      limit,
      offset,
    ])) as CampaignRow[];
    return { total, rows };
  }

  async insert(m: EntityManager, row: Pick<CampaignRow, 'id' | 'name' | 'content' | 'other_languages'>): Promise<void> {
    await m.query(`INSERT INTO newsletter_campaign (id, name, content, other_languages) VALUES ($1, $2, $3, $4)`, [
      row.id,
      row.name,
      JSON.stringify(row.content),
      row.other_languages,
    ]);
  }

  async update(m: EntityManager, row: Pick<CampaignRow, 'id' | 'name' | 'content' | 'other_languages'>): Promise<void> {
    await m.query(`UPDATE newsletter_campaign SET name = $2, content = $3, other_languages = $4, updated_at = now() WHERE id = $1`, [
      row.id,
      row.name,
      JSON.stringify(row.content),
      row.other_languages,
    ]);
  }

  /** Confirmed subscribers now, by language. */
  async confirmedByLocale(m: EntityManager = this.db.manager): Promise<Map<Locale, number>> {
    const rows = (await m.query(
      `SELECT locale, count(*)::int AS n FROM newsletter_subscription WHERE status = 'confirmed' GROUP BY locale`,
    )) as Array<{ locale: Locale; n: number }>;
    return new Map(rows.map((r) => [r.locale, r.n]));
  }

  /**
   * The snapshot of a send: one delivery per subscriber confirmed now, in the order they confirmed;
   * `versionFor` names the version each language gets (null: skipped). Answers the recipients' number.
   */
  async snapshot(m: EntityManager, campaignId: string, versions: Record<Locale, Locale | null>): Promise<number> {
    const res = (await m.query(
      `INSERT INTO newsletter_delivery (id, campaign_id, subscription_id, locale, position, status)
       SELECT gen_random_uuid(), $1, s.id, v.version,
              (row_number() OVER (ORDER BY s.confirmed_at, s.id))::int - 1,
              CASE WHEN v.version IS NULL THEN 'skipped' ELSE 'queued' END
         FROM newsletter_subscription s
         JOIN jsonb_each_text($2::jsonb) AS v(locale, version) ON v.locale = s.locale
        WHERE s.status = 'confirmed'
       ON CONFLICT (campaign_id, subscription_id) DO NOTHING
       RETURNING id`,
      [campaignId, JSON.stringify(versions)],
    )) as unknown[];
    return Array.isArray(res[0]) ? (res[0] as unknown[]).length : res.length;
  }

  async markSending(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE newsletter_campaign SET status = 'sending', send_started_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** Marks the campaign sent once no delivery waits any more (in `m`, after a delivery changed). */
  async finishIfDone(m: EntityManager, id: string): Promise<void> {
    await m.query(
      `UPDATE newsletter_campaign SET status = 'sent', finished_at = now()
        WHERE id = $1 AND status = 'sending'
          AND NOT EXISTS (SELECT 1 FROM newsletter_delivery WHERE campaign_id = $1 AND status = 'queued')`,
      [id],
    );
  }

  /** The deliveries still waiting, in the send's order (for adding their jobs). */
  async queued(campaignId: string): Promise<string[]> {
    const rows = (await this.db.query(`SELECT id FROM newsletter_delivery WHERE campaign_id = $1 AND status = 'queued' ORDER BY position`, [
      campaignId,
    ])) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** Campaigns whose send is under way (the resume after a restart). */
  async sendingIds(): Promise<string[]> {
    const rows = (await this.db.query(`SELECT id FROM newsletter_campaign WHERE status = 'sending' ORDER BY send_started_at`)) as Array<{
      id: string;
    }>;
    return rows.map((r) => r.id);
  }

  /** One delivery with its campaign and subscription, the delivery locked. */
  async lockDelivery(m: EntityManager, id: string): Promise<DeliveryToSend | null> {
    const rows = (await m.query(
      `SELECT d.id, d.campaign_id, d.status, d.locale, c.content, d.subscription_id, s.email,
              s.status AS subscription_status, s.locale AS subscription_locale, s.unsubscribe_nonce
         FROM newsletter_delivery d
         JOIN newsletter_campaign c ON c.id = d.campaign_id
         JOIN newsletter_subscription s ON s.id = d.subscription_id
        WHERE d.id = $1
        FOR UPDATE OF d`,
      [id],
    )) as DeliveryToSend[];
    return rows[0] ?? null;
  }

  async setDelivery(
    m: EntityManager,
    id: string,
    patch: { status: 'sent' | 'failed' | 'stopped' | 'queued'; messageId?: string; error?: string | null },
  ): Promise<void> {
    await m.query(
      `UPDATE newsletter_delivery
          SET status = $2, attempts = attempts + CASE WHEN $2 IN ('sent', 'failed', 'queued') THEN 1 ELSE 0 END,
              message_id = COALESCE($3, message_id), last_error = $4,
              sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE sent_at END
        WHERE id = $1`,
      [id, patch.status, patch.messageId ?? null, patch.error?.slice(0, 500) ?? null],
    );
  }

  /** The figures of campaigns (docs: contract CampaignCounts), by id. */
  async counts(ids: readonly string[]): Promise<Map<string, CampaignCounts>> {
    const out = new Map<string, CampaignCounts>(ids.map((id) => [id, { ...ZERO }]));
    if (!ids.length) return out;
    const rows = (await this.db.query(
      `SELECT d.campaign_id, d.status, count(*)::int AS n,
              count(*) FILTER (WHERE s.status = 'unsubscribed' AND s.unsubscribed_at >= c.send_started_at)::int AS left_since
         FROM newsletter_delivery d
         JOIN newsletter_campaign c ON c.id = d.campaign_id
         JOIN newsletter_subscription s ON s.id = d.subscription_id
        WHERE d.campaign_id = ANY($1::uuid[])
        GROUP BY d.campaign_id, d.status`,
      [ids],
    )) as Array<{ campaign_id: string; status: keyof CampaignCounts; n: number; left_since: number }>;
    for (const r of rows) {
      const c = out.get(r.campaign_id)!;
      c[r.status] += r.n;
      c.recipients += r.n;
      c.unsubscribed_since += r.left_since;
    }
    return out;
  }

  async subscriptionsPage(
    filter: SubscriptionFilter,
    offset: number,
    limit: number,
  ): Promise<{ total: number; rows: Array<Record<string, unknown>>; counts: Record<NewsletterStatus, number> }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.q) where.push(`strpos(email, $${params.push(filter.q.toLowerCase())}) > 0`);
    const sql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.db.query(`SELECT count(*)::int AS total FROM newsletter_subscription ${sql}`, params)) as Array<{
      total: number;
    }>;
    const rows = (await this.db.query(
      `SELECT id, email, locale, status, source, consent_at, consent_ip, consent_text, consent_version, confirmed_at, confirmed_ip,
              unsubscribed_at, created_at
         FROM newsletter_subscription ${sql}
        ORDER BY created_at DESC, id
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    )) as Array<Record<string, unknown>>;
    const byStatus = (await this.db.query(`SELECT status, count(*)::int AS n FROM newsletter_subscription GROUP BY status`)) as Array<{
      status: NewsletterStatus;
      n: number;
    }>;
    const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
    for (const r of byStatus) counts[r.status] = r.n;
    return { total, rows, counts };
  }
}
