/**
 * ONE base i18next instance holding all four languages (bundled: resources are present before hydration,
 * nothing loads asynchronously, no flash of keys). The server clones it per request
 * (`cloneInstance({ lng })`), the browser creates it once. Components translate with the page's language
 * explicitly (see useT in hooks/use-locale.ts), so nothing depends on a shared "current language".
 */
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../contract/locales';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import hr from './locales/hr.json' with { type: 'json' };
import sl from './locales/sl.json' with { type: 'json' };

export const resources = {
  hr: { translation: hr },
  en: { translation: en },
  de: { translation: de },
  sl: { translation: sl },
} as const;

export function createI18n(lng: Locale): I18n {
  const instance = i18next.createInstance();
  // initAsync: false makes init synchronous: the instance is ready when this function returns.
  void instance.init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes; titles go through React too
    returnEmptyString: false,
  });
  return instance;
}

/** A request's own instance sharing the base instance's resources (server side, one per request). */
export function forRequest(base: I18n, lng: Locale): I18n {
  return base.cloneInstance({ lng, initAsync: false });
}
