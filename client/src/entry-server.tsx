/**
 * The client's server entry (contract: contract/ssr.ts). The web server calls `entry.handle` for every
 * non-/api GET/HEAD request; in production it imports the SSR build (dist/client/server/entry-server.js),
 * in development Vite's `ssrLoadModule('/client/src/entry-server.tsx')`.
 *
 * Pipeline: robots.txt, the sitemap index /sitemap.xml and the language sitemaps it names -> legacy 301s
 * -> first-visit language (302 once) -> streaming SSR with status 200 / 404 / 500, or the redirect a route
 * threw (TanStack `redirect()` in beforeLoad/loader, e.g. the account guards: 307 with the public Location,
 * `Cache-Control: private, no-store`).
 */
import { serverApiFactory } from './api/http';
import { RouterServer, createRequestHandler, renderRouterToStream } from '@tanstack/react-router/ssr/server';
import clientManifest from 'virtual:client-manifest';
import { createI18n, forRequest } from './i18n/instance';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, type Locale } from '../../contract/locales';
import { matchPublicPath, publicPath, splitPublicPath } from '../../contract/paths';
import { createSessionStore, SIGNED_OUT, sessionTransport } from './features/account/session';
import { createQueryClient } from './api/query-client';
import { createAppRouter } from './router';
import { CONSENT_COOKIE, type CookieConsent } from './router-context';
import { consentFromCookieHeader } from '../../contract/analytics';
import type { SsrEntry, SsrRequestContext } from '../../contract/ssr';
import { isUnavailable } from './components/error-screen';
import { errorPageHtml } from './ssr/error-page';
import { resolveLegacyRedirect } from './ssr/legacy-redirects';
import { decideLanguage, isCrawler, parseCookies, wantsHtml } from './ssr/negotiation';
import { buildRouterManifest, criticalFonts, devRouterManifest } from './ssr/router-manifest';
import { buildRobots, buildSitemap, buildSitemapIndex, catalogEntries, contentEntries, sitemapLocaleOf } from './ssr/sitemap';
import { isUnusableUrl } from './navigation/unusable-url';

const baseI18n = createI18n(DEFAULT_LOCALE);

/** Production: hashed files per route from the client build. Development: Vite's dev entry. */
const routerManifest = clientManifest
  ? buildRouterManifest(clientManifest)
  : devRouterManifest(
      import.meta.env.DEV ? ['/client/src/styles/global.css', ...Object.keys(import.meta.glob('/client/src/**/*.module.css')).sort()] : [],
    );
const fontPreloads = clientManifest ? criticalFonts(clientManifest) : [];

export const entry: SsrEntry = {
  async handle(request: Request, ctx: SsrRequestContext): Promise<Response> {
    const url = new URL(request.url);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed\n', {
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }

    // A control character or an undecodable path (issue 8, F2): straight to the router, whose `$locale`
    // route answers the 404 page; no redirect, no language choice, no API call carries it on.
    const unusable = isUnusableUrl(url.pathname, url.search);

    if (!unusable && url.pathname === '/robots.txt') return textResponse(buildRobots(ctx.publicUrl), 'text/plain; charset=utf-8');
    if (!unusable && url.pathname === '/sitemap.xml')
      return textResponse(buildSitemapIndex(ctx.publicUrl), 'application/xml; charset=utf-8');
    const sitemapLocale = unusable ? null : sitemapLocaleOf(url.pathname);
    if (sitemapLocale) {
      // Categories and products come from the catalogue API, entries from the content API (no visitor
      // cookies: the same for everyone). Without them the sitemap would be incomplete: 503, so a crawler
      // comes back instead of dropping them.
      try {
        const api = serverApiFactory(ctx.api, new Request(url.origin), '');
        const [catalog, content] = await Promise.all([catalogEntries(api), contentEntries(api(DEFAULT_LOCALE))]);
        const extra = [...catalog, ...content];
        return textResponse(buildSitemap(ctx.publicUrl, sitemapLocale, extra), 'application/xml; charset=utf-8');
      } catch (error) {
        console.error(`[ssr] ${url.pathname}: the catalogue or the content could not be read`, error);
        return new Response('Service Unavailable\n', {
          status: 503,
          headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' },
        });
      }
    }

    const legacyTarget = unusable ? null : resolveLegacyRedirect(url.pathname);
    if (legacyTarget) return redirect(legacyTarget + url.search, 301, { 'Cache-Control': 'public, max-age=86400' });

    const screen = unusable ? null : matchPublicPath(url.pathname);
    const pageLocale = screen?.locale ?? splitPublicPath(url.pathname).locale;
    const cookies = parseCookies(request.headers.get('cookie'));
    const crawler = isCrawler(request.headers.get('user-agent'));
    const secure = ctx.publicUrl.startsWith('https:');

    // First visit: language from Accept-Language, once (spec section 2). Only for pages, not for 404s.
    let setLocaleCookie: Locale | null = null;
    if (screen) {
      const decision = decideLanguage({
        pageLocale,
        cookieLocale: cookies[LOCALE_COOKIE],
        acceptLanguage: request.headers.get('accept-language'),
        crawler,
        html: request.method === 'GET' && wantsHtml(request),
      });
      if (decision.redirectTo) {
        return redirect(publicPath(screen.screen, decision.redirectTo, screen.params) + url.search, 302, {
          'Set-Cookie': localeCookie(decision.redirectTo, secure),
          'Cache-Control': 'private, no-store',
          Vary: 'Accept-Language, Cookie',
        });
      }
      setLocaleCookie = decision.setCookie;
    }

    // Read as the CSP header reads it (contract/analytics.ts), so the page and its policy agree.
    const consent: CookieConsent | null = consentFromCookieHeader(request.headers.get('cookie') ?? undefined, CONSENT_COOKIE);

    try {
      const outcome = { unavailable: false };
      const response = await render(request, ctx, { locale: pageLocale, consent, crawler, outcome });
      const headers = new Headers(response.headers);
      if (setLocaleCookie) headers.append('Set-Cookie', localeCookie(setLocaleCookie, secure));
      if (response.status < 300 || response.status >= 400) headers.set('Content-Language', pageLocale);
      // A redirect thrown by a route (the account guards: to the login page, away from guest-only pages, a
      // product's canonical slug) depends on the visitor's cookies: never stored by a shared cache.
      else if (response.headers.has('location')) {
        headers.set('Cache-Control', 'private, no-store');
        headers.append('Vary', 'Cookie');
      }
      // The API said it is briefly unavailable (database away): the error page, as 503.
      if (outcome.unavailable) return new Response(response.body, { status: 503, headers });
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    } catch (error) {
      console.error(`[ssr] ${request.method} ${url.pathname}: rendering failed`, error);
      if (crawler) return textResponse('Internal Server Error\n', 'text/plain; charset=utf-8', 500);
      return new Response(errorPageHtml(baseI18n.getFixedT(pageLocale), pageLocale), {
        status: 500,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Language': pageLocale },
      });
    }
  },
};

