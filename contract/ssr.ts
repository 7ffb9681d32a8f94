/**
 * The contract between the web server (server/platform/ssr) and the client's server entry
 * (client/src/entry-server.tsx). The server imports only these types.
 */
/** The visitor's cookie choice (`essential` | `all`), an essential cookie: the page shows the banner without it. */
export const CONSENT_COOKIE = 'cookie_consent';

export interface SsrRequestContext {
  /** CSP nonce: every inline <script>/<style> the page emits carries it (also passed to the router's `ssr.nonce`). */
  nonce: string;
  /** Rendered as <meta name="csrf-token" content="..."> in <head> on every page. */
  csrfToken: string;
  /** Origin like "http://localhost:3000" (no trailing slash): canonical, hreflang, og:url, sitemap. */
  publicUrl: string;
  /**
   * Where route loaders reach this same server's JSON API during SSR (the socket the request came
   * in on, e.g. "http://127.0.0.1:3000"): never the public URL, which may sit behind a proxy.
   * Loaders forward the request's Cookie and Accept-Language headers.
   */
  apiOrigin: string;
}

export interface SsrEntry {
  /**
   * Handles every non-/api GET/HEAD request: legacy 301s, /sitemap.xml and the language sitemaps it names,
   * /robots.txt, first-visit language redirect, and SSR of pages (200/404/500).
   */
  handle(request: Request, ctx: SsrRequestContext): Promise<Response>;
}
