import { createContext, useContext } from 'react';
import type { TFunction } from 'i18next';
import type { MailLocale } from '../mail-locale.js';

/**
 * What every part of a mail needs to know while it renders. renderMail() creates one value per
 * render, holding a `t` fixed to the recipient's language from that language's own i18next instance, so two
 * mails rendering at the same time in different languages never share translation state.
 */
export interface MailContextValue {
  t: TFunction;
  locale: MailLocale;
  /** Origin of the public site without a trailing slash, for absolute links. */
  publicUrl: string;
  /** The translated subject (also the document title). */
  subject: string;
}

export const MailContext = createContext<MailContextValue | null>(null);

export function useMail(): MailContextValue {
  const value = useContext(MailContext);
  if (!value) throw new Error('A mail component rendered outside renderMail() (no MailContext)');
  return value;
}
