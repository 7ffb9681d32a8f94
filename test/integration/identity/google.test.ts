import { createHash, randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { DataSource } from 'typeorm';
import { publicPath } from '../../../contract/paths.js';
import type { RunningShop } from '../../../server/main.js';
import { createProduct } from '../../factories/catalog.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { shopper, type Shopper } from '../../support/shopper.js';

/** The person signed in at the provider for the next authorization (claims of the ID token / userinfo). */
interface GooglePerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  /** false: the ID token carries only `sub`; e-mail and names come from the userinfo endpoint. */
  claimsInIdToken?: boolean;
  /** A nonce other than the one of the authorization request (a replayed or injected ID token). */
  nonce?: string;
}

const CLIENT_ID = 'shop-client';

function person(overrides: Partial<GooglePerson> = {}): GooglePerson {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `google-${id}`,
    email: `g.${id}@Example.COM`,
    email_verified: true,
    given_name: 'Gina',
    family_name: 'Google',
    ...overrides,
  };
}

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const set = res.headers['set-cookie'];
  return Array.isArray(set) ? (set as string[]) : typeof set === 'string' ? [set] : [];
}

describe('Google sign-in (OpenID Connect against a local provider)', () => {
  let provider: OAuth2Server;
  let shop: RunningShop & { url: string };
  let db: DataSource;
  /** Who "is signed in at Google" for the next flow. */
  let current: GooglePerson = person();

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    // The mock names itself http://localhost:<port>; use the address it really listens on.
    provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
    // The mock signs every token for subject 'johndoe' without e-mail; it carries the nonce of the
    // authorization request over to the ID token by itself (stored per code).
    provider.service.on('beforeTokenSigning', (token) => {
      const { claimsInIdToken = true, sub, nonce, ...claims } = current;
      token.payload.sub = sub;
      if (nonce) token.payload.nonce = nonce;
      if (claimsInIdToken) Object.assign(token.payload, claims);
    });
    provider.service.on('beforeUserinfo', (userinfo) => {
      const { claimsInIdToken: _ignored, nonce: _nonce, ...claims } = current;
      userinfo.body = claims;
    });

    // The redirect_uri is built from PUBLIC_URL: the shop must really listen there.
    const port = await freePort();
    shop = await startShop({
      env: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        GOOGLE_ISSUER_URL: provider.issuer.url,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'secret',
      },
    });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
    if (provider?.listening) await provider.stop();
  });

  /**
   * The browser's round trip, redirect by redirect: the shop's start (302 to the provider, sets
   * oidc_tx), the provider's authorize endpoint (302 back to the shop's callback with code and
   * state), then `callback(url)` on the shop with the same cookie jar.
   */
  async function roundTrip(s: Shopper, query = '', callback: (back: URL) => URL = (back) => back) {
    const start = await s.call('get', `/api/auth/login/google${query}`).expect(302);
    const authorize = new URL(start.headers.location as string);
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location')!);
    const target = callback(back);
    const done = await s.call('get', `${target.pathname}${target.search}`).set('Accept', 'text/html').expect(303);
    return { start, authorize, back, done };
  }

  async function sessionUser(s: Shopper) {
    return (await s.call('get', '/api/auth/session').expect(200)).body.data.user as Record<string, unknown> | null;
  }

  async function row(email: string) {
    const [u] = (await db.query(
      `SELECT id, status, google_subject, password_hash IS NOT NULL AS has_password, locale FROM app_user WHERE email = $1`,
      [email],
    )) as {
      id: string;
      status: string;
      google_subject: string | null;
      has_password: boolean;
      locale: string;
    }[];
    return u;
  }

  it('says Google sign-in is configured (GET /api/auth/providers)', async () => {
    const s = await shopper(shop.url, 'hr');
    expect((await s.call('get', '/api/auth/providers').expect(200)).body).toEqual({ data: { google: true } });
  });

  it('signs a new Google user into a new, activated account and honours the redirect target', async () => {
    current = person({ given_name: 'Greta', family_name: 'Gärtner' });
    const s = await shopper(shop.url, 'de');
    const { start, authorize, back, done } = await roundTrip(s, `?redirect=${encodeURIComponent('/de/kasse?step=2')}`);

    // The authorization request: code flow, PKCE S256, state, nonce, our callback.
    expect(authorize.origin).toBe(provider.issuer.url);
    const q = authorize.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('redirect_uri')).toBe(`${shop.url}/api/auth/callback/google`);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(start.headers['cache-control']).toBe('no-store');
    const tx = setCookies(start).find((c) => c.startsWith('oidc_tx='))!;
    expect(tx).toMatch(/HttpOnly/i);
    expect(tx).toMatch(/SameSite=Lax/i);
    expect(tx).toMatch(/Path=\/api\/auth(;|$)/);
    expect(tx).toMatch(/Max-Age=600/);
    expect(tx).not.toMatch(/Secure/);
    // The cookie holds the attempt (signed); the provider gets only the S256 challenge of the verifier.
    const [payload] = decodeURIComponent(tx.split(';')[0].slice('oidc_tx='.length)).split('.');
    const saved = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({ state: q.get('state'), nonce: q.get('nonce'), redirect: '/de/kasse?step=2', locale: 'de' });
    expect(q.get('code_challenge')).toBe(createHash('sha256').update(String(saved.code_verifier)).digest('base64url'));
    expect(authorize.href).not.toContain(String(saved.code_verifier));
    expect(back.origin).toBe(shop.url);
    expect(back.pathname).toBe('/api/auth/callback/google');

    // Back at the shop: signed in, cookies set, the transaction cookie cleared, off to the saved page.
    expect(done.headers.location).toBe('/de/kasse?step=2');
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.headers['referrer-policy']).toBe('no-referrer');
    const cookies = setCookies(done);
    expect(cookies.some((c) => c.startsWith('access_token=') && /HttpOnly/i.test(c))).toBe(true);
    expect(cookies.some((c) => c.startsWith('refresh_token='))).toBe(true);
    expect(cookies.find((c) => c.startsWith('oidc_tx='))).toMatch(/Path=\/api\/auth.*Expires=Thu, 01 Jan 1970/i);

    const email = current.email!.toLowerCase();
    expect(await sessionUser(s)).toMatchObject({
      email,
      first_name: 'Greta',
      last_name: 'Gärtner',
      locale: 'de',
      google_linked: true,
      has_password: false,
    });
    const me = (await s.call('get', '/api/users/me').expect(200)).body.data;
    expect(me).toMatchObject({ email, google_linked: true });
    expect(await row(email)).toMatchObject({ status: 'active', google_subject: current.sub, has_password: false, locale: 'de' });

    // Signing in again finds the same account by its Google subject.
    const again = await shopper(shop.url, 'en');
    const second = await roundTrip(again);
    expect(second.done.headers.location).toBe(publicPath('profile', 'de'));
    expect((await sessionUser(again))?.id).toBe(me.id);
  });

  it('links an existing password account with the same e-mail (and activates a pending one)', async () => {
    // A pending registration (never activated) and an active password account.
    const pending = person();
    const active = person();
    const guest = await shopper(shop.url, 'en');
    for (const p of [pending, active]) {
      await guest
        .call('post', '/api/users', {
          first_name: 'Paula',
          last_name: 'Password',
          birthday: '1990-04-01',
          email: p.email!.toLowerCase(),
          password: 'secret-123',
          password_confirmation: 'secret-123',
          terms_accepted: true,
          newsletter: false,
          locale: 'en',
        })
        .expect(202);
    }
    await db.query(`UPDATE app_user SET status = 'active', activated_at = now() WHERE email = $1`, [active.email!.toLowerCase()]);

    for (const p of [pending, active]) {
      const email = p.email!.toLowerCase();
      const before = await row(email);
      current = { ...p, given_name: 'Other', family_name: 'Name' };
      const s = await shopper(shop.url, 'hr');
      const { done } = await roundTrip(s);
      expect(done.headers.location).toBe(publicPath('profile', 'en'));
      const user = await sessionUser(s);
      // Same account, now linked; the names it had stay.
      expect(user).toMatchObject({
        id: before.id,
        email,
        first_name: 'Paula',
        last_name: 'Password',
        google_linked: true,
        has_password: true,
        locale: 'en',
      });
      expect(await row(email)).toMatchObject({ id: before.id, status: 'active', google_subject: p.sub });
      // The password keeps working.
      const other = await shopper(shop.url, 'en');
      await other.call('post', '/api/auth/login', { email, password: 'secret-123' }).expect(200);
    }
  });

  it('refuses a tampered state, a missing transaction cookie and a replayed callback', async () => {
    current = person();
    const s = await shopper(shop.url, 'en');
    const { done } = await roundTrip(s, '', (back) => {
      const tampered = new URL(back);
      tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
      return tampered;
    });
    expect(done.headers.location).toBe(`${publicPath('login', 'en')}?google=failed`);
    expect(setCookies(done).find((c) => c.startsWith('oidc_tx='))).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(setCookies(done).some((c) => c.startsWith('access_token='))).toBe(false);
    expect(await sessionUser(s)).toBeNull();
    expect(await row(current.email!.toLowerCase())).toBeUndefined();

    // An ID token with another nonce than this attempt's.
    current = person({ nonce: 'not-the-nonce-of-this-attempt' });
    const wrongNonce = await shopper(shop.url, 'en');
    const refused = await roundTrip(wrongNonce);
    expect(refused.done.headers.location).toBe(`${publicPath('login', 'en')}?google=failed`);
    expect(await sessionUser(wrongNonce)).toBeNull();
    expect(await row(current.email!.toLowerCase())).toBeUndefined();

    // A callback in another browser (no oidc_tx cookie) fails, in that browser's language.
    current = person();
    const first = await shopper(shop.url, 'de');
    let stolen: URL | undefined;
    await roundTrip(first, '', (back) => {
      stolen = back;
      return new URL('/api/auth/callback/google?code=x&state=y', back);
    });
    const thief = await shopper(shop.url, 'sl');
    const res = await thief.call('get', `${stolen!.pathname}${stolen!.search}`).expect(303);
    expect(res.headers.location).toBe(`${publicPath('login', 'sl')}?google=failed`);
    expect(await sessionUser(thief)).toBeNull();

    // A successful callback spends the transaction: the same URL again fails.
    const ok = await shopper(shop.url, 'en');
    const { back } = await roundTrip(ok);
    expect(await sessionUser(ok)).not.toBeNull();
    const replay = await ok.call('get', `${back.pathname}${back.search}`).expect(303);
    expect(replay.headers.location).toBe(`${publicPath('login', 'en')}?google=failed`);
  });

  it('refuses an e-mail Google has not verified (or none at all)', async () => {
    for (const p of [
      person({ email_verified: false }),
      person({ email: undefined }),
      person({ email_verified: 'true' as unknown as boolean }),
    ]) {
      current = p;
      const s = await shopper(shop.url, 'de');
      const { done } = await roundTrip(s);
      expect(done.headers.location).toBe(`${publicPath('login', 'de')}?google=unverified`);
      expect(await sessionUser(s)).toBeNull();
      if (p.email) expect(await row(p.email.toLowerCase())).toBeUndefined();
    }
  });

  it('ignores a redirect target off the site and goes to the profile', async () => {
    for (const redirect of ['https://evil.example', '//evil.example/x', '/\\evil.example']) {
      current = person();
      const s = await shopper(shop.url, 'en');
      const { done } = await roundTrip(s, `?redirect=${encodeURIComponent(redirect)}`);
      expect(done.headers.location).toBe(publicPath('profile', 'en'));
      expect(await sessionUser(s)).not.toBeNull();
    }
  });

  it('takes e-mail and names from userinfo when the ID token lacks them', async () => {
    current = person({ claimsInIdToken: false, given_name: 'Uma' });
    const s = await shopper(shop.url, 'en');
    const { done } = await roundTrip(s);
    expect(done.headers.location).toBe(publicPath('profile', 'en'));
    expect(await sessionUser(s)).toMatchObject({ email: current.email!.toLowerCase(), first_name: 'Uma' });
  });

  it('sends a provider error (the user cancelled) to the login page', async () => {
    const s = await shopper(shop.url, 'en');
    const { done } = await roundTrip(s, '?locale=de', (back) => {
      const denied = new URL('/api/auth/callback/google', back);
      denied.searchParams.set('error', 'access_denied');
      denied.searchParams.set('state', back.searchParams.get('state')!);
      return denied;
    });
    // The language of the attempt (?locale=de), not the request's.
    expect(done.headers.location).toBe(`${publicPath('login', 'de')}?google=failed`);
    expect(await sessionUser(s)).toBeNull();
  });

  it("hands the guest's cart over to the account", async () => {
    const product = await createProduct(shop.app, { price: 349 });
    current = person();
    const s = await shopper(shop.url, 'en');
    await s.call('post', '/api/cart/items', { product_code: product.code, quantity: 3 }).expect(200);
    const { done } = await roundTrip(s);
    expect(setCookies(done).find((c) => c.startsWith('cart='))).toMatch(/Expires=Thu, 01 Jan 1970/i);
    const cart = await s.cart();
    expect(cart.lines.map((l: { product_code: string; quantity: number }) => [l.product_code, l.quantity])).toEqual([[product.code, 3]]);

    // The account's cart, wherever the user signs in next.
    const elsewhere = await shopper(shop.url, 'en');
    await roundTrip(elsewhere);
    expect((await elsewhere.cart()).lines).toHaveLength(1);
  });

  describe('with the provider unreachable at first', () => {
    let later: RunningShop & { url: string };
    let late: OAuth2Server | undefined;
    let issuerPort: number;
    beforeAll(async () => {
      issuerPort = await freePort();
      later = await startShop({
        env: { GOOGLE_ISSUER_URL: `http://127.0.0.1:${issuerPort}`, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'secret' },
      });
    });
    afterAll(async () => {
      await later?.stop();
      if (late?.listening) await late.stop();
    });

    it('sends the browser to the login page, and discovers the provider once it answers', async () => {
      const s = await shopper(later.url, 'sl');
      const page = await s.call('get', '/api/auth/login/google').set('Accept', 'text/html').expect(303);
      expect(page.headers.location).toBe(`${publicPath('login', 'sl')}?google=failed`);
      expect(setCookies(page).some((c) => c.startsWith('oidc_tx='))).toBe(false);
      const api = await s.call('get', '/api/auth/login/google').expect(401);
      expect(api.body.errors[0].code).toBe('AUTH_GOOGLE_FAILED');

      // The failed discovery was not cached: the next attempt finds the provider.
      late = new OAuth2Server();
      await late.issuer.keys.generate('RS256');
      await late.start(issuerPort, '127.0.0.1');
      late.issuer.url = `http://127.0.0.1:${issuerPort}`;
      const ok = await s.call('get', '/api/auth/login/google').expect(302);
      expect(new URL(ok.headers.location as string).origin).toBe(late.issuer.url);
    });
  });

  describe('without a Google client', () => {
    let plain: RunningShop & { url: string };
    beforeAll(async () => {
      plain = await startShop({ env: { GOOGLE_ISSUER_URL: provider.issuer.url }, serveClient: true });
    });
    afterAll(async () => {
      await plain?.stop();
    });

    it('answers 503 AUTH_GOOGLE_DISABLED in the caller language', async () => {
      const s = await shopper(plain.url, 'de');
      const res = await s.call('get', '/api/auth/login/google?redirect=/de').expect(503);
      expect(res.body).toEqual({
        errors: [{ code: 'AUTH_GOOGLE_DISABLED', message: 'Die Anmeldung mit Google ist derzeit nicht verfügbar.' }],
      });
      expect(setCookies(res).some((c) => c.startsWith('oidc_tx='))).toBe(false);
      const en = await shopper(plain.url, 'en');
      const answer = await en.call('get', '/api/auth/login/google').expect(503);
      expect(answer.body.errors[0].message).toBe('Signing in with Google is not available at the moment.');
    });

    it('says Google is not configured, and the login and register pages offer no Google button', async () => {
      const s = await shopper(plain.url, 'hr');
      expect((await s.call('get', '/api/auth/providers').expect(200)).body).toEqual({ data: { google: false } });
      for (const locale of ['hr', 'en'] as const) {
        for (const screen of ['login', 'register'] as const) {
          const page = await fetch(`${plain.url}${publicPath(screen, locale)}`);
          expect(page.status).toBe(200);
          const html = await page.text();
          expect(html).toContain('<h1');
          expect(html).not.toContain('data-testid="google-sign-in"');
          expect(html).not.toContain('/api/auth/login/google');
          // …and the login page's intro does not promise Google either.
          if (screen === 'login') expect(html).not.toMatch(/Google račun|Google account/);
        }
      }
    });
  });
});
