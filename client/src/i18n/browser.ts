/**
 * The browser's i18next instance: it holds only the languages the visitor has seen. The page's language
 * is loaded before hydration (the entry starts its chunk with boot.tsx, which awaits
 * `createBrowserI18n`), another language when a navigation first reaches it (the root route's
 * beforeLoad calls `ensureLanguage`). Each language is its own chunk (texts.ts): a first visit loads
 * one language's texts, not four. The server keeps all four
 * bundled (instance.ts); every language has every key (scripts/i18n/locale-files.spec.ts), so there is no fallback
 * language to load and the browser translates exactly as the server rendered.
 */
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { LOCALES, isLocale, type Locale } from '../../../contract/locales';
import { I18N_OPTIONS } from './options';
import { loadTexts } from './texts';

const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLocale(language)) {
      callback(new Error(`No translations for ${language}`), false);
      return;
    }
    loadTexts[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The instance with the page's language loaded (rejects when its chunk cannot be loaded). */
export async function createBrowserI18n(lng: Locale): Promise<I18n> {
  const instance = i18next.createInstance().use(chunkBackend);
  await instance.init({ ...I18N_OPTIONS, lng, supportedLngs: [...LOCALES], fallbackLng: false });
  await ensureLanguage(instance, lng);
  return instance;
}

/**
 * Resolves when `locale`'s texts are in the instance: at once (undefined) when they are, as on the
 * server, which has all four; otherwise after loading its chunk (rejects when that fails).
 */
export function ensureLanguage(instance: I18n, locale: Locale): Promise<void> | undefined {
  if (instance.hasResourceBundle(locale, 'translation')) return undefined;
  return new Promise((resolve, reject) => {
    void instance.loadLanguages(locale, (error) => {
      if (instance.hasResourceBundle(locale, 'translation')) resolve();
      else reject(error instanceof Error ? error : new Error(`The ${locale} translations did not load`));
    });
  });
}
