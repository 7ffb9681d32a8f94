import { Inject, Injectable, Logger } from '@nestjs/common';
import { contactMessageReceived } from '../../../../contract/events/contact.js';
import { publicPath } from '../../../../contract/paths.js';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { type DomainEvent, type EventContext, type EventPayload, OnEvent } from '../../../platform/events/index.js';
import { MailQueue } from '../../../platform/mail/index.js';
import { ContactMessageRepository } from '../contact-message.repository.js';

/**
 * The contact form's mails (docs/contact.md), queued by the worker once the message's transaction
 * committed, from the stored row:
 * - the shop's inbox (CONTACT_EMAIL) gets the notice in Croatian, the shop's language, naming the
 *   sender's language, with `Reply-To` the sender;
 * - the sender gets a copy in their language ('we received your message', their text quoted).
 * Job ids derive from the event id (`<event>__notice`, `<event>__copy`): a repeated delivery queues
 * nothing new, and the event's inbox row makes the whole handler run once.
 */
@Injectable()
export class ContactMailsListener {
  private readonly logger = new Logger('contact');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mails: MailQueue,
    private readonly messages: ContactMessageRepository,
  ) {}

  @OnEvent(contactMessageReceived, 'send-contact-mails')
  async received(event: DomainEvent<EventPayload<typeof contactMessageReceived>>, ctx: EventContext): Promise<void> {
    const row = await this.messages.find(ctx.manager, event.payload.messageId);
    if (!row) return this.logger.error(`contact.message-received for unknown message ${event.payload.messageId}: nothing sent`);
    const message = {
      name: row.name,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      text: row.message,
      locale: row.locale,
      receivedAt: row.createdAt.toISOString(),
    };
    const origin = this.config.http.publicUrl;
    await this.mails.enqueue(
      'contact-notice',
      {
        message,
        replyUrl: `mailto:${row.email}?subject=${encodeURIComponent(`Re: ${row.subject}`)}`,
        pageUrl: `${origin}${publicPath('contact', row.locale)}`,
      },
      { to: this.config.mail.contactTo, locale: 'hr', replyTo: row.email },
      `${ctx.eventId}__notice`,
    );
    await this.mails.enqueue(
      'contact-copy',
      { message, shopUrl: `${origin}${publicPath('products', row.locale)}` },
      { to: row.email, locale: row.locale },
      `${ctx.eventId}__copy`,
    );
  }
}
