import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { choiceEffect } from '../../../../contract/analytics';
import { containerRan, loadContainer, withdrawConsent } from '../../features/analytics/gtm';
import { writeCookie } from '../../lib/browser-cookie';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_SECONDS, type CookieConsent } from '../../router-context';

interface ConsentState {
  /** null until the visitor chooses. Non-essential cookies and scripts may run only when this is 'all'. */
  consent: CookieConsent | null;
  /** Whether an analytics container is configured (GTM_ID): what 'all' turns on, for honest texts. */
  analytics: boolean;
  bannerOpen: boolean;
  choose: (choice: CookieConsent) => void;
  reopen: () => void;
}

const ConsentContext = createContext<ConsentState | null>(null);

/**
 * In the browser, for the life of the document: the choice it was served with (its CSP) and the latest one.
 * The provider remounts when the layout switches to the error layout; the router context still holds the
 * server's value, which may be older than the visitor's choice. Never used on the server (one module for
 * every request there).
 */
const thisDocument: { servedWith?: CookieConsent | null; latest?: CookieConsent | null } = {};

function remembered(initial: CookieConsent | null): { servedWith: CookieConsent | null; latest: CookieConsent | null } {
  if (typeof window === 'undefined') return { servedWith: initial, latest: initial };
  if (!('servedWith' in thisDocument)) thisDocument.servedWith = initial;
  if (!('latest' in thisDocument)) thisDocument.latest = initial;
  return { servedWith: thisDocument.servedWith ?? null, latest: thisDocument.latest ?? null };
}

/**
 * Cookie consent. The server reads the essential `cookie_consent` cookie and passes it in the router
 * context, so server and browser render the same banner state, and the page's CSP matches it.
 *
 * The choice takes effect at once (docs/analytics.md, contract/analytics.ts `choiceEffect`): 'all' loads
 * the Google Tag Manager container with Consent Mode v2 when the page's CSP allows it (the page was served
 * with 'all'), else the page loads once more with the new CSP; leaving 'all' denies consent, deletes the
 * analytics cookies and reloads the page, the only way to unload a container that has run.
 */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const initial = useRouteContext({ from: rootRouteId, select: (c) => c.consent });
  const config = useRouteContext({ from: rootRouteId, select: (c) => c.analytics });
  // The choice this document was served with: its CSP. Fixed for the life of the page.
  const [{ servedWith, latest }] = useState(() => remembered(initial));
  const [consent, setConsent] = useState<CookieConsent | null>(latest);
  const [bannerOpen, setBannerOpen] = useState(latest === null);

  useEffect(() => {
    const effect = choiceEffect({ config, servedWith, loaded: containerRan(), next: consent });
    // Not 'all': Consent Mode denies, a container still waiting for the load event is dropped, and any
    // analytics cookie is deleted (also one left from an earlier consent that has since expired).
    if (consent !== 'all') withdrawConsent();
    if (effect === 'load' && config) loadContainer(config);
    if (effect === 'reload') window.location.reload();
  }, [config, servedWith, consent]);

  const value = useMemo<ConsentState>(
    () => ({
      consent,
      analytics: config !== null,
      bannerOpen,
      choose: (choice) => {
        writeCookie(CONSENT_COOKIE, choice, CONSENT_COOKIE_MAX_AGE_SECONDS);
        thisDocument.latest = choice;
        setConsent(choice);
        setBannerOpen(false);
      },
      reopen: () => setBannerOpen(true),
    }),
    [consent, config, bannerOpen],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentState {
  const state = useContext(ConsentContext);
  if (!state) throw new Error('useConsent outside ConsentProvider');
  return state;
}
