import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';
import { NEWSLETTER_CONSENT_VERSION, newsletterConsentText, type NewsletterSource } from '../../../contract/newsletter.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { EventPublisher } from '../../platform/events/index.js';
import { RateLimitService, type RateLimitRule } from '../../platform/rate-limit/index.js';
import { csvDocument } from './csv.js';
import { NewsletterConfirmationRequested, NewsletterSubscriptionConfirmed, NewsletterUnsubscribed } from './events/newsletter.events.js';
import { NewsletterLinks } from './newsletter-links.js';
import { hashToken, isTokenShaped, newNonce, NewsletterTokens } from './newsletter-tokens.js';
import type { NewsletterSubscription } from './newsletter.entity.js';
import { NewsletterRepository } from './newsletter.repository.js';
import { NewsletterError } from './newsletter.errors.js';
import { NEWSLETTER_CSV_COLUMNS } from '../../../contract/api/newsletter.js';

/** What a subscription request says: the address (normalized), the language, which form, from where. */
export interface SubscriptionRequest {
  email: string;
  locale: Locale;
  source: NewsletterSource;
  /** The client address the consent was given from (null when unknown). */
  ip: string | null;
  /** When the consent was given (the request; for an account's tick, its event). */
  at: Date;
}

/** What an unsubscribe link needs: the page for people, the one-click URL and headers for mail providers. */
export interface UnsubscribeLinks {
  /** The page in the footer of every newsletter mail (a button there unsubscribes). */
  pageUrl: string;
  /** RFC 2369 / RFC 8058 headers: a POST to the URL unsubscribes at once, without cookies or CSRF token. */
  headers: { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const HOUR = 60 * 60;

/**
 * The newsletter with double opt-in (docs/newsletter.md). A request never reveals whether the
 * address is known: it is answered the same and does the same work (a row written or touched, one
 * outbox event); the worker mails a confirmation link only to a pending address whose newest request
 * it is. Only the confirmed link subscribes. Unsubscribing is one click, by a signed token.
 */
@Injectable()
export class NewsletterService {
  readonly links: NewsletterLinks;
  readonly tokens: NewsletterTokens;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventPublisher,
    private readonly limits: RateLimitService,
    private readonly subscriptions: NewsletterRepository,
  ) {
    this.links = new NewsletterLinks(config.http.publicUrl);
    this.tokens = new NewsletterTokens(config.secretKey);
  }

  /** Counts a subscription attempt of a client address (before the body is even read). */
  async limitIp(ip: string): Promise<void> {
    await this.limits.consume(this.rule('newsletter-ip', this.config.newsletter.rateLimitPerIp), ip);
  }

  /** Counts a confirmation attempt of a client address (the identity links' budget: AUTH_RATE_LIMIT_PER_IP per 15 minutes). */
  async limitLinkIp(ip: string): Promise<void> {
    await this.limits.consume({ name: 'newsletter-confirm-ip', points: this.config.auth.rateLimitPerIp, durationSeconds: 15 * 60 }, ip);
  }

  /** The public form (home page, footer). Rate-limited per address too: nobody is mail-bombed with confirmations. */
  async subscribe(input: SubscriptionRequest): Promise<void> {
    await this.limits.consume(this.rule('newsletter-email', this.config.newsletter.rateLimitPerEmail), input.email);
    try {
      await this.db.transaction((m) => this.request(m, input));
    } catch (err) {
      // Two requests for one new address at the same moment: the other one's row and mail stand.
      if ((err as { code?: string }).code === '23505') return;
      throw err;
    }
  }

  /**
   * Records a request in `m` (the caller's transaction): a new address becomes pending; a pending or
   * unsubscribed one gets this request's consent record and becomes pending; a confirmed one stays as
   * it is. One `newsletter.confirmation-requested` in every case (its handler decides to mail).
   */
  async request(m: EntityManager, input: SubscriptionRequest): Promise<void> {
    const consent = {
      locale: input.locale,
      source: input.source,
      consentAt: input.at,
      consentIp: input.ip,
      consentText: newsletterConsentText(input.source, input.locale),
      consentVersion: NEWSLETTER_CONSENT_VERSION,
      confirmRequestedAt: input.at,
      updatedAt: new Date(),
    };
    const existing = await this.subscriptions.lock(m, { email: input.email });
    let id: string;
    if (!existing) {
      id = randomUUID();
      const nonce = newNonce();
      await this.subscriptions.insert(m, {
        id,
        email: input.email,
        status: 'pending',
        ...consent,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        confirmedAt: null,
        confirmedIp: null,
        unsubscribeNonce: nonce,
        unsubscribeTokenHash: hashToken(this.tokens.unsubscribe(id, nonce)),
        unsubscribedAt: null,
        createdAt: new Date(),
      });
    } else {
      id = existing.id;
      if (existing.status !== 'confirmed') {
        const patch: Partial<NewsletterSubscription> = { status: 'pending', ...consent };
        if (existing.status === 'unsubscribed') {
          // A new subscription: the links of the old one stop working.
          const nonce = newNonce();
          Object.assign(patch, { unsubscribeNonce: nonce, unsubscribeTokenHash: hashToken(this.tokens.unsubscribe(id, nonce)) });
        }
        await this.subscriptions.update(m, id, patch);
      }
    }
    await this.events.publish(m, new NewsletterConfirmationRequested({ subscriptionId: id, requestedAt: input.at.toISOString() }));
  }

  /** Confirms by the mailed link's token (the page's button). A second click answers the same. */
  async confirm(token: unknown, ip: string): Promise<{ locale: Locale }> {
    if (!isTokenShaped(token)) throw new NewsletterError('NEWSLETTER_LINK_INVALID');
    return this.db.transaction(async (m) => {
      const sub = await this.subscriptions.lock(m, { confirmTokenHash: hashToken(token) });
      if (!sub || sub.status === 'unsubscribed') throw new NewsletterError('NEWSLETTER_LINK_INVALID');
      if (sub.status === 'confirmed') return { locale: sub.locale };
      if (!sub.confirmExpiresAt || sub.confirmExpiresAt.getTime() <= Date.now()) throw new NewsletterError('NEWSLETTER_LINK_EXPIRED');
      const now = new Date();
      await this.subscriptions.update(m, sub.id, {
        status: 'confirmed',
        confirmedAt: now,
        confirmedIp: ip,
        unsubscribedAt: null,
        updatedAt: now,
      });
      await this.events.publish(
        m,
        new NewsletterSubscriptionConfirmed({ subscriptionId: sub.id, email: sub.email, confirmedAt: now.toISOString() }),
      );
      return { locale: sub.locale };
    });
  }

  /** One click, immediate: the unsubscribe link's token. Unsubscribing twice answers the same. */
  async unsubscribe(token: unknown): Promise<{ locale: Locale }> {
    if (!isTokenShaped(token)) throw new NewsletterError('NEWSLETTER_LINK_INVALID');
    return this.db.transaction(async (m) => {
      const sub = await this.subscriptions.lock(m, { unsubscribeTokenHash: hashToken(token) });
      if (!sub) throw new NewsletterError('NEWSLETTER_LINK_INVALID');
      await this.end(m, sub);
      return { locale: sub.locale };
    });
  }

  /** The language of an unsubscribe token's subscription (the GET of the one-click URL leads to its page), or null. */
  async localeOfUnsubscribeToken(token: unknown): Promise<Locale | null> {
    if (!isTokenShaped(token)) return null;
    const sub = await this.subscriptions.find({ unsubscribeTokenHash: hashToken(token) });
    return sub?.locale ?? null;
  }

  /** Unsubscribes an address in `m` (an account's profile switch); nothing when it is not subscribed. */
  async unsubscribeEmail(m: EntityManager, email: string): Promise<void> {
    const sub = await this.subscriptions.lock(m, { email: email.trim().toLowerCase() });
    if (sub) await this.end(m, sub);
  }

  /**
   * The unsubscribe link and headers of a subscription, for every newsletter mail: the confirmation,
   * the welcome and, later, each campaign mail (a campaign sender loads the confirmed rows and calls this).
   */
  unsubscribeLinks(sub: Pick<NewsletterSubscription, 'id' | 'unsubscribeNonce' | 'locale'>): UnsubscribeLinks {
    const token = this.tokens.unsubscribe(sub.id, sub.unsubscribeNonce);
    return {
      pageUrl: this.links.unsubscribePage(token, sub.locale),
      headers: { 'List-Unsubscribe': `<${this.links.oneClick(token)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** The operators' export: confirmed subscribers (one language or all), oldest confirmation first, as CSV. */
  async exportCsv(locale: Locale | undefined): Promise<string> {
    const rows = await this.subscriptions.confirmed(locale);
    return csvDocument(
      NEWSLETTER_CSV_COLUMNS,
      rows.map((r) => [r.email, r.locale, r.confirmedAt?.toISOString() ?? '', r.source]),
    );
  }

  private async end(m: EntityManager, sub: NewsletterSubscription): Promise<void> {
    if (sub.status === 'unsubscribed') return;
    const now = new Date();
    // An open confirmation link must not subscribe the address again.
    await this.subscriptions.update(m, sub.id, {
      status: 'unsubscribed',
      unsubscribedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: now,
    });
    await this.events.publish(
      m,
      new NewsletterUnsubscribed({ subscriptionId: sub.id, email: sub.email, unsubscribedAt: now.toISOString() }),
    );
  }

  private rule(name: string, points: number): RateLimitRule {
    return { name, points, durationSeconds: HOUR };
  }
}
