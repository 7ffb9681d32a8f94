// The contact form's API on the real shop (role all: relay, workers, SMTP to an in-process mailbox):
// POST /api/mail stores the message and its event in one transaction, answers 202, and the worker
// mails the shop's inbox (in Croatian, Reply-To the sender) and the sender a copy in their language,
// once each. Every refusal: each field, the 10 KB body, link floods, consent, CSRF, the rate limits
// per client address and per e-mail, and hostile input, which never gets a 500.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContactAcceptedResponse } from '../../../contract/api/contact.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { publicPath } from '../../../contract/paths.js';
import type { RunningShop } from '../../../server/main.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { startRecaptchaEmulator, type RecaptchaEmulator } from '../../support/recaptcha-emulator.js';
import { shopper, type Shopper } from '../../support/shopper.js';

const INBOX = 'contact-inbox@zlatnozrno.test';
type Shop = RunningShop & { url: string };

let ipSeq = 1;
/** A client address of its own for each scenario (the shop trusts one proxy hop), so per-IP budgets never mix. */
const nextIp = () => `198.51.${100 + Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** A browser-like client (CSRF token, cookie jar) speaking from `ip` in `language`. */
async function client(shop: Shop, ip: string, language = 'en'): Promise<Shopper> {
  const s = await shopper(shop.url, language);
  const call: Shopper['call'] = (method, path, body) => s.call(method, path, body).set('X-Forwarded-For', ip);
  return { ...s, call };
}

function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ana Horvat',
    email: uniqueEmail('ana'),
    phone: '+385 91 234 5678',
    subject: 'Pakiranje od 1 kg',
    message: 'Dobar dan,\nimate li pakiranje od 1 kg za restorane?\n\nLijep pozdrav, Ana',
    consent: true,
    locale: 'hr',
    ...overrides,
  };
}

describe('contact form (POST /api/mail)', () => {
  let shop: Shop;
  let mailbox: Mailbox;
  let db: DataSource;

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    shop = await startShop({
      env: {
        SMTP_URL: mailbox.url,
        CONTACT_EMAIL: INBOX,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        TRUST_PROXY: 'true',
        QUEUE_RETRY_DELAY_MS: '50',
      },
      role: 'all',
    });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  const storedFor = async (email: string) =>
    (await db.query(`SELECT * FROM contact_message WHERE email = $1 ORDER BY created_at`, [email])) as Array<Record<string, unknown>>;

  it('stores the message with its event, answers 202, and mails the inbox (Croatian, Reply-To) and the sender (their language) once each', async () => {
    const s = await client(shop, nextIp(), 'en');
    const email = uniqueEmail('klaus');
    const body = validBody({
      name: 'Klaus Müller',
      email: `  ${email.toUpperCase()} `,
      phone: '',
      subject: 'Nudeln für unser Hotel',
      message: 'Guten Tag,\r\nwir suchen Nudeln für unser Hotel.\r\n\r\nMehr dazu: https://hotel.example.de/kueche\nViele Grüße',
      locale: 'de',
      unknown_field: 'dropped',
    });
    const res = await s.call('post', '/api/mail', body).expect(202);
    expect(ContactAcceptedResponse.parse(res.body)).toEqual({ data: { accepted: true } });

    const [row] = await storedFor(email);
    expect(row).toMatchObject({
      locale: 'de',
      name: 'Klaus Müller',
      email,
      phone: null,
      subject: 'Nudeln für unser Hotel',
      message: 'Guten Tag,\nwir suchen Nudeln für unser Hotel.\n\nMehr dazu: https://hotel.example.de/kueche\nViele Grüße',
      consent_version: '2026-11',
      ip: expect.stringContaining('198.51.100.'),
    });
    expect(row.unknown_field).toBeUndefined();
    expect(Math.abs(new Date(row.consent_at as string).getTime() - new Date(row.created_at as string).getTime())).toBeLessThan(1000);

    // the event, written in the message's transaction, names the message only
    const events = (await db.query(
      `SELECT id, payload FROM outbox_event WHERE name = 'contact.message-received' AND payload->>'messageId' = $1`,
      [row.id],
    )) as Array<{
      id: string;
      payload: Record<string, unknown>;
    }>;
    expect(events).toHaveLength(1);
    expect(events[0].payload).toEqual({
      version: 1,
      messageId: row.id,
      locale: 'de',
      receivedAt: new Date(row.created_at as string).toISOString(),
    });

    // the shop's inbox: Croatian, the sender's language named, Reply-To the sender, the text quoted
    const notice = await mailbox.next(INBOX);
    expect(notice.subject).toBe('Kontakt obrazac: Nudeln für unser Hotel (Klaus Müller)');
    expect(notice.headers['reply-to']).toContain(email);
    expect(notice.headers['content-language']).toBe('hr');
    expect(notice.text).toContain('Jezik pošiljatelja: njemački');
    expect(notice.text).toContain(email);
    expect(notice.text).toContain('nije upisan'); // no phone
    expect(notice.text).toMatch(/Guten Tag,\nwir suchen Nudeln für unser Hotel\.\n\s*\nMehr dazu/);
    expect(notice.html).toContain(`href="mailto:${email}?subject=Re%3A%20Nudeln%20f%C3%BCr%20unser%20Hotel"`);
    expect(notice.links).toContain(`${shop.url}/de/kontakt`);

    // the sender's copy, in German, their text quoted
    const copy = await mailbox.next(email);
    expect(copy.subject).toBe('Wir haben Ihre Nachricht erhalten: Nudeln für unser Hotel');
    expect(copy.headers['content-language']).toBe('de');
    expect(copy.headers['reply-to']).toBeUndefined();
    expect(copy.text).toContain('Hallo Klaus Müller,');
    expect(copy.text).toContain('Ihre Nachricht'.toUpperCase());
    expect(copy.text).toMatch(/wir suchen Nudeln für unser Hotel\./);
    expect(copy.links[0]).toBe(`${shop.url}${publicPath('products', 'de')}`);

    // exactly once: one inbox row for the subscriber, no second mail
    const deliveries = (await db.query(`SELECT subscriber_id FROM event_delivery WHERE event_id = $1`, [events[0].id])) as unknown[];
    expect(deliveries).toHaveLength(1);
    expect(await mailbox.quiet(INBOX)).toBe(0);
    expect(await mailbox.quiet(email, 200)).toBe(0);
  });

  it("takes the request's language when the body names none or one the shop does not speak", async () => {
    const s = await client(shop, nextIp(), 'sl');
    const email = uniqueEmail('maja');
    await s.call('post', '/api/mail', validBody({ email, locale: undefined, name: 'Maja Novak' })).expect(202);
    expect((await storedFor(email))[0].locale).toBe('sl');
    const copy = await mailbox.next(email);
    expect(copy.subject).toBe('Prejeli smo vaše sporočilo: Pakiranje od 1 kg');
    const notice = await mailbox.next(INBOX);
    expect(notice.text).toContain('Jezik pošiljatelja: slovenski');

    const other = uniqueEmail('other');
    await s.call('post', '/api/mail', validBody({ email: other, locale: 'fr' })).expect(202);
    expect((await storedFor(other))[0].locale).toBe('sl');
    await mailbox.next(other);
    await mailbox.next(INBOX);
  });

  describe('refusals: 422 on the field, localized, nothing stored', () => {
    const cases: Array<[what: string, change: Record<string, unknown>, field: string, code: string, en: RegExp]> = [
      ['name missing', { name: undefined }, 'name', 'CONTACT_FIELD_REQUIRED', /^This field is required\.$/],
      ['name blank', { name: '   ' }, 'name', 'CONTACT_FIELD_REQUIRED', /required/],
      ['name of 121 characters', { name: 'a'.repeat(121) }, 'name', 'CONTACT_FIELD_TOO_LONG', /too long/],
      ['a link in the name', { name: 'Cheap pills https://spam.example' }, 'name', 'CONTACT_LINKS_NOT_ALLOWED', /may not contain links/],
      ['www. in the name', { name: 'Visit www.spam.example' }, 'name', 'CONTACT_LINKS_NOT_ALLOWED', /links/],
      ['e-mail missing', { email: '' }, 'email', 'CONTACT_FIELD_REQUIRED', /required/],
      ['bad e-mail', { email: 'ana@@example' }, 'email', 'CONTACT_EMAIL_INVALID', /valid e-mail address/],
      ['e-mail without a domain dot', { email: 'ana@localhost' }, 'email', 'CONTACT_EMAIL_INVALID', /valid e-mail/],
      ['bad phone', { phone: 'call me maybe' }, 'phone', 'CONTACT_PHONE_INVALID', /phone number/],
      ['phone of 31 characters', { phone: '1'.repeat(31) }, 'phone', 'CONTACT_FIELD_TOO_LONG', /too long/],
      ['subject missing', { subject: null }, 'subject', 'CONTACT_FIELD_REQUIRED', /required/],
      ['subject of 201 characters', { subject: 's'.repeat(201) }, 'subject', 'CONTACT_FIELD_TOO_LONG', /too long/],
      ['a link in the subject', { subject: 'see http://x.example/a' }, 'subject', 'CONTACT_LINKS_NOT_ALLOWED', /links/],
      ['message missing', { message: undefined }, 'message', 'CONTACT_FIELD_REQUIRED', /required/],
      ['message of 5001 characters', { message: 'm'.repeat(5001) }, 'message', 'CONTACT_MESSAGE_TOO_LONG', /at most 5000 characters/],
      [
        'a link flood in the message (4 links)',
        { message: 'a https://a.example b http://b.example c www.c.example d [url=x]d[/url]' },
        'message',
        'CONTACT_TOO_MANY_LINKS',
        /at most 3 links/,
      ],
      [
        'an HTML link flood',
        { message: '<a href="x">1</a> <a href="y">2</a> <a  href="z">3</a> <a href=w>4</a>' },
        'message',
        'CONTACT_TOO_MANY_LINKS',
        /links/,
      ],
      ['consent missing', { consent: undefined }, 'consent', 'CONTACT_CONSENT_REQUIRED', /consent/],
      ['consent false', { consent: false }, 'consent', 'CONTACT_CONSENT_REQUIRED', /consent/],
      ["consent as the string 'true'", { consent: 'true' }, 'consent', 'CONTACT_CONSENT_REQUIRED', /consent/],
    ];

    it.each(cases)('%s', async (_what, change, field, code, en) => {
      const s = await client(shop, nextIp(), 'en');
      const body = validBody(change);
      const email = typeof body.email === 'string' && body.email.includes('@example.com') ? body.email : null;
      const res = await s.call('post', '/api/mail', body).expect(422);
      ErrorResponseSchema.parse(res.body);
      expect(res.body.errors).toEqual([{ code, field, message: expect.stringMatching(en) }]);
      if (email) expect(await storedFor(email)).toHaveLength(0);
    });

    it('reports every problem at once, in the form order, in the caller language', async () => {
      const s = await client(shop, nextIp(), 'de');
      const res = await s.call('post', '/api/mail', { phone: 'x', consent: false }).expect(422);
      expect(res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([
        ['name', 'CONTACT_FIELD_REQUIRED'],
        ['email', 'CONTACT_FIELD_REQUIRED'],
        ['phone', 'CONTACT_PHONE_INVALID'],
        ['subject', 'CONTACT_FIELD_REQUIRED'],
        ['message', 'CONTACT_FIELD_REQUIRED'],
        ['consent', 'CONTACT_CONSENT_REQUIRED'],
      ]);
      expect(res.body.errors[0].message).toBe('Dieses Feld ist erforderlich.');
      expect(res.body.errors[5].message).toMatch(/Einwilligung/);
      const hr = await (
        await client(shop, nextIp(), 'hr')
      )
        .call('post', '/api/mail', validBody({ message: 'a http://1.x b http://2.x c http://3.x d http://4.x' }))
        .expect(422);
      expect(hr.body.errors[0].message).toBe('Poruka smije sadržavati najviše 3 poveznice. Uklonite ostale.');
    });

    it('accepts 3 links in the message and the longest fields', async () => {
      const s = await client(shop, nextIp(), 'en');
      const email = uniqueEmail('long');
      const body = validBody({
        email,
        name: 'n'.repeat(120),
        subject: 's'.repeat(200),
        message: `${'m'.repeat(4900)} https://a.example http://b.example www.c.example`,
      });
      await s.call('post', '/api/mail', body).expect(202);
      expect(await storedFor(email)).toHaveLength(1);
      await mailbox.next(email);
      await mailbox.next(INBOX);
    });

    it('refuses a body over 10 KB with 413, even with every field within its bounds; nothing stored', async () => {
      const s = await client(shop, nextIp(), 'hr');
      const email = uniqueEmail('big');
      // 5000 characters of two bytes each, plus the other fields: more than 10,240 bytes of JSON
      const res = await s.call('post', '/api/mail', validBody({ email, message: 'ž'.repeat(5000), subject: 'š'.repeat(200) })).expect(413);
      expect(res.body.errors).toEqual([
        { code: 'CONTACT_BODY_TOO_LARGE', message: 'Poruka je prevelika (najviše 10 KB zajedno sa svim poljima). Skratite je.' },
      ]);
      expect(await storedFor(email)).toHaveLength(0);
      // far beyond: the body parser's own limit, still a clear 413 and no 500
      const huge = await s.call('post', '/api/mail', validBody({ message: 'x'.repeat(1_000_000) }));
      expect(huge.status).toBe(413);
      ErrorResponseSchema.parse(huge.body);
    });
  });

  it('refuses a call without the CSRF token (403) and stores nothing', async () => {
    const email = uniqueEmail('csrf');
    const res = await request(shop.url)
      .post('/api/mail')
      .set('X-Forwarded-For', nextIp())
      .set('Accept-Language', 'hr')
      .send(validBody({ email }))
      .expect(403);
    expect(res.body.errors[0].code).toBe('CSRF_TOKEN_INVALID');
    const s = await client(shop, nextIp(), 'en');
    await s.call('post', '/api/mail', validBody({ email })).set('X-CSRF-Token', 'forged').expect(403);
    expect(await storedFor(email)).toHaveLength(0);
  });

  it('limits one client address to 5 messages per 10 minutes (429, Retry-After, localized); other addresses go on', async () => {
    expect(shop.config.contact.limitPerIp).toBe(5);
    const ip = nextIp();
    const s = await client(shop, ip, 'hr');
    for (let i = 0; i < 5; i++) await s.call('post', '/api/mail', validBody({ email: uniqueEmail(`ip${i}`) })).expect(202);
    const email = uniqueEmail('ip-over');
    const res = await s.call('post', '/api/mail', validBody({ email })).expect(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(res.body.errors).toEqual([
      {
        code: 'CONTACT_RATE_LIMITED',
        message: `S ove ste adrese u kratkom vremenu poslali više poruka. Pokušajte ponovno za ${retryAfter} s ili nas nazovite.`,
      },
    ]);
    expect(await storedFor(email)).toHaveLength(0);
    // an invalid message does not spend the budget, nor is it counted: still 422 from that address
    await s.call('post', '/api/mail', validBody({ email: 'bad' })).expect(422);
    await (await client(shop, nextIp(), 'hr')).call('post', '/api/mail', validBody({ email })).expect(202);
  });

  it('limits one e-mail address to 3 messages per hour from any address (429 on the e-mail field)', async () => {
    expect(shop.config.contact.limitPerEmail).toBe(3);
    const email = uniqueEmail('often');
    for (let i = 0; i < 3; i++) await (await client(shop, nextIp(), 'en')).call('post', '/api/mail', validBody({ email })).expect(202);
    // the same address in another spelling is the same address
    const res = await (await client(shop, nextIp(), 'en')).call('post', '/api/mail', validBody({ email: email.toUpperCase() })).expect(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(600);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(res.body.errors).toEqual([
      {
        code: 'CONTACT_EMAIL_RATE_LIMITED',
        field: 'email',
        message: `We have already received several messages from this e-mail address in the last hour. We will answer you soon; you can send a new message in ${retryAfter} s.`,
      },
    ]);
    expect(await storedFor(email)).toHaveLength(3);
  });

  describe('hostile input never gets a 500', () => {
    const HOSTILE: unknown[] = [null, 0, -1, 1e308, true, [], ['a'], {}, { $gt: '' }, 'x'.repeat(20_000), '\u202e\u200b', '🍝'.repeat(50)];

    it.each(['name', 'email', 'phone', 'subject', 'message', 'consent', 'recaptcha_token', 'locale'])(
      '%s: wrong types and huge strings',
      async (field) => {
        const s = await client(shop, nextIp(), 'en');
        for (const value of HOSTILE) {
          // each from an address of its own: the valid ones must not spend one address's budget
          const res = await s.call('post', '/api/mail', validBody({ [field]: value })).set('X-Forwarded-For', nextIp());
          expect([field, JSON.stringify(value).slice(0, 40), res.status < 500]).toEqual([field, JSON.stringify(value).slice(0, 40), true]);
          expect([202, 413, 422]).toContain(res.status);
          ErrorResponseSchema.or(ContactAcceptedResponse).parse(res.body);
        }
      },
    );

    it('control characters: refused in every field (line breaks only in the message), 422 on the field', async () => {
      const s = await client(shop, nextIp(), 'en');
      for (const field of ['name', 'email', 'subject', 'message', 'phone']) {
        const res = await s.call('post', '/api/mail', validBody({ [field]: 'abc\u0000def' })).expect(422);
        expect(res.body.errors[0]).toMatchObject({ code: 'CONTROL_CHARACTER', field });
      }
      const tab = await s.call('post', '/api/mail', validBody({ subject: 'a\nb' })).expect(422);
      expect(tab.body.errors[0]).toMatchObject({ code: 'CONTROL_CHARACTER', field: 'subject' });
      const bell = await s.call('post', '/api/mail', validBody({ message: 'ring \u0007 ring' })).expect(422);
      expect(bell.body.errors[0]).toMatchObject({ code: 'CONTROL_CHARACTER', field: 'message' });
      const key = await s.call('post', '/api/mail', { ...validBody(), 'bad\u0001key': 1 }).expect(422);
      expect(key.body.errors[0].code).toBe('CONTROL_CHARACTER');
    });

    it('bodies that are no object, malformed JSON, other media types', async () => {
      const s = await client(shop, nextIp(), 'en');
      for (const body of [[], ['a', 'b'], 'text', 42, null]) {
        const res = await s.call('post', '/api/mail').set('Content-Type', 'application/json').send(JSON.stringify(body));
        expect([JSON.stringify(body), res.status]).toEqual([
          JSON.stringify(body),
          res.status >= 400 && res.status < 500 ? res.status : 'not 4xx',
        ]);
      }
      const malformed = await s.call('post', '/api/mail').set('Content-Type', 'application/json').send('{"name": "Ana",');
      expect(malformed.status).toBe(400);
      const form = await s.call('post', '/api/mail').set('Content-Type', 'application/x-www-form-urlencoded').send('name=Ana&consent=true');
      expect(form.status).toBe(415);
      const deep = await s.call('post', '/api/mail', {
        ...validBody(),
        nested: JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown,
      });
      expect(deep.status).toBeLessThan(500);
    });

    it('answers GET and other methods on /api/mail without a 500', async () => {
      const s = await client(shop, nextIp(), 'en');
      for (const method of ['get', 'put', 'delete', 'patch'] as const) {
        const res = await s.call(method, '/api/mail', method === 'get' ? undefined : validBody());
        expect([method, res.status]).toEqual([method, 404]);
      }
    });
  });
});

