import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ApiFactory } from './api/http';
import type { SessionStore } from './features/account/session';
import type { BotCheckSettings } from '../../contract/ssr';
import type { AnalyticsConfig, ConsentChoice } from '../../contract/analytics';

/** The visitor's cookie choice, stored in the essential cookie `cookie_consent`. */
export type CookieConsent = ConsentChoice;
export { CONSENT_COOKIE } from '../../contract/ssr';
/** Six months, after which we ask again. */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;

/** Per-request values the server hands to the browser (router `dehydrate` -> `hydrate`). */
export interface RequestData {
  csrfToken: string;
  publicUrl: string;
  consent: CookieConsent | null;
  /** The analytics container the page may load after consent (docs/analytics.md); null: none configured. */
  analytics: AnalyticsConfig | null;
  /** Font files every page needs, preloaded from <head> (empty in development). */
  fontPreloads: string[];
  /** The bot check's site key and script URL (lib/bot-check); null when the server has it off. */
  botCheck: BotCheckSettings | null;
}

/**
 * What crosses from the server render to the browser besides the queries the SSR query integration carries
 * (the session: status, minimal user, access-token expiry; never a token).
 */
export type DehydratedData = RequestData;

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
   * The TanStack Query client (api/query-client.ts): one per SSR request, one in the browser. Loaders fill
   * it with `ensureQueryData`; screens read and mutations update it (docs/architecture.md, client data layer).
   */
  queryClient: QueryClient;
  /**
   * The visitor's session (features/account/session.ts), kept in `queryClient` as the `['session']` query:
   * one store per SSR request (filled by the `$locale` route's beforeLoad from GET /api/auth/session with the
   * visitor's cookies), one in the browser (hydrated from the server's render). Route guards
   * (features/account/guards.ts) read it.
   */
  session: SessionStore;
}
