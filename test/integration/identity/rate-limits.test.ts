import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { pressMailLink } from '../../support/mail-links.js';
import { createUser, uniqueEmail } from '../../factories/user.js';
import type { RunningShop } from '../../../server/main.js';

type Shop = RunningShop & { url: string };

/**
 * Rate limits of the identity calls, on the real shop: per e-mail (whoever asks) and per client
 * IP, counted in a store every web process shares (Redis, or PostgreSQL without Redis). The shops
 * trust one proxy hop (TRUST_PROXY, as behind the production load balancer), so each test speaks
 * from client addresses of its own through X-Forwarded-For and the per-IP budgets do not mix.
 * Also: a login answers as slowly for an unknown e-mail as for a known one, and no token of any
 * kind reaches the log.
 */
const RUN = process.env.TEST_RUN_ID ?? 'x';
let prefixSeq = 0;
/** A queue/rate-limit prefix shared by the shops of one scenario (deleted with the run's keys). */
const sharedPrefix = () => `it-${RUN}-rl${process.pid.toString(36)}${Date.now().toString(36)}${prefixSeq++}`;

const RETRY_HR = /^Previše pokušaja\. Pokušajte ponovno za (\d+) s\.$/;

/** A client behind the trusted proxy at address `ip` (a fresh CSRF token and cookie jar). */
async function client(shop: Shop, ip: string, language = 'hr'): Promise<Shopper> {
  const s = await shopper(shop.url, language);
  const call: Shopper['call'] = (method, path, body) => s.call(method, path, body).set('X-Forwarded-For', ip);
  return { ...s, call };
}

const login = (s: Shopper, email: string, password: string) => s.call('post', '/api/auth/login', { email, password });

/** Asserts a 429 RATE_LIMITED with Retry-After (at most the window, 15 minutes unless said) and the Croatian message naming the same seconds. */
function expectLimited(res: request.Response, windowSeconds = 15 * 60): void {
  expect(res.status).toBe(429);
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors[0].code).toBe('RATE_LIMITED');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.body.errors[0].message).toMatch(RETRY_HR);
  expect(Number(RETRY_HR.exec(res.body.errors[0].message)![1])).toBe(retryAfter);
}

