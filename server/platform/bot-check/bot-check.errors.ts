import { BOT_CHECK_ACTION_INVALID, BOT_CHECK_TOKEN_INVALID } from '../../../contract/api/bot-check.js';
import { DomainError } from '../http/domain-error.js';
import { registerErrorMessages } from '../i18n/index.js';

export const BOT_CHECK_FAILED = 'BOT_CHECK_FAILED';
export const BOT_CHECK_UNAVAILABLE = 'BOT_CHECK_UNAVAILABLE';
/** Seconds a client is asked to wait (Retry-After) when the provider cannot be reached. */
export const BOT_CHECK_RETRY_AFTER_SECONDS = 30;
/** The field the protected forms send the token in. */
export const BOT_CHECK_FIELD = 'recaptcha_token';

registerErrorMessages({
  [BOT_CHECK_FAILED]: {
    hr: 'Nismo mogli potvrditi da zahtjev šalje osoba, a ne automatizirani program. Osvježite stranicu i pokušajte ponovno.',
    en: 'We could not confirm that this request comes from a person rather than an automated program. Please reload the page and try again.',
    de: 'Wir konnten nicht bestätigen, dass diese Anfrage von einem Menschen und nicht von einem automatisierten Programm stammt. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    sl: 'Nismo mogli potrditi, da zahtevo pošilja oseba in ne samodejni program. Osvežite stran in poskusite znova.',
  },
  [BOT_CHECK_UNAVAILABLE]: {
    hr: 'Provjera zaštite od automatiziranih programa trenutačno nije dostupna. Vaš zahtjev nije poslan; molimo pokušajte ponovno za nekoliko minuta.',
    en: 'The protection against automated programs is unavailable right now. Your request was not sent; please try again in a few minutes.',
    de: 'Der Schutz vor automatisierten Programmen ist gerade nicht verfügbar. Ihre Anfrage wurde nicht gesendet; bitte versuchen Sie es in einigen Minuten erneut.',
    sl: 'Zaščita pred samodejnimi programi trenutno ni na voljo. Vaša zahteva ni bila poslana; prosimo, poskusite znova čez nekaj minut.',
  },
  [BOT_CHECK_TOKEN_INVALID]: {
    hr: 'Token provjere zaštite nije valjan (mora biti jedan redak teksta od najviše 4000 znakova).',
    en: 'The protection check token is not valid (it must be a single line of text of at most 4000 characters).',
    de: 'Das Token der Schutzprüfung ist ungültig (es muss eine einzelne Textzeile mit höchstens 4000 Zeichen sein).',
    sl: 'Žeton preverjanja zaščite ni veljaven (biti mora ena vrstica besedila z največ 4000 znaki).',
  },
  [BOT_CHECK_ACTION_INVALID]: {
    hr: 'Nepoznata radnja provjere zaštite: dopuštene su contact, newsletter i register.',
    en: 'Unknown protection check action: contact, newsletter and register are allowed.',
    de: 'Unbekannte Aktion der Schutzprüfung: erlaubt sind contact, newsletter und register.',
    sl: 'Neznano dejanje preverjanja zaščite: dovoljena so contact, newsletter in register.',
  },
});

/** 403: the provider judged the request a bot's (or there was no, a forged, a reused or an expired token). */
export class BotCheckFailedError extends DomainError {
  constructor() {
    super(BOT_CHECK_FAILED, 'We could not confirm that this request comes from a person rather than an automated program. Please reload the page and try again.', 'forbidden', BOT_CHECK_FIELD);
  }
}

/** 503 with Retry-After: the provider could not be asked and the endpoint fails closed. */
export class BotCheckUnavailableError extends DomainError {
  constructor() {
    super(
      BOT_CHECK_UNAVAILABLE,
      'The protection against automated programs is unavailable right now. Your request was not sent; please try again in a few minutes.',
      'unavailable',
      undefined,
      [],
      {},
      { 'Retry-After': String(BOT_CHECK_RETRY_AFTER_SECONDS) },
    );
  }
}
