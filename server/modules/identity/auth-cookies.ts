import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/index.js';
import type { IssuedSession } from './session.service.js';
import { COOKIE_NAMES } from '../../../contract/cookies.js';

/** The browser's session cookies (HttpOnly, SameSite=Lax, Secure when the site is https). */
export const ACCESS_COOKIE = COOKIE_NAMES.access;
export const REFRESH_COOKIE = COOKIE_NAMES.refresh;
export const EXPIRES_COOKIE = COOKIE_NAMES.expires;

function base(config: AppConfig) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.http.publicUrl.startsWith('https://'), path: '/' };
}

export function setSessionCookies(res: Response, session: IssuedSession, config: AppConfig): void {
  const refreshMaxAge = config.auth.refreshTokenTtlDays * 24 * 60 * 60 * 1000;
  res.cookie(ACCESS_COOKIE, session.access_token, { ...base(config), maxAge: session.expires });
  res.cookie(REFRESH_COOKIE, session.refresh_token, { ...base(config), maxAge: refreshMaxAge });
  res.cookie(EXPIRES_COOKIE, String(session.expires_at), { ...base(config), maxAge: refreshMaxAge });
}

export function clearSessionCookies(res: Response, config: AppConfig): void {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE, EXPIRES_COOKIE]) res.clearCookie(name, base(config));
}

/** The access token of a request: `Authorization: Bearer …` first, then the cookie. */
export function accessTokenOf(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+/i.test(header)) return header.replace(/^Bearer\s+/i, '').trim();
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[ACCESS_COOKIE];
  return typeof cookie === 'string' ? cookie : undefined;
}

export function refreshTokenOf(req: Request, body: unknown): string | undefined {
  const fromBody = body && typeof body === 'object' ? (body as { refresh_token?: unknown }).refresh_token : undefined;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof cookie === 'string' ? cookie : undefined;
}
