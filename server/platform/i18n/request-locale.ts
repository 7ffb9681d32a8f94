import type { Request } from 'express';
import { LOCALE_COOKIE, isLocale, negotiateLocale, type Locale } from '../../../contract/locales.js';

/**
 * The one rule for the language of a request, used by every module, the exception filter, the
 * CSRF guard and the 404 handler: an explicit `locale` query parameter (a page asking for its own
 * language), then the page's language cookie, then Accept-Language, then Croatian.
 * A malformed or repeated parameter is ignored here; the route's schema reports it.
 */
export function requestLocale(req: Pick<Request, 'query' | 'cookies' | 'headers'>): Locale {
  const query = req.query as Record<string, unknown> | undefined;
  const explicit = query?.locale;
  if (isLocale(explicit)) return explicit;
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const header = req.headers['accept-language'];
  return negotiateLocale(typeof header === 'string' ? header : undefined);
}
