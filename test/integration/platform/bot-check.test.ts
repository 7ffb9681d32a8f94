import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { startRecaptchaEmulator, type RecaptchaEmulator } from '../../support/recaptcha-emulator.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import type { RunningShop } from '../../../server/main.js';

type Shop = RunningShop & { url: string };

/**
 * The bot check on the real shop against the local emulator of the provider (test/support/recaptcha-emulator.ts):
 * POST /api/recaptcha and registration, for pass, low score, wrong action, wrong host, missing,
 * reused and forged tokens, a provider answering 500 or hanging past the timeout, the keys off
 * (no outgoing call), CSRF, the rate limit and hostile bodies (422, never 500).
 * The shop trusts one proxy hop, so each test speaks from an address of its own (per-IP budgets).
 */
let ipSeq = 1;
const nextIp = () => `198.51.100.${ipSeq++}`;

async function client(shop: Shop, language = 'hr', ip = nextIp()): Promise<Shopper> {
  const s = await shopper(shop.url, language);
  const call: Shopper['call'] = (method, path, body) => s.call(method, path, body).set('X-Forwarded-For', ip);
  return { ...s, call };
}

let n = 0;
const registration = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Ana',
  last_name: 'Kovač',
  birthday: '1988-03-09',
  email: `botcheck-${Date.now().toString(36)}-${n++}@example.com`,
  password: 'lozinka1',
  password_confirmation: 'lozinka1',
  terms_accepted: true,
  newsletter: false,
  ...extra,
});