// The bot check of action 'contact' against the local emulator of the provider: it runs after the
// fields and the rate limits, before anything is stored, and fails closed.
describe('contact form with the bot check on (emulated provider)', () => {
  let shop: Shop;
  let emulator: RecaptchaEmulator;
  let db: DataSource;

  beforeAll(async () => {
    emulator = await startRecaptchaEmulator();
    shop = await startShop({ env: { ...emulator.env, RECAPTCHA_TIMEOUT_MS: '400', TRUST_PROXY: 'true' }, role: 'web' });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
    await emulator?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });
  beforeEach(() => emulator.behave());

  const stored = async (email: string) =>
    ((await db.query(`SELECT count(*)::int AS n FROM contact_message WHERE email = $1`, [email])) as Array<{ n: number }>)[0].n;
  const published = async (email: string) =>
    (
      (await db.query(
        `SELECT count(*)::int AS n FROM outbox_event e JOIN contact_message m ON m.id::text = e.payload->>'messageId' WHERE e.name = 'contact.message-received' AND m.email = $1`,
        [email],
      )) as Array<{ n: number }>
    )[0].n;

  it("passes a person's token for 'contact': 202, stored, the provider asked with the client address", async () => {
    const ip = nextIp();
    const s = await client(shop, ip, 'en');
    const email = uniqueEmail('human');
    const token = emulator.token({ action: 'contact', score: 0.8 });
    await s.call('post', '/api/mail', validBody({ email, recaptcha_token: token })).expect(202);
    expect(await stored(email)).toBe(1);
    expect(await published(email)).toBe(1);
    expect(emulator.verifications().at(-1)).toEqual({ secret: emulator.secretKey, response: token, remoteip: ip });
  });

  it.each([
    [
      'no token',
      undefined,
      'hr',
      'Nismo mogli potvrditi da zahtjev šalje osoba, a ne automatizirani program. Osvježite stranicu i pokušajte ponovno.',
    ],
    ['a low score', (): string => emulator.token({ action: 'contact', score: 0.1 }), 'en', /automated program/],
    ["a token of another action ('register')", (): string => emulator.token({ action: 'register' }), 'de', /automatisierten Programm/],
    [
      'a token of another site',
      (): string => emulator.token({ action: 'contact', hostname: 'elsewhere.example' }),
      'sl',
      /samodejni program/,
    ],
    ['a forged token', (): string => 'not-a-token-of-the-provider', 'en', /automated program/],
  ] as const)('refuses %s: 403 BOT_CHECK_FAILED in the caller language, nothing stored', async (_what, token, language, message) => {
    const s = await client(shop, nextIp(), language);
    const email = uniqueEmail('bot');
    const res = await s.call('post', '/api/mail', validBody({ email, ...(token ? { recaptcha_token: token() } : {}) })).expect(403);
    expect(res.body.errors).toEqual([
      {
        code: 'BOT_CHECK_FAILED',
        field: 'recaptcha_token',
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      },
    ]);
    expect(await stored(email)).toBe(0);
    expect(await published(email)).toBe(0);
  });

  it('a token counts once: the same token again is refused', async () => {
    const token = emulator.token({ action: 'contact' });
    await (await client(shop, nextIp(), 'en')).call('post', '/api/mail', validBody({ recaptcha_token: token })).expect(202);
    const email = uniqueEmail('replay');
    await (await client(shop, nextIp(), 'en')).call('post', '/api/mail', validBody({ email, recaptcha_token: token })).expect(403);
    expect(await stored(email)).toBe(0);
  });

  it.each([
    ['answers 500', (): void => emulator.failWith(500)],
    ['does not answer in time', (): void => emulator.hang()],
  ] as const)('fails closed when the provider %s: 503 with Retry-After and a clear message, nothing stored', async (_what, misbehave) => {
    misbehave();
    const s = await client(shop, nextIp(), 'hr');
    const email = uniqueEmail('outage');
    const res = await s.call('post', '/api/mail', validBody({ email, recaptcha_token: emulator.token({ action: 'contact' }) })).expect(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body.errors).toEqual([
      {
        code: 'BOT_CHECK_UNAVAILABLE',
        message:
          'Provjera zaštite od automatiziranih programa trenutačno nije dostupna. Vaš zahtjev nije poslan; molimo pokušajte ponovno za nekoliko minuta.',
      },
    ]);
    expect(await stored(email)).toBe(0);
    expect(await published(email)).toBe(0);
  });

  it('does not ask the provider about a refused body (422) or a malformed token', async () => {
    const before = emulator.requests.length;
    const s = await client(shop, nextIp(), 'en');
    await s.call('post', '/api/mail', validBody({ consent: false, recaptcha_token: emulator.token({ action: 'contact' }) })).expect(422);
    const res = await s.call('post', '/api/mail', validBody({ recaptcha_token: 'x'.repeat(4001) })).expect(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'BOT_CHECK_TOKEN_INVALID', field: 'recaptcha_token' });
    await s.call('post', '/api/mail', validBody({ recaptcha_token: ['a'] })).expect(422);
    expect(emulator.requests.length).toBe(before);
  });
});
