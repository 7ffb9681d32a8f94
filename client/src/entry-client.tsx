// First: zod's config before zod itself loads (see the module).
import './zod-jitless';
import { browserApi } from './api/http';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { createI18n } from './i18n/instance';
import { DEFAULT_LOCALE, isLocale } from '../../contract/locales';
import { createQueryClient } from './api/query-client';
import { createAppRouter } from './router';
import { createSessionStore, sessionTransport, webLock } from './features/account/session';
import { browserChunkReloadEnv, installChunkReload } from './navigation/chunk-reload';

// A route chunk that fails to load (a deploy replaced the files) reloads the page once per 10 s (spec section 8).
installChunkReload(window, browserChunkReloadEnv());

// The server sets <html lang>; per-request values (CSRF token, public URL, consent) arrive through the
// router's dehydrated state before the first render.
const lang = document.documentElement.lang;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
// The page's one query client; the server's queries (the session) are hydrated into it before the first render.
const queryClient = createQueryClient();
const router = createAppRouter({
  i18n: createI18n(locale),
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
  fontPreloads: [],
});

hydrateRoot(document, <RouterClient router={router} />);
