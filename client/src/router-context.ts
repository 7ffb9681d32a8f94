import type { i18n as I18n } from 'i18next';
import type { ApiFactory } from './api/http';
import type { SessionState, SessionStore } from './features/account/session';

/** The visitor's cookie choice, stored in the essential cookie `cookie_consent`. */
export type CookieConsent = 'essential' | 'all';
export const CONSENT_COOKIE = 'cookie_consent';
/** Six months, after which we ask again. */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

/** Per-request values the server hands to the browser (router `dehydrate` -> `hydrate`). */
export interface RequestData {
  csrfToken: string;
  publicUrl: string;
  consent: CookieConsent | null;
  /** Font files every page needs, preloaded from <head> (empty in development). */
  fontPreloads: string[];
}

/** What crosses from the server render to the browser: the request data and the session's snapshot. */
export interface DehydratedData extends RequestData {
  /** Status, minimal user (id, e-mail, names, role) and access-token expiry; never a token. */
  session: SessionState;
}

/** The router context every route sees. */
export interface RouterContext extends RequestData {
  i18n: I18n;
  /**
   * The JSON API client for a page language (api/http.ts): created per request in entry-server (this
   * server's API socket, the visitor's cookies forwarded) and once in entry-client (same origin, CSRF header).
   * Never dehydrated.
   */
  api: ApiFactory;
  /**
   * The visitor's session (features/account/session.ts): one store per SSR request (filled by the `$locale`
   * route's beforeLoad from GET /api/auth/session with the visitor's cookies), one in the browser (hydrated
   * from the server's snapshot). Route guards (features/account/guards.ts) read it.
   */
  session: SessionStore;
}

export function isCookieConsent(value: unknown): value is CookieConsent {
  return value === 'essential' || value === 'all';
}
