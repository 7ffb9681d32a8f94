import { jest } from '@jest/globals';
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
  /** Google Workspace domain of the account. */
  hd?: string;
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

  /** A password account made by registration, then set to the given state by SQL. */
  async function passwordAccount(
    email: string,
    opts: { status?: 'pending' | 'active'; role?: 'customer' | 'admin'; subject?: string } = {},
  ) {
    const guest = await shopper(shop.url, 'en');
    await guest
      .call('post', '/api/users', {
        first_name: 'Paula',
        last_name: 'Password',
        birthday: '1990-04-01',
        email,
        password: 'secret-123',
        password_confirmation: 'secret-123',
        terms_accepted: true,
        newsletter: false,
        locale: 'en',
      })
      .expect(202);
    if ((opts.status ?? 'active') === 'active')
      await db.query(`UPDATE app_user SET status = 'active', activated_at = now() WHERE email = $1`, [email]);
    if (opts.role) await db.query(`UPDATE app_user SET role = $2 WHERE email = $1`, [email, opts.role]);
    if (opts.subject) await db.query(`UPDATE app_user SET google_subject = $2 WHERE email = $1`, [email, opts.subject]);
    return row(email);
  }

  async function passwordWorks(email: string): Promise<boolean> {
    const other = await shopper(shop.url, 'en');
    const res = await other.call('post', '/api/auth/login', { email, password: 'secret-123' });
    return res.status === 200;
  }

  it('links an existing account without a subject when the address is Gmail (any case) or the token carries hd', async () => {
    const id = randomUUID().slice(0, 8);
    for (const p of [
      person({ email: `paula.${id}@GMail.com` }),
      person({ email: `paula.${id}@googlemail.com` }),
      person({ email: `paula.${id}@firma.example`, hd: 'firma.example' }),
    ]) {
      const email = p.email!.toLowerCase();
      const before = await passwordAccount(email);
      current = { ...p, given_name: 'Other', family_name: 'Name' };
      const s = await shopper(shop.url, 'hr');
      const { done } = await roundTrip(s);
      expect(done.headers.location).toBe(publicPath('profile', 'en'));
      // Same account, now linked; the names it had stay; the password keeps working.
      expect(await sessionUser(s)).toMatchObject({
        id: before.id,
        email,
        first_name: 'Paula',
        google_linked: true,
        has_password: true,
        locale: 'en',
      });
      expect(await row(email)).toMatchObject({ id: before.id, status: 'active', google_subject: p.sub });
      expect(await passwordWorks(email)).toBe(true);
    }
  });

  it('does not link an account of another domain without hd: the shopper signs in and links from the profile', async () => {
    const p = person({ email: `paula.${randomUUID().slice(0, 8)}@example.com` });
    const email = p.email!;
    const before = await passwordAccount(email);
    current = p;
    for (const locale of ['hr', 'en', 'de', 'sl'] as const) {
      const s = await shopper(shop.url, locale);
      const { done } = await roundTrip(s, `?locale=${locale}`);
      expect(done.headers.location).toBe(`${publicPath('login', locale)}?google=link-required`);
      expect(await sessionUser(s)).toBeNull();
    }
    expect(await row(email)).toMatchObject({ id: before.id, google_subject: null });
    // hd only from userinfo (not in the signed ID token) does not count either.
    current = { ...p, hd: 'example.com', claimsInIdToken: false };
    const viaUserinfo = await shopper(shop.url, 'en');
    expect((await roundTrip(viaUserinfo)).done.headers.location).toBe(`${publicPath('login', 'en')}?google=link-required`);

    // Signed in with the password, the profile's link (mode=link) stores the subject...
    current = p;
    const owner = await shopper(shop.url, 'de');
    await owner.call('post', '/api/auth/login', { email, password: 'secret-123' }).expect(200);
    const linked = await roundTrip(owner, '?mode=link&locale=de');
    expect(linked.done.headers.location).toBe(`${publicPath('profile', 'de')}?google=linked`);
    expect(await row(email)).toMatchObject({ id: before.id, google_subject: p.sub });
    // ...and from then on Google signs into this account by its subject.
    const later = await shopper(shop.url, 'en');
    expect((await roundTrip(later)).done.headers.location).toBe(publicPath('profile', 'en'));
    expect((await sessionUser(later))?.id).toBe(before.id);

    // Unlink (it has a password): Google no longer enters it.
    await owner.call('delete', '/api/auth/google').expect(200, { data: { google_linked: false } });
    expect(await row(email)).toMatchObject({ google_subject: null });
    const after = await shopper(shop.url, 'en');
    expect((await roundTrip(after)).done.headers.location).toBe(`${publicPath('login', 'en')}?google=link-required`);
  });

  it('never enters an account linked to another Google subject by its e-mail', async () => {
    const email = `paula.${randomUUID().slice(0, 8)}@gmail.com`;
    const before = await passwordAccount(email, { subject: 'google-the-real-owner' });
    current = person({ email });
    const s = await shopper(shop.url, 'de');
    const { done } = await roundTrip(s);
    expect(done.headers.location).toBe(`${publicPath('login', 'de')}?google=other-account`);
    expect(await sessionUser(s)).toBeNull();
    expect(await row(email)).toMatchObject({ id: before.id, google_subject: 'google-the-real-owner' });
  });

  it('activates a pending Gmail account and drops its unproven password; a pending account of another domain stays pending', async () => {
    const gmail = `pending.${randomUUID().slice(0, 8)}@gmail.com`;
    const before = await passwordAccount(gmail, { status: 'pending' });
    expect(before.status).toBe('pending');
    current = person({ email: gmail });
    const s = await shopper(shop.url, 'en');
    await roundTrip(s);
    expect(await sessionUser(s)).toMatchObject({ id: before.id, google_linked: true, has_password: false });
    expect(await row(gmail)).toMatchObject({ status: 'active', google_subject: current.sub, has_password: false });
    // Whoever registered the address first (with a password of their choosing) cannot sign in with it.
    expect(await passwordWorks(gmail)).toBe(false);

    const other = `pending.${randomUUID().slice(0, 8)}@example.org`;
    await passwordAccount(other, { status: 'pending' });
    current = person({ email: other });
    const t = await shopper(shop.url, 'en');
    expect((await roundTrip(t)).done.headers.location).toBe(`${publicPath('login', 'en')}?google=link-required`);
    expect(await row(other)).toMatchObject({ status: 'pending', google_subject: null, has_password: true });
  });

  it('never links an admin account automatically, even a Gmail or hd one', async () => {
    for (const p of [
      person({ email: `admin.${randomUUID().slice(0, 8)}@gmail.com` }),
      person({ email: `admin.${randomUUID().slice(0, 8)}@firma.example`, hd: 'firma.example' }),
    ]) {
      const email = p.email!;
      await passwordAccount(email, { role: 'admin' });
      current = p;
      const s = await shopper(shop.url, 'en');
      expect((await roundTrip(s)).done.headers.location).toBe(`${publicPath('login', 'en')}?google=link-required`);
      expect(await sessionUser(s)).toBeNull();
      expect(await row(email)).toMatchObject({ google_subject: null });
    }
  });

  it('links from the profile only for the signed-in user, and never a subject of another account', async () => {
    // Not signed in: the link start sends the browser to the login page.
    const guest = await shopper(shop.url, 'en');
    const start = await guest.call('get', '/api/auth/login/google?mode=link').set('Accept', 'text/html').expect(303);
    expect(start.headers.location).toBe(`${publicPath('login', 'en')}?redirect=${encodeURIComponent(publicPath('profile', 'en'))}`);

    const taken = person({ email: `taken.${randomUUID().slice(0, 8)}@gmail.com` });
    current = taken;
    await roundTrip(await shopper(shop.url, 'en')); // a Google-only account with that subject
    const email = `linker.${randomUUID().slice(0, 8)}@example.net`;
    const mine = await passwordAccount(email);
    const s = await shopper(shop.url, 'en');
    await s.call('post', '/api/auth/login', { email, password: 'secret-123' }).expect(200);
    const { done } = await roundTrip(s, '?mode=link');
    expect(done.headers.location).toBe(`${publicPath('profile', 'en')}?google=taken`);
    expect(await row(email)).toMatchObject({ id: mine.id, google_subject: null });
    // Still signed in as before (a refused link is no sign-in).
    expect((await sessionUser(s))?.id).toBe(mine.id);

    // The Google-only account cannot unlink: it would have no way to sign in.
    const googleOnly = await shopper(shop.url, 'de');
    await roundTrip(googleOnly);
    const refused = await googleOnly.call('delete', '/api/auth/google').expect(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'AUTH_GOOGLE_UNLINK_NEEDS_PASSWORD' });
    expect(refused.body.errors[0].message).toMatch(/Passwort/);
  });

  it('verifies the ID token signature: a tampered signature is refused, a new key is fetched when its kid is unknown', async () => {
    // A signature that does not verify (one byte of it changed by the provider's answer).
    current = person();
    const tamper = (response: { body: Record<string, unknown> }) => {
      const [h, p, sig] = String(response.body.id_token).split('.');
      const bytes = Buffer.from(sig, 'base64url');
      bytes[0] ^= 0xff;
      response.body.id_token = `${h}.${p}.${bytes.toString('base64url')}`;
    };
    provider.service.once('beforeResponse', tamper);
    const s = await shopper(shop.url, 'en');
    expect((await roundTrip(s)).done.headers.location).toBe(`${publicPath('login', 'en')}?google=failed`);
    expect(await sessionUser(s)).toBeNull();
    expect(await row(current.email!.toLowerCase())).toBeUndefined();

    // Key rotation: the provider publishes a new key and signs ID tokens with it. The shop's cached
    // key set lacks that kid: within a minute of the last fetch the token is refused (no refetch
    // storm); once the set is a minute old it is fetched again and the token verifies.
    const jwks = async () => ((await (await fetch(`${provider.issuer.url}/jwks`)).json()) as { keys: { kid: string }[] }).keys;
    /** The mock takes its keys in turn (access token, then ID token): put `kid` second. */
    const signIdTokensWith = (kid: string) => {
      const all = provider.issuer.keys.toJSON().map((k) => String(k.kid));
      const other = all.find((k) => k !== kid)!;
      for (const k of [other, kid, ...all.filter((x) => x !== kid && x !== other)]) provider.issuer.keys.get(k);
    };
    let signedWith: string | undefined;
    provider.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
      signedWith = JSON.parse(Buffer.from(String(response.body.id_token).split('.')[0], 'base64url').toString('utf8')).kid;
    });
    const realNow = Date.now.bind(Date);
    const inSeconds = (seconds: number) => jest.spyOn(Date, 'now').mockImplementation(() => realNow() + seconds * 1000);

    // The shop has just fetched the set (this attempt's key is known): time moves on 61 s.
    let clock = inSeconds(61);
    const added = await provider.issuer.keys.generate('RS256');
    try {
      expect((await jwks()).map((k) => k.kid)).toContain(added.kid);
      signIdTokensWith(String(added.kid));
      current = person();
      const rotated = await shopper(shop.url, 'en');
      expect((await roundTrip(rotated)).done.headers.location).toBe(publicPath('profile', 'en'));
      expect(signedWith).toBe(added.kid);
      expect(await sessionUser(rotated)).toMatchObject({ email: current.email!.toLowerCase() });
    } finally {
      clock.mockRestore();
    }

    // Another new key right after that fetch: refused, nothing created...
    const third = await provider.issuer.keys.generate('RS256');
    signIdTokensWith(String(third.kid));
    current = person();
    const early = await shopper(shop.url, 'en');
    expect((await roundTrip(early)).done.headers.location).toBe(`${publicPath('login', 'en')}?google=failed`);
    expect(signedWith).toBe(third.kid);
    expect(await row(current.email!.toLowerCase())).toBeUndefined();
    // ...a minute after the fetch (61 s after it, which happened at +61 s), the set is fetched again.
    clock = inSeconds(130);
    try {
      signIdTokensWith(String(third.kid));
      const late = await shopper(shop.url, 'en');
      expect((await roundTrip(late)).done.headers.location).toBe(publicPath('profile', 'en'));
      expect(signedWith).toBe(third.kid);
      expect(await sessionUser(late)).toMatchObject({ email: current.email!.toLowerCase() });
    } finally {
      clock.mockRestore();
      provider.service.removeAllListeners('beforeResponse');
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
