// The emulator of Google Tag Manager and GA4 lives in plain ESM (gtm-emulator-server.mjs) so the e2e global setup
// can start it before the shop; tests read what it received over HTTP (GET /__hits) with these helpers.
import type { GtmEmulatorHit } from './gtm-emulator-server.mjs';
export { EMULATED_MEASUREMENT_ID, startGtmEmulator, type GtmEmulatorHit } from './gtm-emulator-server.mjs';

/** The emulator the e2e shop is configured with (GTM_SCRIPT_ORIGIN), and its container id (GTM_ID). */
export const GTM_ORIGIN = process.env.E2E_GTM_ORIGIN ?? '';
export const GTM_ID = process.env.E2E_GTM_ID ?? '';

/** What the e2e emulator has received since it started or was last reset. */
export async function gtmHits(): Promise<GtmEmulatorHit[]> {
  return (await (await fetch(`${GTM_ORIGIN}/__hits`)).json()) as GtmEmulatorHit[];
}

export async function resetGtmHits(): Promise<void> {
  await fetch(`${GTM_ORIGIN}/__hits`, { method: 'DELETE' });
}
