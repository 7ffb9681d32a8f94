// The newsletter module's public face: other modules import only from here (ESLint enforces it).
export { NewsletterModule } from './newsletter.module.js';
export { NewsletterService, type SubscriptionRequest, type UnsubscribeLinks } from './newsletter.service.js';
export { NewsletterConfirmationRequested, NewsletterSubscriptionConfirmed, NewsletterUnsubscribed } from './events/newsletter.events.js';
export { NewsletterError, type NewsletterErrorCode } from './newsletter.errors.js';
