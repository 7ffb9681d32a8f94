/**
 * The contract between the web server (server/platform/ssr) and the client's server entry
 * (client/src/entry-server.tsx). The server imports only these types.
 */
import type { AnalyticsConfig } from './analytics.js';
import { COOKIE_NAMES } from './cookies.js';
/** The visitor's cookie choice (`essential` | `all`), an essential cookie: the page shows the banner without it. */
export const CONSENT_COOKIE = COOKIE_NAMES.consent;

export interface SsrRequestContext {
  /** CSP nonce: every inline <script>/<style> the page emits carries it (also passed to the router's `ssr.nonce`). */
  nonce: string;
  /** Rendered as <meta name="csrf-token" content="..."> in <head> on every page. */
  csrfToken: string;
  /** Origin like "http://localhost:3000" (no trailing slash): canonical, hreflang, og:url, sitemap. */
  publicUrl: string;
  /** The bot check's public settings (docs/bot-check.md); null when it is off (no script, no notice). */
  botCheck: BotCheckSettings | null;
  /**
   * The SSR data port: how route loaders reach this process's JSON API during a render, in process
   * (no socket, no origin, no URL to build). Loaders forward the request's Cookie and the page's
   * Accept-Language through it (client/src/api/http.ts `serverApiFactory`).
   */
  api: ApiPort;
  /**
   * The analytics container (configuration GTM_ID, GTM_SCRIPT_ORIGIN; docs/analytics.md), loaded by the
   * page only with the visitor's consent; null when none is configured. The same for every request.
   */
  analytics: AnalyticsConfig | null;
}

/** What the browser needs to load the bot check's script: the public site key and the script's URL (without query). */
export interface BotCheckSettings {
  siteKey: string;
  scriptUrl: string;
}

/** One call of the JSON API through the SSR data port. */
export interface ApiPortRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, always starting with `/api/` (e.g. `/api/catalog/products?locale=en`). */
  path: string;
  headers: Record<string, string>;
  /** A JSON text, or none. */
  body?: string;
}

/** The API's answer, whole. Its Set-Cookie headers never reach the page's response (as with any HTTP client). */
export interface ApiPortResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", " (set-cookie left out). */
  headers: Record<string, string>;
  body: string;
}

/**
 * The server's implementation dispatches into its own HTTP application, the whole middleware chain
 * (request id, cookies and session, CSRF by method, language, validation, the API's error filter)
 * on a fresh request and response of its own, without a socket (server/platform/ssr/in-process-api.ts).
 * It rejects only when the call could not be made at all; every HTTP status resolves.
 */
export type ApiPort = (request: ApiPortRequest) => Promise<ApiPortResponse>;

export interface SsrEntry {
  /**
   * Handles every non-/api GET/HEAD request: legacy 301s, /sitemap.xml and the language sitemaps it names,
   * /robots.txt, first-visit language redirect, and SSR of pages (200/404/500).
   */
  handle(request: Request, ctx: SsrRequestContext): Promise<Response>;
}
