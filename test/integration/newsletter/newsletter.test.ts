import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { newsletterConsentText, NEWSLETTER_CONSENT_VERSION } from '../../../contract/newsletter.js';
import type { RunningShop } from '../../../server/main.js';
import { SEND_TEMPLATE_JOB } from '../../../server/platform/mail/index.js';
import { isSealed, QueueName, QueueService } from '../../../server/platform/queue/index.js';
import { createUser, uniqueEmail } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox, type ReceivedMail } from '../../support/mailbox.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';

type Shop = RunningShop & { url: string };

interface Row {
  id: string;
  email: string;
  locale: string;
  status: string;
  source: string;
  consent_at: Date;
  consent_ip: string | null;
  consent_text: string;
  consent_version: string;
  confirm_token_hash: string | null;
  confirm_expires_at: Date | null;
  confirmed_at: Date | null;
  confirmed_ip: string | null;
  unsubscribe_token_hash: string;
  unsubscribed_at: Date | null;
}

const PER_IP = 6;
let ipSeq = 0;
/** A client address of its own for each caller (the shop trusts one proxy hop), so the per-IP budgets do not mix. */
const nextIp = () => `198.51.100.${++ipSeq}`;

/**
 * The newsletter on the real shop (role all: web and worker), mails over SMTP to an in-process
 * mailbox: double opt-in, the consent record, no enumeration, signed links, RFC 8058 one-click
 * unsubscribe, the operators' CSV, rate limits, hostile input, and the account's tick boxes.
 */
