import {
  identityActivationMailRequested,
  identityBirthdayCouponGranted,
  identityBirthdayDue,
  identityBusinessBuyerInvited,
  identityEmailChangeRequested,
  identityMagicLinkRequested,
  identityNewsletterPreferenceChanged,
  identityPasswordChanged,
  identityPasswordResetRequested,
  identityRegistrationOfKnownEmailAttempted,
  identityUserActivated,
  identityUserRegistered,
} from '../../../../contract/events/identity.js';
import { domainEvent } from '../../../platform/events/index.js';

// Identity's events; their payloads (and what each means) are the contracts in
// contract/events/identity.ts. Other modules subscribe with the contract alone.

export class UserRegistered extends domainEvent(identityUserRegistered) {}

export class ActivationMailRequested extends domainEvent(identityActivationMailRequested) {}

export class RegistrationOfKnownEmailAttempted extends domainEvent(identityRegistrationOfKnownEmailAttempted) {}

export class UserActivated extends domainEvent(identityUserActivated) {}

/**
 * Who asked for a sign-in link or a reset: the address as typed, published whether or not it has
 * an account (so the request takes the same time either way); the handler mails existing accounts
 * only. Events written by older versions carry a `userId` instead.
 */
export type AccountMailRequester = { email: string };

export class MagicLinkRequested extends domainEvent(identityMagicLinkRequested) {}

export class PasswordResetRequested extends domainEvent(identityPasswordResetRequested) {}

export class PasswordChanged extends domainEvent(identityPasswordChanged) {}

export class EmailChangeRequested extends domainEvent(identityEmailChangeRequested) {}

export class BusinessBuyerInvited extends domainEvent(identityBusinessBuyerInvited) {}

/** Published once per user and year by the birthday job; the cart gives the present. */
export class BirthdayDue extends domainEvent(identityBirthdayDue) {}

/** The previous release's birthday event: only rows written before the upgrade; nothing publishes it. */
export class BirthdayCouponGranted extends domainEvent(identityBirthdayCouponGranted) {}

/** The profile's newsletter switch changed; the newsletter module starts its double opt-in or unsubscribes. */
export class NewsletterPreferenceChanged extends domainEvent(identityNewsletterPreferenceChanged) {}
