// One locale rule on the server (issue 9): every kind of error, whoever answers it (the CSRF check,
// the JSON-only body rule, the control-character check, the exception filter's unknown-route 404,
// a route's validation, a domain refusal, a rate limit), speaks the caller's language by the same
// rule: an explicit `locale` parameter, then the page's `locale` cookie, then Accept-Language, then hr.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startShop } from '../../support/app.js';
import { csrfCookies } from '../../support/shopper.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { uniqueEmail } from '../../factories/user.js';
import type { RunningShop } from '../../../server/main.js';

type Language = 'de' | 'sl' | 'en';

/** How a caller states its language: the header only, or the page's cookie against a different header. */
interface Asking {
  acceptLanguage: string;
  cookie?: string;
  query?: string;
}

const HEADER_DE: Asking = { acceptLanguage: 'de-DE,de;q=0.9,en;q=0.5' };
const COOKIE_SL: Asking = { acceptLanguage: 'de-DE,de;q=0.9,en;q=0.5', cookie: 'locale=sl' };

/** The expected message of each error kind per language (the texts of server/locales). */
const MESSAGES: Record<string, Record<Language, string | RegExp>> = {
  csrf: {
    de: 'Die Anfrage wurde abgelehnt, weil ihr ein gültiges Sicherheitstoken (CSRF) fehlt. Laden Sie die Seite neu und versuchen Sie es erneut.',
    sl: 'Zahteva je bila zavrnjena, ker nima veljavnega varnostnega žetona (CSRF). Osvežite stran in poskusite znova.',
    en: 'The request was refused because it lacks a valid security (CSRF) token. Reload the page and try again.',
  },
  notJson: {
    de: 'Der Inhalt der Anfrage muss JSON sein (Content-Type: application/json).',
    sl: 'Telo zahteve mora biti JSON (Content-Type: application/json).',
    en: 'The request body must be JSON (Content-Type: application/json).',
  },
  malformedJson: {
    de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    sl: 'Telo zahteve ni veljaven JSON.',
    en: 'The request body is not valid JSON',
  },
  control: {
    de: 'Dieses Feld enthält ein Steuerzeichen (etwa ein NUL-Byte), das nicht erlaubt ist.',
    sl: 'To polje vsebuje kontrolni znak (npr. NUL), ki ni dovoljen.',
    en: 'This field contains a control character (such as a NUL byte), which is not allowed.',
  },
  notFound: {
    de: 'Nicht gefunden: GET /api/no-such-thing',
    sl: 'Ni najdeno: GET /api/no-such-thing',
    en: 'Not found: GET /api/no-such-thing',
  },
  required: {
    de: 'Dieses Feld ist erforderlich.',
    sl: 'To polje je obvezno.',
    en: 'This field is required.',
  },
  loginFailed: {
    de: 'Anmeldung fehlgeschlagen, bitte überprüfen Sie Ihre Zugangsdaten.',
    sl: 'Prijava ni uspela, preverite svoje podatke za prijavo.',
    en: 'Login failed, please check your credentials.',
  },
  rateLimited: {
    de: /^Zu viele Versuche\. Bitte versuchen Sie es in \d+ s erneut\.$/,
    sl: /^Preveč poskusov\. Poskusite znova čez \d+ s\.$/,
    en: /^Too many attempts\. Please try again in \d+ s\.$/,
  },
};

