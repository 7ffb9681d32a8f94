export { LOCALES, DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale } from './locales.js';
export { registerErrorMessages, localizedMessage, type LocalizedMessage } from './error-messages.js';
