import { z } from 'zod';
import { defineEvent, eventFields } from './event-contract.js';

// The newsletter module's events (docs/newsletter.md).

/**
 * Someone asked to subscribe (the public form, a registration's or a profile's tick): the
 * newsletter's own worker mails the confirmation link, unless the address is confirmed already or
 * a newer request (`requestedAt` is no longer the row's) superseded this one.
 */
export const newsletterConfirmationRequestedV1 = z.object({
  version: z.literal(1),
  subscriptionId: eventFields.id,
  requestedAt: eventFields.instant,
});
export const newsletterConfirmationRequested = defineEvent('newsletter.confirmation-requested', 1, newsletterConfirmationRequestedV1);

/** The confirmation link was opened and confirmed: the address is subscribed (the welcome mail goes out). */
export const newsletterSubscriptionConfirmedV1 = z.object({
  version: z.literal(1),
  subscriptionId: eventFields.id,
  email: z.string().min(1),
  confirmedAt: eventFields.instant,
});
export const newsletterSubscriptionConfirmed = defineEvent('newsletter.subscription-confirmed', 1, newsletterSubscriptionConfirmedV1);

/** The address unsubscribed (the mail's link or header, or the profile's switch). */
export const newsletterUnsubscribedV1 = z.object({
  version: z.literal(1),
  subscriptionId: eventFields.id,
  email: z.string().min(1),
  unsubscribedAt: eventFields.instant,
});
export const newsletterUnsubscribed = defineEvent('newsletter.unsubscribed', 1, newsletterUnsubscribedV1);
