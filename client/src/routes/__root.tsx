import {
  HeadContent,
  Outlet,
  Scripts,
  createRootRouteWithContext,
  useRouteContext,
  useRouter,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ErrorScreen, NotFoundScreen } from '../components/error-screen';
import { ConsentProvider } from '../components/layout/consent';
import { SiteLayout } from '../components/layout/site-layout';
import { SessionSync } from '../features/account/use-session';
import { useLocale } from '../hooks/use-locale';
import { ensureLanguage } from '../i18n/browser';
import { localeOfInternalPath } from '../../../contract/paths';
import type { RouterContext } from '../router-context';
import { errorStatus, rootHead } from '../seo/head';
import '../styles/global.css';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The page language, from the internal path (`/de/...`), for every page including the 404 page. The
  // browser loads a language's texts when a navigation first reaches it (i18n/browser.ts); the server has all.
  beforeLoad: ({ location, context }) => {
    const locale = localeOfInternalPath(location.pathname);
    const loading = ensureLanguage(context.i18n, locale);
    return loading ? loading.then(() => ({ locale })) : { locale };
  },
  head: (ctx) => rootHead(ctx),
  shellComponent: Document,
  component: RootLayout,
  // notFoundMode 'root': every unmatched path lands here, inside the error layout.
  notFoundComponent: NotFoundScreen,
  errorComponent: RootError,
});

/** The HTML document: <html lang>, the head managed by the routes, and the scripts. */
function Document({ children }: { children: ReactNode }) {
  const router = useRouter();
  const locale = useLocale();
  const i18n = useRouteContext({ from: '__root__', select: (c) => c.i18n });
  const nonce = router.options.ssr?.nonce;
  return (
    <html lang={locale} dir="ltr">
      <head>
        {/* Vite's runtime reads the nonce for the styles and preloads it injects (dev HMR, lazy chunks). */}
        {nonce ? <meta property="csp-nonce" nonce={nonce} content={nonce} suppressHydrationWarning /> : null}
        <HeadContent />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <Scripts />
      </body>
    </html>
  );
}

/** Default layout, or the error layout while an error or not-found page is on screen. */
function RootLayout() {
  const variant = useRouterState({ select: (s) => (errorStatus(s.matches) ? 'error' : 'default') });
  return (
    <ConsentProvider>
      {/* The browser's session upkeep: visibility and interval re-reads, token refresh (renders nothing). */}
      <SessionSync />
      <SiteLayout variant={variant}>
        <Outlet />
      </SiteLayout>
    </ConsentProvider>
  );
}

/** When the layout itself fails: the error page in the error layout. */
function RootError(props: ErrorComponentProps) {
  return (
    <ConsentProvider>
      <SiteLayout variant="error">
        <ErrorScreen {...props} />
      </SiteLayout>
    </ConsentProvider>
  );
}
