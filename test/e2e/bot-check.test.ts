// The bot check in Chromium against the built shop, started here with the bot check on and pointed
// at the local emulator of the provider (test/support/recaptcha-emulator.ts): the register page loads
// no provider script until its form is touched, then loads it with render=explicit in the page's
// language under the real CSP, hides the badge, shows the notice, and registration succeeds with
// a token the emulator verifies; a low score is refused with a clear message. axe-core: no violations.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser } from '../support/browser.js';
import { freePort } from '../support/free-port.js';
import { createDatabase, dropDatabase, REDIS_URL } from '../support/global-setup.mjs';
import { startRecaptchaEmulator, type RecaptchaEmulator } from '../support/recaptcha-emulator.js';
import { hydrated, watchPage } from './site.js';

/** Chromium's line for the refusal we provoke (a low score). */
const REFUSED = /Failed to load resource: the server responded with a status of 403/;
const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

describe('bot check in Chromium (emulated provider)', () => {
  let emulator: RecaptchaEmulator;
  let shop: ChildProcess;
  let url = '';
  let output = '';
  let db: { url: string; name: string };
  let dir: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    emulator = await startRecaptchaEmulator();
    db = await createDatabase('shop_e2e_botcheck');
    dir = mkdtempSync(join(tmpdir(), 'shop-e2e-botcheck-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    shop = spawn(process.execPath, [resolve('dist/server/main.js')], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATABASE_URL: db.url,
        REDIS_URL,
        QUEUE_PREFIX: `e2ebc${Date.now().toString(36)}`,
        DATA_DIR: join(dir, 'data'),
        MAIL_DIR: join(dir, 'mail'),
        LOG_LEVEL: 'warn',
        ...emulator.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    shop.stdout!.on('data', (d) => (output += String(d)));
    shop.stderr!.on('data', (d) => (output += String(d)));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (shop.exitCode !== null) throw new Error(`the shop exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the shop did not become ready:\n${output}`);
      const ok = await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    if (shop && shop.exitCode === null) {
      const exited = new Promise((r) => shop.once('exit', r));
      shop.kill('SIGTERM');
      await exited;
    }
    await emulator?.close();
    if (db) await dropDatabase(db.name);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(locale: Locale, opts: { axe?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({ baseURL: url, locale: 'en-GB', bypassCSP: opts.axe ?? false, viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    await context.addCookies([
      { name: LOCALE_COOKIE, value: locale, url },
      { name: CONSENT_COOKIE, value: 'essential', url },
    ]);
    return context.newPage();
  }

  const scriptRequests = () => emulator.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/recaptcha/api.js'));
  async function until(what: string, test: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function fill(page: Page, email: string): Promise<void> {
    const form = page.getByTestId('register-form');
    await form.locator('input[name="first_name"]').fill('Ivana');
    await form.locator('input[name="last_name"]').fill('Novak');
    await form.locator('input[name="birthday"]').fill('1992-07-21');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill('lozinka1');
    await form.locator('input[name="password_confirmation"]').fill('lozinka1');
    await form.locator('input[name="terms_accepted"]').check();
  }

  it('loads the script only once the register form is touched, and registers with a verified token', async () => {
    const page = await open('en');
    const watch = watchPage(page);
    const seen: string[] = [];
    page.on('request', (r) => seen.push(r.url()));
    const before = scriptRequests().length;
    await page.goto(publicPath('register', 'en'));
    await hydrated(page);
    await page.waitForTimeout(300);
    // Nothing of the provider before the visitor touches the form.
    expect(scriptRequests().length).toBe(before);
    expect(seen.filter((u) => u.startsWith(emulator.origin))).toEqual([]);
    await expect(page.locator(`script[src^="${emulator.origin}"]`).count()).resolves.toBe(0);
    // (the footer's newsletter form has a notice of its own)
    await expect(page.getByTestId('register-form').getByTestId('bot-check-notice').evaluate((el) => el.textContent!.replace(/\s+/g, ' ').trim())).resolves.toBe(
      'This site is protected by reCAPTCHA and the Google Privacy Policy (opens in a new tab) and Terms of Service (opens in a new tab) apply.',
    );

    await page.getByTestId('register-form').locator('input[name="first_name"]').focus();
    await until('the bot-check script', () => scriptRequests().length === before + 1);
    expect(scriptRequests().at(-1)!.url).toBe('/recaptcha/api.js?render=explicit&hl=en');
    // The widget rendered into its hidden container, the badge invisible.
    await page.locator('.bot-check-badge .grecaptcha-badge').waitFor({ state: 'attached' });
    await expect(page.locator('.grecaptcha-badge').isVisible()).resolves.toBe(false);
    await expect(page.locator('.grecaptcha-badge').evaluate((el) => getComputedStyle(el).visibility)).resolves.toBe('hidden');

    const verifiedBefore = emulator.verifications().length;
    const email = unique('botcheck');
    await fill(page, email);
    await page.getByTestId('register-form').locator('button[type="submit"]').click();
    await page.getByTestId('registration-success').waitFor();
    const verifications = emulator.verifications().slice(verifiedBefore);
    expect(verifications).toHaveLength(1);
    expect(verifications[0]).toMatchObject({ secret: emulator.secretKey, remoteip: '127.0.0.1' });
    const scenario = JSON.parse(Buffer.from(verifications[0]!.response!.slice(4), 'base64url').toString('utf8')) as { a: string; h: string };
    expect([scenario.a, scenario.h]).toEqual(['register', '127.0.0.1']);
    // Loaded once per page.
    expect(scriptRequests().length).toBe(before + 1);
    expect(watch.problems()).toEqual([]);
  });

  it('refuses a registration the provider scores as a bot, with a clear message in the page language', async () => {
    emulator.browserScore = 0.1;
    try {
      const page = await open('hr');
      const watch = watchPage(page);
      await page.goto(publicPath('register', 'hr'));
      await hydrated(page);
      await fill(page, unique('bot'));
      await page.getByTestId('register-form').locator('button[type="submit"]').click();
      await expect(page.locator('[role="alert"]').first().innerText()).resolves.toContain('automatizirani program');
      await expect(page.getByTestId('registration-success').count()).resolves.toBe(0);
      expect(watch.problems().filter((p) => !REFUSED.test(p))).toEqual([]);
    } finally {
      emulator.browserScore = 0.9;
    }
  });

  it('has no accessibility violations on the register page with the notice and the loaded widget', async () => {
    const page = await open('de', { axe: true });
    await page.goto(publicPath('register', 'de'));
    await hydrated(page);
    await page.getByTestId('register-form').locator('input[name="first_name"]').focus();
    await page.locator('.bot-check-badge .grecaptcha-badge').waitFor({ state: 'attached' });
    const violations = await axeViolations(page);
    expect(describeViolations(violations)).toBe('');
  });
});
