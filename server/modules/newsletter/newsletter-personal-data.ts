import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DataSubject, PersonalDataPort } from '../../platform/privacy/index.js';
import { NewsletterSubscription } from './newsletter.entity.js';

/** The subscription of an address with its consent record, as the export and the profile show it. */
export interface NewsletterRecord {
  email: string;
  status: string;
  language: string;
  source: string;
  consent_at: string;
  consent_ip: string | null;
  consent_text: string;
  consent_version: string;
  confirm_requested_at: string;
  confirmed_at: string | null;
  confirmed_ip: string | null;
  unsubscribed_at: string | null;
  suspended_at: string | null;
  created_at: string;
}

/**
 * The newsletter module's part of a customer (docs/admin.md 'Customers'): the subscription and its
 * consent record; a blocked account's confirmed subscription is paused (status `unsubscribed`, so
 * no campaign reaches it, `suspended_at` set) and confirmed again when the block is lifted; an
 * erasure deletes the subscription.
 */
@Injectable()
export class NewsletterPersonalData implements PersonalDataPort<NewsletterRecord | null> {
  readonly section = 'newsletter';

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async subscriptionOf(email: string, m: EntityManager = this.db.manager): Promise<NewsletterRecord | null> {
    const row = await m.findOne(NewsletterSubscription, { where: { email } });
    return row ? toRecord(row) : null;
  }

  exportOf(subject: DataSubject): Promise<NewsletterRecord | null> {
    return this.subscriptionOf(subject.email);
  }

  /** Pauses a confirmed subscription while its account is blocked; true when one was paused. */
  async suspend(m: EntityManager, email: string, at: Date): Promise<boolean> {
    const rows = (await m.query(
      `UPDATE newsletter_subscription SET status = 'unsubscribed', suspended_at = $2, updated_at = $2
        WHERE email = $1 AND status = 'confirmed' RETURNING id`,
      [email, at],
    )) as [unknown[], number];
    return rows[1] > 0;
  }

  /** Confirms again a subscription paused by a block; true when one was resumed. */
  async resume(m: EntityManager, email: string, at: Date): Promise<boolean> {
    const rows = (await m.query(
      `UPDATE newsletter_subscription SET status = 'confirmed', suspended_at = NULL, updated_at = $2
        WHERE email = $1 AND suspended_at IS NOT NULL AND status = 'unsubscribed' AND unsubscribed_at IS NULL RETURNING id`,
      [email, at],
    )) as [unknown[], number];
    return rows[1] > 0;
  }

  async erase(m: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const rows = (await m.query(`DELETE FROM newsletter_subscription WHERE email = $1 RETURNING id`, [subject.email])) as [
      unknown[],
      number,
    ];
    return { newsletter_subscriptions: rows[1] };
  }
}

function toRecord(r: NewsletterSubscription): NewsletterRecord {
  const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
  return {
    email: r.email,
    status: r.status,
    language: r.locale,
    source: r.source,
    consent_at: r.consentAt.toISOString(),
    consent_ip: r.consentIp,
    consent_text: r.consentText,
    consent_version: r.consentVersion,
    confirm_requested_at: r.confirmRequestedAt.toISOString(),
    confirmed_at: iso(r.confirmedAt),
    confirmed_ip: r.confirmedIp,
    unsubscribed_at: iso(r.unsubscribedAt),
    suspended_at: iso(r.suspendedAt),
    created_at: r.createdAt.toISOString(),
  };
}
