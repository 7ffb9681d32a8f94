import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { pressMailLink } from '../../support/mail-links.js';
import { shopper } from '../../support/shopper.js';
import { waitFor } from '../../support/wait.js';
import { createProduct } from '../../factories/catalog.js';
import { createUser, signIn, uniqueEmail } from '../../factories/user.js';
import { BirthdayBenefitsJob, zagrebDate } from '../../../server/modules/identity/index.js';
import { deliveryJobId, type DeliveryJobData } from '../../../server/platform/events/index.js';
import { QueueName, QueueService } from '../../../server/platform/queue/index.js';
import type { RunningShop } from '../../../server/main.js';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 86_400_000;

/**
 * Link lifetimes, the birthday job, business invitations and the event path behind the mails, on
 * the real shop (role all: relay, workers and SMTP to an in-process mailbox).
 */
describe('identity links and jobs (real PostgreSQL, Redis, SMTP)', () => {
  let shop: RunningShop & { url: string };
  let mailbox: Mailbox;
  let db: DataSource;
  let PUBLIC_URL = '';

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    PUBLIC_URL = `http://127.0.0.1:${port}`;
    shop = await startShop({ env: { SMTP_URL: mailbox.url, PORT: String(port), PUBLIC_URL, AUTH_RATE_LIMIT_PER_IP: '1000' }, role: 'all' });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
  });

  /** The stored row of a mailed token, by its hash. */
  async function tokenRow(token: string) {
    const [row] = (await db.query(`SELECT purpose, user_id, created_at, expires_at, used_at FROM user_token WHERE token_hash = $1`, [
      sha256(token),
    ])) as Array<{
      purpose: string;
      user_id: string | null;
      created_at: Date;
      expires_at: Date;
      used_at: Date | null;
    }>;
    return row;
  }

  /** Makes a mailed link `ageMs` old: issued then, expiring issue + its lifetime (as if time had passed). */
  async function age(token: string, ageMs: number) {
    await db.query(
      `UPDATE user_token SET created_at = created_at - make_interval(secs => $2::float8 / 1000), expires_at = expires_at - make_interval(secs => $2::float8 / 1000)
        WHERE token_hash = $1`,
      [sha256(token), ageMs],
    );
  }

  describe('expired links', () => {
    it('refuses a magic link older than 15 minutes (a 14-minute-old one still works)', async () => {
      const user = await createUser(db, { locale: 'en' });
      const s = await shopper(shop.url, 'en');
      await s.call('post', '/api/auth/magic-link', { email: user.email }).expect(202);
      const oldLink = (await mailbox.next(user.email)).links[0];
      await s.call('post', '/api/auth/magic-link', { email: user.email }).expect(202);
      const recentLink = (await mailbox.next(user.email)).links[0];
      const oldToken = new URL(oldLink).searchParams.get('token')!;
      const recentToken = new URL(recentLink).searchParams.get('token')!;

      const row = await tokenRow(oldToken);
      expect(row).toMatchObject({ purpose: 'magic_link', user_id: user.id, used_at: null });
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(15 * 60_000 - 5_000);
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(15 * 60_000);

      await age(oldToken, 15 * 60_000 + 1_000);
      await age(recentToken, 14 * 60_000);
      const json = await pressMailLink(shop.url, oldLink, 'hr');
      expect(json.status).toBe(422);
      expect(json.body.errors[0]).toMatchObject({ code: 'AUTH_MAGIC_LINK_INVALID', message: expect.stringMatching(/istekla/) });
      expect(json.headers['set-cookie']?.toString() ?? '').not.toMatch(/access_token=/);
      // the expired link was not consumed by the attempts, and did not sign anybody in
      expect((await tokenRow(oldToken)).used_at).toBeNull();
      expect(await db.query(`SELECT count(*)::int AS n FROM refresh_token WHERE user_id = $1`, [user.id])).toEqual([{ n: 0 }]);

      const ok = await pressMailLink(shop.url, recentLink);
      expect(ok.status).toBe(200);
      expect(ok.body.data.access_token).toEqual(expect.any(String));
    });

    it('refuses a password reset link older than 60 minutes; the password stays', async () => {
      const user = await createUser(db, { locale: 'en' });
      const s = await shopper(shop.url, 'de');
      await s.call('post', '/api/auth/password/request', { email: user.email }).expect(202);
      const link = (await mailbox.next(user.email)).links[0];
      expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/en/reset-password/[A-Za-z0-9_-]{43}$`));
      const token = link.split('/').pop()!;
      const row = await tokenRow(token);
      expect(row).toMatchObject({ purpose: 'password_reset', user_id: user.id });
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(60 * 60_000 - 5_000);
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(60 * 60_000);

      await age(token, 61 * 60_000);
      const res = await s
        .call('post', '/api/auth/password/reset', { token, password: 'novaLozinka', password_confirmation: 'novaLozinka' })
        .expect(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'AUTH_RESET_LINK_INVALID', message: expect.stringMatching(/abgelaufen/) });
      await signIn(shop.url, user.email, user.password);
      await s.call('post', '/api/auth/login', { email: user.email, password: 'novaLozinka' }).expect(401);
    });

    it('refuses an activation link older than 24 hours; the account stays pending until a new link', async () => {
      const address = uniqueEmail('late');
      const s = await shopper(shop.url, 'en');
      await s
        .call('post', '/api/users', {
          first_name: 'Lana',
          last_name: 'Kasni',
          birthday: '1992-03-04',
          email: address,
          password: 'lozinka1',
          password_confirmation: 'lozinka1',
          terms_accepted: true,
          locale: 'en',
        })
        .expect(202);
      const link = (await mailbox.next(address)).links[0];
      const token = new URL(link).searchParams.get('token')!;
      const row = await tokenRow(token);
      expect(row.purpose).toBe('activation');
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(DAY_MS - 5_000);
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(DAY_MS);

      await age(token, DAY_MS + 60_000);
      const json = await pressMailLink(shop.url, link);
      expect(json.status).toBe(422);
      expect(json.body.errors[0].code).toBe('AUTH_ACTIVATION_LINK_INVALID');
      expect((await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(403)).body.errors[0].code).toBe(
        'AUTH_NOT_ACTIVATED',
      );

      // the way out: a new activation mail, whose link works
      await s.call('post', '/api/users/activate/resend', { email: address }).expect(202);
      const fresh = (await mailbox.next(address)).links[0];
      expect((await pressMailLink(shop.url, fresh)).status).toBe(200);
      await signIn(shop.url, address, 'lozinka1');
    });
  });

  describe('birthday benefits job', () => {
    /** The birthdays identity announced for a user, with the coupon the cart issued for each (once it has). */
    const birthdayRows = async (userId: string) =>
      (await db.query(
        `SELECT b.year, c.code AS coupon_code FROM birthday_benefit b
           LEFT JOIN coupon c ON c.issue_key = 'birthday:' || b.user_id || ':' || b.year
          WHERE b.user_id = $1 ORDER BY b.year`,
        [userId],
      )) as Array<{ year: number; coupon_code: string | null }>;

    it('grants one coupon and one mail per active birthday child, however often it runs; the coupon works in their cart; next year again', async () => {
      const now = new Date();
      const today = zagrebDate(now);
      const [year, month, day] = today.split('-');
      const mmdd = `${month}-${day}`;
      const other = zagrebDate(new Date(now.getTime() + 40 * DAY_MS)).slice(5);
      const active = await createUser(db, { birthDate: `${mmdd === '02-29' ? 1992 : 1990}-${mmdd}`, firstName: 'Slavica', locale: 'hr' });
      const pending = await createUser(db, { birthDate: `${mmdd === '02-29' ? 1996 : 1995}-${mmdd}`, status: 'pending' });
      const notToday = await createUser(db, { birthDate: `1985-${other}` });
      const job = shop.app.get(BirthdayBenefitsJob);

      // two runs at once (two workers) and one more later: one grant
      const runs = await Promise.all([job.run(now), job.run(now)]);
      expect(runs.map((r) => r.date)).toEqual([today, today]);
      await job.run(now);

      // the coupon comes from the cart, through identity.birthday-due; its mail follows it
      const mail = await mailbox.next(active.email);
      const rows = await birthdayRows(active.id);
      expect(rows).toEqual([{ year: Number(year), coupon_code: expect.stringMatching(/^ROD-[0-9A-F]{8}$/) }]);
      expect(await birthdayRows(pending.id)).toEqual([]);
      expect(await birthdayRows(notToday.id)).toEqual([]);
      const code = rows[0].coupon_code!;
      const [coupon] = await db.query(
        `SELECT kind, percent, usage_limit, per_customer_limit, valid_from, valid_until FROM coupon WHERE code = $1`,
        [code],
      );
      expect(coupon).toMatchObject({ kind: 'percent', percent: 10, usage_limit: 1, per_customer_limit: 1 });
      expect(Math.abs((coupon.valid_from as Date).getTime() - now.getTime())).toBeLessThan(1000);
      expect(Math.abs((coupon.valid_until as Date).getTime() - (now.getTime() + 30 * DAY_MS))).toBeLessThan(1000);

      expect(mail.subject).toBe('Sretan rođendan, Slavica! Za vas imamo mali dar');
      expect(mail.text).toContain(code);
      expect(await mailbox.quiet(active.email, 1500)).toBe(0);
      expect(mailbox.to(pending.email)).toHaveLength(0);
      expect(mailbox.to(notToday.email)).toHaveLength(0);

      // the coupon takes 10 % off in the birthday child's cart
      const product = await createProduct(shop.app, { price: 1000, stock: 20 });
      const s = await signIn(shop.url, active.email, active.password, 'hr');
      await s.call('post', '/api/cart/items', { product_code: product.code, quantity: 2 }).expect(200);
      const applied = await s.call('put', '/api/cart/coupon', { code: code.toLowerCase() }).expect(200);
      expect(applied.body.data.coupon).toMatchObject({ code, kind: 'percent', percent: 10, valid: true, discount: 200 });
      expect(applied.body.data).toMatchObject({ subtotal: 2000, discount: 200 });
      // it is personal: another account and a guest are refused
      const stranger = await signIn(shop.url, notToday.email, notToday.password, 'en');
      await stranger.call('post', '/api/cart/items', { product_code: product.code, quantity: 2 }).expect(200);
      const refused = await stranger.call('put', '/api/cart/coupon', { code }).expect(422);
      expect(refused.body.errors[0]).toMatchObject({ code: 'COUPON_PERSONAL', field: 'code' });
      expect(refused.body.errors[0].message).toMatch(/personal coupon/);
      const guest = await shopper(shop.url, 'hr');
      await guest.call('post', '/api/cart/items', { product_code: product.code, quantity: 2 }).expect(200);
      expect((await guest.call('put', '/api/cart/coupon', { code }).expect(422)).body.errors[0].code).toBe('COUPON_PERSONAL');

      // next year's birthday: granted again, a new code, a new mail
      const nextYear = new Date(`${Number(year) + 1}-${mmdd === '02-29' ? '02-28' : mmdd}T10:00:00Z`);
      await job.run(nextYear);
      await job.run(nextYear);
      const nextMail = await mailbox.next(active.email);
      const twoYears = await birthdayRows(active.id);
      expect(twoYears.map((r) => r.year)).toEqual([Number(year), Number(year) + 1]);
      expect(twoYears[1].coupon_code).not.toBe(code);
      expect(nextMail.text).toContain(twoYears[1].coupon_code);
      expect(await mailbox.quiet(active.email, 1000)).toBe(0);
    });

    it('celebrates 29 February on 28 February in a non-leap year, and on the 29th in a leap year', async () => {
      const leapling = await createUser(db, { birthDate: '2000-02-29', firstName: 'Veljača' });
      const eve = await createUser(db, { birthDate: '1999-02-28' });
      const march = await createUser(db, { birthDate: '1999-03-01' });
      const job = shop.app.get(BirthdayBenefitsJob);

      expect((await job.run(new Date('2027-02-28T10:00:00Z'))).date).toBe('2027-02-28');
      await job.run(new Date('2027-02-28T22:30:00Z')); // 23:30 in Zagreb: still the 28th, nothing new
      expect((await birthdayRows(leapling.id)).map((r) => r.year)).toEqual([2027]);
      expect((await birthdayRows(eve.id)).map((r) => r.year)).toEqual([2027]);
      expect(await birthdayRows(march.id)).toEqual([]);
      // 23:30 UTC on 28 February is already 1 March in Zagreb
      expect((await job.run(new Date('2027-02-28T23:30:00Z'))).date).toBe('2027-03-01');
      expect((await birthdayRows(march.id)).map((r) => r.year)).toEqual([2027]);

      // 2028 is a leap year: the 28th is not the leapling's day, the 29th is
      await job.run(new Date('2028-02-28T10:00:00Z'));
      expect((await birthdayRows(leapling.id)).map((r) => r.year)).toEqual([2027]);
      await job.run(new Date('2028-02-29T10:00:00Z'));
      expect((await birthdayRows(leapling.id)).map((r) => r.year)).toEqual([2027, 2028]);
      expect((await birthdayRows(eve.id)).map((r) => r.year)).toEqual([2027, 2028]);

      // one mail per grant
      await mailbox.next(leapling.email);
      await mailbox.next(leapling.email);
      expect(await mailbox.quiet(leapling.email, 1000)).toBe(0);
    });
  });

  describe('business invitation', () => {
    const invitation = (email: string) => ({
      email,
      company_name: 'Hotel Lovor d.o.o.',
      vat_number: '69435151530',
      company_address: 'Obala 12, 51410 Opatija',
      first_name: 'Klaus',
      locale: 'de',
    });

    it('lets an admin invite a business buyer who accepts once and gets a business account', async () => {
      const admin = await createUser(db, { role: 'admin' });
      const customer = await createUser(db);
      const invited = uniqueEmail('lovor');
      const adminSession = await signIn(shop.url, admin.email, admin.password);

      // customers and visitors may not invite
      const forbidden = await (
        await signIn(shop.url, customer.email, customer.password)
      )
        .call('post', '/api/users/invite', invitation(invited))
        .expect(403);
      expect(forbidden.body.errors[0].code).toBe('AUTH_FORBIDDEN');
      const visitor = await (await shopper(shop.url)).call('post', '/api/users/invite', invitation(invited)).expect(401);
      expect(visitor.body.errors[0].code).toBe('AUTH_REQUIRED');
      // roles are read from the account, not the token: a demoted operator loses the right at once
      const demoted = await createUser(db, { role: 'admin' });
      const demotedSession = await signIn(shop.url, demoted.email, demoted.password);
      await db.query(`UPDATE app_user SET role = 'customer' WHERE id = $1`, [demoted.id]);
      expect((await demotedSession.call('post', '/api/users/invite', invitation(invited)).expect(403)).body.errors[0].code).toBe(
        'AUTH_FORBIDDEN',
      );

      const res = await adminSession.call('post', '/api/users/invite', invitation(invited)).expect(202);
      expect(res.body).toEqual({ data: { accepted: true } });
      const mail = await mailbox.next(invited);
      expect(mail.headers['content-language']).toBe('de');
      expect(mail.subject).toBe('Einladung: Geschäftskundenkonto für Hotel Lovor d.o.o. bei Zlatno zrno');
      expect(mail.text).toContain('Hallo Klaus');
      const link = mail.links[0];
      expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/de/register\\?invite=[A-Za-z0-9_-]{43}$`));
      const token = new URL(link).searchParams.get('invite')!;
      const row = await tokenRow(token);
      expect(row).toMatchObject({ purpose: 'invitation', user_id: null });
      expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(7 * DAY_MS - 5_000);
      // only the mail holds the token: nothing stored or logged carries it
      expect(await db.query(`SELECT count(*)::int AS n FROM outbox_event WHERE payload::text LIKE $1`, [`%${token}%`])).toEqual([{ n: 0 }]);

      const accept = {
        token,
        first_name: 'Klaus',
        last_name: 'Berger',
        password: 'hotel-lovor-1',
        password_confirmation: 'hotel-lovor-1',
        terms_accepted: true,
      };
      const buyer = await shopper(shop.url, 'de');
      const accepted = await buyer.call('post', '/api/users/invite/accept', accept).expect(200);
      expect(accepted.body.data).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires: 900_000 });
      const profile = (await buyer.call('get', '/api/users/me').expect(200)).body.data;
      expect(profile).toMatchObject({
        email: invited,
        role: 'business',
        first_name: 'Klaus',
        last_name: 'Berger',
        company_name: 'Hotel Lovor d.o.o.',
        vat_number: '69435151530',
        company_address: 'Obala 12, 51410 Opatija',
        locale: 'de',
        has_password: true,
      });
      const [stored] = await db.query(`SELECT status, activated_at, terms_accepted_at FROM app_user WHERE email = $1`, [invited]);
      expect(stored.status).toBe('active');
      expect(stored.activated_at).not.toBeNull();
      expect(stored.terms_accepted_at).not.toBeNull();
      const again = await signIn(shop.url, invited, 'hotel-lovor-1');
      expect((await again.call('get', '/api/users/me?fields=role').expect(200)).body.data).toEqual({ role: 'business' });

      // the invitation works once
      const reused = await (
        await shopper(shop.url, 'de')
      )
        .call('post', '/api/users/invite/accept', { ...accept, password: 'anders-99', password_confirmation: 'anders-99' })
        .expect(422);
      expect(reused.body.errors[0]).toMatchObject({
        code: 'AUTH_INVITE_INVALID',
        message: 'Die Einladung ist ungültig, abgelaufen oder wurde bereits verwendet.',
      });
      await signIn(shop.url, invited, 'hotel-lovor-1');

      // an e-mail that has an account cannot be invited (the operator is told; no mail goes out)
      const taken = await adminSession.call('post', '/api/users/invite', invitation(customer.email)).expect(409);
      expect(taken.body.errors[0]).toMatchObject({ code: 'USER_EMAIL_TAKEN', field: 'email' });
      const takenToo = await adminSession.call('post', '/api/users/invite', invitation(invited.toUpperCase())).expect(409);
      expect(takenToo.body.errors[0].code).toBe('USER_EMAIL_TAKEN');
      // and a wrong OIB is refused before anything is sent
      const badOib = await adminSession
        .call('post', '/api/users/invite', { ...invitation(uniqueEmail('bad-oib')), vat_number: '69435151531' })
        .expect(422);
      expect(badOib.body.errors[0]).toMatchObject({ code: 'USER_OIB_INVALID', field: 'vat_number' });
      expect(await mailbox.quiet(customer.email, 1000)).toBe(0);
      expect(mailbox.to(customer.email)).toHaveLength(0);
    });
  });

  describe('the event path behind the mails', () => {
    it('registration writes an outbox event, the relay publishes it, one delivery mails once even when the job runs again', async () => {
      const address = uniqueEmail('outbox');
      const s = await shopper(shop.url, 'en');
      await s
        .call('post', '/api/users', {
          first_name: 'Otto',
          last_name: 'Box',
          birthday: '1980-01-01',
          email: address,
          password: 'lozinka1',
          password_confirmation: 'lozinka1',
          terms_accepted: true,
          locale: 'en',
        })
        .expect(202);
      const [{ id: userId }] = await db.query(`SELECT id FROM app_user WHERE email = $1`, [address]);
      const [event] = (await db.query(
        `SELECT id, name, payload FROM outbox_event WHERE name = 'identity.user-registered' AND payload->>'userId' = $1`,
        [userId],
      )) as Array<{ id: string; name: string; payload: unknown }>;
      expect(event).toMatchObject({ name: 'identity.user-registered', payload: { userId } });
      await waitFor(
        'the event to be published',
        async () => (await db.query(`SELECT published_at FROM outbox_event WHERE id = $1`, [event.id]))[0].published_at,
      );
      await waitFor(
        'the inbox row of send-activation-mail',
        async () =>
          (await db.query(`SELECT 1 FROM event_delivery WHERE event_id = $1 AND subscriber_id = 'send-activation-mail'`, [event.id]))
            .length,
      );
      const mail = await mailbox.next(address);
      expect(mail.subject).toMatch(/activate/i);

      const events = shop.app.get(QueueService).queue(QueueName.Events);
      const jobId = deliveryJobId(event.id, 'send-activation-mail');
      const original = await waitFor('the delivery job to complete', async () => {
        const job = await events.getJob(jobId);
        return job && (await job.getState()) === 'completed' ? job : null;
      });
      expect(original.returnvalue).toBe('delivered');
      const data = original.data as DeliveryJobData;

      const rerun = async () => {
        await (await events.getJob(jobId))?.remove();
        await events.add(original.name, data, { jobId });
        return waitFor('the re-added delivery job to complete', async () => {
          const job = await events.getJob(jobId);
          return job && (await job.getState()) === 'completed' ? job : null;
        });
      };

      // 1. the relay adds the job again while it is known: BullMQ ignores it
      await events.add(original.name, data, { jobId });
      expect((await events.getJob(jobId))?.returnvalue).toBe('delivered');
      // 2. the job was trimmed and comes again: it runs and skips on the inbox row
      expect((await rerun()).returnvalue).toBe('skipped');
      // 3. the handler ran but its transaction was lost (the worker died before COMMIT): the inbox
      //    row and the token row are gone, the mail job was already queued. It runs again, records
      //    the same token, and the mail job id keeps it from mailing twice.
      const token = new URL(mail.links[0]).searchParams.get('token')!;
      await db.query(`DELETE FROM event_delivery WHERE event_id = $1`, [event.id]);
      await db.query(`DELETE FROM user_token WHERE token_hash = $1`, [sha256(token)]);
      expect((await rerun()).returnvalue).toBe('delivered');
      expect(await db.query(`SELECT count(*)::int AS n FROM user_token WHERE token_hash = $1`, [sha256(token)])).toEqual([{ n: 1 }]);

      expect(await mailbox.quiet(address, 1500)).toBe(0);
      expect(mailbox.to(address)).toHaveLength(1);
      // the one mailed link still activates
      expect((await pressMailLink(shop.url, mail.links[0])).status).toBe(200);
      await signIn(shop.url, address, 'lozinka1');
    });
  });
});
