import { Inject, Injectable } from '@nestjs/common';
import { cartBirthdayCouponIssued } from '../../../../contract/events/cart.js';
import { APP_CONFIG, type AppConfig } from '../../../config/index.js';
import { type DomainEvent, OnEvent, type EventContext, type EventPayload } from '../../../platform/events/index.js';
import { isMailLocale, MailQueue, type MailLocale, type TemplateName, type TemplateProps } from '../../../platform/mail/index.js';
import {
  ActivationMailRequested,
  BirthdayCouponGranted,
  BusinessBuyerInvited,
  EmailChangeRequested,
  MagicLinkRequested,
  PasswordChanged,
  PasswordResetRequested,
  RegistrationOfKnownEmailAttempted,
  UserRegistered,
  type AccountMailRequester,
} from '../events/identity.events.js';
import { IdentityLinks } from '../identity-links.js';
import { tokenForEvent } from '../secure-token.js';
import type { TokenPurpose, User } from '../user.entity.js';
import { UserRepository } from '../user.repository.js';
import { TOKEN_TTL_MS, UserTokenService } from '../user-token.service.js';

/**
 * Every identity mail, sent by the worker after the event's transaction committed. A link's token
 * is derived from the event id (so a retried job mails the same, valid link) and only its hash is
 * stored, in the handler's transaction. The mail job id is derived from the event id too: a
 * repeated delivery does not mail twice.
 */