async function render(
  request: Request,
  ctx: SsrRequestContext,
  opts: { locale: Locale; consent: CookieConsent | null; crawler: boolean; outcome: { unavailable: boolean } },
): Promise<Response> {
  const api = serverApiFactory(ctx.api, request, ctx.csrfToken);
  const handler = createRequestHandler({
    request,
    getRouterManifest: () => routerManifest,
    createRouter: () => {
      // A query client per request: nothing of one visitor's data can reach another's page.
      const queryClient = createQueryClient();
      return createAppRouter(
        {
          i18n: forRequest(baseI18n, opts.locale),
          api,
          queryClient,
          // This visitor's session, read through the API with their cookies (never refreshed on the server).
          // Without an access cookie there is no session to read: signed out, without the API round trip
          // (SessionRenewal has already turned a lone refresh cookie into a fresh access cookie).
          session: createSessionStore({
            queryClient,
            transport: sessionTransport(api(opts.locale)),
            environment: 'server',
            ...(parseCookies(request.headers.get('cookie')).access_token ? {} : { initial: SIGNED_OUT }),
          }),
          csrfToken: ctx.csrfToken,
          publicUrl: ctx.publicUrl,
          consent: opts.consent,
          analytics: ctx.analytics,
          fontPreloads,
          botCheck: ctx.botCheck,
        },
        { nonce: ctx.nonce },
      );
    },
  });

  return handler(({ request: req, responseHeaders, router }) => {
    const failed = router.stores.matches.get().find((m) => m.status === 'error');
    // The API is briefly unavailable (its database is away): 503 and Retry-After, not 500.
    const unavailable = !!failed && isUnavailable(failed.error);
    if (unavailable) console.warn(`[ssr] ${new URL(req.url).pathname}: the API is briefly unavailable (503); error page with Retry-After`);
    else if (failed) console.error(`[ssr] application error on ${new URL(req.url).pathname} (route ${failed.routeId}):`, failed.error);
    // Search, Lighthouse and social crawlers: log only, no error page (spec section 8).
    if (unavailable && opts.crawler) return unavailableResponse(textResponse('Service Unavailable\n', 'text/plain; charset=utf-8', 503));
    if (failed && opts.crawler) return textResponse('Internal Server Error\n', 'text/plain; charset=utf-8', 500);
    if (unavailable) {
      opts.outcome.unavailable = true;
      responseHeaders.set('Retry-After', RETRY_AFTER_SECONDS);
    }
    return renderRouterToStream({
      request: req,
      responseHeaders,
      router,
      children: <RouterServer router={router} />,
    });
  });
}

/** Seconds a visitor (or crawler) is asked to wait while the API is briefly unavailable (as the API's). */
const RETRY_AFTER_SECONDS = '5';

/** A crawler's 503 with Retry-After: a temporary outage, not a page to drop from the index. */
function unavailableResponse(response: Response): Response {
  response.headers.set('Retry-After', RETRY_AFTER_SECONDS);
  return response;
}

function textResponse(body: string, contentType: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': contentType, 'Cache-Control': status === 200 ? 'public, max-age=3600' : 'no-store' },
  });
}

function redirect(location: string, status: 301 | 302, headers: Record<string, string>): Response {
  return new Response(null, { status, headers: { Location: location, ...headers } });
}

function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
