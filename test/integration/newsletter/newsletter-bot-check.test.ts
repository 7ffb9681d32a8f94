import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { RunningShop } from '../../../server/main.js';
import { uniqueEmail } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { startRecaptchaEmulator, type RecaptchaEmulator } from '../../support/recaptcha-emulator.js';
import { shopper, type Shopper } from '../../support/shopper.js';

type Shop = RunningShop & { url: string };
let ipSeq = 0;
const nextIp = () => `203.0.113.${++ipSeq}`;

/**
 * The newsletter subscription behind the bot check (docs/bot-check.md), against the local emulator of
 * the provider's verify endpoint: a token for the action 'newsletter' passes; a low score, another
 * action's token or none is refused with 403 and nothing is stored; a provider that fails lets the
 * request through (the double opt-in mail is the second gate).
 */
describe('newsletter subscription with the bot check on (emulated provider)', () => {
  let emulator: RecaptchaEmulator;
  let shop: Shop;
  let db: DataSource;
  const rows = async (email: string) =>
    Number((await db.query('SELECT count(*)::int AS n FROM newsletter_subscription WHERE email = $1', [email]))[0].n);

  beforeAll(async () => {
    emulator = await startRecaptchaEmulator();
    shop = await startShop({ env: { ...emulator.env, RECAPTCHA_TIMEOUT_MS: '400', TRUST_PROXY: 'true' } });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
    await emulator?.close();
  });
  beforeEach(() => emulator.behave());

  async function visitor(language = 'hr'): Promise<Shopper> {
    const s = await shopper(shop.url, language);
    const ip = nextIp();
    return { ...s, call: (method, path, body) => s.call(method, path, body).set('X-Forwarded-For', ip) };
  }
  async function subscribe(body: Record<string, unknown>, status: number, language = 'hr') {
    const res = await (await visitor(language)).call('post', '/api/newsletter/subscriptions', body);
    expect([res.status, res.body]).toEqual([status, expect.anything()]);
    return res;
  }

  it('subscribes with a good token for the newsletter action, sending it with the client address', async () => {
    const email = uniqueEmail('nl-bot-ok');
    const token = emulator.token({ action: 'newsletter', score: 0.8 });
    await subscribe({ email, recaptcha_token: token }, 202);
    expect(emulator.verifications().at(-1)).toMatchObject({ response: token, secret: emulator.secretKey });
    expect(await rows(email)).toBe(1);
  });

  it('refuses a low score, a token of another action and a missing token with a localized 403, storing nothing', async () => {
    for (const [token, language, text] of [
      [emulator.token({ action: 'newsletter', score: 0.2 }), 'hr', /^Nismo mogli potvrditi/],
      [emulator.token({ action: 'register', score: 0.9 }), 'de', /^Wir konnten nicht bestätigen/],
      [undefined, 'en', /^We could not confirm/],
    ] as const) {
      const email = uniqueEmail('nl-bot-no');
      const res = await subscribe({ email, ...(token ? { recaptcha_token: token } : {}) }, 403, language);
      expect(res.body.errors[0]).toMatchObject({
        code: 'BOT_CHECK_FAILED',
        field: 'recaptcha_token',
        message: expect.stringMatching(text),
      });
      expect(await rows(email)).toBe(0);
    }
    const malformed = await subscribe({ email: uniqueEmail('nl-bot-bad'), recaptcha_token: { x: 1 } }, 422);
    expect(malformed.body.errors[0]).toMatchObject({ code: 'BOT_CHECK_TOKEN_INVALID', field: 'recaptcha_token' });
  });

  it('lets the request through when the provider fails (the double opt-in mail still guards)', async () => {
    emulator.failWith(500);
    const email = uniqueEmail('nl-bot-down');
    await subscribe({ email, recaptcha_token: emulator.token({ action: 'newsletter' }) }, 202);
    expect(await rows(email)).toBe(1);
  });
});
