export { LOCALES, DEFAULT_LOCALE, isLocale, negotiateLocale, type Locale } from '../../../contract/locales.js';
export { registerErrorMessages, localizedMessage, type LocalizedMessage } from './error-messages.js';
export { requestLocale } from './request-locale.js';
