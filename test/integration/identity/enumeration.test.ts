import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { mailLink } from '../../support/mail-links.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { createUser, signIn, uniqueEmail } from '../../factories/user.js';
import type { RunningShop } from '../../../server/main.js';

type Shop = RunningShop & { url: string };

/**
 * Nothing the API answers tells whether an e-mail address has an account: an e-mail change to a
 * taken address is answered like one to a free address (its owner is told by mail instead), and
 * password-reset and magic-link requests do the same work for known and unknown addresses (the
 * worker decides after the answer whether a mail goes out), so their timings match.
 */
describe('account enumeration', () => {
  let mailbox: Mailbox;
  let shop: Shop;
  let db: DataSource;
  let PUBLIC_URL = '';

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    PUBLIC_URL = `http://127.0.0.1:${port}`;
    shop = await startShop({
      env: { SMTP_URL: mailbox.url, PORT: String(port), PUBLIC_URL, AUTH_RATE_LIMIT_PER_IP: '10000' },
      role: 'all',
    });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
  });

  const patchMe = (s: Shopper, body: unknown, language = 'en') =>
    s.agent
      .patch('/api/users/me')
      .set('Accept-Language', language)
      .set('X-CSRF-Token', s.token)
      .send(body as object);

  it("answers an e-mail change to another account's address like one to a free address; the owner gets a notice, nobody a link", async () => {
    const me = await createUser(db, { firstName: 'Iva', locale: 'en' });
    const owner = await createUser(db, { firstName: 'Tena', locale: 'de' });
    const s = await signIn(shop.url, me.email, me.password);

    const free = uniqueEmail('free-new');
    const toFree = await patchMe(s, { city: 'Pula', email: free });
    const toTaken = await patchMe(s, { city: 'Rovinj', email: owner.email.toUpperCase() });
    expect([toFree.status, toTaken.status]).toEqual([200, 200]);
    const { city: c1, pending_email: p1, ...restFree } = toFree.body.data;
    const { city: c2, pending_email: p2, ...restTaken } = toTaken.body.data;
    expect([c1, c2, p1, p2]).toEqual(['Pula', 'Rovinj', free, owner.email]);
    expect(restTaken).toEqual(restFree);
    expect(Object.keys(toTaken.body).sort()).toEqual(Object.keys(toFree.body).sort());

    // the free address gets its confirmation link
    const confirm = await mailbox.next(free);
    expect(mailLink(confirm.links[0])).toMatchObject({ screen: 'email_confirmation', token: expect.stringMatching(/^[\w-]{43}$/) });
    // the owner of the taken address is told, in the owner's language, and gets no confirmation link
    const notice = await mailbox.next(owner.email);
    expect(notice.headers['content-language']).toBe('de');
    expect(notice.subject).toBe('Jemand hat Ihre E-Mail-Adresse als neue Adresse seines Kontos angegeben');
    expect(notice.text).toContain('Tena');
    expect(notice.links.some((l) => l.includes('token='))).toBe(false);
    expect(notice.links).toContain(`${PUBLIC_URL}/de/login`);
    expect(await mailbox.quiet(owner.email, 1000)).toBe(0);
    // no confirmation token for the taken address exists, so the change can never apply
    const tokens = await db.query(`SELECT data->>'email' AS email FROM user_token WHERE user_id = $1 AND purpose = 'email_change'`, [
      me.id,
    ]);
    expect(tokens.map((t: { email: string }) => t.email)).toEqual([free]);
    const [stored] = await db.query(`SELECT email FROM app_user WHERE id = $1`, [me.id]);
    expect(stored.email).toBe(me.email);
  });

  it('mails a reset or magic link to a known address only, after the same answer for both', async () => {
    const known = await createUser(db, { locale: 'en' });
    const unknown = uniqueEmail('nobody-here');
    const s = await shopper(shop.url, 'en');
    for (const path of ['/api/auth/password/request', '/api/auth/magic-link']) {
      const a = await s.call('post', path, { email: known.email });
      const b = await s.call('post', path, { email: unknown });
      expect([a.status, b.status]).toEqual([202, 202]);
      expect(a.body).toEqual(b.body);
    }
    const reset = await mailbox.next(known.email);
    const magic = await mailbox.next(known.email);
    expect([reset.links[0], magic.links[0]]).toEqual([
      expect.stringContaining('/en/reset-password/'),
      expect.stringContaining('/en/sign-in-link?token='),
    ]);
    expect(await mailbox.quiet(unknown, 1000)).toBe(0);
    // both requests wrote the same kind of event: one per request, whatever the address
    const events = await db.query(
      `SELECT name, payload->>'email' AS email FROM outbox_event WHERE payload->>'email' IN ($1, $2) ORDER BY name, payload->>'email'`,
      [known.email, unknown],
    );
    expect(events).toEqual(
      expect.arrayContaining([
        { name: 'identity.password-reset-requested', email: known.email },
        { name: 'identity.password-reset-requested', email: unknown },
        { name: 'identity.magic-link-requested', email: known.email },
        { name: 'identity.magic-link-requested', email: unknown },
      ]),
    );
  });

  it('resends an activation mail to a pending account only, after the same answer and the same write for any address', async () => {
    const pending = await createUser(db, { locale: 'en', status: 'pending' });
    const active = await createUser(db, { locale: 'en' });
    const unknown = uniqueEmail('nobody-pending');
    const s = await shopper(shop.url, 'en');
    const answers = [];
    for (const email of [pending.email, active.email, unknown]) answers.push(await s.call('post', '/api/users/activate/resend', { email }));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    const mail = await mailbox.next(pending.email);
    expect(mailLink(mail.links[0]).screen).toBe('account_activation');
    expect(await mailbox.quiet(active.email, 500)).toBe(0);
    expect(await mailbox.quiet(unknown, 500)).toBe(0);
    // one event of the same shape per request, whoever the address belongs to (no lookup before the answer)
    const events = await db.query(
      `SELECT payload->>'email' AS email FROM outbox_event WHERE name = 'identity.activation-mail-requested' AND payload->>'email' IN ($1, $2, $3) ORDER BY 1`,
      [pending.email, active.email, unknown],
    );
    expect(events.map((e: { email: string }) => e.email).sort()).toEqual([pending.email, active.email, unknown].sort());
  });
});

