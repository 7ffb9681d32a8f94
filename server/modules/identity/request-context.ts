import type { Request } from 'express';
import { requestLocale as platformRequestLocale, type Locale } from '../../platform/i18n/index.js';

/** The caller's IP for rate limits (Express resolves X-Forwarded-For only when TRUST_PROXY is on). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The language of the caller: the server's one rule (server/platform/i18n/request-locale.ts). */
export function requestLocale(req: Request): Locale {
  return platformRequestLocale(req);
}

/** A browser following a link (wants a page), rather than an API client (wants JSON). */
export function wantsPage(req: Request): boolean {
  return req.accepts(['json', 'html']) === 'html';
}
