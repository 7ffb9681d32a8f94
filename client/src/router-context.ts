import type { i18n as I18n } from 'i18next';
import type { ApiFactory } from './api/http';

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

/** The router context every route sees. */
export interface RouterContext extends RequestData {
  i18n: I18n;
  /**
   * The JSON API client for a page language (api/http.ts): created per request in entry-server (this
   * server's API socket, the visitor's cookies forwarded) and once in entry-client (same origin, CSRF header).
   * Never dehydrated.
   */
  api: ApiFactory;
}

export function isCookieConsent(value: unknown): value is CookieConsent {
  return value === 'essential' || value === 'all';
}
