export { LOCALES, DEFAULT_LOCALE, isLocale, type Locale } from '../../../contract/locales.js';
export { SERVER_TEXTS, localizedMessage, serverText } from './shop-texts.js';
export { type ServerTexts } from './server-texts.js';
export { requestLocale } from './request-locale.js';
