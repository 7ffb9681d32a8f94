import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startShop } from '../../support/app.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { shopper } from '../../support/shopper.js';
import { freePort } from '../../support/free-port.js';
import { waitFor } from '../../support/wait.js';
import { mailLink, pressMailLink } from '../../support/mail-links.js';
import type { RunningShop } from '../../../server/main.js';

/** Registration, activation, login, refresh, logout, reset, magic link: the API with mails over real SMTP. */
describe('identity flows (API, mails over SMTP)', () => {
  let shop: RunningShop & { url: string };
  let mailbox: Mailbox;
  let PUBLIC_URL = '';
  let n = 0;
  const email = (name: string) => `${name}-${Date.now().toString(36)}-${n++}@example.com`;

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    PUBLIC_URL = `http://127.0.0.1:${port}`;
    shop = await startShop({ env: { SMTP_URL: mailbox.url, PORT: String(port), PUBLIC_URL, AUTH_RATE_LIMIT_PER_IP: '1000' }, role: 'all' });
  });

  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
  });

  const registration = (address: string, extra: Record<string, unknown> = {}) => ({
    first_name: 'Marta',
    last_name: 'Horvat',
    birthday: '1990-05-17',
    email: address,
    password: 'lozinka1',
    password_confirmation: 'lozinka1',
    terms_accepted: true,
    // the newsletter tick starts the newsletter's own double opt-in mail (test/integration/newsletter)
    newsletter: false,
    ...extra,
  });

  async function registerAndActivate(address: string, locale = 'hr') {
    const s = await shopper(shop.url, locale);
    await s.call('post', '/api/users', registration(address, { locale })).expect(202);
    const mail = await mailbox.next(address);
    expect((await pressMailLink(shop.url, mail.links[0])).status).toBe(200);
    return s;
  }

  it('registers, mails the activation link in the user language, activates once, then logs in', async () => {
    const address = email('marta');
    const s = await shopper(shop.url, 'de');
    const res = await s.call('post', '/api/users', registration(address, { locale: 'de', newsletter: true })).expect(202);
    expect(res.body).toEqual({ data: { accepted: true } });

    // before activation: a clear message (only for the right password)
    const early = await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(403);
    expect(early.body.errors[0].code).toBe('AUTH_NOT_ACTIVATED');
    expect(early.body.errors[0].message).toMatch(/nicht aktiviert/);
    const wrong = await s.call('post', '/api/auth/login', { email: address, password: 'falsch99' }).expect(401);
    expect(wrong.body.errors[0].code).toBe('AUTH_LOGIN_FAILED');

    // the tick also brings the newsletter's confirmation mail: the activation mail is the one about the account
    const mail = await waitFor('the activation mail', () =>
      mailbox.to(address).find((m) => /konto/i.test(m.subject) && !/Newsletter/.test(m.subject)),
    );
    expect(mail.subject).toMatch(/Konto|aktivieren/i);
    expect(mail.headers['content-language']).toBe('de');
    const link = mail.links[0];
    // the German activation page, with the token (opening it activates nothing: test/e2e/account.test.ts)
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/de/konto-aktivieren\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain('Marta');
    const token = mailLink(link).token;
    // the link of an older mail (a GET on the API) leads to the same page and changes nothing either
    const old = await request(shop.url).get(`/api/users/activate?token=${token}`).set('Accept', 'text/html').expect(303);
    expect(old.headers.location).toBe(`/de/konto-aktivieren?token=${token}`);
    expect(
      (await request(shop.url).get(`/api/users/activate?token=${token}`).set('Accept', 'application/json').expect(303)).headers.location,
    ).toBe(old.headers.location);
    await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(403);

    // the page's button activates, once (with the page's CSRF token: without one, nothing)
    await request(shop.url).post('/api/users/activate').send({ token }).expect(403);
    const activated = await pressMailLink(shop.url, link, 'de');
    expect(activated.status).toBe(200);
    expect(activated.body).toEqual({ data: { activated: true } });
    const again = await pressMailLink(shop.url, link, 'de');
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'AUTH_ACTIVATION_LINK_USED', message: expect.stringMatching(/bereits/) });
    const bogus = await s.call('post', '/api/users/activate', { token: 'nope' }).expect(422);
    expect(bogus.body.errors[0].code).toBe('AUTH_ACTIVATION_LINK_INVALID');
    await s.call('post', '/api/users/activate', { token: ['a'] }).expect(422);

    const login = await s.call('post', '/api/auth/login', { email: address.toUpperCase(), password: 'lozinka1' }).expect(200);
    expect(login.body.data).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires: 900_000 });
    const cookies = (login.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(cookies).toMatch(/access_token=.*HttpOnly.*SameSite=Lax/);
    expect(cookies).toMatch(/refresh_token=.*HttpOnly/);
    expect(cookies).toMatch(/token_expires=\d+.*HttpOnly/);

    const me = await s.call('get', '/api/users/me').expect(200);
    expect(me.body.data).toMatchObject({
      email: address,
      first_name: 'Marta',
      last_name: 'Horvat',
      birth_date: '1990-05-17',
      newsletter: true,
      locale: 'de',
      role: 'customer',
    });
    const only = await request(shop.url)
      .get('/api/users/me?fields=email,first_name')
      .set('Authorization', `Bearer ${login.body.data.access_token}`)
      .expect(200);
    expect(only.body.data).toEqual({ email: address, first_name: 'Marta' });
    const session = await s.call('get', '/api/auth/session').expect(200);
    expect(session.body.data.user.email).toBe(address);
    expect(session.body.data.expires_at).toBeGreaterThan(Date.now());
  });

  it('answers a taken e-mail like a new one and mails its owner instead', async () => {
    const address = email('taken');
    await registerAndActivate(address);
    const s = await shopper(shop.url, 'en');
    const res = await s
      .call('post', '/api/users', registration(address, { password: 'drugaLozinka', password_confirmation: 'drugaLozinka' }))
      .expect(202);
    expect(res.body).toEqual({ data: { accepted: true } });
    const mail = await mailbox.next(address);
    expect(mail.links[0]).toBe(`${PUBLIC_URL}/prijava`);
    // the password did not change
    await s.call('post', '/api/auth/login', { email: address, password: 'drugaLozinka' }).expect(401);
    await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);
  });

  it('refuses bad registrations with the spec messages, in the caller language, and stores nothing', async () => {
    const address = email('bad');
    const s = await shopper(shop.url, 'en');
    const res = await s
      .call(
        'post',
        '/api/users',
        registration(address, {
          password: 'abc',
          password_confirmation: 'abd',
          terms_accepted: false,
          birthday: '2999-01-01',
          first_name: ' ',
        }),
      )
      .expect(422);
    const byField = Object.fromEntries((res.body.errors as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]));
    expect(byField.password).toBe('Password must contain at least 6 characters');
    expect(byField.terms_accepted).toMatch(/terms/);
    expect(byField.birthday).toBeDefined();
    expect(byField.first_name).toBeDefined();
    const mismatch = await s.call('post', '/api/users', registration(address, { password_confirmation: 'lozinka2' })).expect(422);
    expect(mismatch.body.errors[0]).toMatchObject({ field: 'password_confirmation', message: 'Passwords do not match' });
    const hr = await (
      await shopper(shop.url, 'hr')
    )
      .call('post', '/api/users', registration(address, { password: 'abc', password_confirmation: 'abc' }))
      .expect(422);
    expect(hr.body.errors[0].message).toBe('Lozinka mora sadržavati najmanje 6 znakova');
    expect(await mailbox.quiet(address, 500)).toBe(0);
  });

  it('resends the activation mail only to a pending account, with the same answer for anyone', async () => {
    const address = email('resend');
    const s = await shopper(shop.url, 'sl');
    await s.call('post', '/api/users', registration(address, { locale: 'sl' })).expect(202);
    const first = await mailbox.next(address);
    await s.call('post', '/api/users/activate/resend', { email: address }).expect(202);
    const second = await mailbox.next(address);
    expect(second.links[0]).not.toBe(first.links[0]);
    // both links work until one is used; after activation the other is void
    expect((await pressMailLink(shop.url, second.links[0])).status).toBe(200);
    expect((await pressMailLink(shop.url, first.links[0])).status).toBe(409);
    await s.call('post', '/api/users/activate/resend', { email: 'nobody-here@example.com' }).expect(202);
  });

  it('rotates refresh tokens and revokes the whole family when a used one comes back', async () => {
    const address = email('rotate');
    const s = await registerAndActivate(address);
    await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);
    // a second sign-in (another device): a session of its own
    const login = await (await shopper(shop.url)).call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);
    const first = login.body.data.refresh_token as string;
    const api = request(shop.url);
    const { token: csrf, cookies } = await import('../../support/shopper.js').then((m) => m.csrfCookies(shop.url));
    const refresh = (token: string) =>
      api.post('/api/auth/refresh').set('Cookie', cookies).set('X-CSRF-Token', csrf).send({ refresh_token: token });

    const r1 = await refresh(first).expect(200);
    const second = r1.body.data.refresh_token as string;
    expect(second).not.toBe(first);
    await api.get('/api/users/me').set('Authorization', `Bearer ${r1.body.data.access_token}`).expect(200);

    // replaying the first token: refused, and the family (including `second` and its access token) ends
    const replay = await refresh(first).expect(401);
    expect(replay.body.errors[0].code).toBe('AUTH_REFRESH_INVALID');
    await refresh(second).expect(401);
    await api.get('/api/users/me').set('Authorization', `Bearer ${r1.body.data.access_token}`).expect(401);
    // the browser session (another family) is untouched
    await s.call('get', '/api/users/me').expect(200);
  });

  it('logout ends the session on the server, not only in the browser', async () => {
    const address = email('logout');
    const s = await registerAndActivate(address);
    const login = await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);
    const access = login.body.data.access_token as string;
    await s.call('post', '/api/auth/logout').expect(200);
    await s.call('get', '/api/users/me').expect(401);
    // the copied access token and refresh token are dead too
    await request(shop.url).get('/api/users/me').set('Authorization', `Bearer ${access}`).expect(401);
    const { token: csrf, cookies } = await import('../../support/shopper.js').then((m) => m.csrfCookies(shop.url));
    await request(shop.url)
      .post('/api/auth/refresh')
      .set('Cookie', cookies)
      .set('X-CSRF-Token', csrf)
      .send({ refresh_token: login.body.data.refresh_token })
      .expect(401);
    const session = await s.call('get', '/api/auth/session').expect(200);
    expect(session.body.data).toEqual({ user: null, expires_at: null });
  });

  it('resets a forgotten password by a single-use link; every session ends; a notice mail follows', async () => {
    const address = email('reset');
    const s = await registerAndActivate(address, 'en');
    await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);
    const other = await shopper(shop.url, 'en');
    await other.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);

    const asked = await s.call('post', '/api/auth/password/request', { email: address }).expect(202);
    expect(asked.body).toEqual({ data: { accepted: true } });
    await s.call('post', '/api/auth/password/request', { email: 'ghost@example.com' }).expect(202);
    const mail = await mailbox.next(address);
    const link = mail.links[0];
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/en/reset-password/[A-Za-z0-9_-]{43}$`)); // the user's language
    const token = link.split('/').pop();

    const short = await s.call('post', '/api/auth/password/reset', { token, password: 'abc', password_confirmation: 'abc' }).expect(422);
    expect(short.body.errors[0].message).toBe('Password must contain at least 6 characters');
    await s.call('post', '/api/auth/password/reset', { token, password: 'novaLozinka', password_confirmation: 'novaLozinka' }).expect(200);
    const reuse = await s
      .call('post', '/api/auth/password/reset', { token, password: 'trecaLozinka', password_confirmation: 'trecaLozinka' })
      .expect(422);
    expect(reuse.body.errors[0].code).toBe('AUTH_RESET_LINK_INVALID');

    await s.call('get', '/api/users/me').expect(401);
    await other.call('get', '/api/users/me').expect(401);
    await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(401);
    await s.call('post', '/api/auth/login', { email: address, password: 'novaLozinka' }).expect(200);
    const notice = await mailbox.next(address);
    expect(notice.links[0]).toBe(`${PUBLIC_URL}/en/forgot-password`);
  });

  it('signs in by a magic link once, within 15 minutes, back to the asked page', async () => {
    const address = email('magic');
    await registerAndActivate(address, 'sl');
    const s = await shopper(shop.url, 'en');
    await s.call('post', '/api/auth/magic-link', { email: address, redirect: '/en/cart', locale: 'en' }).expect(202);
    await s.call('post', '/api/auth/magic-link', { email: 'ghost2@example.com' }).expect(202);
    const mail = await mailbox.next(address);
    // the account's language, not the request's (docs/mail.md)
    expect(mail.headers['content-language']).toBe('sl');
    const link = mail.links[0];
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/sl/prijava-s-povezavo\\?token=[A-Za-z0-9_-]{43}$`));
    const { token } = mailLink(link);

    // the old GET link signs nobody in and uses nothing up (the page: test/e2e/account.test.ts)
    const browser = await shopper(shop.url, 'sl');
    const old = await browser.agent.get(`/api/auth/magic-link/verify?token=${token}`).set('Accept', 'text/html').expect(303);
    expect(old.headers.location).toBe(`/sl/prijava-s-povezavo?token=${token}`);
    expect(old.headers['set-cookie']).toBeUndefined();
    await browser.call('get', '/api/users/me').expect(401);

    // the button signs in and says where to go: the asked page
    const res = await pressMailLink(shop.url, link, browser);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires: 900_000,
      redirect: '/en/cart',
    });
    await browser.call('get', '/api/users/me').expect(200);
    const again = await pressMailLink(shop.url, link, 'hr');
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ code: 'AUTH_MAGIC_LINK_INVALID', message: expect.stringMatching(/istekla/) });

    // without an asked page: the profile in the account's language
    await s.call('post', '/api/auth/magic-link', { email: address }).expect(202);
    const plain = await pressMailLink(shop.url, (await mailbox.next(address)).links[0]);
    expect(plain.body.data.redirect).toBe('/sl/profil');
  });

  it("mails every account mail in the account's language, whatever the language of the request (docs/mail.md)", async () => {
    const address = email('language');
    const s = await registerAndActivate(address, 'de');
    for (const locale of ['hr', 'en', 'sl'] as const) {
      const asker = await shopper(shop.url, locale);
      await asker.call('post', '/api/auth/magic-link', { email: address, locale }).expect(202);
      const magic = await mailbox.next(address);
      await asker.call('post', '/api/auth/password/request', { email: address, locale }).expect(202);
      const reset = await mailbox.next(address);
      expect([magic.headers['content-language'], reset.headers['content-language']]).toEqual(['de', 'de']);
      expect(magic.html).toMatch(/<html[^>]*lang="de"/);
      expect(new URL(magic.links[0]).pathname).toBe('/de/anmeldelink');
      expect(new URL(reset.links[0]).pathname).toMatch(/^\/de\/reset-password\//);
    }
    // the profile's language of mails changes it, for both
    await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);
    await s.call('patch', '/api/users/me', { locale: 'en' }).expect(200);
    await s.call('post', '/api/auth/magic-link', { email: address, locale: 'hr' }).expect(202);
    expect((await mailbox.next(address)).headers['content-language']).toBe('en');
    await s.call('post', '/api/auth/password/request', { email: address, locale: 'hr' }).expect(202);
    expect((await mailbox.next(address)).headers['content-language']).toBe('en');
  });

  it('changes the password with the current one; other sessions end; this one continues', async () => {
    const address = email('change');
    const s = await registerAndActivate(address);
    await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);
    const other = await shopper(shop.url);
    await other.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);

    const wrong = await s
      .call('post', '/api/users/me/password', {
        current_password: 'nije-ta',
        password: 'novaLozinka',
        password_confirmation: 'novaLozinka',
      })
      .expect(422);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'USER_CURRENT_PASSWORD_WRONG', field: 'current_password' });
    const mismatch = await s
      .call('post', '/api/users/me/password', { current_password: 'lozinka1', password: 'novaLozinka', password_confirmation: 'x' })
      .expect(422);
    expect(mismatch.body.errors[0].message).toBe('Lozinke se ne podudaraju');
    await s
      .call('post', '/api/users/me/password', {
        current_password: 'lozinka1',
        password: 'novaLozinka',
        password_confirmation: 'novaLozinka',
      })
      .expect(200);
    await s.call('get', '/api/users/me').expect(200);
    await other.call('get', '/api/users/me').expect(401);
    const notice = await mailbox.next(address);
    expect(notice.subject).toBeTruthy();
    expect(notice.links[0]).toBe(`${PUBLIC_URL}/zaboravljena-lozinka`);
  });

  it('renews the tokens before a page render when only the refresh cookie is left', async () => {
    const address = email('renew');
    await registerAndActivate(address);
    const s = await shopper(shop.url);
    const login = await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200);
    const { refresh_token: refresh } = login.body.data as { refresh_token: string };
    const cookiesOf = (res: request.Response) =>
      ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((c) => c.split(';')[0]);
    const page = (cookie: string) => request(shop.url).get('/profil').set('Accept', 'text/html').set('Cookie', cookie);

    // the access cookie expired with its token: the page request rotates both
    const renewed = cookiesOf(await page(`refresh_token=${refresh}`));
    const newAccess = renewed.find((c) => c.startsWith('access_token='))?.slice('access_token='.length);
    const newRefresh = renewed.find((c) => c.startsWith('refresh_token='))?.slice('refresh_token='.length);
    expect(newAccess).toBeTruthy();
    expect(newRefresh).toBeTruthy();
    expect(newRefresh).not.toBe(refresh);
    await request(shop.url).get('/api/users/me').set('Authorization', `Bearer ${newAccess}`).expect(200);

    // a current access token needs nothing; API calls are never renewed here
    expect(cookiesOf(await page(`access_token=${newAccess}; refresh_token=${newRefresh}`))).toEqual([]);
    expect(cookiesOf(await request(shop.url).get('/api/cart').set('Cookie', `refresh_token=${newRefresh}`))).not.toContainEqual(
      expect.stringMatching(/^access_token=/),
    );

    // the old refresh token again is reuse: the session ends and the page clears the cookies
    const cleared = cookiesOf(await page(`refresh_token=${refresh}`));
    expect(cleared).toEqual(expect.arrayContaining(['access_token=', 'refresh_token=', 'token_expires=']));
    await request(shop.url).get('/api/users/me').set('Authorization', `Bearer ${newAccess}`).expect(401);
  });

  it('needs the CSRF header on mutating calls', async () => {
    const res = await request(shop.url).post('/api/auth/login').send({ email: 'a@example.com', password: 'xxxxxx' });
    expect(res.status).toBe(403);
  });
});
