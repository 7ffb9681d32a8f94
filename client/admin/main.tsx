/**
 * The back office's entry (docs/admin.md 'The back-office app'): client-rendered into #root of
 * client/admin/index.html, which the server answers for /admin and every path of its screens.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useCallback, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../src/api/http';
import { createAdminApi, loginUrl } from './api';
import { AdminAppContext, type AdminContext } from './app-context';
import { chooseLanguage, createAdminI18n, rememberLanguage, type AdminLanguage, type ChoiceStorage } from './i18n';
import { createAdminRouter } from './router';
import './styles/admin.css';

function storage(): ChoiceStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const browserLanguages = () => navigator.languages ?? [navigator.language];
const initial = chooseLanguage(storage(), undefined, browserLanguages());
const i18n = createAdminI18n(initial);
document.documentElement.lang = initial;

/** The language the API is asked in: read at each call, so a switch applies to the next request at once. */
let current: AdminLanguage = initial;
const api = createAdminApi({
  language: () => current,
  // The session ran out: sign in again and come back here.
  onUnauthorized: () => window.location.assign(loginUrl(current, `${location.pathname}${location.search}`)),
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal is an answer, not a hiccup: only network and server errors are tried again.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
const router = createAdminRouter();

function App() {
  const [language, setLanguageState] = useState<AdminLanguage>(initial);
  const [person, setPersonState] = useState<string | undefined>();
  const apply = useCallback((next: AdminLanguage) => {
    current = next;
    document.documentElement.lang = next;
    void i18n.changeLanguage(next);
    setLanguageState(next);
  }, []);
  const setLanguage = useCallback(
    (next: AdminLanguage) => {
      rememberLanguage(storage(), person, next);
      apply(next);
    },
    [apply, person],
  );
  const setPerson = useCallback(
    (id: string) => {
      setPersonState(id);
      apply(chooseLanguage(storage(), id, browserLanguages()));
    },
    [apply],
  );
  const context = useMemo<AdminContext>(() => ({ api, language, setLanguage, setPerson }), [language, setLanguage, setPerson]);
  return (
    <AdminAppContext.Provider value={context}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </AdminAppContext.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
