// The contact module's public face: other modules import only from here (ESLint enforces it).
export { ContactModule } from './contact.module.js';
export { ContactService, type ContactCaller } from './contact.service.js';
export { ContactMessage } from './contact-message.entity.js';
export { ContactMessageReceived } from './events/contact.events.js';
export { ContactError, type ContactErrorCode } from './contact.errors.js';
