import { Injectable } from '@nestjs/common';
import { identityNewsletterPreferenceChanged, identityUserRegistered } from '../../../../contract/events/identity.js';
import { isLocale } from '../../../../contract/locales.js';
import { type DomainEvent, type EventContext, type EventPayload, OnEvent } from '../../../platform/events/index.js';
import { ProfileService } from '../../identity/index.js';
import { NewsletterService } from '../newsletter.service.js';

/**
 * The account's newsletter tick boxes (registration, profile), told by identity's events: a tick
 * starts the double opt-in (the confirmation mail in the account's language, the consent record with
 * the tick box's sentence and the client address), the profile's switch off unsubscribes at once.
 */
@Injectable()
export class AccountNewsletterListener {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly profiles: ProfileService,
  ) {}

  @OnEvent(identityUserRegistered, 'start-newsletter-opt-in')
  async onRegistered(event: DomainEvent<EventPayload<typeof identityUserRegistered>>, ctx: EventContext): Promise<void> {
    if (!event.payload.newsletter) return;
    await this.start(event.payload.userId, 'registration', event.payload.consentIp, ctx);
  }

  @OnEvent(identityNewsletterPreferenceChanged, 'apply-newsletter-preference')
  async onPreference(event: DomainEvent<EventPayload<typeof identityNewsletterPreferenceChanged>>, ctx: EventContext): Promise<void> {
    if (event.payload.subscribed) {
      await this.start(event.payload.userId, 'profile', event.payload.consentIp, ctx);
      return;
    }
    const user = await this.user(event.payload.userId);
    if (user) await this.newsletter.unsubscribeEmail(ctx.manager, user.email);
  }

  private async start(userId: string, source: 'registration' | 'profile', ip: string | null, ctx: EventContext): Promise<void> {
    const user = await this.user(userId);
    if (!user) return; // the account is gone: nothing to subscribe
    await this.newsletter.request(ctx.manager, {
      email: user.email.trim().toLowerCase(),
      locale: isLocale(user.locale) ? user.locale : 'hr',
      source,
      ip,
      at: ctx.occurredAt,
    });
  }

  private async user(userId: string): Promise<{ email: string; locale: string } | null> {
    return this.profiles.get(userId).catch(() => null);
  }
}
