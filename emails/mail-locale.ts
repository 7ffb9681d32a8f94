/** The shop's languages (ARCHITECTURE/SPEC: hr default, en, de, sl); every mail exists in all four. */
export const MAIL_LOCALES = ['hr', 'en', 'de', 'sl'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

export function isMailLocale(value: unknown): value is MailLocale {
  return typeof value === 'string' && (MAIL_LOCALES as readonly string[]).includes(value);
}

/**
 * Public paths of the legal pages the mail footer links to, per language (SPEC section 2).
 * They mirror the client's localized paths table; a mail links to the page in the reader's language.
 */
export const PRIVACY_POLICY_PATHS: Record<MailLocale, string> = {
  hr: '/politika-privatnosti',
  en: '/en/privacy-policy',
  de: '/de/privacy-policy',
  sl: '/sl/politika-privatnosti',
};
