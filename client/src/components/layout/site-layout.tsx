import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useT } from '../../hooks/use-locale';
import { matchInternalPath, routeName } from '../../../../contract/paths';
import { CookieConsent } from './cookie-consent';
import { Footer } from './footer';
import { Header } from './header';
import { ProgressBar, useIsNavigating } from './progress-bar';
import styles from './site-layout.module.css';

/**
 * The page frame. `default`: header with navigation, language switcher and cart; `error`: the error layout
 * (logo only, no navigation), used for the 404 and 500 pages. Both keep <main> at the same place in the tree,
 * so switching layouts never remounts the page.
 */
export function SiteLayout({ variant, children }: { variant: 'default' | 'error'; children: ReactNode }) {
  const { t } = useT();
  const mainRef = useRef<HTMLElement>(null);
  const navigating = useIsNavigating();
  const route = useRouteName(variant);
  useFocusMainAfterNavigation(mainRef);
  return (
    <>
      <a className={styles.skipLink} href="#main">
        {t('a11y.skipToContent')}
      </a>
      <ProgressBar />
      <CookieConsent />
      <Header variant={variant} />
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className={styles.main}
        data-layout={variant}
        data-route={route}
        aria-busy={navigating ? 'true' : undefined}
      >
        {children}
      </main>
      {/* One newsletter form per page: the home page has its own; not on the newsletter's own pages. */}
      <Footer showNewsletter={!/^(home|newsletter_confirm|newsletter_unsubscribe)_/.test(route)} />
    </>
  );
}

/** The route name of the page on screen (`cart_hr`), 'error' on error pages: a hook for tests and analytics. */
function useRouteName(variant: 'default' | 'error'): string {
  const pathname = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname.replace(/(.)\/+$/, '$1') });
  const match = variant === 'error' ? null : matchInternalPath(pathname);
  return match ? routeName(match.screen, match.locale) : 'error';
}

/**
 * After a client-side page change, move focus to <main> so screen readers start reading the new page
 * (the new <title> is already set). Not on the first load, not when a hash target takes the focus.
 */
function useFocusMainAfterNavigation(mainRef: RefObject<HTMLElement | null>) {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (!event.fromLocation || !event.pathChanged || event.toLocation.hash) return;
        mainRef.current?.focus({ preventScroll: true });
      }),
    [router, mainRef],
  );
}
