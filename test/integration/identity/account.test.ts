import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { mailLink, pressMailLink } from '../../support/mail-links.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { cartCookie, shopper, type Shopper } from '../../support/shopper.js';
import { createProduct } from '../../factories/catalog.js';
import { createOrder } from '../../factories/order.js';
import { createUser, signIn, uniqueEmail } from '../../factories/user.js';
import type { RunningShop } from '../../../server/main.js';

/**
 * The signed-in user's own account over the real API: profile edits (every field, tax ids, every
 * refusal leaving the profile as it was), object-level access (own orders, own profile only), the
 * bearer header, and the guest cart joining the account's cart at sign-in.
 */
describe('account (API, real PostgreSQL + Redis)', () => {
  let shop: RunningShop & { url: string };
  let mailbox: Mailbox;
  let db: DataSource;

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    shop = await startShop({
      env: { SMTP_URL: mailbox.url, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_IP: '1000' },
      role: 'all',
    });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
  });

  /** PATCH /api/users/me in a given language (the shopper's agent keeps its cookies). */
  const patchMe = (s: Shopper, body: unknown, language = 'en') =>
    s.agent
      .patch('/api/users/me')
      .set('Accept-Language', language)
      .set('X-CSRF-Token', s.token)
      .send(body as object);
  const me = async (s: Shopper) => (await s.call('get', '/api/users/me').expect(200)).body.data as Record<string, unknown>;

  describe('profile edit', () => {
    it('round-trips every field of the profile through GET /api/users/me, and the new e-mail signs in', async () => {
      const user = await createUser(db, { firstName: 'Ana', lastName: 'Horvat', locale: 'hr' });
      const s = await signIn(shop.url, user.email, user.password);
      const newEmail = uniqueEmail('ana-new');
      const username = `ana.h_${Date.now().toString(36)}`;
      const patch = {
        username,
        email: `  ${newEmail.toUpperCase()} `,
        phone: '+385 91 234 5678',
        address: 'Ilica 1',
        city: 'Zagreb',
        zip_code: '10000',
        country: 'hr',
        first_name: 'Ana Marija',
        last_name: 'Horvat Kovač',
        birth_date: '1988-04-12',
        company_name: 'Zlatna vilica d.o.o.',
        vat_number: 'HR69435151530',
        company_address: 'Radnička cesta 5, 10000 Zagreb',
        billing_same_as_delivery: false,
        billing_address: 'Savska 10',
        billing_city: 'Ljubljana',
        billing_zip_code: '1000',
        billing_country: 'si',
        newsletter: true,
        locale: 'de',
      };
      const expected = {
        ...patch,
        id: user.id,
        // the new address applies only once the link mailed to it is opened
        email: user.email,
        country: 'HR',
        billing_country: 'SI',
        role: 'customer',
        has_password: true,
      };

      const res = await patchMe(s, patch).expect(200);
      expect(res.body.data).toMatchObject({ ...expected, pending_email: newEmail });
      expect(res.headers['cache-control']).toBe('no-store');
      const { pending_email: _pending, ...answered } = res.body.data as Record<string, unknown>;
      let stored = await me(s);
      expect(stored).toMatchObject(expected);
      expect(stored).toEqual(answered);

      // the confirmation goes to the NEW address, in the user's (new) language
      const mail = await mailbox.next(newEmail);
      expect(mail.headers['content-language']).toBe('de');
      expect(mail.text).toContain(newEmail);
      const link = mail.links[0];
      // the German confirmation page; the link of older mails leads there and changes nothing
      expect(link).toMatch(/\/de\/e-mail-bestaetigen\?token=[A-Za-z0-9_-]{43}$/);
      const { token } = mailLink(link);
      const old = await request(shop.url).get(`/api/users/email/confirm?token=${token}`).set('Accept', 'text/html').expect(303);
      expect(old.headers.location).toBe(`/de/e-mail-bestaetigen?token=${token}`);
      expect((await me(s)).email).toBe(user.email);
      // the page's button applies it, once
      expect((await pressMailLink(shop.url, link, s)).body).toEqual({ data: { changed: true } });
      const again = await pressMailLink(shop.url, link, 'de');
      expect(again.status).toBe(422);
      expect(again.body.errors[0].code).toBe('AUTH_EMAIL_CHANGE_INVALID');
      stored = await me(s);
      expect(stored.email).toBe(newEmail);

      // the e-mail is the sign-in name: the new one works, the old one no longer does
      await (await shopper(shop.url)).call('post', '/api/auth/login', { email: user.email, password: user.password }).expect(401);
      await signIn(shop.url, newEmail, user.password);

      // only the fields sent change; null clears an optional one
      const partial = await patchMe(s, { city: 'Split', phone: null }).expect(200);
      expect(partial.body.data).toEqual({ ...stored, city: 'Split', phone: null, pending_email: null });
      expect(await me(s)).toEqual({ ...stored, city: 'Split', phone: null });
    });

    it('checks tax ids: OIB with or without HR, a German VAT number; wrong ones refused in the caller language', async () => {
      const user = await createUser(db, { country: 'HR' });
      const s = await signIn(shop.url, user.email, user.password, 'hr');

      expect((await patchMe(s, { vat_number: '69435151530' }).expect(200)).body.data.vat_number).toBe('69435151530');
      expect((await patchMe(s, { vat_number: 'HR 694-351-515 30' }).expect(200)).body.data.vat_number).toBe('HR69435151530');
      const before = await me(s);

      const hr = await patchMe(s, { vat_number: '69435151531' }, 'hr').expect(422);
      expect(hr.body.errors).toEqual([
        {
          code: 'USER_OIB_INVALID',
          field: 'vat_number',
          message: 'OIB nije ispravan: mora imati 11 znamenki s ispravnom kontrolnom znamenkom.',
        },
      ]);
      const de = await patchMe(s, { vat_number: 'HR69435151531' }, 'de').expect(422);
      expect(de.body.errors).toEqual([
        {
          code: 'USER_OIB_INVALID',
          field: 'vat_number',
          message: 'Die OIB ist ungültig: Sie muss 11 Ziffern mit korrekter Prüfziffer haben.',
        },
      ]);
      expect(await me(s)).toEqual(before);

      // a German buyer: country DE, German VAT number
      const german = await patchMe(s, { country: 'DE', vat_number: 'de 123 456 789' }).expect(200);
      expect(german.body.data).toMatchObject({ country: 'DE', vat_number: 'DE123456789' });
      const afterGerman = await me(s);
      const short = await patchMe(s, { vat_number: 'DE12345' }, 'de').expect(422);
      expect(short.body.errors[0]).toMatchObject({
        code: 'USER_VAT_INVALID',
        field: 'vat_number',
        message: expect.stringMatching(/USt-IdNr/),
      });
      expect(await me(s)).toEqual(afterGerman);
    });

    it('refuses a bad phone, a non-EU country, a bad birth date or a taken username, leaving the profile unchanged', async () => {
      const other = await createUser(db, { username: `Marko.K${Date.now().toString(36)}` });
      const otherUsername = (await db.query(`SELECT username FROM app_user WHERE id = $1`, [other.id]))[0].username as string;
      const user = await createUser(db, {
        firstName: 'Petra',
        city: 'Rijeka',
        phone: '+385 51 111 222',
        country: 'HR',
        birthDate: '1991-07-01',
      });
      const s = await signIn(shop.url, user.email, user.password);
      const before = await me(s);
      const unchanged = async () => expect(await me(s)).toEqual(before);

      // a valid change in the same request does not sneak through either
      const phone = await patchMe(s, { city: 'Osijek', phone: 'call me maybe' }).expect(422);
      expect(phone.body.errors).toEqual([expect.objectContaining({ code: 'USER_PHONE_INVALID', field: 'phone' })]);
      await unchanged();

      const country = await patchMe(s, { city: 'Osijek', country: 'US' }, 'hr').expect(422);
      expect(country.body.errors).toEqual([
        { code: 'USER_COUNTRY_INVALID', field: 'country', message: 'Odaberite državu Europske unije.' },
      ]);
      await unchanged();

      for (const birth of ['1990-02-30', '2999-01-01', '1899-12-31', '12.05.1990']) {
        const res = await patchMe(s, { city: 'Osijek', birth_date: birth }).expect(422);
        expect(res.body.errors).toEqual([expect.objectContaining({ code: 'USER_BIRTHDAY_INVALID', field: 'birth_date' })]);
      }
      await unchanged();

      // every problem of one request at once, each on its field
      const many = await patchMe(s, {
        phone: 'x',
        country: 'US',
        birth_date: 'soon',
        first_name: ' ',
        locale: 'fr',
        newsletter: 'yes',
      }).expect(422);
      expect(Object.fromEntries((many.body.errors as Array<{ field: string; code: string }>).map((e) => [e.field, e.code]))).toEqual({
        phone: 'USER_PHONE_INVALID',
        country: 'USER_COUNTRY_INVALID',
        birth_date: 'USER_BIRTHDAY_INVALID',
        first_name: 'USER_FIELD_REQUIRED',
        locale: 'USER_FIELD_INVALID',
        newsletter: 'USER_FIELD_INVALID',
      });
      await unchanged();

      // a taken e-mail is not refused (that would tell who has an account): it is answered as
      // pending like a free one and never applies (its owner is mailed; enumeration.test.ts)
      const email = await patchMe(s, { email: other.email.toUpperCase() }, 'de').expect(200);
      expect(email.body.data).toEqual({ ...before, pending_email: other.email });
      await unchanged();

      // usernames are unique regardless of case
      const name = await patchMe(s, { city: 'Osijek', username: otherUsername.toLowerCase() }).expect(409);
      expect(name.body.errors).toEqual([expect.objectContaining({ code: 'USER_USERNAME_TAKEN', field: 'username' })]);
      await unchanged();

      // the own e-mail and username again are no conflict
      await patchMe(s, { email: user.email }).expect(200);
      await unchanged();
    });

    it('clears the billing fields when billing equals delivery', async () => {
      const user = await createUser(db);
      const s = await signIn(shop.url, user.email, user.password);
      const billing = { billing_address: 'Savska 10', billing_city: 'Zagreb', billing_zip_code: '10000', billing_country: 'HR' };
      await patchMe(s, { billing_same_as_delivery: false, ...billing }).expect(200);
      expect(await me(s)).toMatchObject({ billing_same_as_delivery: false, ...billing });

      const same = await patchMe(s, { billing_same_as_delivery: true }).expect(200);
      const cleared = {
        billing_same_as_delivery: true,
        billing_address: null,
        billing_city: null,
        billing_zip_code: null,
        billing_country: null,
      };
      expect(same.body.data).toMatchObject(cleared);
      expect(await me(s)).toMatchObject(cleared);
      // while billing equals delivery, separate billing fields are not kept
      await patchMe(s, { billing_city: 'Split' }).expect(200);
      expect(await me(s)).toMatchObject(cleared);
    });

    it('records newsletter consent (time and wording) when it is given, keeps it, and clears it on withdrawal', async () => {
      const user = await createUser(db, { newsletter: false });
      const s = await signIn(shop.url, user.email, user.password);
      const consent = async () =>
        (
          await db.query(`SELECT newsletter_consent_at AS at, newsletter_consent_version AS version FROM app_user WHERE id = $1`, [user.id])
        )[0] as {
          at: Date | null;
          version: string | null;
        };
      expect(await consent()).toEqual({ at: null, version: null });
      expect((await me(s)).newsletter).toBe(false);

      const t0 = Date.now();
      await patchMe(s, { newsletter: true }).expect(200);
      const given = await consent();
      expect(given.version).toBe('2026-01');
      expect(given.at!.getTime()).toBeGreaterThanOrEqual(t0 - 1000);
      expect(given.at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await me(s)).newsletter).toBe(true);

      // saying yes again does not move the moment of consent
      await patchMe(s, { newsletter: true, city: 'Pula' }).expect(200);
      expect((await consent()).at!.getTime()).toBe(given.at!.getTime());

      await patchMe(s, { newsletter: false }).expect(200);
      expect(await consent()).toEqual({ at: null, version: null });
      expect((await me(s)).newsletter).toBe(false);
    });
  });

  describe('object-level access', () => {
    it("lists only the caller's orders, newest first, with their lines; 401 without sign-in", async () => {
      const a = await createUser(db, { firstName: 'Ana' });
      const b = await createUser(db, { firstName: 'Bruno' });
      const spaghetti = { productCode: 'ZZ-SPAG-400', name: 'Špageti 400 g', unitPrice: 249, quantity: 2 };
      const penne = { productCode: 'ZZ-PEN-500', name: 'Penne 500 g', unitPrice: 299, quantity: 1 };
      const aOld = await createOrder(db, {
        userId: a.id,
        email: a.email,
        status: 'paid',
        placedAt: new Date('2026-01-10T09:00:00Z'),
        lines: [penne],
      });
      const aNew = await createOrder(db, {
        userId: a.id,
        email: a.email,
        placedAt: new Date('2026-03-01T09:00:00Z'),
        lines: [spaghetti, penne],
      });
      const bOnly = await createOrder(db, { userId: b.id, email: b.email, placedAt: new Date('2026-02-01T09:00:00Z'), lines: [spaghetti] });
      // a guest order with A's e-mail is not A's (orders belong to accounts, not to addresses)
      await createOrder(db, { email: a.email, placedAt: new Date('2026-04-01T09:00:00Z'), lines: [spaghetti] });

      const sa = await signIn(shop.url, a.email, a.password);
      const sb = await signIn(shop.url, b.email, b.password);
      const mine = (await sa.call('get', '/api/orders').expect(200)).body.data as Array<Record<string, unknown>>;
      expect(mine.map((o) => o.number)).toEqual([aNew, aOld]);
      expect(mine[0]).toMatchObject({
        status: 'awaiting_payment',
        total: 2 * 249 + 299,
        currency: 'EUR',
        lines: [
          { product_code: 'ZZ-SPAG-400', name: 'Špageti 400 g', unit_price: 249, quantity: 2 },
          { product_code: 'ZZ-PEN-500', name: 'Penne 500 g', unit_price: 299, quantity: 1 },
        ],
      });
      const theirs = (await sb.call('get', '/api/orders').expect(200)).body.data as Array<Record<string, unknown>>;
      expect(theirs.map((o) => o.number)).toEqual([bOnly]);

      const anonymous = await request(shop.url).get('/api/orders').set('Accept-Language', 'hr').expect(401);
      expect(anonymous.body.errors[0]).toMatchObject({
        code: 'ORDER_AUTH_REQUIRED',
        message: 'Prijavite se da biste vidjeli svoje narudžbe.',
      });
      expect(anonymous.headers['cache-control']).toBe('no-store');
      // a forged access token counts as none
      await request(shop.url).get('/api/orders').set('Authorization', `Bearer ${sa.tokens.access_token}x`).expect(401);
      await request(shop.url)
        .get('/api/orders')
        .set('Cookie', `access_token=${sa.tokens.access_token.slice(0, -2)}`)
        .expect(401);
    });

    it("PATCH /api/users/me edits only the caller: another user's id in the body is ignored", async () => {
      const a = await createUser(db, { firstName: 'Ana', city: 'Zadar' });
      const b = await createUser(db, { firstName: 'Bruno', city: 'Šibenik' });
      const sa = await signIn(shop.url, a.email, a.password);
      const sb = await signIn(shop.url, b.email, b.password);
      const bBefore = await me(sb);

      const res = await patchMe(sa, { id: b.id, user_id: b.id, first_name: 'Ana-Marija', city: 'Pula', role: 'admin' }).expect(200);
      expect(res.body.data).toMatchObject({ id: a.id, email: a.email, first_name: 'Ana-Marija', city: 'Pula', role: 'customer' });
      expect(await me(sa)).toMatchObject({ id: a.id, first_name: 'Ana-Marija', city: 'Pula', role: 'customer' });
      expect(await me(sb)).toEqual(bBefore);
      const rows = await db.query(`SELECT id, first_name, city, role FROM app_user WHERE id = ANY($1) ORDER BY first_name`, [[a.id, b.id]]);
      expect(rows).toEqual([
        { id: a.id, first_name: 'Ana-Marija', city: 'Pula', role: 'customer' },
        { id: b.id, first_name: 'Bruno', city: 'Šibenik', role: 'customer' },
      ]);
      // a query parameter cannot select another user either
      expect((await sa.call('get', `/api/users/me?id=${b.id}`).expect(200)).body.data.id).toBe(a.id);
      // without sign-in: 401, nothing changes
      const anon = await shopper(shop.url, 'en');
      const refused = await anon.call('patch', '/api/users/me', { id: b.id, first_name: 'Nobody' }).expect(401);
      expect(refused.body.errors[0].code).toBe('AUTH_REQUIRED');
      expect(await me(sb)).toEqual(bBefore);
    });
  });

  it('accepts the access token as a bearer header, like the cookie, and it wins over a cookie', async () => {
    const a = await createUser(db, { firstName: 'Ana' });
    const b = await createUser(db, { firstName: 'Bruno' });
    await createOrder(db, {
      userId: a.id,
      email: a.email,
      lines: [{ productCode: 'ZZ-FUS-500', name: 'Fusilli 500 g', unitPrice: 329, quantity: 1 }],
    });
    const login = await (await shopper(shop.url)).call('post', '/api/auth/login', { email: a.email, password: a.password }).expect(200);
    const access = login.body.data.access_token as string;

    // no cookies at all: only the header
    const res = await request(shop.url).get('/api/users/me').set('Authorization', `Bearer ${access}`).expect(200);
    expect(res.body.data).toMatchObject({ id: a.id, email: a.email, first_name: 'Ana' });
    await request(shop.url).get('/api/users/me').set('Authorization', `bearer   ${access}`).expect(200);
    const orders = await request(shop.url).get('/api/orders').set('Authorization', `Bearer ${access}`).expect(200);
    expect(orders.body.data).toHaveLength(1);
    const session = await request(shop.url).get('/api/auth/session').set('Authorization', `Bearer ${access}`).expect(200);
    expect(session.body.data.user.id).toBe(a.id);

    // refused without it, with a malformed one, or with the refresh token in its place
    expect((await request(shop.url).get('/api/users/me').expect(401)).body.errors[0].code).toBe('AUTH_REQUIRED');
    await request(shop.url).get('/api/users/me').set('Authorization', 'Bearer not-a-jwt').expect(401);
    await request(shop.url).get('/api/users/me').set('Authorization', `Bearer ${login.body.data.refresh_token}`).expect(401);
    await request(shop.url).get('/api/users/me').set('Authorization', `Basic ${access}`).expect(401);

    // a browser signed in as B that sends A's bearer token is A for this request
    const sb = await signIn(shop.url, b.email, b.password);
    expect((await sb.agent.get('/api/users/me').set('Authorization', `Bearer ${access}`).expect(200)).body.data.id).toBe(a.id);
    expect((await me(sb)).id).toBe(b.id);
  });

  it('hands the guest cart over to the account at sign-in; every device of the account sees it', async () => {
    const product = await createProduct(shop.app, { price: 450, stock: 40 });
    const user = await createUser(db);

    const guest = await shopper(shop.url, 'en');
    const added = await guest.call('post', '/api/cart/items', { product_code: product.code, quantity: 2 }).expect(200);
    expect(cartCookie(added)).toBeDefined();
    expect(added.body.data.lines).toEqual([expect.objectContaining({ product_code: product.code, quantity: 2 })]);

    // the same browser signs in: the cart is the account's now, and the guest cookie is dropped
    const login = await guest.call('post', '/api/auth/login', { email: user.email, password: user.password }).expect(200);
    const cleared = ((login.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith('cart='));
    expect(cleared).toMatch(/^cart=;.*Expires=Thu, 01 Jan 1970/);
    const mine = await guest.cart();
    expect(mine.lines).toEqual([expect.objectContaining({ product_code: product.code, quantity: 2, unit_price: 450 })]);
    const carts = await db.query(
      `SELECT c.id FROM cart c JOIN cart_line l ON l.cart_id = c.id WHERE c.user_id = $1 AND l.product_code = $2`,
      [user.id, product.code],
    );
    expect(carts).toHaveLength(1);

    // another device signing into the account sees the same cart
    const phone = await signIn(shop.url, user.email, user.password);
    expect((await phone.cart()).lines).toEqual([expect.objectContaining({ product_code: product.code, quantity: 2 })]);

    // a second guest cart joins the existing account cart: quantities add up, the guest cart is gone
    const laptop = await shopper(shop.url, 'en');
    const laptopCart = await laptop.call('post', '/api/cart/items', { product_code: product.code, quantity: 3 }).expect(200);
    const laptopGuestCart = cartCookie(laptopCart);
    expect(laptopGuestCart).toBeDefined();
    await laptop.call('post', '/api/auth/login', { email: user.email, password: user.password }).expect(200);
    expect((await laptop.cart()).lines).toEqual([expect.objectContaining({ product_code: product.code, quantity: 5 })]);
    expect((await phone.cart()).lines).toEqual([expect.objectContaining({ product_code: product.code, quantity: 5 })]);
    expect(await db.query(`SELECT count(*)::int AS n FROM cart WHERE user_id = $1`, [user.id])).toEqual([{ n: 1 }]);
    // signing out leaves the account's cart with the account: this browser is a guest with an empty cart
    await laptop.call('post', '/api/auth/logout').expect(200);
    expect((await laptop.cart()).lines).toEqual([]);
    expect((await phone.cart()).lines).toEqual([expect.objectContaining({ quantity: 5 })]);
  });
});
