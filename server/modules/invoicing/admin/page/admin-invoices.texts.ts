import { LOCALES, type Locale } from '../../../../../contract/locales.js';
import { SERVER_TEXTS, serverText, type ServerTexts } from '../../../../platform/i18n/index.js';

type Words = ServerTexts['invoicing']['admin'];

/** Every text of the operators' /admin/invoices pages (server/locales `invoicing.admin`), with the sentences that take values. */
export type AdminInvoicesTexts = Words & { fill: (key: keyof Words, params: Record<string, string | number>) => string };

function textsOf(locale: Locale): AdminInvoicesTexts {
  const words = SERVER_TEXTS[locale].invoicing.admin;
  return { ...words, fill: (key, params) => serverText(`invoicing.admin.${key}`, locale, params) ?? String(words[key]) };
}

export const ADMIN_INVOICES_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, textsOf(locale)])) as Record<
  Locale,
  AdminInvoicesTexts
>;