describe('identity rate limits (Redis store, two web processes)', () => {
  let mailbox: Mailbox;
  let shop: Shop;
  let web2: Shop;
  let db: DataSource;
  let prefix: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    prefix = sharedPrefix();
    // the default per-IP budget (60 per 15 minutes and call); the same database, Redis and prefix
    const env = { SMTP_URL: mailbox.url, TRUST_PROXY: 'true', QUEUE_PREFIX: prefix };
    const port = await freePort();
    shop = await startShop({ env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }, role: 'all' });
    // Chosen only now: a port picked earlier may be taken meanwhile by the first shop's own listeners.
    const port2 = await freePort();
    web2 = await startShop({ env: { ...env, PORT: String(port2), PUBLIC_URL: `http://127.0.0.1:${port2}` }, role: 'web' });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await web2?.stop();
    await shop?.stop();
    await mailbox?.close();
  });

  it('locks an (e-mail, IP) pair after 10 attempts, not the owner elsewhere; other e-mails go on until the IP budget is spent', async () => {
    expect(shop.config.auth.rateLimitPerIp).toBe(60);
    expect(shop.config.auth.loginLimitPerEmailIp).toBe(10);
    const target = await createUser(db);
    const other = await createUser(db);
    const ip = '203.0.113.10';
    const s = await client(shop, ip);

    for (let i = 1; i <= 10; i++) {
      const res = await login(s, target.email, `wrong-${i}`);
      expect([i, res.status, res.body.errors[0].code]).toEqual([i, 401, 'AUTH_LOGIN_FAILED']);
    }
    // the pair's budget is spent: even the right password, in another language, in any case
    const locked = await login(s, target.email, target.password);
    expectLimited(locked);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(15 * 60 - 60);
    const lockedDe = await login(await client(shop, ip, 'de'), target.email.toUpperCase(), target.password);
    expect(lockedDe.status).toBe(429);
    expect(lockedDe.body.errors[0].message).toMatch(/^Zu viele Versuche\. Bitte versuchen Sie es in \d+ s erneut\.$/);
    // the owner, signing in from another address, is not locked out
    await login(await client(shop, '198.51.100.20'), target.email, target.password).expect(200);

    // the same IP, another e-mail: still fine (13 of the IP's 60 attempts used)
    await login(s, other.email, other.password).expect(200);
    // ... until the IP budget runs out: 47 more attempts, then 429 for any e-mail
    for (let i = 14; i <= 60; i++) {
      const res = await login(s, uniqueEmail('nobody'), 'whatever');
      expect([i, res.status]).toEqual([i, 401]);
    }
    expectLimited(await login(s, other.email, other.password));
    expectLimited(await login(s, uniqueEmail('nobody'), 'whatever'));
    // another IP is not affected
    await login(await client(shop, '198.51.100.21'), other.email, other.password).expect(200);
  });

  it('lets no single address lock the owner out, while a distributed attack meets the slower global budget of the e-mail', async () => {
    expect(shop.config.auth.loginLimitPerEmail).toBe(100);
    const owner = await createUser(db);
    const attacker = await client(shop, '203.0.113.60');
    for (let i = 1; i <= 10; i++) await login(attacker, owner.email, `guess-${i}`).expect(401);
    // refused by its pair budget (not counted on the e-mail's)
    expectLimited(await login(attacker, owner.email, owner.password));
    // the owner from home: signed in (attempt 11 of the e-mail's 100 per hour)
    const home = await client(shop, '198.51.100.60');
    await login(home, owner.email, owner.password).expect(200);
    // a success clears the pair's failures: the owner's own typos do not add up across sign-ins
    for (let i = 1; i <= 8; i++) await login(home, owner.email, `typo-${i}`).expect(401);
    await login(home, owner.email, owner.password).expect(200); // 20

    // a botnet: 80 more guesses from 16 addresses, 5 each, none of them near its pair budget
    for (let n = 0; n < 16; n++) {
      const bot = await client(shop, `203.0.113.${100 + n}`);
      for (let i = 1; i <= 5; i++) {
        const res = await login(bot, owner.email, `bot-${n}-${i}`);
        expect([n, i, res.status]).toEqual([n, i, 401]);
      }
    }
    // 100 attempts in the hour: now every address is refused, for up to an hour
    const fresh = await client(shop, '203.0.113.200');
    const refused = await login(fresh, owner.email, 'another-guess');
    expectLimited(refused, 60 * 60);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expectLimited(await login(home, owner.email, owner.password), 60 * 60);
    // other e-mails from those addresses are not affected
    const other = await createUser(db);
    await login(fresh, other.email, other.password).expect(200);
  });

  it('limits registration, reset requests, magic links and activation resends to 5 per e-mail in 15 minutes, whoever asks', async () => {
    const known = await createUser(db);
    const pending = await createUser(db, { status: 'pending' });
    const registration = (email: string) => ({
      first_name: 'Rita',
      last_name: 'Limit',
      birthday: '1993-09-09',
      email,
      password: 'lozinka1',
      password_confirmation: 'lozinka1',
      terms_accepted: true,
    });
    const newEmail = uniqueEmail('reg-limit');
    const cases = [
      { action: 'register', path: '/api/users', email: newEmail, body: registration(newEmail) },
      { action: 'reset', path: '/api/auth/password/request', email: known.email, body: { email: known.email } },
      {
        action: 'magic link (unknown e-mail: the same answer)',
        path: '/api/auth/magic-link',
        email: 'ghost-limit@example.com',
        body: { email: 'ghost-limit@example.com' },
      },
      { action: 'resend', path: '/api/users/activate/resend', email: pending.email, body: { email: pending.email } },
    ];
    for (const [n, c] of cases.entries()) {
      for (let i = 1; i <= 5; i++) {
        // a different client address every time: the per-e-mail rule counts them all
        const res = await (await client(shop, `192.0.2.${n * 10 + i}`)).call('post', c.path, c.body);
        expect([c.action, i, res.status]).toEqual([c.action, i, 202]);
      }
      const sixth = await (await client(shop, `192.0.2.${n * 10 + 6}`)).call('post', c.path, { ...c.body, email: c.email.toUpperCase() });
      expect([c.action, sixth.status]).toEqual([c.action, 429]);
      expectLimited(sixth);
      // another e-mail from the same address is still answered
      const fresh = uniqueEmail('other');
      const body = c.action === 'register' ? registration(fresh) : { email: fresh };
      await (await client(shop, `192.0.2.${n * 10 + 6}`)).call('post', c.path, body).expect(202);
    }
  });

  it('shares the counters between web processes: attempts on one count on the other', async () => {
    expect(web2.config.role).toBe('web');
    expect(web2.url).not.toBe(shop.url);
    const user = await createUser(db);
    // the same client address on both processes: its (e-mail, IP) budget is one
    const a = await client(shop, '203.0.113.30');
    const b = await client(web2, '203.0.113.30');
    for (let i = 0; i < 5; i++) {
      await login(a, user.email, 'wrong-a').expect(401);
      await login(b, user.email, 'wrong-b').expect(401);
    }
    expectLimited(await login(a, user.email, user.password));
    expectLimited(await login(b, user.email, user.password));

    // the per-IP budget is shared too (resend: 60 per address)
    const ip = '203.0.113.32';
    for (let i = 0; i < 30; i++) {
      await (await client(shop, ip)).call('post', '/api/users/activate/resend', { email: uniqueEmail('ip') }).expect(202);
      await (await client(web2, ip)).call('post', '/api/users/activate/resend', { email: uniqueEmail('ip') }).expect(202);
    }
    expectLimited(await (await client(web2, ip)).call('post', '/api/users/activate/resend', { email: uniqueEmail('ip') }));
    expectLimited(await (await client(shop, ip)).call('post', '/api/users/activate/resend', { email: uniqueEmail('ip') }));
  });

  it('answers an unknown e-mail about as slowly as a known one with a wrong password (one argon2 verification each)', async () => {
    const user = await createUser(db);
    const s = await client(shop, '203.0.113.40');
    const timed = async (email: string) => {
      const t0 = performance.now();
      await login(s, email, 'not-the-password').expect(401);
      return performance.now() - t0;
    };
    // warm-up: the first unknown e-mail also builds the dummy hash once
    await timed(uniqueEmail('warm'));
    await timed(user.email);
    const unknown: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 7; i++) {
      unknown.push(await timed(uniqueEmail('timing')));
      known.push(await timed(user.email));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // both are real verifications, not an early exit (argon2id with 19 MiB takes milliseconds)
    expect(median(unknown)).toBeGreaterThan(5);
  });
});

