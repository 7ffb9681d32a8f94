/**
 * The server's ONE base i18next instance holding all four languages (bundled: nothing loads
 * asynchronously). The server clones it per request (`cloneInstance({ lng })`). The browser does not
 * import this module: it loads only the languages it shows (browser.ts), with the same options.
 * Components translate with the page's language explicitly (see useT in hooks/use-locale.ts), so nothing
 * depends on a shared "current language".
 */
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../contract/locales';
import { I18N_OPTIONS } from './options';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import hr from './locales/hr.json' with { type: 'json' };
import sl from './locales/sl.json' with { type: 'json' };

export const resources = {
  hr: { translation: hr },
  en: { translation: en },
  de: { translation: de },
  sl: { translation: sl },
} as const satisfies Record<Locale, { translation: object }>;

export function createI18n(lng: Locale): I18n {
  const instance = i18next.createInstance();
  // initAsync: false makes init synchronous: the instance is ready when this function returns.
  void instance.init({
    ...I18N_OPTIONS,
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    initAsync: false,
  });
  return instance;
}

/** A request's own instance sharing the base instance's resources (server side, one per request). */
export function forRequest(base: I18n, lng: Locale): I18n {
  return base.cloneInstance({ lng, initAsync: false });
}
