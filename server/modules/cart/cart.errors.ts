import { DomainError, type ErrorDetail, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../../platform/i18n/index.js';

/** Every refusal of the cart and coupons: HTTP kind, and the message in the four languages. */
const CODES = {
  CART_QUANTITY_INVALID: {
    kind: 'invalid',
    hr: 'Količina mora biti cijeli broj od 1 do 99.',
    en: 'The quantity must be a whole number from 1 to 99.',
    de: 'Die Menge muss eine ganze Zahl von 1 bis 99 sein.',
    sl: 'Količina mora biti celo število od 1 do 99.',
  },
  CART_PRODUCT_CODE_INVALID: {
    kind: 'invalid',
    hr: 'Odaberite proizvod: šifra proizvoda nedostaje ili nije ispravna.',
    en: 'Choose a product: the product code is missing or malformed.',
    de: 'Bitte wählen Sie ein Produkt: Die Produktnummer fehlt oder ist ungültig.',
    sl: 'Izberite izdelek: šifra izdelka manjka ali ni pravilna.',
  },
  CART_EXPECTED_PRICE_INVALID: {
    kind: 'invalid',
    hr: 'Očekivana cijena mora biti cijeli broj centi (0 ili više).',
    en: 'The expected price must be a whole number of cents (0 or more).',
    de: 'Der erwartete Preis muss eine ganze Zahl von Cent sein (0 oder mehr).',
    sl: 'Pričakovana cena mora biti celo število centov (0 ali več).',
  },
  CART_PRODUCT_NOT_FOUND: {
    kind: 'not_found',
    hr: 'Proizvod sa šifrom {code} ne postoji.',
    en: 'There is no product with the code {code}.',
    de: 'Ein Produkt mit der Nummer {code} gibt es nicht.',
    sl: 'Izdelek s šifro {code} ne obstaja.',
  },
  CART_PRODUCT_UNAVAILABLE: {
    kind: 'conflict',
    hr: 'Proizvod {name} uskoro je ponovno dostupan i trenutačno se ne može dodati u košaricu.',
    en: '{name} is soon available again and cannot be added to the cart right now.',
    de: '{name} ist bald wieder erhältlich und kann derzeit nicht in den Warenkorb gelegt werden.',
    sl: 'Izdelek {name} bo kmalu spet na voljo in ga trenutno ni mogoče dodati v košarico.',
  },
  CART_STOCK_EXCEEDED: {
    kind: 'conflict',
    hr: 'Od proizvoda {name} na zalihi je samo {stock} pakiranja.',
    en: 'Only {stock} packs of {name} are in stock.',
    de: 'Von {name} sind nur noch {stock} Packungen auf Lager.',
    sl: 'Izdelka {name} je na zalogi le še {stock} pakiranj.',
  },
  CART_QUANTITY_LIMIT: {
    kind: 'invalid',
    hr: 'Najviše 99 pakiranja jednog proizvoda po narudžbi; u košarici već imate {in_cart} pakiranja proizvoda {name}.',
    en: 'At most 99 packs of one product per order; your cart already holds {in_cart} packs of {name}.',
    de: 'Höchstens 99 Packungen eines Produkts pro Bestellung; Sie haben bereits {in_cart} Packungen {name} im Warenkorb.',
    sl: 'Največ 99 pakiranj enega izdelka na naročilo; v košarici že imate {in_cart} pakiranj izdelka {name}.',
  },
  CART_PRICE_CHANGED: {
    kind: 'conflict',
    hr: 'Cijena proizvoda {name} promijenila se na {price}. Molimo potvrdite novu cijenu.',
    en: 'The price of {name} has changed to {price}. Please confirm the new price.',
    de: 'Der Preis von {name} hat sich auf {price} geändert. Bitte bestätigen Sie den neuen Preis.',
    sl: 'Cena izdelka {name} se je spremenila na {price}. Prosimo, potrdite novo ceno.',
  },
  CART_LINE_NOT_FOUND: {
    kind: 'not_found',
    hr: 'Tog proizvoda nema u vašoj košarici.',
    en: 'This product is not in your cart.',
    de: 'Dieses Produkt ist nicht in Ihrem Warenkorb.',
    sl: 'Tega izdelka ni v vaši košarici.',
  },
  CART_COUNTRY_INVALID: {
    kind: 'invalid',
    hr: 'Odaberite državu (dvoslovna oznaka, npr. HR).',
    en: 'Choose a country (two-letter code such as HR).',
    de: 'Bitte wählen Sie ein Land (zweistelliger Code, z. B. HR).',
    sl: 'Izberite državo (dvočrkovna oznaka, npr. HR).',
  },
  CART_DESTINATION_UNSUPPORTED: {
    kind: 'invalid',
    hr: 'Dostava u državu {country} zasad nije moguća. Dostavljamo u Hrvatsku i zemlje Europske unije.',
    en: 'We do not deliver to {country} yet. We deliver within Croatia and to the countries of the European Union.',
    de: 'Nach {country} liefern wir noch nicht. Wir liefern nach Kroatien und in die Länder der Europäischen Union.',
    sl: 'Dostava v državo {country} zaenkrat ni mogoča. Dostavljamo na Hrvaško in v države Evropske unije.',
  },
  CART_POSTAL_CODE_INVALID: {
    kind: 'invalid',
    hr: 'Poštanski broj ne odgovara državi {country}: upišite ga u obliku {example}.',
    en: 'The postal code does not fit {country}: write it like {example}.',
    de: 'Die Postleitzahl passt nicht zu {country}: Bitte in der Form {example} eingeben.',
    sl: 'Poštna številka ne ustreza državi {country}: vpišite jo v obliki {example}.',
  },
  CART_POSTAL_CODE_MALFORMED: {
    kind: 'invalid',
    hr: 'Upišite ispravan poštanski broj (2 do 10 slova i brojki).',
    en: 'Enter a valid postal code (2 to 10 letters and digits).',
    de: 'Bitte geben Sie eine gültige Postleitzahl ein (2 bis 10 Buchstaben und Ziffern).',
    sl: 'Vpišite veljavno poštno številko (2 do 10 črk in številk).',
  },
  CART_COUPON_CODE_INVALID: {
    kind: 'invalid',
    hr: 'Upišite kod kupona.',
    en: 'Enter a coupon code.',
    de: 'Bitte geben Sie einen Gutscheincode ein.',
    sl: 'Vpišite kodo kupona.',
  },
  COUPON_UNKNOWN: {
    kind: 'invalid',
    hr: 'Kupon s tim kodom ne postoji. Provjerite jeste li ga točno upisali.',
    en: 'There is no coupon with this code. Please check the spelling.',
    de: 'Einen Gutschein mit diesem Code gibt es nicht. Bitte prüfen Sie die Schreibweise.',
    sl: 'Kupon s to kodo ne obstaja. Preverite, ali ste jo pravilno vpisali.',
  },
  COUPON_NOT_YET_VALID: {
    kind: 'invalid',
    hr: 'Ovaj kupon vrijedi tek od {from}.',
    en: 'This coupon is valid from {from}.',
    de: 'Dieser Gutschein gilt erst ab {from}.',
    sl: 'Ta kupon velja šele od {from}.',
  },
  COUPON_EXPIRED: {
    kind: 'invalid',
    hr: 'Ovaj kupon istekao je {until}.',
    en: 'This coupon expired on {until}.',
    de: 'Dieser Gutschein ist am {until} abgelaufen.',
    sl: 'Ta kupon je potekel {until}.',
  },
  COUPON_BELOW_MINIMUM: {
    kind: 'invalid',
    hr: 'Ovaj kupon vrijedi za narudžbe od najmanje {minimum}; dodajte još {missing}.',
    en: 'This coupon needs an order of at least {minimum}; add {missing} more.',
    de: 'Dieser Gutschein gilt ab einem Bestellwert von {minimum}; es fehlen noch {missing}.',
    sl: 'Ta kupon velja za naročila v vrednosti najmanj {minimum}; dodajte še {missing}.',
  },
  COUPON_USED_UP: {
    kind: 'invalid',
    hr: 'Ovaj je kupon već potpuno iskorišten.',
    en: 'This coupon has been used up.',
    de: 'Dieser Gutschein ist bereits vollständig eingelöst.',
    sl: 'Ta kupon je že v celoti porabljen.',
  },
  COUPON_PERSONAL: {
    kind: 'invalid',
    hr: 'Ovo je osobni kupon drugog korisničkog računa. Prijavite se računom kojem je poslan.',
    en: 'This is a personal coupon of another account. Sign in with the account it was sent to.',
    de: 'Dies ist ein persönlicher Gutschein eines anderen Kontos. Melden Sie sich mit dem Konto an, an das er gesendet wurde.',
    sl: 'To je osebni kupon drugega računa. Prijavite se z računom, ki mu je bil poslan.',
  },
  COUPON_ALREADY_USED: {
    kind: 'invalid',
    hr: 'Ovaj kupon ste već iskoristili.',
    en: 'You have already used this coupon.',
    de: 'Sie haben diesen Gutschein bereits eingelöst.',
    sl: 'Ta kupon ste že uporabili.',
  },
  COUPON_RATE_LIMITED: {
    kind: 'rate_limited',
    hr: 'Previše pogrešnih kodova kupona. Pokušajte ponovno za {seconds} s.',
    en: 'Too many wrong coupon codes. Please try again in {seconds} s.',
    de: 'Zu viele falsche Gutscheincodes. Bitte versuchen Sie es in {seconds} s erneut.',
    sl: 'Preveč napačnih kod kuponov. Poskusite znova čez {seconds} s.',
  },
} satisfies Record<string, LocalizedMessage & { kind: ErrorKind }>;

export type CartErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

type Params = Record<string, string | number>;

/** A refusal of the cart or coupon rules; `more` carries further field problems of the same request. */
export class CartError extends DomainError {
  constructor(code: CartErrorCode, params: Params = {}, field?: string, more: ErrorDetail[] = []) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code].kind, field, more, params);
  }
}

/** One field problem for a combined 422 (see `CartError` with `more`). */
export function fieldProblem(code: CartErrorCode, field: string, params: Params = {}): ErrorDetail {
  return { code, field, message: localizedMessage(code, 'en', params) ?? code };
}

/** Throws one 422 listing every field problem found, or returns when there are none. */
export function throwFieldProblems(problems: ErrorDetail[]): void {
  if (!problems.length) return;
  const [first, ...more] = problems;
  throw new CartError(first.code as CartErrorCode, {}, first.field, more);
}
