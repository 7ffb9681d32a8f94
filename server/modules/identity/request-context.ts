import type { Request } from 'express';
import { LOCALE_COOKIE } from '../../../contract/locales.js';
import { isLocale, negotiateLocale, type Locale } from '../../platform/i18n/index.js';

/** The caller's IP for rate limits (Express resolves X-Forwarded-For only when TRUST_PROXY is on). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The page language of the caller: the language cookie, then Accept-Language. */
export function requestLocale(req: Request): Locale {
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[LOCALE_COOKIE];
  return isLocale(cookie) ? cookie : negotiateLocale(req.headers['accept-language']);
}

/** A browser following a link (wants a page), rather than an API client (wants JSON). */
export function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}
