import { Injectable } from '@nestjs/common';
import { newsletterSubscriptionConfirmed, newsletterUnsubscribed } from '../../../../contract/events/newsletter.js';
import { NEWSLETTER_CONSENT_VERSION } from '../../../../contract/newsletter.js';
import { type DomainEvent, type EventContext, type EventPayload, OnEvent } from '../../../platform/events/index.js';
import { UserRepository } from '../user.repository.js';

/**
 * Keeps the profile's newsletter switch true to the newsletter (docs/newsletter.md): an address that
 * confirmed its subscription (from any form) shows it on; one that unsubscribed (the mail's link or
 * header) shows it off. Nothing is published here, so no loop with the profile's own event.
 */
@Injectable()
export class NewsletterStatusListener {
  constructor(private readonly users: UserRepository) {}

  @OnEvent(newsletterSubscriptionConfirmed, 'mark-profile-subscribed')
  async onConfirmed(event: DomainEvent<EventPayload<typeof newsletterSubscriptionConfirmed>>, ctx: EventContext): Promise<void> {
    await this.users.markNewsletterConsent(ctx.manager, event.payload.email, event.payload.confirmedAt, NEWSLETTER_CONSENT_VERSION);
  }

  @OnEvent(newsletterUnsubscribed, 'mark-profile-unsubscribed')
  async onUnsubscribed(event: DomainEvent<EventPayload<typeof newsletterUnsubscribed>>, ctx: EventContext): Promise<void> {
    await this.users.clearNewsletterConsent(ctx.manager, event.payload.email);
  }
}
