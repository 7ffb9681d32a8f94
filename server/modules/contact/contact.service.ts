import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CONTACT_CONSENT_VERSION, type ContactBody } from '../../../contract/api/contact.js';
import type { Locale } from '../../../contract/locales.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { EventPublisher } from '../../platform/events/index.js';
import { RateLimitedError, RateLimitService, type RateLimitRule } from '../../platform/rate-limit/index.js';
import type { ContactMessage } from './contact-message.entity.js';
import { ContactMessageRepository } from './contact-message.repository.js';
import { ContactMessageReceived } from './events/contact.events.js';

/** The per-address budget counts 10 minutes, the per-e-mail budget an hour. */
const IP_WINDOW_SECONDS = 10 * 60;
const EMAIL_WINDOW_SECONDS = 60 * 60;

export interface ContactCaller {
  ip: string;
  /** The request's language, for a body without `locale`. */
  locale: Locale;
}

/**
 * The contact form: counts the sender against the rate limits, then stores the message and
 * publishes `contact.message-received` in one transaction (the mails follow from the worker,
 * listeners/contact-mails.listener.ts).
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger('contact');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventPublisher,
    private readonly limits: RateLimitService,
    private readonly messages: ContactMessageRepository,
  ) {}

  /**
   * Counts one message per client address and per e-mail address; throws the 429 of the budget
   * that is spent (CONTACT_RATE_LIMITED, CONTACT_EMAIL_RATE_LIMITED on the e-mail field).
   */
  async limit(email: string, ip: string): Promise<void> {
    await this.consume(this.ipRule(), ip, 'CONTACT_RATE_LIMITED');
    await this.consume(this.emailRule(), email, 'CONTACT_EMAIL_RATE_LIMITED', 'email');
  }

  /** Stores the message and its event together; answers the message's id. */
  async receive(body: ContactBody, caller: ContactCaller): Promise<string> {
    const now = new Date();
    const message: ContactMessage = {
      id: randomUUID(),
      createdAt: now,
      locale: body.locale ?? caller.locale,
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      subject: body.subject,
      message: body.message,
      consentVersion: CONTACT_CONSENT_VERSION,
      consentAt: now,
      ip: caller.ip,
    };
    await this.db.transaction(async (m) => {
      await this.messages.insert(m, message);
      await this.events.publish(
        m,
        new ContactMessageReceived({ messageId: message.id, locale: message.locale, receivedAt: now.toISOString() }),
      );
    });
    this.logger.log(`contact message ${message.id} received (${message.locale})`);
    return message.id;
  }

  private async consume(rule: RateLimitRule, key: string, code: string, field?: string): Promise<void> {
    try {
      await this.limits.consume(rule, key);
    } catch (err) {
      if (err instanceof RateLimitedError) throw new RateLimitedError(err.retryAfterSeconds, code, field);
      throw err;
    }
  }

  private ipRule(): RateLimitRule {
    return { name: 'contact-ip', points: this.config.contact.limitPerIp, durationSeconds: IP_WINDOW_SECONDS };
  }

  private emailRule(): RateLimitRule {
    return { name: 'contact-email', points: this.config.contact.limitPerEmail, durationSeconds: EMAIL_WINDOW_SECONDS };
  }
}
