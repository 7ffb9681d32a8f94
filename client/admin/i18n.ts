/**
 * The back office's own language (docs/admin.md 'The back-office app'): each person's choice, kept in
 * this browser per person (localStorage), separate from the shop's content language. All four
 * languages are bundled (a few kilobytes): switching never waits for the network.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { LOCALES, type Locale } from '../../contract/locales';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import hr from './locales/hr.json' with { type: 'json' };
import sl from './locales/sl.json' with { type: 'json' };

/** The back office's languages, in the switch's order; Croatian first (the family's own). */
export const ADMIN_LANGUAGES = LOCALES;
export type AdminLanguage = Locale;

/** Each language's name in itself: how the switch lists them. */
export const LANGUAGE_NAMES: Record<AdminLanguage, string> = { hr: 'Hrvatski', en: 'English', de: 'Deutsch', sl: 'Slovenščina' };

const resources = {
  hr: { translation: hr },
  en: { translation: en },
  de: { translation: de },
  sl: { translation: sl },
} as const satisfies Record<AdminLanguage, { translation: object }>;

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return typeof value === 'string' && (ADMIN_LANGUAGES as readonly string[]).includes(value);
}

/** The back office's i18next instance in `lng` (synchronous: ready on return). */
export function createAdminI18n(lng: AdminLanguage): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng,
    fallbackLng: 'hr',
    supportedLngs: [...ADMIN_LANGUAGES],
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
  });
  return instance;
}

/** The storage key of a person's choice (`who`: the user's id; none before the session is known). */
export function languageKey(who?: string): string {
  return who ? `zz-admin-language:${who}` : 'zz-admin-language';
}

/** The subset of Storage the choice needs (a stand-in in tests; none where storage is refused). */
export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: ChoiceStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // storage refused (private mode, policy): no remembered choice
  }
}

/**
 * The language to show: the person's own choice, else the last one chosen in this browser, else the
 * first of the browser's languages the back office has, else Croatian.
 */
export function chooseLanguage(storage: ChoiceStorage | null, who: string | undefined, browserLanguages: readonly string[]): AdminLanguage {
  for (const stored of [who ? read(storage, languageKey(who)) : null, read(storage, languageKey())]) {
    if (isAdminLanguage(stored)) return stored;
  }
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isAdminLanguage(primary)) return primary;
  }
  return 'hr';
}

/** Remembers a person's choice (and as this browser's last one, for the moment before the session is known). */
export function rememberLanguage(storage: ChoiceStorage | null, who: string | undefined, language: AdminLanguage): void {
  try {
    if (who) storage?.setItem(languageKey(who), language);
    storage?.setItem(languageKey(), language);
  } catch {
    // storage refused: the choice lasts for this page only
  }
}
