// The account in Chromium against the built shop, with mails read from the .eml files it writes:
// register -> activation page from the mail (its button activates) -> log in -> edit profile -> log out (en and hr);
// forgot -> reset (hr, sl); magic link page (de); Google sign-in against a local OpenID Connect server
// (sl), an account Google may not enter, linked from the profile (en); a protected page as a visitor -> login -> back (en); axe-core on login, register, forgot,
// reset, the mail link pages and profile at 1280 and 360 px. No console problems beyond the refused calls we provoke.
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { LOCALE_COOKIE, type Locale } from '../../contract/locales.js';
import { publicPath } from '../../contract/paths.js';
import { CONSENT_COOKIE } from '../../client/src/router-context.js';
import { axeViolations, describeViolations, launchBrowser, newContext } from '../support/browser.js';
import { emlInbox } from '../support/eml-inbox.js';
import { BASE_URL, hydrated, tFor, watchPage, type ConsoleWatch } from './site.js';

const inbox = emlInbox();
const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const BROWSER_LOCALE: Record<Locale, string> = { hr: 'hr-HR', en: 'en-GB', de: 'de-DE', sl: 'sl-SI' };
/** Chromium's line for a refused fetch we provoke on purpose (a wrong password, a used link). */
const REFUSED = /Failed to load resource: the server responded with a status of (401|403|422)/;

