import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { defineEvent, eventFields, versionlessIsV1 } from './event-contract.js';

// Identity's events. Those that existed before payloads were versioned read a stored payload
// without `version` as version 1 (versionlessIsV1), so rows written by the previous release still
// deliver; every payload written now carries its version.

const userOnly = z.object({ version: z.literal(1), userId: eventFields.id });

/** Who asked for a mail by address: as typed, published whether or not an account has it. Older rows carry a `userId`. */
const requesterV1 = z.union([z.object({ email: z.string().min(1) }), z.object({ userId: eventFields.id })]);

/**
 * A new account waits for activation: the activation mail goes out. `newsletter`: the registration's
 * newsletter tick box was set (the newsletter module starts its double opt-in), with the client
 * address it was set from (`consentIp`, for the consent record). Rows written before these fields
 * existed read as no tick.
 */
export const identityUserRegisteredV1 = z.object({
  version: z.literal(1),
  userId: eventFields.id,
  newsletter: z.boolean().default(false),
  consentIp: z.string().max(64).nullable().default(null),
});
export const identityUserRegistered = defineEvent('identity.user-registered', 1, versionlessIsV1(identityUserRegisteredV1));

/**
 * The activation mail is asked for again: by a registration with a pending account's address
 * (`userId`), or by the resend form (`email` as typed, published whether or not a pending account
 * has it, so the answer's time tells nothing; the handler mails pending accounts only).
 */
export const identityActivationMailRequestedV1 = z.intersection(z.object({ version: z.literal(1) }), requesterV1);
export const identityActivationMailRequested = defineEvent(
  'identity.activation-mail-requested',
  1,
  versionlessIsV1(identityActivationMailRequestedV1),
);

/** Someone registered with the e-mail of an existing account: its owner is told, the caller learns nothing. */
export const identityRegistrationOfKnownEmailAttemptedV1 = userOnly;
export const identityRegistrationOfKnownEmailAttempted = defineEvent(
  'identity.registration-of-known-email-attempted',
  1,
  versionlessIsV1(identityRegistrationOfKnownEmailAttemptedV1),
);

/** The account was activated (its link, a magic link, Google sign-in). */
export const identityUserActivatedV1 = userOnly;
export const identityUserActivated = defineEvent('identity.user-activated', 1, versionlessIsV1(identityUserActivatedV1));

/** A one-time sign-in link was asked for; `redirect` is a same-site path. */
export const identityMagicLinkRequestedV1 = z.intersection(
  z.object({ version: z.literal(1), redirect: z.string().nullable(), locale: z.enum(LOCALES) }),
  requesterV1,
);
export const identityMagicLinkRequested = defineEvent('identity.magic-link-requested', 1, versionlessIsV1(identityMagicLinkRequestedV1));

export const identityPasswordResetRequestedV1 = z.intersection(z.object({ version: z.literal(1), locale: z.enum(LOCALES) }), requesterV1);
export const identityPasswordResetRequested = defineEvent(
  'identity.password-reset-requested',
  1,
  versionlessIsV1(identityPasswordResetRequestedV1),
);

/** By the user (change), by a reset link or by accepting an invitation; every other session has ended. */
export const identityPasswordChangedV1 = z.object({
  version: z.literal(1),
  userId: eventFields.id,
  changedAt: eventFields.instant,
  via: z.enum(['change', 'reset', 'invitation']),
});
export const identityPasswordChanged = defineEvent('identity.password-changed', 1, versionlessIsV1(identityPasswordChangedV1));

/**
 * The user entered a new e-mail address; it applies once the link mailed to that address is opened.
 * Published whether or not the address belongs to another account: the handler decides.
 */
export const identityEmailChangeRequestedV1 = z.object({ version: z.literal(1), userId: eventFields.id, newEmail: z.string().min(1) });
export const identityEmailChangeRequested = defineEvent(
  'identity.email-change-requested',
  1,
  versionlessIsV1(identityEmailChangeRequestedV1),
);

/** An operator invited a business buyer; the invitation mail carries the acceptance link. */
export const identityBusinessBuyerInvitedV1 = z.object({
  version: z.literal(1),
  email: z.string().min(1),
  companyName: z.string(),
  // optional in the form: null when not given (a missing key reads as null)
  vatNumber: z.string().nullable().default(null),
  companyAddress: z.string().nullable().default(null),
  firstName: z.string().nullable().default(null),
  lastName: z.string().nullable().default(null),
  locale: z.string(),
  invitedBy: z.string(),
});
export const identityBusinessBuyerInvited = defineEvent(
  'identity.business-buyer-invited',
  1,
  versionlessIsV1(identityBusinessBuyerInvitedV1),
);

/**
 * An active user's birthday has come (Zagreb calendar; 29 February counts on the 28th in other
 * years), published once per user and year by the daily birthday job. The cart gives the present
 * (a personal coupon, `cart.birthday-coupon-issued`).
 */
export const identityBirthdayDueV1 = z.object({
  version: z.literal(1),
  userId: eventFields.id,
  /** The year whose birthday this is: at most one event per (userId, year). */
  year: z.number().int().min(1900).max(9999),
  /** The day it is celebrated, Zagreb calendar. */
  date: eventFields.date,
  /** When the job found it due: presents count their validity from here. */
  dueAt: eventFields.instant,
});
export const identityBirthdayDue = defineEvent('identity.birthday-due', 1, identityBirthdayDueV1);

/**
 * The previous release's birthday event (the job created the coupon itself). Nothing publishes it
 * any more; its mail subscriber stays so that rows written before the upgrade still mail.
 */
export const identityBirthdayCouponGrantedV1 = z.object({
  version: z.literal(1),
  userId: eventFields.id,
  couponCode: z.string().min(1),
  percent: z.number().int(),
  validUntil: eventFields.date,
  year: z.number().int(),
});
export const identityBirthdayCouponGranted = defineEvent(
  'identity.birthday-coupon-granted',
  1,
  versionlessIsV1(identityBirthdayCouponGrantedV1),
);

/**
 * The signed-in user switched the profile's newsletter setting: on starts the newsletter's double
 * opt-in (a confirmation mail), off unsubscribes at once. `consentIp`: the client address.
 */
export const identityNewsletterPreferenceChangedV1 = z.object({
  version: z.literal(1),
  userId: eventFields.id,
  subscribed: z.boolean(),
  consentIp: z.string().max(64).nullable(),
  changedAt: eventFields.instant,
});
export const identityNewsletterPreferenceChanged = defineEvent(
  'identity.newsletter-preference-changed',
  1,
  identityNewsletterPreferenceChangedV1,
);
