// Starts the BUILT shop (node dist/server/main.js, as `npm start` runs it) against a fresh
// database and the real Redis, on a free loopback port; the browser tests drive it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.mjs';
import { assertServices, createDatabase, REDIS_URL } from './global-setup.mjs';
import { startGtmEmulator } from './gtm-emulator-server.mjs';
import { startOembedEmulator } from './oembed-emulator.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function waitReady(url, child, output) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited (code ${child.exitCode}) before it was ready:\n${output.join('')}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The shop did not become ready within 60 s:\n${output.join('')}`);
}

export default async function e2eSetup() {
  for (const f of ['dist/server/main.js', 'dist/client/server/entry-server.js']) {
    if (!existsSync(f))
      throw new Error(`End-to-end tests run the built shop, but ${f} is missing: run \`npm run build\` first (npm test does).`);
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `End-to-end tests need Debian's Chromium at ${CHROMIUM} (apt-get install chromium; or set CHROMIUM_PATH). .ci/run installs it.`,
    );
  }
  await assertServices();
  const db = await createDatabase('shop_e2e');
  const port = await freePort();
  // Google sign-in goes to a local OpenID Connect server the Google test starts on this port
  // (the shop discovers the issuer lazily, at the first sign-in).
  const oidcPort = await freePort();
  // The video providers' oEmbed endpoints and picture hosts (no internet here): every page with a video
  // gets its title and poster from this emulator through the shop (docs/video.md).
  const oembed = await startOembedEmulator();
  const dir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  // Analytics as in production (docs/analytics.md), with Google Tag Manager and GA4 emulated on loopback.
  const gtm = await startGtmEmulator();
  const gtmId = 'GTM-E2ETEST1';
  const url = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: db.url,
    REDIS_URL,
    QUEUE_PREFIX: `e2e${Date.now().toString(36)}`,
    DATA_DIR: join(dir, 'data'),
    MAIL_DIR: join(dir, 'mail'),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    GOOGLE_ISSUER_URL: `http://127.0.0.1:${oidcPort}`,
    GOOGLE_CLIENT_ID: 'shop-e2e',
    GOOGLE_CLIENT_SECRET: 'shop-e2e-secret',
    // every browser test signs in from 127.0.0.1: the per-IP budget must not end the run
    AUTH_RATE_LIMIT_PER_IP: '100000',
    NEWSLETTER_RATE_LIMIT_PER_IP: '100000',
    // the same for the contact form's messages (its limits are tested in test/integration/contact)
    CONTACT_RATE_LIMIT_PER_IP: '100000',
    // a campaign's mails 100 ms apart (test/e2e/admin-newsletter.test.ts): paced, yet done in seconds
    NEWSLETTER_RATE_PER_MINUTE: '600',
    GTM_ID: gtmId,
    GTM_SCRIPT_ORIGIN: gtm.origin,
    VIDEO_OEMBED_YOUTUBE_URL: oembed.youtubeUrl,
    VIDEO_OEMBED_VIMEO_URL: oembed.vimeoUrl,
  };
  const output = [];
  const child = spawn(process.execPath, [resolve('dist/server/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => output.push(String(d)));
  child.stderr.on('data', (d) => {
    output.push(String(d));
    if (process.env.E2E_LOG_LEVEL) process.stderr.write(d);
  });
  await waitReady(url, child, output);
  const state = { pid: child.pid, db: db.name, dir };
  writeFileSync(join(tmpdir(), `shop-e2e-state-${process.pid}.json`), JSON.stringify(state));
  globalThis.__SHOP_E2E__ = { child, state, output, gtm, oembed };
  process.env.E2E_BASE_URL = url;
  process.env.E2E_MAIL_DIR = env.MAIL_DIR;
  process.env.E2E_DATABASE_URL = db.url;
  process.env.E2E_OIDC_PORT = String(oidcPort);
  process.env.E2E_GTM_ORIGIN = gtm.origin;
  process.env.E2E_GTM_ID = gtmId;
  process.env.E2E_OEMBED_ORIGIN = oembed.origin;
}
