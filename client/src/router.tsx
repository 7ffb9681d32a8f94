import { createRouter, createSerializationAdapter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { ErrorScreen, isUnavailable } from './components/error-screen';
import { localeRewrite } from './i18n/rewrite';
import { createScrollFilter } from './navigation/scroll';
import type { DehydratedData, RouterContext } from './router-context';
import { routeTree } from './routeTree.gen';

/**
 * One factory for the server (a router per request) and the browser (one router). Navigation behaviour
 * (spec section 2) is configured here:
 *  - page transition "page", out-in: View Transitions (`defaultViewTransition`) + CSS in styles/global.css;
 *  - loading start/end: router status, shown by components/layout/progress-bar.tsx;
 *  - scroll: saved positions restored on back/forward (`scrollRestoration`, keyed per history entry by the
 *    default `getScrollRestorationKey`: `state.__TSR_key`); a hash target is scrolled into view, otherwise
 *    the page goes to the top; nothing scrolls when only the hash changes on the same path and no target is
 *    given (navigation/scroll.ts).
 */
/**
 * Errors thrown by routes travel to the browser with the dehydrated state (the browser shows the same error
 * page). Their messages may hold internals (SQL, hosts, ids): only a generic error crosses the wire; the
 * server log keeps the real one. An API that was briefly unavailable (503) stays recognizable, so the
 * browser hydrates the same 'try again shortly' page the server rendered.
 */
const redactErrors = createSerializationAdapter({
  key: 'zz-redacted-error',
  test: (value: unknown): value is Error => value instanceof Error,
  toSerializable: (error: Error) => (isUnavailable(error) ? 'unavailable' : 'redacted'),
  fromSerializable: (value: string) =>
    value === 'unavailable' ? Object.assign(new Error('Service unavailable'), { status: 503 }) : new Error('Application error'),
});

export function createAppRouter(context: RouterContext, options: { nonce?: string } = {}) {
  const router = createRouter({
    routeTree,
    context,
    rewrite: localeRewrite,
    notFoundMode: 'root',
    defaultPreload: 'intent',
    defaultViewTransition: true,
    scrollRestoration: createScrollFilter(),
    defaultErrorComponent: ErrorScreen,
    ssr: options.nonce ? { nonce: options.nonce } : undefined,
    // Called after every beforeLoad and loader of the request ran. The session travels as a query (below).
    dehydrate: (): DehydratedData => ({
      csrfToken: context.csrfToken,
      publicUrl: context.publicUrl,
      consent: context.consent,
      analytics: context.analytics,
      fontPreloads: context.fontPreloads,
      botCheck: context.botCheck,
    }),
    hydrate: (data: DehydratedData) => {
      Object.assign(context, data);
    },
  });
  // The query client's SSR hand-over: the server dehydrates the queries marked `meta.dehydrate` (the session,
  // api/query-client.ts) with the router's state, the browser hydrates them before the first render; the
  // QueryClientProvider wraps the app. Queries throwing `redirect()` navigate.
  setupRouterSsrQueryIntegration({ router, queryClient: context.queryClient });
  // Not part of the constructor's type (TanStack Start sets it through its own config), but read by the
  // router's SSR dehydration and by hydration: both sides need the same adapter.
  router.options.serializationAdapters = [redactErrors];
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
