// The newsletter module's public face: other modules import only from here (ESLint enforces it).
export { NewsletterModule } from './newsletter.module.js';
