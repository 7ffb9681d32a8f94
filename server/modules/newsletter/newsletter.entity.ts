import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';
import type { NewsletterSource, NewsletterStatus } from '../../../contract/newsletter.js';

/**
 * One address of the newsletter (migration 1797000000000-newsletter, docs/newsletter.md). The
 * consent fields are the record of the request that is pending or was confirmed: when, from which
 * client address, the exact sentence shown (tags removed) and its version, which form.
 */
@Entity({ name: 'newsletter_subscription' })
export class NewsletterSubscription {
  @PrimaryColumn('uuid') id: string;
  /** Trimmed and lower-cased (contract/api/fields.ts normalizeEmail); unique. */
  @Column('text') email: string;
  @Column('text') locale: Locale;
  @Column('text') status: NewsletterStatus;
  @Column('text') source: NewsletterSource;
  @Column('timestamptz') consentAt: Date;
  @Column('text', { nullable: true }) consentIp: string | null;
  @Column('text') consentText: string;
  @Column('text') consentVersion: string;
  /** The newest request: only its event mails a link (an older one was superseded). */
  @Column('timestamptz') confirmRequestedAt: Date;
  /** SHA-256 of the confirmation link's token; null when none is open. */
  @Column('text', { nullable: true }) confirmTokenHash: string | null;
  @Column('timestamptz', { nullable: true }) confirmExpiresAt: Date | null;
  @Column('timestamptz', { nullable: true }) confirmedAt: Date | null;
  @Column('text', { nullable: true }) confirmedIp: string | null;
  /** With SECRET_KEY it derives the unsubscribe token (newsletter-tokens.ts); a new one voids older links. */
  @Column('text') unsubscribeNonce: string;
  @Column('text') unsubscribeTokenHash: string;
  @Column('timestamptz', { nullable: true }) unsubscribedAt: Date | null;
  /** A confirmed subscription paused while its account is blocked (status `unsubscribed` meanwhile). */
  @Column('timestamptz', { nullable: true }) suspendedAt: Date | null;
  @Column('timestamptz') createdAt: Date;
  @Column('timestamptz') updatedAt: Date;
}
