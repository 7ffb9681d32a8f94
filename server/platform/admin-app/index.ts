// The back office app's serving (docs/admin.md 'The back-office app'): its page and its built files.
export { AdminAppModule } from './admin-app.module.js';
export { mountAdminAssets } from './admin-assets.js';
export { mountAdminDev } from './admin-app-html.js';