describe('reset and magic-link timing', () => {
  let shop: Shop;
  let db: DataSource;

  beforeAll(async () => {
    // A web process only (the worker's mailing after the answer is not what a client can time),
    // with a per-IP budget that the requests of the timing rounds do not reach.
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '10000' }, role: 'web' });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
  });

  const median = (xs: number[]) => {
    const sorted = [...xs].sort((x, y) => x - y);
    return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
  };

  it.each([
    ['password reset', '/api/auth/password/request'],
    ['magic link', '/api/auth/magic-link'],
  ])('%s: the medians of 30 alternated known and unknown requests differ by less than 2 ms', async (_what, path) => {
    const N = 30;
    const s = await shopper(shop.url, 'en');
    const timed = async (email: string) => {
      const t0 = performance.now();
      const res = await s.call('post', path, { email });
      const ms = performance.now() - t0;
      expect(res.status).toBe(202);
      return ms;
    };
    /** One round: 30 known and 30 unknown addresses, alternated; distinct addresses, so the per-e-mail budget (5 per 15 minutes) never applies. */
    const round = async () => {
      const known = await Promise.all(Array.from({ length: N + 2 }, () => createUser(db)));
      // warm-up (connections, prepared statements)
      for (let i = 0; i < 2; i++) {
        await timed(known[N + i].email);
        await timed(uniqueEmail('warm'));
      }
      const k: number[] = [];
      const u: number[] = [];
      for (let i = 0; i < N; i++) {
        // alternate which goes first, so a drift over time weighs on both alike
        if (i % 2) {
          k.push(await timed(known[i].email));
          u.push(await timed(uniqueEmail('ghost')));
        } else {
          u.push(await timed(uniqueEmail('ghost')));
          k.push(await timed(known[i].email));
        }
      }
      return Math.abs(median(k) - median(u));
    };
    // The machine is shared: a round that other processes' load disturbed is measured again (at
    // most three rounds). A systematic difference, as the old lookup-then-write made (2.5 to 4 ms
    // for a reset here), shows in every round.
    const differences: number[] = [];
    while (differences.length < 3 && !differences.some((d) => d < 2)) differences.push(await round());
    expect(Math.min(...differences)).toBeLessThan(2);
  });
});
