import { Injectable } from '@nestjs/common';
import { newsletterSubscriptionConfirmed, newsletterUnsubscribed } from '../../../../contract/events/newsletter.js';
import { NEWSLETTER_CONSENT_VERSION } from '../../../../contract/newsletter.js';
import { type DomainEvent, type EventContext, type EventPayload, OnEvent } from '../../../platform/events/index.js';

/**
 * Keeps the profile's newsletter switch true to the newsletter (docs/newsletter.md): an address that
 * confirmed its subscription (from any form) shows it on; one that unsubscribed (the mail's link or
 * header) shows it off. Nothing is published here, so no loop with the profile's own event.
 */
@Injectable()
export class NewsletterStatusListener {
  @OnEvent(newsletterSubscriptionConfirmed, 'mark-profile-subscribed')
  async onConfirmed(event: DomainEvent<EventPayload<typeof newsletterSubscriptionConfirmed>>, ctx: EventContext): Promise<void> {
    await ctx.manager.query(
      `UPDATE app_user SET newsletter_consent_at = $2, newsletter_consent_version = $3, updated_at = now() WHERE email = $1 AND newsletter_consent_at IS NULL`,
      [event.payload.email, event.payload.confirmedAt, NEWSLETTER_CONSENT_VERSION],
    );
  }

  @OnEvent(newsletterUnsubscribed, 'mark-profile-unsubscribed')
  async onUnsubscribed(event: DomainEvent<EventPayload<typeof newsletterUnsubscribed>>, ctx: EventContext): Promise<void> {
    await ctx.manager.query(
      `UPDATE app_user SET newsletter_consent_at = NULL, newsletter_consent_version = NULL, updated_at = now() WHERE email = $1 AND newsletter_consent_at IS NOT NULL`,
      [event.payload.email],
    );
  }
}
