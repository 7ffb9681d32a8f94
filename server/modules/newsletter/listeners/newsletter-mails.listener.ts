import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { OnEvent, type EventContext } from '../../../platform/events/index.js';
import { MailQueue } from '../../../platform/mail/index.js';
import { NewsletterConfirmationRequested, NewsletterSubscriptionConfirmed } from '../events/newsletter.events.js';
import { hashToken } from '../newsletter-tokens.js';
import { NewsletterRepository } from '../newsletter.repository.js';
import { NewsletterService } from '../newsletter.service.js';

/**
 * The newsletter's mails, sent by the worker after the request's transaction committed, each with
 * the unsubscribe link in its footer and the List-Unsubscribe / List-Unsubscribe-Post headers. The
 * confirmation token is derived from the event id (a retried job mails the same, valid link) and
 * only its hash is stored, in the handler's transaction; the mail job id is derived from the event
 * id too, so a repeated delivery does not mail twice.
 */
@Injectable()
export class NewsletterMailsListener {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mails: MailQueue,
    private readonly newsletter: NewsletterService,
    private readonly subscriptions: NewsletterRepository,
  ) {}

  @OnEvent(NewsletterConfirmationRequested, 'send-newsletter-confirmation-mail')
  async onRequested(event: NewsletterConfirmationRequested, ctx: EventContext): Promise<void> {
    const sub = await this.subscriptions.lock(ctx.manager, { id: event.payload.subscriptionId });
    const requestedAt = Date.parse(event.payload.requestedAt);
    // Confirmed already (nothing new is sent), unsubscribed since, or a newer request mails instead.
    if (!sub || sub.status !== 'pending' || sub.confirmRequestedAt.getTime() !== requestedAt) return;
    const token = this.newsletter.tokens.confirmation(ctx.eventId);
    const hours = this.config.newsletter.confirmTtlHours;
    await this.subscriptions.update(ctx.manager, sub.id, {
      confirmTokenHash: hashToken(token),
      confirmExpiresAt: new Date(requestedAt + hours * 3_600_000),
    });
    const unsubscribe = this.newsletter.unsubscribeLinks(sub);
    await this.mails.enqueue(
      'newsletter-confirmation',
      { confirmUrl: this.newsletter.links.confirmPage(token, sub.locale), unsubscribeUrl: unsubscribe.pageUrl, expiresInHours: hours },
      { to: sub.email, locale: sub.locale, headers: unsubscribe.headers },
      `${ctx.eventId}__mail`,
    );
  }

  @OnEvent(NewsletterSubscriptionConfirmed, 'send-newsletter-welcome-mail')
  async onConfirmed(event: NewsletterSubscriptionConfirmed, ctx: EventContext): Promise<void> {
    const sub = await this.subscriptions.find({ id: event.payload.subscriptionId }, ctx.manager);
    if (!sub || sub.status !== 'confirmed') return;
    const unsubscribe = this.newsletter.unsubscribeLinks(sub);
    await this.mails.enqueue(
      'newsletter-welcome',
      { recipesUrl: this.newsletter.links.page('recipes', sub.locale), unsubscribeUrl: unsubscribe.pageUrl },
      { to: sub.email, locale: sub.locale, headers: unsubscribe.headers },
      `${ctx.eventId}__mail`,
    );
  }
}
