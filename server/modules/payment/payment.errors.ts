import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { registerErrorMessages } from '../../platform/i18n/index.js';

export type PaymentErrorCode =
  | 'PAYMENT_DATA_INVALID'
  | 'PAYMENT_PROVIDER_UNAVAILABLE'
  | 'PAYMENT_CALLBACK_UNVERIFIED'
  | 'PAYMENT_CALLBACK_MALFORMED'
  | 'PAYMENT_REFUND_REFUSED'
  | 'PAYMENT_TRANSACTION_REFUSED'
  | 'PAYMENT_RETURN_UNKNOWN'
  | 'PAYMENT_PROVIDER_UNKNOWN';

const KIND: Record<PaymentErrorCode, ErrorKind> = {
  PAYMENT_DATA_INVALID: 'invalid',
  PAYMENT_PROVIDER_UNAVAILABLE: 'unavailable',
  PAYMENT_CALLBACK_UNVERIFIED: 'unauthenticated',
  PAYMENT_CALLBACK_MALFORMED: 'malformed',
  PAYMENT_REFUND_REFUSED: 'conflict',
  PAYMENT_TRANSACTION_REFUSED: 'conflict',
  PAYMENT_RETURN_UNKNOWN: 'not_found',
  PAYMENT_PROVIDER_UNKNOWN: 'not_found',
};

registerErrorMessages({
  PAYMENT_DATA_INVALID: {
    hr: 'Podatke za plaćanje karticom nije moguće poslati: provjerite ime, adresu, telefon i e-adresu.',
    en: 'The card payment cannot be started with these details: check the name, address, phone and e-mail.',
    de: 'Die Kartenzahlung kann mit diesen Angaben nicht gestartet werden: Prüfen Sie Name, Adresse, Telefon und E-Mail.',
    sl: 'Plačila s kartico s temi podatki ni mogoče začeti: preverite ime, naslov, telefon in e-naslov.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    hr: 'Usluga plaćanja trenutačno nije dostupna. Pokušajte ponovno za nekoliko minuta.',
    en: 'The payment service is not available right now. Please try again in a few minutes.',
    de: 'Der Zahlungsdienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
    sl: 'Plačilna storitev trenutno ni na voljo. Poskusite znova čez nekaj minut.',
  },
  // a callback whose WP3-callback signature over the raw body is missing or wrong (or whose body is not a callback)
  PAYMENT_CALLBACK_UNVERIFIED: {
    hr: 'Obavijest o plaćanju nije prihvaćena: potpis nedostaje ili nije valjan.',
    en: 'The payment notification was refused: its signature is missing or invalid.',
    de: 'Die Zahlungsbenachrichtigung wurde abgelehnt: Ihre Signatur fehlt oder ist ungültig.',
    sl: 'Obvestilo o plačilu je bilo zavrnjeno: podpis manjka ali ni veljaven.',
  },
  // a callback body with bytes no field may hold (not UTF-8, a control character, an unpaired surrogate), refused before its fields are read
  PAYMENT_CALLBACK_MALFORMED: {
    hr: 'Obavijest o plaćanju nije prihvaćena: sadrži znakove koji nisu dopušteni.',
    en: 'The payment notification was refused: it contains characters that are not allowed.',
    de: 'Die Zahlungsbenachrichtigung wurde abgelehnt: Sie enthält Zeichen, die nicht erlaubt sind.',
    sl: 'Obvestilo o plačilu je bilo zavrnjeno: vsebuje znake, ki niso dovoljeni.',
  },
  // the provider answered a refund, but refused it (no approved payment it knows, or more than is left of it)
  PAYMENT_REFUND_REFUSED: {
    hr: 'Pružatelj usluge plaćanja odbio je povrat novca za ovu narudžbu. Ništa nije promijenjeno; provjerite plaćanje kod pružatelja.',
    en: 'The payment provider refused the refund for this order. Nothing was changed; check the payment with the provider.',
    de: 'Der Zahlungsanbieter hat die Erstattung für diese Bestellung abgelehnt. Es wurde nichts geändert; prüfen Sie die Zahlung beim Anbieter.',
    sl: 'Ponudnik plačil je zavrnil vračilo denarja za to naročilo. Nič ni bilo spremenjeno; preverite plačilo pri ponudniku.',
  },
  // the provider refused to capture an authorization (the operator ships), or there is none to capture
  PAYMENT_TRANSACTION_REFUSED: {
    hr: 'Pružatelj usluge plaćanja odbio je naplatu rezerviranog iznosa za ovu narudžbu. Ništa nije promijenjeno; provjerite plaćanje kod pružatelja.',
    en: 'The payment provider refused to capture the reserved amount for this order. Nothing was changed; check the payment with the provider.',
    de: 'Der Zahlungsanbieter hat den Einzug des reservierten Betrags für diese Bestellung abgelehnt. Es wurde nichts geändert; prüfen Sie die Zahlung beim Anbieter.',
    sl: 'Ponudnik plačil je zavrnil bremenitev rezerviranega zneska za to naročilo. Nič ni bilo spremenjeno; preverite plačilo pri ponudniku.',
  },
  // the browser came back from the card page with a reference no payment attempt has
  PAYMENT_RETURN_UNKNOWN: {
    hr: 'Ovo plaćanje nije poznato. Stanje narudžbe možete provjeriti putem poveznice iz e-pošte s potvrdom narudžbe.',
    en: 'This payment is not known. You can check your order with the link in the order confirmation e-mail.',
    de: 'Diese Zahlung ist nicht bekannt. Sie können Ihre Bestellung über den Link in der Bestellbestätigung per E-Mail prüfen.',
    sl: 'To plačilo ni znano. Naročilo lahko preverite s povezavo v e-sporočilu s potrditvijo naročila.',
  },
  // a callback path naming a provider the shop has no adapter for, or not the configured one (`/api/payments/{provider}/callback`)
  PAYMENT_PROVIDER_UNKNOWN: {
    hr: 'Ovaj pružatelj usluge plaćanja nije poznat.',
    en: 'This payment provider is not known.',
    de: 'Dieser Zahlungsanbieter ist nicht bekannt.',
    sl: 'Ta ponudnik plačil ni znan.',
  },
});

/** A payment problem with a stable code; `field` names the Monri form field that could not be built. */
export class PaymentError extends DomainError {
  constructor(code: PaymentErrorCode, message: string, field?: string) {
    super(code, message, KIND[code], field);
    this.name = 'PaymentError';
  }
}