describe('newsletter (API, mails over SMTP)', () => {
  let shop: Shop;
  let mailbox: Mailbox;
  let db: DataSource;
  let PUBLIC_URL = '';

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    PUBLIC_URL = `http://127.0.0.1:${port}`;
    shop = await startShop({
      env: {
        SMTP_URL: mailbox.url,
        PORT: String(port),
        PUBLIC_URL,
        TRUST_PROXY: 'true',
        NEWSLETTER_RATE_LIMIT_PER_IP: String(PER_IP),
        AUTH_RATE_LIMIT_PER_IP: '1000',
      },
      role: 'all',
    });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
  });

  /** A browser-like client (cookies, CSRF token) speaking from its own address. */
  async function visitor(language = 'hr', ip = nextIp()): Promise<Shopper & { ip: string }> {
    const s = await shopper(shop.url, language);
    const call: Shopper['call'] = (method, path, body) => s.call(method, path, body).set('X-Forwarded-For', ip);
    return { ...s, call, ip };
  }

  const subscribe = (s: Shopper, body: Record<string, unknown>) => s.call('post', '/api/newsletter/subscriptions', body);
  const row = async (email: string): Promise<Row | undefined> =>
    ((await db.query(`SELECT * FROM newsletter_subscription WHERE email = $1`, [email])) as Row[])[0];
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  /** The one-click URL of a mail's List-Unsubscribe header. */
  const oneClickOf = (mail: ReceivedMail) => /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')![1];
  const pathOf = (link: string) => link.replace(PUBLIC_URL, '');

  /** Subscribes and confirms an address; answers the confirmation mail. */
  async function subscribed(email: string, locale = 'en', source = 'home'): Promise<ReceivedMail> {
    const s = await visitor(locale);
    await subscribe(s, { email, locale, source }).expect(202);
    const mail = await mailbox.next(email);
    await s.call('post', '/api/newsletter/confirm', { token: tokenOf(mail.links[0]) }).expect(200);
    await mailbox.next(email); // the welcome mail
    return mail;
  }

  it('subscribe -> one confirmation mail with both headers and the link -> confirm -> confirmed, with the consent record', async () => {
    const email = uniqueEmail('nl-flow');
    const s = await visitor('de');
    const res = await subscribe(s, { email: `  ${email.toUpperCase()} `, locale: 'de', source: 'footer' }).expect(202);
    expect(res.body).toEqual({ data: { accepted: true } });

    const pending = (await row(email))!;
    expect(pending).toMatchObject({
      status: 'pending',
      locale: 'de',
      source: 'footer',
      consent_ip: s.ip,
      consent_version: NEWSLETTER_CONSENT_VERSION,
    });
    expect(pending.consent_text).toBe(newsletterConsentText('footer', 'de'));
    expect(pending.consent_text).toMatch(/Datenschutzerklärung/);
    expect(pending.confirmed_at).toBeNull();

    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Bestätigen Sie Ihre Anmeldung zum Newsletter von Zlatno zrno');
    expect(mail.headers['content-language']).toBe('de');
    const confirmLink = mail.links[0];
    expect(confirmLink).toMatch(new RegExp(`^${PUBLIC_URL}/de/newsletter/bestaetigen\\?token=[A-Za-z0-9_-]{43}$`));
    const oneClick = oneClickOf(mail);
    expect(oneClick).toMatch(new RegExp(`^${PUBLIC_URL}/api/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // the footer's unsubscribe link: the page (its button unsubscribes), with the same token
    // (in the text part the sentence's full stop follows the link)
    const unsubscribePage = mail.links.find((l) => l.includes('/de/newsletter/abmelden?token='))?.replace(/\.$/, '');
    expect(unsubscribePage && tokenOf(unsubscribePage)).toBe(tokenOf(oneClick));
    expect(await mailbox.quiet(email, 800)).toBe(0); // one mail, not two

    // tokens are stored hashed only
    const stored = (await row(email))!;
    expect(stored.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(tokenOf(confirmLink));
    expect(JSON.stringify(stored)).not.toContain(tokenOf(oneClick));

    // opening the page confirms nothing; the page's button (this POST) does
    expect((await row(email))!.status).toBe('pending');
    const confirmer = await visitor('de');
    const ok = await confirmer.call('post', '/api/newsletter/confirm', { token: tokenOf(confirmLink) }).expect(200);
    expect(ok.body).toEqual({ data: { status: 'confirmed' } });
    const confirmed = (await row(email))!;
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      confirmed_ip: confirmer.ip,
      consent_ip: s.ip,
      consent_text: newsletterConsentText('footer', 'de'),
    });
    expect(confirmed.confirmed_at!.getTime()).toBeGreaterThanOrEqual(confirmed.consent_at.getTime());
    // a second click: the same answer
    await confirmer.call('post', '/api/newsletter/confirm', { token: tokenOf(confirmLink) }).expect(200);

    const welcome = await mailbox.next(email);
    expect(welcome.subject).toBe('Sie sind für den Newsletter von Zlatno zrno angemeldet');
    expect(welcome.links[0]).toBe(`${PUBLIC_URL}/de/rezepte`);
    expect(oneClickOf(welcome)).toBe(oneClick);
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailbox.quiet(email, 800)).toBe(0);

    // the mail jobs (kept in Redis, shown on the dashboard) hold the links and headers sealed only
    const jobs = (await shop.app.get(QueueService).queue(QueueName.Mail).getJobs(['completed'], 0, -1)).filter(
      (j) => j?.name === SEND_TEMPLATE_JOB && j.data?.to === email,
    );
    expect(jobs.map((j) => j.data.template).sort()).toEqual(['newsletter-confirmation', 'newsletter-welcome']);
    for (const job of jobs) {
      expect([isSealed(job.data.props), isSealed(job.data.headers)]).toEqual([true, true]);
      expect(JSON.stringify(job.data)).not.toMatch(/token=|List-Unsubscribe/);
    }
  });

  it('answers the same 202 for a new, pending, confirmed and unsubscribed address, and mails nothing new to a confirmed one', async () => {
    const fresh = uniqueEmail('nl-new');
    const pending = uniqueEmail('nl-pending');
    const confirmed = uniqueEmail('nl-confirmed');
    const unsubscribed = uniqueEmail('nl-unsub');

    const setup = await visitor('en');
    await subscribe(setup, { email: pending, locale: 'en' }).expect(202);
    const firstPendingMail = await mailbox.next(pending);
    await subscribed(confirmed);
    const gone = await subscribed(unsubscribed);
    await request(shop.url)
      .post(pathOf(oneClickOf(gone)))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    const before = (await row(confirmed))!;

    const answers: Array<{ status: number; body: unknown; type: unknown }> = [];
    for (const email of [fresh, pending, confirmed, unsubscribed]) {
      const res = await subscribe(await visitor('en'), { email, locale: 'en' });
      answers.push({ status: res.status, body: res.body as unknown, type: res.headers['content-type'] });
    }
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
    expect(answers[0]).toEqual({ status: 202, body: { data: { accepted: true } }, type: 'application/json; charset=utf-8' });

    // new: a mail; pending: a new mail (only the newest link works); unsubscribed: a mail again; confirmed: nothing
    await mailbox.next(fresh);
    const secondPendingMail = await mailbox.next(pending);
    expect(tokenOf(secondPendingMail.links[0])).not.toBe(tokenOf(firstPendingMail.links[0]));
    const again = await mailbox.next(unsubscribed);
    expect(again.subject).toBe('Confirm your subscription to the Zlatno zrno newsletter');
    expect(await mailbox.quiet(confirmed, 1500)).toBe(0);
    // the confirmed row and its consent record are untouched
    expect(await row(confirmed)).toEqual(before);
    expect((await row(unsubscribed))!.status).toBe('pending');
    // the old unsubscribe link of the ended subscription no longer works; the new one does
    await request(shop.url)
      .post(pathOf(oneClickOf(gone)))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(422);
    await request(shop.url)
      .post(pathOf(oneClickOf(again)))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
  });

  it('refuses a forged, malformed, superseded or expired confirmation token with a clear message', async () => {
    const s = await visitor('hr');
    const forged = await s.call('post', '/api/newsletter/confirm', { token: 'A'.repeat(43) }).expect(422);
    expect(forged.body.errors[0]).toMatchObject({
      code: 'NEWSLETTER_LINK_INVALID',
      message: expect.stringMatching(/^Ova poveznica nije ispravna/),
    });
    for (const token of ['', 'kratko', null, 42, ['x'], { $ne: null }, 'A'.repeat(44)]) {
      const res = await s.call('post', '/api/newsletter/confirm', { token }).expect(422);
      expect(res.body.errors[0].code).toBe('NEWSLETTER_LINK_INVALID');
    }

    const email = uniqueEmail('nl-expired');
    await subscribe(s, { email, locale: 'hr' }).expect(202);
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Potvrdite prijavu na newsletter Zlatnog zrna');
    await db.query(`UPDATE newsletter_subscription SET confirm_expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    const expired = await s.call('post', '/api/newsletter/confirm', { token: tokenOf(mail.links[0]) }).expect(422);
    expect(expired.body.errors[0]).toMatchObject({
      code: 'NEWSLETTER_LINK_EXPIRED',
      message: expect.stringMatching(/^Poveznica za potvrdu je istekla/),
    });
    expect((await row(email))!.status).toBe('pending');

    // subscribing again mails a new link that works; the old one stays refused
    await subscribe(await visitor('hr'), { email, locale: 'hr' }).expect(202);
    const fresh = await mailbox.next(email);
    await s.call('post', '/api/newsletter/confirm', { token: tokenOf(mail.links[0]) }).expect(422);
    await s.call('post', '/api/newsletter/confirm', { token: tokenOf(fresh.links[0]) }).expect(200);
    expect((await row(email))!.status).toBe('confirmed');
  });

  it('unsubscribes at once by the one-click POST (no CSRF token, no cookies, urlencoded body); its GET only leads to the page', async () => {
    const email = uniqueEmail('nl-oneclick');
    const mail = await subscribed(email, 'sl');
    const oneClick = pathOf(oneClickOf(mail));
    const token = tokenOf(oneClickOf(mail));

    // a browser opening the URL (or a link scanner): a redirect to the page, nothing changes
    const get = await request(shop.url).get(oneClick).set('Accept', 'text/html').expect(303);
    expect(get.headers.location).toBe(`/sl/e-novice/odjava?token=${token}`);
    expect((await row(email))!.status).toBe('confirmed');

    // the mail provider's POST: no cookies, no token header, a form body
    const res = await request(shop.url)
      .post(oneClick)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body).toEqual({ data: { status: 'unsubscribed' } });
    const gone = (await row(email))!;
    expect(gone.status).toBe('unsubscribed');
    expect(gone.unsubscribed_at).not.toBeNull();
    // twice: the same answer; a multipart body (also allowed by RFC 8058) too
    await request(shop.url).post(oneClick).field('List-Unsubscribe', 'One-Click').expect(200);
    // the page's plain form without JavaScript: back to the page, which says so
    const form = await request(shop.url)
      .post(oneClick)
      .set('Accept', 'text/html')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(303);
    expect(form.headers.location).toBe('/sl/e-novice/odjava?status=unsubscribed');
    // the confirmation link no longer subscribes
    await (await visitor('sl')).call('post', '/api/newsletter/confirm', { token: tokenOf(mail.links[0]) }).expect(422);

    // forged and malformed tokens: refused, nobody unsubscribed
    const forged = await request(shop.url)
      .post('/api/newsletter/unsubscribe?token=' + 'B'.repeat(43))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(422);
    expect(forged.body.errors[0].code).toBe('NEWSLETTER_LINK_INVALID');
    await request(shop.url).post('/api/newsletter/unsubscribe').type('form').send('List-Unsubscribe=One-Click').expect(422);
    await request(shop.url).post('/api/newsletter/unsubscribe?token=a&token=b').expect(422);
    // the exemption is exact: other newsletter writes still need the CSRF token
    const csrf = await request(shop.url)
      .post('/api/newsletter/subscriptions')
      .send({ email: uniqueEmail('nl-csrf') })
      .expect(403);
    expect(csrf.body.errors[0].code).toBe('CSRF_TOKEN_INVALID');
    await request(shop.url)
      .post('/api/newsletter/confirm')
      .send({ token: 'A'.repeat(43) })
      .expect(403);
  });

  it('exports confirmed subscribers as CSV for operators only (401/403/200), by language, injection-safe', async () => {
    const hr = uniqueEmail('nl-csv-hr');
    const de = uniqueEmail('nl-csv-de');
    const pending = uniqueEmail('nl-csv-pending');
    const formula = `=2+3-${uniqueEmail('x').replace(/@.*/, '')}@example.com`;
    await subscribed(hr, 'hr', 'footer');
    await subscribed(de, 'de');
    await subscribed(formula, 'hr');
    await subscribe(await visitor('hr'), { email: pending, locale: 'hr' }).expect(202);

    await request(shop.url).get('/api/admin/newsletter/subscribers').expect(401);
    const customer = await createUser(db, { role: 'customer' });
    const c = await shopper(shop.url, 'en');
    await c.call('post', '/api/auth/login', { email: customer.email, password: customer.password }).expect(200);
    const forbidden = await c.call('get', '/api/admin/newsletter/subscribers').expect(403);
    expect(forbidden.body.errors[0].code).toBe('AUTH_FORBIDDEN');

    const admin = await createUser(db, { role: 'admin' });
    const a = await shopper(shop.url, 'en');
    await a.call('post', '/api/auth/login', { email: admin.email, password: admin.password }).expect(200);
    const all = await a.call('get', '/api/admin/newsletter/subscribers').expect(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toMatch(/^attachment; filename="newsletter-subscribers-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(all.headers['cache-control']).toBe('no-store');
    const body = all.text;
    expect(body.startsWith('\ufeffemail,locale,confirmed_at,source\r\n')).toBe(true);
    const lines = body.slice(1).trimEnd().split('\r\n');
    const find = (email: string) => lines.find((l) => l.includes(email.replace(/^=/, '')));
    expect(find(hr)).toMatch(new RegExp(`^${hr.replace(/[.+]/g, '\\$&')},hr,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,footer$`));
    expect(find(de)).toMatch(/,de,.*,home$/);
    expect(find(formula)).toBe(`'${formula},hr,${(await row(formula))!.confirmed_at!.toISOString()},home`);
    expect(find(pending)).toBeUndefined();

    const onlyHr = (await a.call('get', '/api/admin/newsletter/subscribers?locale=hr').expect(200)).text;
    expect(onlyHr).toContain(hr);
    expect(onlyHr).not.toContain(de);
    expect(
      onlyHr
        .slice(1)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .every((l) => l.split(',')[1] === 'hr'),
    ).toBe(true);
    const bad = await a.call('get', '/api/admin/newsletter/subscribers?locale=fr').expect(422);
    expect(bad.body.errors[0]).toMatchObject({ code: 'NEWSLETTER_LOCALE_INVALID', field: 'locale' });
    await a.call('get', '/api/admin/newsletter/subscribers?locale=hr&locale=de').expect(422);
  });

  it('limits requests per client address and per e-mail address (429 with Retry-After)', async () => {
    // per address: 3 an hour, whoever asks (no mail bombing of one inbox from many clients)
    const victim = uniqueEmail('nl-bomb');
    for (let i = 0; i < 3; i++) await subscribe(await visitor('en'), { email: victim }).expect(202);
    const bomb = await subscribe(await visitor('hr'), { email: victim }).expect(429);
    expect(bomb.body.errors[0].code).toBe('RATE_LIMITED');
    expect(bomb.body.errors[0].message).toMatch(/^Previše pokušaja\. Pokušajte ponovno za \d+ s\.$/);
    expect(Number(bomb.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(bomb.headers['retry-after'])).toBeLessThanOrEqual(3600);

    // per client: NEWSLETTER_RATE_LIMIT_PER_IP an hour, malformed attempts included
    const s = await visitor('de');
    await subscribe(s, { email: 'kaputt' }).expect(422);
    for (let i = 1; i < PER_IP; i++) await subscribe(s, { email: uniqueEmail('nl-ip') }).expect(202);
    const limited = await subscribe(s, { email: uniqueEmail('nl-ip') }).expect(429);
    expect(limited.body.errors[0].message).toMatch(/^Zu viele Versuche/);
    // another client is not affected
    await subscribe(await visitor('de'), { email: uniqueEmail('nl-ip') }).expect(202);
  });

  it('never answers hostile input with a 500, always with a clear, localized error', async () => {
    const cases: Array<[unknown, number, string]> = [
      [{}, 422, 'NEWSLETTER_EMAIL_REQUIRED'],
      [{ email: 'not-an-address' }, 422, 'NEWSLETTER_EMAIL_INVALID'],
      [{ email: 42 }, 422, 'NEWSLETTER_EMAIL_INVALID'],
      [{ email: ['a@example.com'] }, 422, 'NEWSLETTER_EMAIL_INVALID'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 422, 'NEWSLETTER_EMAIL_INVALID'],
      [{ email: 'a@example.com', source: 'registration' }, 422, 'NEWSLETTER_SOURCE_INVALID'],
      [{ email: 'a@example.com', source: { x: 1 } }, 422, 'NEWSLETTER_SOURCE_INVALID'],
      [[1, 2], 422, 'NEWSLETTER_EMAIL_REQUIRED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await (await visitor('en')).call('post', '/api/newsletter/subscriptions', body);
      expect({ body, status: res.status, code: res.body.errors?.[0]?.code }).toEqual({ body, status, code });
      expect(res.body.errors[0].message).toEqual(expect.any(String));
    }
    const german = await (await visitor('de')).call('post', '/api/newsletter/subscriptions', { email: 'x' }).expect(422);
    expect(german.body.errors[0]).toMatchObject({
      field: 'email',
      message: 'Geben Sie eine gültige E-Mail-Adresse ein (z. B. anna@beispiel.de).',
    });
    // a locale that is not one of the shop's: the page's language applies
    const t = await visitor('sl');
    const email = uniqueEmail('nl-locale');
    await t.call('post', '/api/newsletter/subscriptions', { email, locale: 'fr' }).expect(202);
    expect((await row(email))!.locale).toBe('sl');
    // bodies of the wrong type, broken JSON, control characters
    const u = await visitor('en');
    const plain = await u.call('post', '/api/newsletter/subscriptions').set('Content-Type', 'text/plain').send('email=a@example.com');
    expect(plain.status).toBe(415);
    const broken = await u.call('post', '/api/newsletter/subscriptions').set('Content-Type', 'application/json').send('{"email":');
    expect(broken.status).toBe(400);
    const nul = await u.call('post', '/api/newsletter/subscriptions', { email: 'a\u0000@example.com' });
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    const big = await request(shop.url)
      .post(`/api/newsletter/unsubscribe?token=${'x'.repeat(5000)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(big.status).toBeGreaterThanOrEqual(400);
    expect(big.status).toBeLessThan(500);
  });

  it('starts the double opt-in from a registration with the newsletter tick, in the user language', async () => {
    const email = uniqueEmail('nl-register');
    const s = await visitor('de');
    const registration = {
      first_name: 'Marta',
      last_name: 'Horvat',
      birthday: '1990-05-17',
      email,
      password: 'lozinka1',
      password_confirmation: 'lozinka1',
      terms_accepted: true,
      locale: 'de',
    };
    await s.call('post', '/api/users', { ...registration, newsletter: true }).expect(202);
    const mails = await waitFor('activation and newsletter mails', () => (mailbox.to(email).length >= 2 ? mailbox.to(email) : null));
    const confirmation = mails.find((m) => m.subject.includes('Newsletter'))!;
    expect(confirmation.subject).toBe('Bestätigen Sie Ihre Anmeldung zum Newsletter von Zlatno zrno');
    expect(confirmation.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await row(email))!).toMatchObject({
      status: 'pending',
      source: 'registration',
      locale: 'de',
      consent_ip: s.ip,
      consent_text: newsletterConsentText('registration', 'de'),
    });

    // without the tick: the activation mail only, no subscription
    const other = uniqueEmail('nl-register-no');
    await (await visitor('en')).call('post', '/api/users', { ...registration, email: other, locale: 'en' }).expect(202);
    await mailbox.next(other);
    expect(await mailbox.quiet(other, 1500)).toBe(0);
    expect(await row(other)).toBeUndefined();
  });

  it("follows the profile's switch: on starts the double opt-in, off unsubscribes at once; an unsubscribe turns the switch off", async () => {
    const user = await createUser(db, { locale: 'sl' });
    const s = await visitor('sl');
    await s.call('post', '/api/auth/login', { email: user.email, password: user.password }).expect(200);
    await s.call('patch', '/api/users/me', { newsletter: true }).expect(200);
    const mail = await mailbox.next(user.email);
    expect(mail.subject).toBe('Potrdite prijavo na e-novice Zlatno zrno');
    expect((await row(user.email))!).toMatchObject({
      status: 'pending',
      source: 'profile',
      consent_text: newsletterConsentText('profile', 'sl'),
    });
    await s.call('post', '/api/newsletter/confirm', { token: tokenOf(mail.links[0]) }).expect(200);
    await mailbox.next(user.email); // welcome

    await s.call('patch', '/api/users/me', { newsletter: false }).expect(200);
    await waitFor('unsubscribed by the switch', async () => (await row(user.email))!.status === 'unsubscribed');

    // subscribed again from the profile, then unsubscribed by the mail's link: the switch follows
    await s.call('patch', '/api/users/me', { newsletter: true }).expect(200);
    const second = await mailbox.next(user.email);
    await s.call('post', '/api/newsletter/confirm', { token: tokenOf(second.links[0]) }).expect(200);
    await request(shop.url)
      .post(pathOf(oneClickOf(second)))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    await waitFor('the profile switch off', async () => (await s.call('get', '/api/users/me').expect(200)).body.data.newsletter === false);
  });
});
