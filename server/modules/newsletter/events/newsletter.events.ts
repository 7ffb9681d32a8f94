import {
  newsletterConfirmationRequested,
  newsletterSubscriptionConfirmed,
  newsletterUnsubscribed,
} from '../../../../contract/events/newsletter.js';
import { domainEvent } from '../../../platform/events/index.js';

// The newsletter's events; their payloads (and what each means) are the contracts in
// contract/events/newsletter.ts. Other modules subscribe with the contract alone.

export class NewsletterConfirmationRequested extends domainEvent(newsletterConfirmationRequested) {}

export class NewsletterSubscriptionConfirmed extends domainEvent(newsletterSubscriptionConfirmed) {}

export class NewsletterUnsubscribed extends domainEvent(newsletterUnsubscribed) {}
