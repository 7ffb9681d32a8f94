import { DomainEvent } from '../../../platform/events/index.js';

/** A new account waits for activation: the activation mail goes out. */
export class UserRegistered extends DomainEvent<{ userId: string }> {
  static readonly eventName = 'identity.user-registered';
}

/**
 * The activation mail is asked for again: by a registration with a pending account's address
 * (`userId`), or by the resend form (`email` as typed, published whether or not a pending account
 * has it, so the answer's time tells nothing; the handler mails pending accounts only).
 */
export class ActivationMailRequested extends DomainEvent<{ userId: string } | AccountMailRequester> {
  static readonly eventName = 'identity.activation-mail-requested';
}

/** Someone registered with the e-mail of an existing account: its owner is told, the caller learns nothing. */
export class RegistrationOfKnownEmailAttempted extends DomainEvent<{ userId: string }> {
  static readonly eventName = 'identity.registration-of-known-email-attempted';
}

/** The account was activated by its link. */
export class UserActivated extends DomainEvent<{ userId: string }> {
  static readonly eventName = 'identity.user-activated';
}

/**
 * Who asked for a sign-in link or a reset: the address as typed, published whether or not it has
 * an account (so the request takes the same time either way); the handler mails existing accounts
 * only. Events written by older versions carry a `userId` instead.
 */
export type AccountMailRequester = { email: string };

/** A one-time sign-in link was asked for; `redirect` is a same-site path. */
export class MagicLinkRequested extends DomainEvent<AccountMailRequester & { redirect: string | null; locale: string }> {
  static readonly eventName = 'identity.magic-link-requested';
}

export class PasswordResetRequested extends DomainEvent<AccountMailRequester & { locale: string }> {
  static readonly eventName = 'identity.password-reset-requested';
}

/** By the user (change) or by a reset link; every other session has ended. */
export class PasswordChanged extends DomainEvent<{ userId: string; changedAt: string; via: 'change' | 'reset' | 'invitation' }> {
  static readonly eventName = 'identity.password-changed';
}

/**
 * The user entered a new e-mail address; it applies once the link mailed to that address is opened.
 * Published whether or not the address belongs to another account: the handler decides (a taken
 * address gets EmailChangeToTakenAddress's notice instead of a link).
 */
export class EmailChangeRequested extends DomainEvent<{ userId: string; newEmail: string }> {
  static readonly eventName = 'identity.email-change-requested';
}

/** An operator invited a business buyer; the invitation mail carries the acceptance link. */
export class BusinessBuyerInvited extends DomainEvent<{
  email: string;
  companyName: string;
  vatNumber: string | null;
  companyAddress: string | null;
  firstName: string | null;
  lastName: string | null;
  locale: string;
  invitedBy: string;
}> {
  static readonly eventName = 'identity.business-buyer-invited';
}

export class BirthdayCouponGranted extends DomainEvent<{ userId: string; couponCode: string; percent: number; validUntil: string; year: number }> {
  static readonly eventName = 'identity.birthday-coupon-granted';
}
