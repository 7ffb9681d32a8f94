import { browserApi } from './api/http';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { hydrateRoot } from 'react-dom/client';
import { createI18n } from './i18n/instance';
import { DEFAULT_LOCALE, isLocale } from './i18n/locales';
import { createAppRouter } from './router';

// The server sets <html lang>; per-request values (CSRF token, public URL, consent) arrive through the
// router's dehydrated state before the first render.
const lang = document.documentElement.lang;
const router = createAppRouter({
  i18n: createI18n(isLocale(lang) ? lang : DEFAULT_LOCALE),
  api: browserApi,
  csrfToken: '',
  publicUrl: window.location.origin,
  consent: null,
  fontPreloads: [],
});

hydrateRoot(document, <RouterClient router={router} />);