describe('account in Chromium', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  async function open(
    locale: Locale,
    opts: { axe?: boolean; viewport?: { width: number; height: number } } = {},
  ): Promise<{ page: Page; watch: ConsoleWatch }> {
    const context = await newContext(browser, { locale: BROWSER_LOCALE[locale], axe: opts.axe ?? true, viewport: opts.viewport });
    contexts.push(context);
    await context.addCookies([
      { name: LOCALE_COOKIE, value: locale, url: BASE_URL },
      { name: CONSENT_COOKIE, value: 'essential', url: BASE_URL },
    ]);
    const page = await context.newPage();
    return { page, watch: watchPage(page) };
  }

  async function goto(page: Page, path: string): Promise<void> {
    await page.goto(path);
    await hydrated(page);
  }

  const problems = (watch: ConsoleWatch) => watch.problems().filter((p) => !REFUSED.test(p));
  const pathOf = (link: string) => link.replace(BASE_URL, '');

  async function register(page: Page, locale: Locale, email: string, password = 'lozinka1'): Promise<void> {
    await goto(page, publicPath('register', locale));
    const form = page.getByTestId('register-form');
    await form.locator('input[name="first_name"]').fill('Marta');
    await form.locator('input[name="last_name"]').fill('Horvat');
    await form.locator('input[name="birthday"]').fill('1991-03-14');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(password);
    await form.locator('input[name="password_confirmation"]').fill(password);
    await form.locator('input[name="terms_accepted"]').check();
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('registration-success').waitFor();
  }

  async function logIn(page: Page, email: string, password: string): Promise<void> {
    const form = page.getByTestId('login-form');
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(password);
    await form.locator('button[type="submit"]').click();
  }

  /** A screenshot for a person to look at (E2E_SHOTS=<dir>); nothing otherwise. */
  async function shot(page: Page, name: string): Promise<void> {
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
  }

  async function accountStatus(email: string): Promise<string> {
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      return ((await db.query(`SELECT status FROM app_user WHERE email = $1`, [email])).rows[0] as { status: string }).status;
    } finally {
      await db.end();
    }
  }

  /**
   * The activation mail's link opens the activation page in the mail's language; opening it (as a mail
   * scanner does) activates nothing, the button does. Ends on the login page.
   */
  async function activate(page: Page, email: string, locale: Locale): Promise<void> {
    const mail = await inbox.waitFor(email);
    expect(mail.language).toBe(locale);
    const link = new URL(mail.links[0]);
    expect(link.pathname).toBe(publicPath('account_activation', locale));
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    // a scanner's GET of the link and of the old API URL
    expect((await page.request.get(pathOf(mail.links[0]))).status()).toBe(200);
    expect((await page.request.get(`/api/users/activate?token=${link.searchParams.get('token')}`)).status()).toBe(200);
    expect(await accountStatus(email)).toBe('pending');
    await goto(page, pathOf(mail.links[0]));
    // noindex, no referrer, and the token leaves the address bar
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toMatch(/noindex/);
    await expect(page.locator('meta[name="referrer"]').getAttribute('content')).resolves.toBe('no-referrer');
    expect(new URL(page.url()).search).toBe('');
    await page.getByTestId('link-form').locator('button[type="submit"]').click();
    const done = page.getByTestId('link-done');
    await done.waitFor();
    expect(await accountStatus(email)).toBe('active');
    await done.getByRole('link').click();
    await page.waitForURL((u) => u.pathname === publicPath('login', locale));
    await hydrated(page);
  }

  it.each(['en', 'hr'] as const)('registers, activates from the mail, logs in, edits the profile and logs out (%s)', async (locale) => {
    const t = tFor(locale);
    const { page, watch } = await open(locale);
    const email = unique(`reg-${locale}`);

    // the spec's validation texts before anything is sent
    await goto(page, publicPath('register', locale));
    const form = page.getByTestId('register-form');
    await form.locator('input[name="password"]').fill('abc');
    await form.locator('input[name="password_confirmation"]').fill('abd');
    await form.locator('button[type="submit"]').click();
    await expect(page.locator('main').innerText()).resolves.toContain(
      locale === 'en' ? 'Password must contain at least 6 characters' : 'najmanje 6 znakova',
    );

    await register(page, locale, email);
    // logging in before activation explains itself
    await goto(page, publicPath('login', locale));
    await logIn(page, email, 'lozinka1');
    await page.getByTestId('resend-activation').waitFor();

    await activate(page, email, locale);
    await logIn(page, email, 'wrong-password');
    await expect(page.locator('[role="alert"]').first().innerText()).resolves.toContain(
      locale === 'en' ? 'Login failed, please check your credentials.' : 'Prijava nije uspjela',
    );
    await logIn(page, email, 'lozinka1');
    await page.waitForURL((u) => u.pathname === publicPath('profile', locale));
    await hydrated(page);
    await expect(page.getByTestId('profile-details').innerText()).resolves.toContain(email);
    await expect(page.getByTestId('header-account').getAttribute('data-session')).resolves.toBe('authenticated');

    // edit: a wrong OIB is refused with its message, a right one saved with the spec's message
    await page.getByRole('link', { name: t('account.profile.edit') }).click();
    await page.waitForURL((u) => u.pathname === publicPath('profile_edit', locale));
    const edit = page.getByTestId('profile-edit-form');
    await edit.locator('input[name="phone"]').fill('+385 91 234 5678');
    await edit.locator('input[name="city"]').fill('Varaždin');
    await edit.locator('input[name="vat_number"]').fill('69435151531');
    await edit.locator('button[type="submit"]').click();
    await edit.locator('input[name="vat_number"][aria-invalid="true"]').waitFor();
    await expect(page.locator('main').innerText()).resolves.toContain(t('account.validation.vatNumber'));
    await edit.locator('input[name="vat_number"]').fill('69435151530');
    await edit.locator('button[type="submit"]').click();
    const saved = page.getByTestId('profile-saved');
    await saved.waitFor();
    await expect(saved.innerText()).resolves.toContain(
      locale === 'en' ? "The user's profile has been successfully updated" : t('account.edit.success'),
    );
    const me = await page.evaluate(async () => ((await (await fetch('/api/users/me')).json()) as { data: Record<string, unknown> }).data);
    expect(me).toMatchObject({ phone: '+385 91 234 5678', city: 'Varaždin', vat_number: '69435151530' });

    // a new e-mail address applies only after the link mailed to it is opened
    const newEmail = unique(`new-${locale}`);
    await edit.locator('input[name="email"]').fill(newEmail);
    await edit.locator('button[type="submit"]').click();
    await expect(page.getByTestId('email-pending').innerText()).resolves.toContain(newEmail);
    const confirm = await inbox.waitFor(newEmail);
    expect(confirm.language).toBe(locale);
    expect(new URL(confirm.links[0]).pathname).toBe(publicPath('email_confirmation', locale));
    await goto(page, pathOf(confirm.links[0]));
    await expect(
      page.evaluate(async () => ((await (await fetch('/api/users/me')).json()) as { data: { email: string } }).data.email),
    ).resolves.toBe(email);
    await page.getByTestId('link-form').locator('button[type="submit"]').click();
    await expect(page.getByTestId('link-done').innerText()).resolves.toContain(t('account.links.emailConfirmed'));
    await page.getByTestId('link-done').getByRole('link').click();
    await page.waitForURL((u) => u.pathname === publicPath('profile', locale));
    await expect(page.getByTestId('profile-details').innerText()).resolves.toContain(newEmail);

    // log out: the server ends the session, the header says so
    await goto(page, publicPath('profile', locale));
    await page.getByTestId('logout').click();
    await page.waitForURL((u) => u.pathname === publicPath('login', locale));
    await page.getByTestId('signed-out').waitFor();
    await expect(page.evaluate(async () => (await fetch('/api/users/me')).status)).resolves.toBe(401);
    await goto(page, publicPath('profile', locale));
    expect(new URL(page.url()).pathname).toBe(publicPath('login', locale));
    expect(problems(watch)).toEqual([]);
  });

  it.each(['hr', 'sl'] as const)('resets a forgotten password from the mailed link (%s)', async (locale) => {
    const { page, watch } = await open(locale);
    const email = unique(`reset-${locale}`);
    await register(page, locale, email);
    await activate(page, email, locale);

    await goto(page, publicPath('forgot_password', locale));
    await page.getByTestId('forgot-password-form').locator('input[name="email"]').fill(email);
    await page.getByTestId('forgot-password-form').locator('button[type="submit"]').click();
    await page.getByTestId('reset-link-sent').waitFor();
    const mail = await inbox.waitFor(email);
    const link = mail.links[0];
    expect(pathOf(link)).toMatch(
      new RegExp(`^${publicPath('reset_password', locale, { token: 'T' }).replace(/T$/, '')}[A-Za-z0-9_-]{43}$`),
    );

    await goto(page, pathOf(link));
    const form = page.getByTestId('reset-password-form');
    await form.locator('input[name="password"]').fill('novaLozinka7');
    await form.locator('input[name="password_confirmation"]').fill('novaLozinka7');
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('password-reset-done').waitFor();

    // single use
    await goto(page, pathOf(link));
    await page.getByTestId('reset-password-form').locator('input[name="password"]').fill('trecaLozinka7');
    await page.getByTestId('reset-password-form').locator('input[name="password_confirmation"]').fill('trecaLozinka7');
    await page.getByTestId('reset-password-form').locator('button[type="submit"]').click();
    await page.getByTestId('reset-link-invalid').waitFor();

    await goto(page, publicPath('login', locale));
    await logIn(page, email, 'novaLozinka7');
    await page.waitForURL((u) => u.pathname === publicPath('profile', locale));
    const notice = await inbox.waitFor(email);
    expect(notice.language).toBe(locale);
    expect(problems(watch)).toEqual([]);
  });

  it('signs in by a magic link from the mail (de)', async () => {
    const locale = 'de';
    const { page, watch } = await open(locale);
    const email = unique('magic');
    await register(page, locale, email);
    await activate(page, email, locale);

    await goto(page, publicPath('login', locale));
    await page.getByTestId('magic-link-form').locator('input[name="email"]').fill(email);
    await page.getByTestId('magic-link-form').locator('button[type="submit"]').click();
    await page.getByTestId('magic-link-sent').waitFor();
    const mail = await inbox.waitFor(email);
    expect(mail.language).toBe('de');
    expect(new URL(mail.links[0]).pathname).toBe(publicPath('magic_link', locale));
    // opening the page signs nobody in; its button does, and goes on to the profile
    await goto(page, pathOf(mail.links[0]));
    await shot(page, 'magic-link-de');
    await expect(page.evaluate(async () => (await fetch('/api/users/me')).status)).resolves.toBe(401);
    await page.getByTestId('link-form').locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === publicPath('profile', locale));
    await hydrated(page);
    await expect(page.getByTestId('profile-details').innerText()).resolves.toContain(email);
    // the link works once: a second browser gets the localized refusal on the page
    const other = await open(locale);
    await goto(other.page, pathOf(mail.links[0]));
    await other.page.getByTestId('link-form').locator('button[type="submit"]').click();
    await expect(other.page.getByTestId('link-failed').innerText()).resolves.toMatch(/abgelaufen|verwendet/);
    expect(problems(watch)).toEqual([]);
  });

  describe('Google (a local OpenID Connect server)', () => {
    let oidc: OAuth2Server;
    /** Who is signed in at the provider for the next sign-in. */
    let person: Record<string, unknown> = {};
    // One provider for these tests: the shop caches its keys (a new provider's keys within a minute would be refused).
    beforeAll(async () => {
      oidc = new OAuth2Server();
      await oidc.issuer.keys.generate('RS256');
      await oidc.start(Number(process.env.E2E_OIDC_PORT), '127.0.0.1');
      oidc.issuer.url = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`; // what the shop was configured with
      oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, person));
    });
    afterAll(async () => {
      if (oidc?.listening) await oidc.stop();
    });

    it('signs in with Google (sl)', async () => {
      const locale = 'sl';
      const email = unique('google');
      person = { sub: `google-${email}`, email, email_verified: true, given_name: 'Maja', family_name: 'Novak' };
      const { page, watch } = await open(locale);
      // Google is configured for this shop (GET /api/auth/providers), so register and login offer it.
      await goto(page, publicPath('register', locale));
      expect(await page.getByTestId('google-sign-in').count()).toBe(1);
      await goto(page, `${publicPath('login', locale)}?redirect=${encodeURIComponent(publicPath('profile_orders', locale))}`);
      await page.getByTestId('google-sign-in').click();
      await page.waitForURL((u) => u.pathname === publicPath('profile_orders', locale));
      await hydrated(page);
      const me = await page.evaluate(async () => ((await (await fetch('/api/users/me')).json()) as { data: Record<string, unknown> }).data);
      expect(me).toMatchObject({ email, first_name: 'Maja', last_name: 'Novak', google_linked: true, has_password: false });
      // the profile says Google is linked; without a password it cannot be unlinked
      await goto(page, publicPath('profile', locale));
      await expect(page.getByTestId('google-link').innerText()).resolves.toContain(tFor(locale)('account.google.unlinkNeedsPassword'));
      expect(problems(watch)).toEqual([]);
    });

    it('does not enter a password account of another domain by Google; linked from the profile, then unlinked (en)', async () => {
      const locale = 'en';
      const t = tFor(locale);
      const { page, watch } = await open(locale);
      const email = unique('link');
      await register(page, locale, email);
      await activate(page, email, locale);
      person = { sub: `google-${email}`, email, email_verified: true, given_name: 'Other', family_name: 'Person' };

      // Google with the same (non-Gmail, no hd) address: refused, told how to link
      await page.getByTestId('google-sign-in').click();
      await page.waitForURL((u) => u.pathname === publicPath('login', locale) && u.searchParams.get('google') === 'link-required');
      await hydrated(page);
      await expect(page.getByTestId('google-link-required').innerText()).resolves.toContain(t('account.login.googleLinkRequired'));
      await expect(page.evaluate(async () => (await fetch('/api/users/me')).status)).resolves.toBe(401);
      await shot(page, 'login-google-link-required-en');

      // signed in with the password, the profile links Google
      await logIn(page, email, 'lozinka1');
      await page.waitForURL((u) => u.pathname === publicPath('profile', locale));
      await hydrated(page);
      const panel = page.getByTestId('google-link');
      await expect(panel.innerText()).resolves.toContain(t('account.google.notLinked'));
      await shot(page, 'profile-google-not-linked-en');
      await page.getByTestId('google-link-start').click();
      await page.waitForURL((u) => u.pathname === publicPath('profile', locale) && u.searchParams.get('google') === 'linked');
      await hydrated(page);
      await page.getByTestId('google-linked').waitFor();
      await expect(panel.innerText()).resolves.toContain(t('account.google.isLinked'));
      await shot(page, 'profile-google-linked-en');

      // from now on Google signs into this account (another browser)
      const other = await open(locale);
      await goto(other.page, publicPath('login', locale));
      await other.page.getByTestId('google-sign-in').click();
      await other.page.waitForURL((u) => u.pathname === publicPath('profile', locale));
      await hydrated(other.page);
      await expect(other.page.getByTestId('profile-details').innerText()).resolves.toContain(email);

      // unlink (the account has a password)
      await page.getByTestId('google-unlink-form').locator('button[type="submit"]').click();
      await expect(page.getByTestId('google-link-start').innerText()).resolves.toBe(t('account.google.link'));
      const me = await page.evaluate(async () => ((await (await fetch('/api/users/me')).json()) as { data: Record<string, unknown> }).data);
      expect(me).toMatchObject({ google_linked: false, has_password: true });
      expect(problems(watch)).toEqual([]);
      expect(problems(other.watch)).toEqual([]);
    });
  });

  it('sends a visitor of a protected page to the login page and back after signing in (en), with the last order shown', async () => {
    const locale = 'en';
    const { page, watch } = await open(locale);
    const email = unique('back');
    await register(page, locale, email);
    await activate(page, email, locale);
    // an order of this user, as checkout will write it (the order module's table)
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    try {
      const [{ id }] = (await db.query(`SELECT id FROM app_user WHERE email = $1`, [email])).rows as Array<{ id: string }>;
      const number = `ZZ-2026-${String(Date.now()).slice(-6)}`;
      const [{ id: orderId }] = (
        await db.query(
          `INSERT INTO shop_order (number, user_id, email, payment_status, payment_method, subtotal, discount, delivery, total, vat_base, vat_total, delivery_address, phone, locale, view_secret)
           VALUES ($1, $2, $3, 'paid', 'card', 847, 0, 0, 847, 807, 40, '{}', '', 'en', repeat('s', 32)) RETURNING id`,
          [number, id, email],
        )
      ).rows as Array<{ id: string }>;
      await db.query(
        `INSERT INTO shop_order_line (order_id, position, product_code, name, unit_price, quantity, vat_rate) VALUES ($1, 0, 'ZZ-PENNE-400', 'Penne rigate', 249, 3, 5), ($1, 1, 'ZZ-FUS-400', 'Fusilli', 100, 1, 5)`,
        [orderId],
      );

      await goto(page, publicPath('profile', locale));
      expect(new URL(page.url()).pathname).toBe(publicPath('login', locale));
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(publicPath('profile', locale));
      await logIn(page, email, 'lozinka1');
      await page.waitForURL((u) => u.pathname === publicPath('profile', locale));
      await hydrated(page);
      const last = page.getByTestId('last-order');
      const text = await last.innerText();
      expect(text).toContain(number);
      expect(text).toContain('ZZ-PENNE-400');
      expect(text).toContain('€8.47');
      expect(text).toContain('€2.49');
    } finally {
      await db.end();
    }
    expect(problems(watch)).toEqual([]);
  });

  it.each([
    ['en', { width: 1280, height: 800 }],
    ['hr', { width: 360, height: 780 }],
  ] as const)('login, register, forgot, reset and profile have no axe violations (%s, %o)', async (locale, viewport) => {
    const { page, watch } = await open(locale, { axe: true, viewport });
    const report: string[] = [];
    const audit = async (label: string) => {
      const v = await axeViolations(page);
      if (v.length) report.push(`${label}:\n${describeViolations(v)}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) report.push(`${label}: horizontal overflow ${overflow}px`);
    };
    for (const screen of ['login', 'register', 'forgot_password'] as const) {
      await goto(page, publicPath(screen, locale));
      await audit(screen);
    }
    // with errors shown
    await page.getByTestId('forgot-password-form').locator('button[type="submit"]').click();
    await audit('forgot_password with an error');
    await goto(page, publicPath('reset_password', locale, { token: 'x'.repeat(43) }));
    await audit('reset_password');
    // the account mails' link pages: the button, a refused link, no token at all
    for (const screen of ['account_activation', 'magic_link', 'email_confirmation'] as const) {
      await goto(page, `${publicPath(screen, locale)}?token=${'x'.repeat(43)}`);
      await audit(screen);
      await shot(page, `${screen}-${locale}-${viewport.width}`);
      await page.getByTestId('link-form').locator('button[type="submit"]').click();
      await page.getByTestId('link-failed').waitFor();
      await audit(`${screen} refused`);
      await shot(page, `${screen}-refused-${locale}-${viewport.width}`);
      await goto(page, publicPath(screen, locale));
      await page.getByTestId('link-no-token').waitFor();
      await audit(`${screen} without a token`);
    }
    const email = unique(`axe-${locale}`);
    await register(page, locale, email);
    await audit('register success');
    await activate(page, email, locale);
    await audit('login after activation');
    await logIn(page, email, 'lozinka1');
    await page.waitForURL((u) => u.pathname === publicPath('profile', locale));
    await hydrated(page);
    await audit('profile');
    for (const screen of ['profile_edit', 'profile_orders', 'profile_reset_password'] as const) {
      await goto(page, publicPath(screen, locale));
      await audit(screen);
    }
    expect(report).toEqual([]);
    expect(problems(watch)).toEqual([]);
  });
});
