// The back office module's public face (docs/admin.md): the composition root imports only from here.
export { BackofficeModule } from './backoffice.module.js';
