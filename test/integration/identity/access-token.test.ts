// Access tokens signed with the right key but missing `exp`, `iat` or our issuer are refused
// (issue 8, F6), and a page renews such a token from the refresh cookie.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { createUser, signIn } from '../../factories/user.js';
import type { RunningShop } from '../../../server/main.js';

describe('access token claims (real shop)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let jwt: JwtService;
  const ISSUER = 'zlatnozrno-shop';

  beforeAll(async () => {
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    db = shop.app.get(DataSource);
    // The shop's own key for access tokens: what a leaked key, or a bug in our own signing, would use.
    jwt = new JwtService({ secret: `${shop.config.secretKey}|access-token` });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const me = (token: string) => request(shop.url).get('/api/users/me').set('Authorization', `Bearer ${token}`);

  async function session() {
    const user = await createUser(db);
    const s = await signIn(shop.url, user.email, user.password);
    const { sub, role, sid, iss, iat, exp } = claimsOf(s.tokens.access_token);
    return { s, claims: { sub, role, sid }, iss, iat: iat as number, exp: exp as number };
  }

  it('issues tokens with iss, iat and exp one lifetime apart, and takes them', async () => {
    const { s, iss, iat, exp } = await session();
    expect(iss).toBe(ISSUER);
    expect(exp - iat).toBe(shop.config.auth.accessTokenTtlSeconds);
    await me(s.tokens.access_token).expect(200);
    // Re-signed the same way by hand: still fine (the control for the refusals below).
    const { claims } = await session();
    await me(await jwt.signAsync(claims, { algorithm: 'HS256', issuer: ISSUER, expiresIn: 600 })).expect(200);
  });

  it('refuses well-signed tokens of a live session without exp, without iat, or with a wrong or missing issuer', async () => {
    const { claims } = await session();
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, Promise<string>]> = [
      ['no exp', jwt.signAsync(claims, { algorithm: 'HS256', issuer: ISSUER })],
      ['no iat', jwt.signAsync({ ...claims, exp: now + 600 }, { algorithm: 'HS256', issuer: ISSUER, noTimestamp: true })],
      ['no iat, no exp', jwt.signAsync(claims, { algorithm: 'HS256', issuer: ISSUER, noTimestamp: true })],
      ['no issuer', jwt.signAsync(claims, { algorithm: 'HS256', expiresIn: 600 })],
      ['wrong issuer', jwt.signAsync(claims, { algorithm: 'HS256', issuer: 'https://evil.example', expiresIn: 600 })],
      ['lifetime longer than allowed', jwt.signAsync(claims, { algorithm: 'HS256', issuer: ISSUER, expiresIn: 10 * 365 * 86400 })],
      ['iat in the future', jwt.signAsync({ ...claims, iat: now + 3600, exp: now + 3900 }, { algorithm: 'HS256', issuer: ISSUER })],
      ['expired', jwt.signAsync({ ...claims, iat: now - 700, exp: now - 100 }, { algorithm: 'HS256', issuer: ISSUER })],
      ['another key', new JwtService({ secret: 'x'.repeat(40) }).signAsync(claims, { algorithm: 'HS256', issuer: ISSUER, expiresIn: 600 })],
    ];
    for (const [name, signing] of cases) {
      const res = await me(await signing.catch((err: unknown) => `unsignable:${String(err)}`));
      expect([name, res.status, res.body.errors?.[0]?.code]).toEqual([name, 401, 'AUTH_REQUIRED']);
    }
  });

  it('renews a page visitor whose access cookie lacks exp from the refresh cookie', async () => {
    const { s, claims } = await session();
    const eternal = await jwt.signAsync(claims, { algorithm: 'HS256', issuer: ISSUER });
    const res = await request(shop.url)
      .get('/profil')
      .set('Accept', 'text/html')
      .set('Cookie', `access_token=${eternal}; refresh_token=${s.tokens.refresh_token}`);
    const cookies = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).map((c) => c.split(';')[0]!);
    const renewed = cookies.find((c) => c.startsWith('access_token='))?.slice('access_token='.length);
    expect(renewed).toBeTruthy();
    expect(claimsOf(renewed!)).toMatchObject({ iss: ISSUER, exp: expect.any(Number), iat: expect.any(Number) });
    await me(renewed!).expect(200);
  });
});
