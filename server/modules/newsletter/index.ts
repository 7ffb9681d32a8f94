// The newsletter module's public face: other modules import only from here (ESLint enforces it).
export { NewsletterModule } from './newsletter.module.js';
/** A customer's subscription for the back office: profile, block, export, erasure (docs/admin.md 'Customers'). */
export { NewsletterPersonalData } from './newsletter-personal-data.js';
