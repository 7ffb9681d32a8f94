// The emulator of Google Tag Manager and GA4 lives in plain ESM (gtm-emulator-server.mjs) so the e2e global setup
// can start it before the shop; this file gives the tests its origin, the container id and the measurement id.
export { EMULATED_MEASUREMENT_ID } from './gtm-emulator-server.mjs';

/** The emulator the e2e shop is configured with (GTM_SCRIPT_ORIGIN), and its container id (GTM_ID). */
export const GTM_ORIGIN = process.env.E2E_GTM_ORIGIN ?? '';
export const GTM_ID = process.env.E2E_GTM_ID ?? '';
