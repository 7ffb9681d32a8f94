import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DataSubject, PersonalDataPort } from '../../platform/privacy/index.js';
import type { NewsletterSubscription } from './newsletter.entity.js';
import { NewsletterPersonalDataRepository } from './newsletter-personal-data.repository.js';

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

  constructor(private readonly subscriptions: NewsletterPersonalDataRepository) {}

  async subscriptionOf(email: string, m?: EntityManager): Promise<NewsletterRecord | null> {
    const row = await this.subscriptions.ofEmail(email, m);
    return row ? toRecord(row) : null;
  }

  exportOf(subject: DataSubject): Promise<NewsletterRecord | null> {
    return this.subscriptionOf(subject.email);
  }

  /** Pauses a confirmed subscription while its account is blocked; true when one was paused. */
  async suspend(m: EntityManager, email: string, at: Date): Promise<boolean> {
    return (await this.subscriptions.suspend(m, email, at)) > 0;
  }

  /** Confirms again a subscription paused by a block; true when one was resumed. */
  async resume(m: EntityManager, email: string, at: Date): Promise<boolean> {
    return (await this.subscriptions.resume(m, email, at)) > 0;
  }

  async erase(m: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    return { newsletter_subscriptions: await this.subscriptions.deleteOfEmail(m, subject.email) };
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
