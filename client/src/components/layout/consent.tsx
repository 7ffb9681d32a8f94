import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { writeCookie } from '../../lib/browser-cookie';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_SECONDS, type CookieConsent } from '../../router-context';

interface ConsentState {
  /** null until the visitor chooses. Non-essential cookies and scripts may run only when this is 'all'. */
  consent: CookieConsent | null;
  bannerOpen: boolean;
  choose: (choice: CookieConsent) => void;
  reopen: () => void;
}

const ConsentContext = createContext<ConsentState | null>(null);

/**
 * Cookie consent. The server reads the essential `cookie_consent` cookie and passes it in the router
 * context, so server and browser render the same banner state.
 */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const initial = useRouteContext({ from: rootRouteId, select: (c) => c.consent });
  const [consent, setConsent] = useState<CookieConsent | null>(initial);
  const [bannerOpen, setBannerOpen] = useState(initial === null);
  const value = useMemo<ConsentState>(
    () => ({
      consent,
      bannerOpen,
      choose: (choice) => {
        writeCookie(CONSENT_COOKIE, choice, CONSENT_COOKIE_MAX_AGE_SECONDS);
        setConsent(choice);
        setBannerOpen(false);
      },
      reopen: () => setBannerOpen(true),
    }),
    [consent, bannerOpen],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): ConsentState {
  const state = useContext(ConsentContext);
  if (!state) throw new Error('useConsent outside ConsentProvider');
  return state;
}