describe('identity rate limits (PostgreSQL store, no Redis)', () => {
  let shops: Shop[] = [];
  let db: DataSource;
  let prefix: string;

  beforeAll(async () => {
    prefix = sharedPrefix();
    // a small global per-e-mail login budget (10 an hour) to see it from two addresses
    const env = {
      REDIS_URL: '',
      TRUST_PROXY: 'true',
      QUEUE_PREFIX: prefix,
      AUTH_RATE_LIMIT_PER_IP: '12',
      AUTH_LOGIN_LIMIT_PER_EMAIL: '10',
    };
    shops = [await startShop({ env, role: 'web' }), await startShop({ env, role: 'web' })];
    db = shops[0].app.get(DataSource);
  });

  afterAll(async () => {
    for (const s of shops) await s.stop();
  });

  it('holds the same limits with the counters in the rate_limit table, shared by both processes', async () => {
    expect(shops.map((s) => s.config.redis.url)).toEqual([undefined, undefined]);
    const user = await createUser(db);
    const [a, b] = [await client(shops[0], '203.0.113.50'), await client(shops[1], '203.0.113.51')];
    for (let i = 0; i < 5; i++) {
      await login(a, user.email, 'wrong').expect(401);
      await login(b, user.email, 'wrong').expect(401);
    }
    expectLimited(await login(a, user.email, user.password), 60 * 60);
    expectLimited(await login(b, user.email, user.password), 60 * 60);
    const rows = await db.query(`SELECT key, points, expire FROM rate_limit WHERE key = $1`, [`${prefix}-rl-login-email:${user.email}`]);
    expect(rows).toEqual([{ key: `${prefix}-rl-login-email:${user.email}`, points: 12, expire: expect.any(String) }]);
    expect(Number(rows[0].expire)).toBeGreaterThan(Date.now() + 59 * 60_000);

    // the small per-IP budget (12) in the same table: 6 attempts used from 203.0.113.50, 6 left
    const other = await createUser(db);
    await login(a, other.email, other.password).expect(200);
    for (let i = 8; i <= 12; i++) await login(a, uniqueEmail('pg-ip'), 'whatever').expect(401);
    expectLimited(await login(a, other.email, other.password));
    expectLimited(await login(await client(shops[1], '203.0.113.50'), other.email, other.password));
    expect((await db.query(`SELECT points FROM rate_limit WHERE key = $1`, [`${prefix}-rl-login-ip:203.0.113.50`]))[0].points).toBe(14);

    // nothing of it went to Redis
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      expect(await redis.keys(`${prefix}*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});

describe('no token reaches the log', () => {
  let mailbox: Mailbox;
  let shop: Shop;
  let PUBLIC_URL = '';
  const logged: string[] = [];
  let own: PropertyDescriptor | undefined;

  beforeAll(async () => {
    // pino writes to process.stdout itself when stdout.write is replaced before the logger is made
    own = Object.getOwnPropertyDescriptor(process.stdout, 'write');
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (text.startsWith('{"level"')) {
        logged.push(text);
        return true;
      }
      return (original as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    mailbox = await startMailbox();
    const port = await freePort();
    PUBLIC_URL = `http://127.0.0.1:${port}`;
    shop = await startShop({
      env: { SMTP_URL: mailbox.url, PORT: String(port), PUBLIC_URL, LOG_LEVEL: 'debug', AUTH_RATE_LIMIT_PER_IP: '1000' },
      role: 'all',
    });
  });

  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
    if (own) Object.defineProperty(process.stdout, 'write', own);
    else delete (process.stdout as { write?: unknown }).write;
  });

  it('logs requests at debug level without the tokens of sign-in, refresh, activation, magic-link, reset and invitation', async () => {
    const db = shop.app.get(DataSource);
    const pathOf = (link: string) => link.replace(PUBLIC_URL, '');
    const secrets: Record<string, string> = {};
    const address = uniqueEmail('logs');
    const s = await shopper(shop.url, 'en');

    // registration and activation (the token travels in the query string)
    await s
      .call('post', '/api/users', {
        first_name: 'Lea',
        last_name: 'Log',
        birthday: '1990-01-01',
        email: address,
        password: 'lozinka1',
        password_confirmation: 'lozinka1',
        terms_accepted: true,
        locale: 'en',
      })
      .expect(202);
    const activation = (await mailbox.next(address)).links[0];
    secrets.activation = new URL(activation).searchParams.get('token')!;
    // the page (its URL holds the token), the link of older mails, then the page's button twice
    await request(shop.url).get(pathOf(activation)).set('Accept', 'text/html');
    await request(shop.url).get(`/api/users/activate?token=${secrets.activation}`).expect(303);
    expect((await pressMailLink(shop.url, activation)).status).toBe(200);
    expect((await pressMailLink(shop.url, activation)).status).toBe(409);

    // sign-in and refresh (tokens in bodies, cookies and the bearer header)
    const signedIn = (await s.call('post', '/api/auth/login', { email: address, password: 'lozinka1' }).expect(200)).body.data;
    secrets.access = signedIn.access_token;
    secrets.refresh = signedIn.refresh_token;
    await request(shop.url).get('/api/users/me').set('Authorization', `Bearer ${secrets.access}`).expect(200);
    await s.call('get', '/api/users/me').expect(200);
    const refreshed = (await s.call('post', '/api/auth/refresh', { refresh_token: secrets.refresh }).expect(200)).body.data;
    secrets.access2 = refreshed.access_token;
    secrets.refresh2 = refreshed.refresh_token;
    await s.call('post', '/api/auth/refresh').expect(200);

    // magic link: used once (200), then again (422, logged at info)
    await s.call('post', '/api/auth/magic-link', { email: address }).expect(202);
    const magic = (await mailbox.next(address)).links[0];
    secrets.magic = new URL(magic).searchParams.get('token')!;
    await request(shop.url).get(pathOf(magic)).set('Accept', 'text/html');
    await request(shop.url).get(`/api/auth/magic-link/verify?token=${secrets.magic}`).expect(303);
    const viaMagic = (await pressMailLink(shop.url, magic)).body.data;
    secrets.access3 = viaMagic.access_token;
    secrets.refresh3 = viaMagic.refresh_token;
    expect((await pressMailLink(shop.url, magic)).status).toBe(422);

    // password reset: the browser opens the page with the token in its path, then posts it
    await s.call('post', '/api/auth/password/request', { email: address }).expect(202);
    const reset = (await mailbox.next(address)).links[0];
    secrets.reset = reset.split('/').pop()!;
    await request(shop.url).get(pathOf(reset)).set('Accept', 'text/html');
    await s
      .call('post', '/api/auth/password/reset', { token: secrets.reset, password: 'novaLozinka', password_confirmation: 'novaLozinka' })
      .expect(200);
    await mailbox.next(address); // the password-changed notice

    // a business invitation: the token is in the page's ?invite= parameter
    const admin = await createUser(db, { role: 'admin' });
    const adminSession = await shopper(shop.url, 'en');
    await adminSession.call('post', '/api/auth/login', { email: admin.email, password: admin.password }).expect(200);
    const invited = uniqueEmail('logs-invite');
    await adminSession.call('post', '/api/users/invite', { email: invited, company_name: 'Log d.o.o.', locale: 'en' }).expect(202);
    const invite = (await mailbox.next(invited)).links[0];
    secrets.invite = new URL(invite).searchParams.get('invite')!;
    await request(shop.url).get(pathOf(invite)).set('Accept', 'text/html');
    const acceptance = {
      token: secrets.invite,
      first_name: 'Ivo',
      last_name: 'Log',
      password: 'lozinka1',
      password_confirmation: 'lozinka1',
      terms_accepted: true,
    };
    const accepted = (await (await shopper(shop.url)).call('post', '/api/users/invite/accept', acceptance).expect(200)).body.data;
    secrets.access4 = accepted.access_token;
    secrets.refresh4 = accepted.refresh_token;

    // the log did capture these requests (the check below is not vacuous) ...
    const text = logged.join('');
    const urls = logged.flatMap((line) => {
      try {
        const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
        return url ? [url] : [];
      } catch {
        return [];
      }
    });
    for (const path of [
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/users/activate?token=',
      '/api/auth/magic-link/verify?token=',
      '/en/activate-account?token=',
      '/en/sign-in-link?token=',
      '/en/reset-password/',
      '/en/register?invite=',
    ]) {
      expect(urls.some((u) => u.startsWith(path))).toBe(true);
    }
    // ... and none of the tokens is in it
    expect(Object.keys(secrets)).toHaveLength(12);
    for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThan(20);
    const leaked = Object.entries(secrets)
      .filter(([, value]) => text.includes(value) || text.includes(encodeURIComponent(value)))
      .map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});
