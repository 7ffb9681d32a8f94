import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../../platform/i18n/index.js';

/**
 * Every refusal of the contact form (`POST /api/mail`): the body's codes (contract/api/contact.ts),
 * the size of the whole body and the rate limits, each with its HTTP kind and its text in the four
 * languages. The form shows a field's message under the field, the others above the form.
 */
const CODES = {
  CONTACT_FIELD_REQUIRED: {
    kind: 'invalid',
    hr: 'Ovo polje je obavezno.',
    en: 'This field is required.',
    de: 'Dieses Feld ist erforderlich.',
    sl: 'To polje je obvezno.',
  },
  CONTACT_FIELD_INVALID: {
    kind: 'invalid',
    hr: 'Ovdje upišite tekst.',
    en: 'Please enter text here.',
    de: 'Bitte geben Sie hier einen Text ein.',
    sl: 'Tukaj vpišite besedilo.',
  },
  CONTACT_FIELD_TOO_LONG: {
    kind: 'invalid',
    hr: 'Ovaj je tekst predug. Skratite ga.',
    en: 'This text is too long. Please shorten it.',
    de: 'Dieser Text ist zu lang. Bitte kürzen Sie ihn.',
    sl: 'To besedilo je predolgo. Skrajšajte ga.',
  },
  CONTACT_MESSAGE_TOO_LONG: {
    kind: 'invalid',
    hr: 'Poruka smije imati najviše {max} znakova. Skratite je ili nam pišite u više poruka.',
    en: 'The message may have at most {max} characters. Please shorten it or write to us in several messages.',
    de: 'Die Nachricht darf höchstens {max} Zeichen haben. Bitte kürzen Sie sie oder schreiben Sie uns mehrere Nachrichten.',
    sl: 'Sporočilo ima lahko največ {max} znakov. Skrajšajte ga ali nam pišite v več sporočilih.',
  },
  CONTACT_EMAIL_INVALID: {
    kind: 'invalid',
    hr: 'Upišite ispravnu adresu e-pošte, npr. ime@primjer.hr.',
    en: 'Enter a valid e-mail address, e.g. name@example.com.',
    de: 'Geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.',
    sl: 'Vpišite veljaven e-poštni naslov, npr. ime@primer.si.',
  },
  CONTACT_PHONE_INVALID: {
    kind: 'invalid',
    hr: 'Broj telefona smije sadržavati samo znamenke, razmake i znakove + ( ) / - (npr. +385 91 234 5678).',
    en: 'A phone number may contain only digits, spaces and + ( ) / - (e.g. +385 91 234 5678).',
    de: 'Eine Telefonnummer darf nur Ziffern, Leerzeichen und + ( ) / - enthalten (z. B. +49 30 1234567).',
    sl: 'Telefonska številka lahko vsebuje le števke, presledke in znake + ( ) / - (npr. +386 41 123 456).',
  },
  CONTACT_LINKS_NOT_ALLOWED: {
    kind: 'invalid',
    hr: 'Ovo polje ne smije sadržavati poveznice (web-adrese).',
    en: 'This field may not contain links (web addresses).',
    de: 'Dieses Feld darf keine Links (Webadressen) enthalten.',
    sl: 'To polje ne sme vsebovati povezav (spletnih naslovov).',
  },
  CONTACT_TOO_MANY_LINKS: {
    kind: 'invalid',
    hr: 'Poruka smije sadržavati najviše {max} poveznice. Uklonite ostale.',
    en: 'The message may contain at most {max} links. Please remove the others.',
    de: 'Die Nachricht darf höchstens {max} Links enthalten. Bitte entfernen Sie die übrigen.',
    sl: 'Sporočilo lahko vsebuje največ {max} povezave. Odstranite ostale.',
  },
  CONTACT_CONSENT_REQUIRED: {
    kind: 'invalid',
    hr: 'Da bismo vam mogli odgovoriti, potrebna nam je vaša privola za obradu podataka.',
    en: 'We need your consent to the processing of your data to be able to answer you.',
    de: 'Damit wir Ihnen antworten können, benötigen wir Ihre Einwilligung in die Verarbeitung Ihrer Daten.',
    sl: 'Da vam lahko odgovorimo, potrebujemo vašo privolitev v obdelavo podatkov.',
  },
  CONTACT_BODY_TOO_LARGE: {
    kind: 'too_large',
    hr: 'Poruka je prevelika (najviše {max} KB zajedno sa svim poljima). Skratite je.',
    en: 'The message is too large (at most {max} KB with all its fields). Please shorten it.',
    de: 'Die Nachricht ist zu groß (höchstens {max} KB mit allen Feldern). Bitte kürzen Sie sie.',
    sl: 'Sporočilo je preveliko (največ {max} KB skupaj z vsemi polji). Skrajšajte ga.',
  },
  // rate limits (RateLimitedError with these codes: 429 and Retry-After)
  CONTACT_RATE_LIMITED: {
    kind: 'rate_limited',
    hr: 'S ove ste adrese u kratkom vremenu poslali više poruka. Pokušajte ponovno za {seconds} s ili nas nazovite.',
    en: 'Several messages were sent from your address in a short time. Please try again in {seconds} s or give us a call.',
    de: 'Von Ihrer Adresse wurden in kurzer Zeit mehrere Nachrichten gesendet. Bitte versuchen Sie es in {seconds} s erneut oder rufen Sie uns an.',
    sl: 'Z vašega naslova je bilo v kratkem času poslanih več sporočil. Poskusite znova čez {seconds} s ali nas pokličite.',
  },
  CONTACT_EMAIL_RATE_LIMITED: {
    kind: 'rate_limited',
    hr: 'S ove adrese e-pošte već smo primili nekoliko poruka u posljednjih sat vremena. Odgovorit ćemo vam uskoro; novu poruku možete poslati za {seconds} s.',
    en: 'We have already received several messages from this e-mail address in the last hour. We will answer you soon; you can send a new message in {seconds} s.',
    de: 'Von dieser E-Mail-Adresse haben wir in der letzten Stunde bereits mehrere Nachrichten erhalten. Wir antworten Ihnen bald; eine neue Nachricht können Sie in {seconds} s senden.',
    sl: 'S tega e-poštnega naslova smo v zadnji uri že prejeli več sporočil. Kmalu vam bomo odgovorili; novo sporočilo lahko pošljete čez {seconds} s.',
  },
} satisfies Record<string, LocalizedMessage & { kind: ErrorKind }>;

export type ContactErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

export class ContactError extends DomainError {
  constructor(code: ContactErrorCode, params: Record<string, string | number> = {}, field?: string) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code].kind, field, [], params);
  }
}
