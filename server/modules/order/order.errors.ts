import { DomainError, type ErrorDetail, type ErrorKind } from '../../platform/http/domain-error.js';
import type { OrderTotalsDetail } from '../../../contract/api/order.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../../platform/i18n/index.js';

/** Every refusal of the order module: HTTP kind, and the message in the four languages. */
const CODES = {
  ORDER_AUTH_REQUIRED: {
    kind: 'unauthenticated',
    hr: 'Prijavite se da biste vidjeli svoje narudžbe.',
    en: 'Please sign in to see your orders.',
    de: 'Bitte melden Sie sich an, um Ihre Bestellungen zu sehen.',
    sl: 'Prijavite se, da si ogledate svoja naročila.',
  },
  // 'try again' for an order that is paid, cancelled, refunded or paid in cash
  ORDER_PAYMENT_NOT_RETRYABLE: {
    kind: 'conflict',
    hr: 'Ova se narudžba više ne može platiti karticom. Pogledajte status narudžbe ili je naručite ponovno.',
    en: 'This order can no longer be paid by card. Check its status or order again.',
    de: 'Diese Bestellung kann nicht mehr mit Karte bezahlt werden. Prüfen Sie ihren Status oder bestellen Sie erneut.',
    sl: 'Tega naročila ni več mogoče plačati s kartico. Preverite njegovo stanje ali naročite znova.',
  },
  // the pending order's 'pay on delivery' / 'cancel' for an order that is paid, shipped, cancelled or cash on delivery
  ORDER_NOT_PENDING: {
    kind: 'conflict',
    hr: 'Ova narudžba više ne čeka plaćanje karticom pa se ne može promijeniti. Pogledajte njezin status.',
    en: 'This order is no longer waiting for a card payment, so it cannot be changed. Check its status.',
    de: 'Diese Bestellung wartet nicht mehr auf eine Kartenzahlung und kann daher nicht geändert werden. Prüfen Sie ihren Status.',
    sl: 'To naročilo ne čaka več na plačilo s kartico, zato ga ni mogoče spremeniti. Preverite njegovo stanje.',
  },
  ORDER_NOT_FOUND: {
    kind: 'not_found',
    hr: 'Narudžba nije pronađena.',
    en: 'Order not found.',
    de: 'Bestellung nicht gefunden.',
    sl: 'Naročila ni mogoče najti.',
  },
  // a step the order's payment or fulfilment state machine does not allow (contract/orders.ts)
  ORDER_TRANSITION_REFUSED: {
    kind: 'conflict',
    hr: 'Narudžba u svom trenutačnom stanju ne dopušta tu promjenu.',
    en: "This change is not possible in the order's current state.",
    de: 'Diese Änderung ist im aktuellen Zustand der Bestellung nicht möglich.',
    sl: 'Te spremembe v trenutnem stanju naročila ni mogoče izvesti.',
  },
  // ----- operators (contract/api/admin-orders.ts) -----
  ORDER_TRACKING_NUMBER_REQUIRED: {
    kind: 'invalid',
    hr: 'Upišite broj za praćenje pošiljke.',
    en: 'Enter the tracking number of the parcel.',
    de: 'Geben Sie die Sendungsnummer des Pakets ein.',
    sl: 'Vpišite številko za sledenje pošiljke.',
  },
  ORDER_TRACKING_NUMBER_INVALID: {
    kind: 'invalid',
    hr: 'Broj za praćenje ima 4 do 40 slova, znamenki, razmaka i crtica (npr. RR123456789HR).',
    en: 'A tracking number has 4 to 40 letters, digits, spaces and dashes (e.g. RR123456789HR).',
    de: 'Eine Sendungsnummer hat 4 bis 40 Buchstaben, Ziffern, Leerzeichen und Bindestriche (z. B. RR123456789HR).',
    sl: 'Številka za sledenje ima 4 do 40 črk, števk, presledkov in pomišljajev (npr. RR123456789HR).',
  },
  // a card order whose total Monri cannot charge (its amount is 3 to 11 digits of cents: at least 1.00 EUR)
  ORDER_CARD_AMOUNT_OUT_OF_RANGE: {
    kind: 'invalid',
    hr: 'Plaćanje karticom moguće je za iznose od {min} do {max}. Ukupan iznos ove narudžbe je {total}: odaberite plaćanje pouzećem ili promijenite košaricu.',
    en: 'Card payment is possible for amounts from {min} to {max}. This order comes to {total}: choose cash on delivery or change the cart.',
    de: 'Kartenzahlung ist für Beträge von {min} bis {max} möglich. Diese Bestellung beträgt {total}: Wählen Sie Nachnahme oder ändern Sie den Warenkorb.',
    sl: 'Plačilo s kartico je mogoče za zneske od {min} do {max}. Skupni znesek tega naročila je {total}: izberite plačilo po povzetju ali spremenite košarico.',
  },
  // ----- placing an order: the body (contract/api/order.ts) -----
  ORDER_FIELD_REQUIRED: {
    kind: 'invalid',
    hr: 'Ovo polje je obavezno.',
    en: 'This field is required.',
    de: 'Dieses Feld ist erforderlich.',
    sl: 'To polje je obvezno.',
  },
  ORDER_FIELD_INVALID: {
    kind: 'invalid',
    hr: 'Vrijednost nije ispravna.',
    en: 'This value is not valid.',
    de: 'Dieser Wert ist ungültig.',
    sl: 'Vrednost ni veljavna.',
  },
  ORDER_FIELD_TOO_LONG: {
    kind: 'invalid',
    hr: 'Tekst je predug.',
    en: 'This text is too long.',
    de: 'Dieser Text ist zu lang.',
    sl: 'Besedilo je predolgo.',
  },
  ORDER_EMAIL_INVALID: {
    kind: 'invalid',
    hr: 'Upišite ispravnu e-mail adresu.',
    en: 'Enter a valid e-mail address.',
    de: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    sl: 'Vnesite veljaven e-poštni naslov.',
  },
  ORDER_PHONE_INVALID: {
    kind: 'invalid',
    hr: 'Upišite ispravan broj telefona (znamenke, po želji s + i razmacima).',
    en: 'Enter a valid phone number (digits, optionally with + and spaces).',
    de: 'Geben Sie eine gültige Telefonnummer ein (Ziffern, optional mit + und Leerzeichen).',
    sl: 'Vnesite veljavno telefonsko številko (števke, po želji s + in presledki).',
  },
  ORDER_POSTAL_CODE_INVALID: {
    kind: 'invalid',
    hr: 'Upišite ispravan poštanski broj (2 do 10 slova i znamenki).',
    en: 'Enter a valid postal code (2 to 10 letters and digits).',
    de: 'Geben Sie eine gültige Postleitzahl ein (2 bis 10 Buchstaben und Ziffern).',
    sl: 'Vnesite veljavno poštno številko (2 do 10 črk in števk).',
  },
  // the shape is fine but not the country's format (checked by the server with the cart's delivery rules)
  ORDER_POSTAL_CODE_MISMATCH: {
    kind: 'invalid',
    hr: 'Poštanski broj ne odgovara državi {country}: upišite ga u obliku {example}.',
    en: 'The postal code does not fit {country}: write it like {example}.',
    de: 'Die Postleitzahl passt nicht zu {country}: Bitte in der Form {example} eingeben.',
    sl: 'Poštna številka ne ustreza državi {country}: vpišite jo v obliki {example}.',
  },
  ORDER_COUNTRY_INVALID: {
    kind: 'invalid',
    hr: 'Dostavljamo u Hrvatsku i zemlje Europske unije: odaberite državu s popisa.',
    en: 'We deliver within Croatia and to the countries of the European Union: choose a country from the list.',
    de: 'Wir liefern nach Kroatien und in die Länder der Europäischen Union: Wählen Sie ein Land aus der Liste.',
    sl: 'Dostavljamo na Hrvaško in v države Evropske unije: izberite državo s seznama.',
  },
  ORDER_OIB_INVALID: {
    kind: 'invalid',
    hr: 'OIB nije ispravan: mora imati 11 znamenki s ispravnom kontrolnom znamenkom.',
    en: 'The OIB is not valid: it must have 11 digits with a correct check digit.',
    de: 'Die OIB ist ungültig: Sie muss 11 Ziffern mit korrekter Prüfziffer haben.',
    sl: 'OIB ni veljaven: imeti mora 11 števk s pravilno kontrolno števko.',
  },
  ORDER_VAT_INVALID: {
    kind: 'invalid',
    hr: 'PDV identifikacijski broj nije u ispravnom obliku za državu tvrtke (npr. DE123456789, SI12345678).',
    en: "The VAT number does not have the format of the company's country (e.g. DE123456789, SI12345678).",
    de: 'Die USt-IdNr. hat nicht das Format des Landes des Unternehmens (z. B. DE123456789, SI12345678).',
    sl: 'Identifikacijska številka za DDV nima oblike države podjetja (npr. DE123456789, SI12345678).',
  },
  ORDER_PAYMENT_METHOD_INVALID: {
    kind: 'invalid',
    hr: 'Odaberite plaćanje karticom ili pouzećem.',
    en: 'Choose payment by card or cash on delivery.',
    de: 'Wählen Sie Kartenzahlung oder Nachnahme.',
    sl: 'Izberite plačilo s kartico ali po povzetju.',
  },
  ORDER_TERMS_REQUIRED: {
    kind: 'invalid',
    hr: 'Za narudžbu morate prihvatiti uvjete kupnje.',
    en: 'You must accept the terms of purchase to order.',
    de: 'Für die Bestellung müssen Sie die Kaufbedingungen akzeptieren.',
    sl: 'Za naročilo morate sprejeti pogoje nakupa.',
  },
  ORDER_EXPECTED_TOTAL_INVALID: {
    kind: 'invalid',
    hr: 'Očekivani iznos mora biti cijeli broj centi.',
    en: 'The expected total must be a whole number of cents.',
    de: 'Der erwartete Betrag muss eine ganze Zahl von Cent sein.',
    sl: 'Pričakovani znesek mora biti celo število centov.',
  },
  // ----- placing an order: the request and the cart -----
  ORDER_IDEMPOTENCY_KEY_INVALID: {
    kind: 'invalid',
    hr: 'Zaglavlje Idempotency-Key je obavezno: 8 do 100 znakova A-Z, a-z, 0-9, _ i -.',
    en: 'The Idempotency-Key header is required: 8 to 100 characters of A-Z, a-z, 0-9, _ and -.',
    de: 'Der Header Idempotency-Key ist erforderlich: 8 bis 100 Zeichen aus A-Z, a-z, 0-9, _ und -.',
    sl: 'Glava Idempotency-Key je obvezna: 8 do 100 znakov A-Z, a-z, 0-9, _ in -.',
  },
  ORDER_IDEMPOTENCY_CONFLICT: {
    kind: 'conflict',
    hr: 'Ova je narudžba već poslana s drugim podacima. Osvježite stranicu i pošaljite je ponovno.',
    en: 'This order was already sent with different details. Reload the page and send it again.',
    de: 'Diese Bestellung wurde bereits mit anderen Angaben gesendet. Laden Sie die Seite neu und senden Sie sie erneut.',
    sl: 'To naročilo je bilo že poslano z drugačnimi podatki. Osvežite stran in ga pošljite znova.',
  },
  ORDER_CART_EMPTY: {
    kind: 'conflict',
    hr: 'Košarica je prazna: nema se što naručiti.',
    en: 'Your cart is empty: there is nothing to order.',
    de: 'Ihr Warenkorb ist leer: Es gibt nichts zu bestellen.',
    sl: 'Vaša košarica je prazna: ničesar ni mogoče naročiti.',
  },
  // the cart now costs something else than the shopper confirmed: nothing is saved
  ORDER_TOTAL_CHANGED: {
    kind: 'conflict',
    hr: 'Iznos narudžbe promijenio se na {total} (potvrdili ste {expected}). Provjerite košaricu i ponovno potvrdite narudžbu.',
    en: 'The order total has changed to {total} (you confirmed {expected}). Please check the cart and confirm the order again.',
    de: 'Der Bestellbetrag hat sich auf {total} geändert (Sie haben {expected} bestätigt). Bitte prüfen Sie den Warenkorb und bestätigen Sie die Bestellung erneut.',
    sl: 'Znesek naročila se je spremenil na {total} (potrdili ste {expected}). Preverite košarico in znova potrdite naročilo.',
  },
  ORDER_PRODUCT_UNAVAILABLE: {
    kind: 'conflict',
    hr: 'Trenutačno nije dostupno: {names}. Uklonite to iz košarice pa pošaljite narudžbu.',
    en: 'Not available right now: {names}. Remove it from the cart, then send the order.',
    de: 'Derzeit nicht erhältlich: {names}. Entfernen Sie es aus dem Warenkorb und senden Sie dann die Bestellung.',
    sl: 'Trenutno ni na voljo: {names}. Odstranite to iz košarice, nato pošljite naročilo.',
  },
  ORDER_COUPON_UNAVAILABLE: {
    kind: 'conflict',
    hr: 'Kupon {code} više se ne može iskoristiti: {reason} Uklonite ga iz košarice pa pošaljite narudžbu.',
    en: 'The coupon {code} can no longer be used: {reason} Remove it from the cart, then send the order.',
    de: 'Der Gutschein {code} kann nicht mehr eingelöst werden: {reason} Entfernen Sie ihn aus dem Warenkorb und senden Sie dann die Bestellung.',
    sl: 'Kupona {code} ni več mogoče uporabiti: {reason} Odstranite ga iz košarice, nato pošljite naročilo.',
  },
} satisfies Record<string, LocalizedMessage & { kind: ErrorKind }>;

export type OrderErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

/** A refusal of the order module (its message in the caller's language comes from the registration above). */
export class OrderError extends DomainError {
  constructor(code: OrderErrorCode, params: Record<string, string | number> = {}, field?: string, more: ErrorDetail[] = []) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code].kind, field, more, params);
  }
}

/**
 * 409 ORDER_TOTAL_CHANGED: the error also carries the cart's new totals (`totals`, integer cents),
 * so the confirmation step can show them without another call (contract: `OrderTotalChangedError`).
 */
export class OrderTotalChangedError extends OrderError {
  constructor(
    params: { total: string; expected: string },
    readonly totals: OrderTotalsDetail,
  ) {
    super('ORDER_TOTAL_CHANGED', params, 'expected_total');
  }

  override get details(): ErrorDetail[] {
    const [first, ...rest] = super.details;
    return [{ ...first, totals: this.totals } as ErrorDetail, ...rest];
  }
}
