import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../../platform/i18n/index.js';

/** Every refusal of the newsletter module: HTTP kind, and the message in the four languages. */
const CODES = {
  NEWSLETTER_EMAIL_REQUIRED: {
    kind: 'invalid',
    hr: 'Upišite svoju e-adresu.',
    en: 'Enter your e-mail address.',
    de: 'Geben Sie Ihre E-Mail-Adresse ein.',
    sl: 'Vpišite svoj e-naslov.',
  },
  NEWSLETTER_EMAIL_INVALID: {
    kind: 'invalid',
    hr: 'Upišite ispravnu e-adresu (npr. ana@primjer.hr).',
    en: 'Enter a valid e-mail address (e.g. ana@example.com).',
    de: 'Geben Sie eine gültige E-Mail-Adresse ein (z. B. anna@beispiel.de).',
    sl: 'Vpišite veljaven e-naslov (npr. ana@primer.si).',
  },
  NEWSLETTER_SOURCE_INVALID: {
    kind: 'invalid',
    hr: 'Nepoznat obrazac za prijavu na newsletter.',
    en: 'Unknown newsletter form.',
    de: 'Unbekanntes Newsletter-Formular.',
    sl: 'Neznan obrazec za prijavo na e-novice.',
  },
  NEWSLETTER_LOCALE_INVALID: {
    kind: 'invalid',
    hr: 'Nepoznat jezik: odaberite hr, en, de ili sl.',
    en: 'Unknown language: choose hr, en, de or sl.',
    de: 'Unbekannte Sprache: Wählen Sie hr, en, de oder sl.',
    sl: 'Neznan jezik: izberite hr, en, de ali sl.',
  },
  // a forged, mistyped or superseded confirmation link (or one of an address that unsubscribed since)
  NEWSLETTER_LINK_INVALID: {
    kind: 'invalid',
    hr: 'Ova poveznica nije ispravna ili više ne vrijedi. Prijavite se ponovno putem obrasca za newsletter.',
    en: 'This link is not valid or no longer works. Please subscribe again with the newsletter form.',
    de: 'Dieser Link ist ungültig oder nicht mehr gültig. Bitte melden Sie sich über das Newsletter-Formular erneut an.',
    sl: 'Ta povezava ni veljavna ali ne deluje več. Znova se prijavite z obrazcem za e-novice.',
  },
  NEWSLETTER_LINK_EXPIRED: {
    kind: 'invalid',
    hr: 'Poveznica za potvrdu je istekla. Prijavite se ponovno putem obrasca za newsletter i potvrdite novu poveznicu.',
    en: 'The confirmation link has expired. Please subscribe again with the newsletter form and confirm the new link.',
    de: 'Der Bestätigungslink ist abgelaufen. Bitte melden Sie sich über das Newsletter-Formular erneut an und bestätigen Sie den neuen Link.',
    sl: 'Povezava za potrditev je potekla. Znova se prijavite z obrazcem za e-novice in potrdite novo povezavo.',
  },
} satisfies Record<string, LocalizedMessage & { kind: ErrorKind }>;

export type NewsletterErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

export class NewsletterError extends DomainError {
  constructor(code: NewsletterErrorCode) {
    super(code, localizedMessage(code, 'en') ?? code, CODES[code].kind);
  }
}
