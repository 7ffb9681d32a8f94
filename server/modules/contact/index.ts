// The contact module's public face: other modules import only from here (ESLint enforces it).
export { ContactModule } from './contact.module.js';
/** A customer's contact messages for the back office: export, erasure (docs/admin.md 'Customers'). */
export { ContactPersonalData } from './contact-personal-data.js';
