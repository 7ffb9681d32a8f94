// The contact module's public face: other modules import only from here (ESLint enforces it).
export { ContactModule } from './contact.module.js';
