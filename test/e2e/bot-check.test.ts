// The bot check in Chromium against the built shop, started here with the bot check on and pointed
// at the local emulator of the provider (test/support/recaptcha-emulator.ts): the register page loads
// no provider script until its form is touched, then loads it with render=explicit in the page's
// language under the real CSP, hides the badge, shows the notice, and registration succeeds with
// a token the emulator verifies; a low score is refused with a clear message. axe-core: no violations.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser } from '../support/browser.js';
import { startBuiltShop, type BuiltShop } from '../support/built-shop.js';
import { startRecaptchaEmulator, type RecaptchaEmulator } from '../support/recaptcha-emulator.js';
import { hydrated, watchPage } from './site.js';

/** Chromium's line for the refusal we provoke (a low score). */
const REFUSED = /Failed to load resource: the server responded with a status of 403/;
const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

describe('bot check in Chromium (emulated provider)', () => {
  let emulator: RecaptchaEmulator;
  let shop: BuiltShop;
  let url = '';
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    emulator = await startRecaptchaEmulator();
    shop = await startBuiltShop('botcheck', emulator.env);
    url = shop.url;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await shop?.stop();
    await emulator?.close();
  });

  async function open(locale: Locale, opts: { axe?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      baseURL: url,
      locale: 'en-GB',
      bypassCSP: opts.axe ?? false,
      viewport: { width: 1280, height: 800 },
    });
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
    await expect(
      page
        .getByTestId('register-form')
        .getByTestId('bot-check-notice')
        .evaluate((el) => el.textContent!.replace(/\s+/g, ' ').trim()),
    ).resolves.toBe(
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
    const scenario = JSON.parse(Buffer.from(verifications[0]!.response!.slice(4), 'base64url').toString('utf8')) as {
      a: string;
      h: string;
    };
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
