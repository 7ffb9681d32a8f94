/**
 * The browser's start (entry-client.tsx imports it once the server's HTML is painted): the page
 * language's texts, the query client, the router, the session, then hydration.
 */
import { browserApi } from './api/http';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserI18n } from './i18n/browser';
import { DEFAULT_LOCALE, isLocale } from '../../contract/locales';
import { createQueryClient } from './api/query-client';
import { createAppRouter } from './router';
import { createSessionStore, sessionTransport, webLock } from './features/account/session';

// The server sets <html lang>; per-request values (CSRF token, public URL, consent) arrive through the
// router's dehydrated state before the first render.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
// The page's one query client; the server's queries (the session) are hydrated into it before the first render.
const queryClient = createQueryClient();
// Only the page's language (its chunk is preloaded by the page): hydration renders the server's texts.
const i18n = await createBrowserI18n(locale);
const router = createAppRouter({
  i18n,
  api: browserApi,
  queryClient,
  session: createSessionStore({
    queryClient,
    transport: sessionTransport(browserApi(locale)),
    environment: 'browser',
    lock: webLock(),
  }),
  csrfToken: '',
  publicUrl: window.location.origin,
  consent: null,
  analytics: null,
  fontPreloads: [],
  botCheck: null,
});

// Not in a transition: hydrated in slices (a transition's lane is time-sliced), a navigation or a
// click that arrives between two slices meets a half-hydrated tree, and React gives up hydrating it
// (error #418, seen in CI under load). At the default priority the tree hydrates in one task.
hydrateRoot(document, <RouterClient router={router} />);
