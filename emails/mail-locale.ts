import { LOCALES, isLocale, type Locale } from '../contract/locales.js';
import { publicPath } from '../contract/paths.js';

/**
 * The mails' languages are the shop's four (contract/locales.ts); every mail exists in all of them.
 * These names are the contract's, under the names the mail code has always used.
 */
export const MAIL_LOCALES = LOCALES;
export type MailLocale = Locale;
export const isMailLocale = isLocale;

/**
 * Public paths of the privacy policy the mail footer links to, per language, read from the one
 * table of localized paths (contract/paths.ts): a mail links to the page in the reader's language.
 */
export const PRIVACY_POLICY_PATHS: Record<MailLocale, string> = Object.fromEntries(
  LOCALES.map((locale) => [locale, publicPath('privacy_policy', locale)]),
) as Record<MailLocale, string>;