describe('error messages follow the one request-locale rule', () => {
  let shop: RunningShop & { url: string };

  beforeAll(async () => {
    // two wrong passwords per e-mail and IP, then 429: the rate limit is cheap to reach
    shop = await startShop({ env: { AUTH_LOGIN_LIMIT_PER_EMAIL_IP: '2' } });
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  /**
   * A request with the caller's language; `csrf` adds a valid token and the cookies it is bound to.
   * (Answers the response: a supertest request is a thenable, so it cannot leave an async function unsent.)
   */
  async function call(
    asking: Asking,
    method: 'get' | 'post',
    path: string,
    opts: { csrf?: boolean; body?: string | object; type?: string } = {},
  ) {
    const bound = opts.csrf ? await csrfCookies(shop.url) : undefined;
    const cookies = [asking.cookie, bound?.cookies].filter(Boolean).join('; ');
    const url = asking.query ? `${path}${path.includes('?') ? '&' : '?'}${asking.query}` : path;
    let req = request(shop.url)[method](url).set('Accept-Language', asking.acceptLanguage);
    if (cookies) req = req.set('Cookie', cookies);
    if (bound) req = req.set('X-CSRF-Token', bound.token);
    if (opts.type) req = req.set('Content-Type', opts.type);
    return opts.body === undefined ? await req : await req.send(opts.body);
  }

  function expectError(res: request.Response, status: number, code: string, message: string | RegExp): void {
    expect({ status: res.status, code: res.body.errors?.[0]?.code }).toEqual({ status, code });
    if (typeof message === 'string') expect(res.body.errors[0].message).toBe(message);
    else expect(res.body.errors[0].message).toMatch(message);
  }

  const cases: Array<{ kind: string; run: (asking: Asking, language: Language) => Promise<void> }> = [
    {
      kind: 'CSRF 403',
      run: async (asking, language) => {
        const res = await call(asking, 'post', '/api/auth/login', { body: { email: 'a@b.hr', password: 'x' } });
        expectError(res, 403, 'CSRF_TOKEN_INVALID', MESSAGES.csrf[language]);
      },
    },
    {
      kind: '415 non-JSON body',
      run: async (asking, language) => {
        const res = await call(asking, 'post', '/api/auth/login', { csrf: true, type: 'text/plain', body: 'email=a@b.hr' });
        expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.notJson[language]);
      },
    },
    {
      kind: '400 malformed JSON',
      run: async (asking, language) => {
        const res = await call(asking, 'post', '/api/auth/login', { csrf: true, type: 'application/json', body: '{"email": ' });
        expectError(res, 400, 'BAD_REQUEST', MESSAGES.malformedJson[language]);
      },
    },
    {
      kind: 'control character',
      run: async (asking, language) => {
        const res = await call(asking, 'post', '/api/auth/login', { csrf: true, body: { email: 'a\u0000@b.hr', password: 'x' } });
        expectError(res, 422, 'CONTROL_CHARACTER', MESSAGES.control[language]);
      },
    },
    {
      kind: 'unknown /api route 404',
      run: async (asking, language) => {
        const res = await call(asking, 'get', '/api/no-such-thing');
        expectError(res, 404, 'NOT_FOUND', MESSAGES.notFound[language]);
      },
    },
    {
      kind: 'validation error of a route',
      run: async (asking, language) => {
        const res = await call(asking, 'post', '/api/users', { csrf: true, body: {} });
        expect(res.status).toBe(422);
        const email = (res.body.errors as Array<{ code: string; field?: string; message: string }>).find((e) => e.field === 'email');
        expect(email).toEqual({ code: 'USER_FIELD_REQUIRED', field: 'email', message: MESSAGES.required[language] });
      },
    },
    {
      kind: 'domain error (wrong password)',
      run: async (asking, language) => {
        const res = await call(asking, 'post', '/api/auth/login', {
          csrf: true,
          body: { email: uniqueEmail('nobody'), password: 'wrong-password' },
        });
        expectError(res, 401, 'AUTH_LOGIN_FAILED', MESSAGES.loginFailed[language]);
      },
    },
    {
      kind: '429 rate limit',
      run: async (asking, language) => {
        const email = uniqueEmail('limited');
        for (let i = 0; i < 2; i++) {
          const wrong = await call(asking, 'post', '/api/auth/login', { csrf: true, body: { email, password: `wrong-${i}` } });
          expect(wrong.status).toBe(401);
        }
        const res = await call(asking, 'post', '/api/auth/login', { csrf: true, body: { email, password: 'wrong-again' } });
        expectError(res, 429, 'RATE_LIMITED', MESSAGES.rateLimited[language]);
      },
    },
  ];

  it.each(cases)('$kind answers in German with Accept-Language: de', async ({ run }) => {
    await run(HEADER_DE, 'de');
  });

  it.each(cases)('$kind answers in Slovenian when the locale cookie says sl, whatever Accept-Language says', async ({ run }) => {
    await run(COOKIE_SL, 'sl');
  });

  it.each(cases)('$kind answers in English when the request names ?locale=en, over cookie and header', async ({ run }) => {
    await run({ ...COOKIE_SL, query: 'locale=en' }, 'en');
  });

  it('falls back to Croatian without any language hint', async () => {
    const res = await request(shop.url).get('/api/no-such-thing');
    expectError(res, 404, 'NOT_FOUND', 'Nije pronađeno: GET /api/no-such-thing');
  });
});