describe('bot check (keys configured, emulated provider)', () => {
  let emulator: RecaptchaEmulator;
  let shop: Shop;
  let db: DataSource;
  const accounts = async (email: string) =>
    Number((await db.query('SELECT count(*)::int AS n FROM app_user WHERE email = $1', [email]))[0].n);

  beforeAll(async () => {
    emulator = await startRecaptchaEmulator();
    shop = await startShop({ env: { ...emulator.env, RECAPTCHA_TIMEOUT_MS: '400', TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_IP: '1000' } });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
    await emulator?.close();
  });
  beforeEach(() => emulator.behave());

  describe('POST /api/recaptcha', () => {
    it('answers success true for a good token and sends secret, token and the client address', async () => {
      const ip = nextIp();
      const s = await client(shop, 'hr', ip);
      const token = emulator.token({ action: 'contact', score: 0.8 });
      const res = await s.call('post', '/api/recaptcha', { token }).expect(200);
      expect(res.body).toEqual({ data: { success: true } });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(emulator.verifications().at(-1)).toEqual({ secret: emulator.secretKey, response: token, remoteip: ip });
      // With an action, the token must have been issued for it.
      expect(
        (await s.call('post', '/api/recaptcha', { token: emulator.token({ action: 'register' }), action: 'register' }).expect(200)).body
          .data.success,
      ).toBe(true);
    });

    it('answers success false for a low score, a wrong action, a wrong host, a reused, forged or missing token', async () => {
      const s = await client(shop);
      const before = emulator.verifications().length;
      const falseFor = async (body: Record<string, unknown>) =>
        expect((await s.call('post', '/api/recaptcha', body).expect(200)).body).toEqual({ data: { success: false } });
      await falseFor({ token: emulator.token({ score: 0.3 }) });
      await falseFor({ token: emulator.token({ action: 'newsletter' }), action: 'contact' });
      await falseFor({ token: emulator.token({ hostname: 'elsewhere.example' }) });
      const once = emulator.token();
      expect((await s.call('post', '/api/recaptcha', { token: once }).expect(200)).body.data.success).toBe(true);
      await falseFor({ token: once }); // the provider answers timeout-or-duplicate
      await falseFor({ token: 'not-a-token' });
      expect(emulator.verifications().length - before).toBe(6);
      // No token: refused without asking the provider.
      await falseFor({});
      await falseFor({ token: null });
      expect(emulator.verifications().length - before).toBe(6);
    });

    it('answers success false when the provider fails (500) or hangs past the timeout', async () => {
      const s = await client(shop);
      emulator.failWith(500);
      expect((await s.call('post', '/api/recaptcha', { token: emulator.token() }).expect(200)).body.data.success).toBe(false);
      emulator.hang();
      const started = Date.now();
      expect((await s.call('post', '/api/recaptcha', { token: emulator.token() }).expect(200)).body.data.success).toBe(false);
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it('refuses a call without the CSRF token (403) and asks no provider', async () => {
      const before = emulator.requests.length;
      const res = await request(shop.url).post('/api/recaptcha').set('Accept-Language', 'en').send({ token: emulator.token() }).expect(403);
      expect(res.body.errors[0].code).toBe('CSRF_TOKEN_INVALID');
      expect(emulator.requests.length).toBe(before);
    });

    it('refuses hostile bodies with a localized 422, never a 500', async () => {
      const s = await client(shop, 'de');
      const bodies: unknown[] = [
        { token: 42 },
        { token: ['a', 'b'] },
        { token: { $ne: null } },
        { token: 'x'.repeat(4001) },
        { token: 'x', action: 'login' },
        { token: 'x', action: 7 },
      ];
      for (const body of bodies) {
        const res = await s.call('post', '/api/recaptcha', body);
        expect(res.status).toBe(422);
        expect(['BOT_CHECK_TOKEN_INVALID', 'BOT_CHECK_ACTION_INVALID']).toContain(res.body.errors[0].code);
        expect(res.body.errors[0].message).toMatch(/Schutzprüfung/);
      }
      for (const raw of ['"token"', 'null', '{"token":"a\\u0000b"}', '{"token":', '{"token":"x","token":{"a":1}}']) {
        const res = await s.agent
          .post('/api/recaptcha')
          .set('X-CSRF-Token', s.token)
          .set('X-Forwarded-For', nextIp())
          .set('Content-Type', 'application/json')
          .send(raw);
        expect([raw, res.status]).toEqual([raw, expect.any(Number)]);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      // A JSON array reads as an empty one (the API's rule): no token, no success.
      for (const raw of ['[1,2]']) {
        const res = await s.agent
          .post('/api/recaptcha')
          .set('X-CSRF-Token', s.token)
          .set('X-Forwarded-For', nextIp())
          .set('Content-Type', 'application/json')
          .send(raw);
        expect([raw, res.status, res.body]).toEqual([raw, 200, { data: { success: false } }]);
      }
      const form = await s.agent.post('/api/recaptcha').set('X-CSRF-Token', s.token).set('Content-Type', 'text/plain').send('token=x');
      expect(form.status).toBeGreaterThanOrEqual(400);
      expect(form.status).toBeLessThan(500);
    });

    it('limits verifications per client address (429 with Retry-After), other addresses unaffected', async () => {
      const ip = nextIp();
      const s = await client(shop, 'en', ip);
      for (let i = 0; i < 30; i++) await s.call('post', '/api/recaptcha', {}).expect(200);
      const res = await s.call('post', '/api/recaptcha', {}).expect(429);
      expect(res.body.errors[0].code).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      await (await client(shop, 'en')).call('post', '/api/recaptcha', {}).expect(200);
    });
  });

  describe('registration (POST /api/users, action register, fails open)', () => {
    it('registers with a good token for the action register', async () => {
      const body = registration({ recaptcha_token: emulator.token({ action: 'register' }) });
      await (await client(shop)).call('post', '/api/users', body).expect(202);
      expect(await accounts(body.email)).toBe(1);
    });

    it('refuses a missing token, a low score and a token of another action with a localized 403; no account is made', async () => {
      for (const [token, language, text] of [
        [undefined, 'hr', /automatizirani program/],
        [emulator.token({ action: 'register', score: 0.1 }), 'en', /automated program/],
        [emulator.token({ action: 'contact' }), 'sl', /samodejni program/],
        [emulator.token({ action: 'register', hostname: 'phishing.example' }), 'de', /automatisierten Programm/],
      ] as const) {
        const body = registration(token ? { recaptcha_token: token } : {});
        const res = await (await client(shop, language)).call('post', '/api/users', body).expect(403);
        expect(res.body.errors).toEqual([{ code: 'BOT_CHECK_FAILED', field: 'recaptcha_token', message: expect.stringMatching(text) }]);
        expect(await accounts(body.email)).toBe(0);
      }
    });

    it('lets registration through when the provider fails (500) or hangs (fail open, logged)', async () => {
      emulator.failWith(500);
      const a = registration({ recaptcha_token: emulator.token({ action: 'register' }) });
      await (await client(shop)).call('post', '/api/users', a).expect(202);
      emulator.hang();
      const b = registration({ recaptcha_token: emulator.token({ action: 'register' }) });
      await (await client(shop)).call('post', '/api/users', b).expect(202);
      expect(await accounts(a.email)).toBe(1);
      expect(await accounts(b.email)).toBe(1);
    });

    it('refuses a hostile token field with a 422 naming the field', async () => {
      const res = await (
        await client(shop, 'en')
      )
        .call('post', '/api/users', registration({ recaptcha_token: { toString: 1 } }))
        .expect(422);
      expect(res.body.errors).toContainEqual({
        code: 'BOT_CHECK_TOKEN_INVALID',
        field: 'recaptcha_token',
        message: expect.stringMatching(/token is not valid/),
      });
    });
  });
});

describe('bot check off (no keys)', () => {
  let emulator: RecaptchaEmulator;
  let shop: Shop;

  beforeAll(async () => {
    emulator = await startRecaptchaEmulator();
    // The URLs point at the emulator, but without keys nothing may be sent there.
    shop = await startShop({
      env: { RECAPTCHA_VERIFY_URL: emulator.verifyUrl, RECAPTCHA_SCRIPT_URL: emulator.scriptUrl, TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await emulator?.close();
  });

  it('answers success true and registers without a token, with no call to the provider', async () => {
    const s = await client(shop);
    expect((await s.call('post', '/api/recaptcha', {}).expect(200)).body).toEqual({ data: { success: true } });
    expect((await s.call('post', '/api/recaptcha', { token: 'whatever' }).expect(200)).body).toEqual({ data: { success: true } });
    await s.call('post', '/api/users', registration()).expect(202);
    expect(emulator.requests).toEqual([]);
  });
});