@Injectable()
export class IdentityMailsListener {
  private readonly links: IdentityLinks;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mails: MailQueue,
    private readonly tokens: UserTokenService,
    private readonly users: UserRepository,
  ) {
    this.links = new IdentityLinks(config.http.publicUrl);
  }

  @OnEvent(UserRegistered, 'send-activation-mail')
  async onRegistered(event: UserRegistered, ctx: EventContext): Promise<void> {
    await this.activationMail(event.payload.userId, ctx);
  }

  @OnEvent(ActivationMailRequested, 'send-activation-mail')
  async onActivationRequested(event: ActivationMailRequested, ctx: EventContext): Promise<void> {
    const user = await this.requester(ctx, event.payload);
    if (user) await this.activationMail(user.id, ctx); // no pending account: answered the same, nothing is mailed
  }

  @OnEvent(RegistrationOfKnownEmailAttempted, 'send-account-exists-mail')
  async onKnownEmail(event: RegistrationOfKnownEmailAttempted, ctx: EventContext): Promise<void> {
    const user = await this.users.byId(ctx.manager, event.payload.userId);
    if (!user) return;
    await this.send(ctx, user, 'account-exists', {
      firstName: user.firstName,
      loginUrl: this.links.page('login', user.locale),
      resetUrl: this.links.page('forgot_password', user.locale),
    });
  }

  @OnEvent(MagicLinkRequested, 'send-magic-link-mail')
  async onMagicLink(event: MagicLinkRequested, ctx: EventContext): Promise<void> {
    const user = await this.requester(ctx, event.payload);
    if (!user) return; // no account: the request was answered the same, nothing is mailed
    const token = await this.issue(ctx, 'magic_link', user.id, { redirect: event.payload.redirect });
    await this.send(ctx, user, 'magic-link', {
      firstName: user.firstName,
      signInUrl: this.links.magicLink(token, user.locale),
      expiresInMinutes: minutes('magic_link'),
    });
  }

  @OnEvent(PasswordResetRequested, 'send-password-reset-mail')
  async onResetRequested(event: PasswordResetRequested, ctx: EventContext): Promise<void> {
    const user = await this.requester(ctx, event.payload);
    if (!user) return; // no account: the request was answered the same, nothing is mailed
    const token = await this.issue(ctx, 'password_reset', user.id);
    await this.send(ctx, user, 'password-reset', {
      firstName: user.firstName,
      resetUrl: this.links.passwordReset(token, user.locale),
      expiresInMinutes: minutes('password_reset'),
    });
  }

  @OnEvent(PasswordChanged, 'send-password-changed-mail')
  async onPasswordChanged(event: PasswordChanged, ctx: EventContext): Promise<void> {
    if (event.payload.via === 'invitation') return;
    const user = await this.users.byId(ctx.manager, event.payload.userId);
    if (!user) return;
    await this.send(ctx, user, 'password-changed', {
      firstName: user.firstName,
      changedAt: event.payload.changedAt,
      resetUrl: this.links.page('forgot_password', user.locale),
    });
  }

  @OnEvent(EmailChangeRequested, 'send-email-change-mail')
  async onEmailChange(event: EmailChangeRequested, ctx: EventContext): Promise<void> {
    const user = await this.users.byId(ctx.manager, event.payload.userId);
    if (!user) return;
    const { newEmail } = event.payload;
    const owner = await this.users.byEmail(ctx.manager, newEmail);
    if (owner && owner.id !== user.id) {
      // The address has an account: no link (it could never be confirmed); its owner is told, and
      // the requester learns nothing the answer did not already say.
      await this.send(ctx, owner, 'email-in-use', {
        firstName: owner.firstName,
        loginUrl: this.links.page('login', owner.locale),
        resetUrl: this.links.page('forgot_password', owner.locale),
      });
      return;
    }
    const token = await this.issue(ctx, 'email_change', user.id, { email: newEmail });
    await this.mails.enqueue(
      'email-change',
      {
        firstName: user.firstName,
        newEmail,
        confirmUrl: this.links.emailChange(token, user.locale),
        expiresInHours: Math.round(TOKEN_TTL_MS.email_change / 3_600_000),
      },
      { to: newEmail, locale: mailLocale(user.locale) },
      `${ctx.eventId}__mail`,
    );
  }

  @OnEvent(BusinessBuyerInvited, 'send-business-invitation-mail')
  async onInvited(event: BusinessBuyerInvited, ctx: EventContext): Promise<void> {
    const p = event.payload;
    const token = await this.issue(ctx, 'invitation', null, { ...p });
    const locale = mailLocale(p.locale);
    await this.mails.enqueue(
      'business-invitation',
      {
        companyName: p.companyName,
        firstName: p.firstName,
        acceptUrl: this.links.invitation(token, locale),
        expiresInDays: Math.round(TOKEN_TTL_MS.invitation / 86_400_000),
      },
      { to: p.email, locale },
      `${ctx.eventId}__mail`,
    );
  }

  /** The cart issued the birthday present (BirthdayCouponGranted: the previous release's rows). */
  @OnEvent(cartBirthdayCouponIssued, 'send-birthday-coupon-mail')
  @OnEvent(BirthdayCouponGranted, 'send-birthday-coupon-mail')
  async onBirthday(
    event: DomainEvent<EventPayload<typeof cartBirthdayCouponIssued>> | BirthdayCouponGranted,
    ctx: EventContext,
  ): Promise<void> {
    const user = await this.users.byId(ctx.manager, event.payload.userId);
    if (!user || user.status !== 'active') return;
    await this.send(ctx, user, 'birthday-coupon', {
      firstName: user.firstName,
      couponCode: event.payload.couponCode,
      percent: event.payload.percent,
      validUntil: event.payload.validUntil,
      shopUrl: this.links.page('products', user.locale),
    });
  }

  private async activationMail(userId: string, ctx: EventContext): Promise<void> {
    const user = await this.users.byId(ctx.manager, userId);
    if (!user || user.status !== 'pending') return; // activated meanwhile: nothing to send
    const token = await this.issue(ctx, 'activation', user.id);
    await this.send(ctx, user, 'account-activation', {
      firstName: user.firstName,
      activationUrl: this.links.activation(token, user.locale),
      expiresInHours: Math.round(TOKEN_TTL_MS.activation / 3_600_000),
    });
  }

  /** The account a reset or magic-link request names (by address; by id in events of older versions). */
  private requester(ctx: EventContext, who: AccountMailRequester | { userId: string }): Promise<User | null> {
    const legacyId = (who as { userId?: unknown }).userId;
    if (typeof legacyId === 'string') return this.users.byId(ctx.manager, legacyId);
    const email = (who as { email?: unknown }).email;
    return typeof email === 'string' ? this.users.byEmail(ctx.manager, email) : Promise.resolve(null);
  }

  private async issue(
    ctx: EventContext,
    purpose: TokenPurpose,
    userId: string | null,
    data: Record<string, unknown> = {},
  ): Promise<string> {
    const token = tokenForEvent(this.config.secretKey, purpose, ctx.eventId);
    await this.tokens.record(ctx.manager, { purpose, token, userId, issuedAt: ctx.occurredAt, data });
    return token;
  }

  /**
   * The language rule of account mails (docs/mail.md): always the account's stored language (set at
   * registration from the page, changed in the profile), never the language of the request that
   * caused the mail, so one user gets every mail in one language.
   */
  private async send<N extends TemplateName>(ctx: EventContext, user: User, template: N, props: TemplateProps<N>): Promise<void> {
    await this.mails.enqueue(template, props, { to: user.email, locale: mailLocale(user.locale) }, `${ctx.eventId}__mail`);
  }
}

function minutes(purpose: TokenPurpose): number {
  return Math.round(TOKEN_TTL_MS[purpose] / 60_000);
}

function mailLocale(value: string): MailLocale {
  return isMailLocale(value) ? value : 'hr';
}
