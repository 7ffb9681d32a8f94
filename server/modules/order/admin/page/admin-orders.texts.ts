import type { AdminOrderAction } from '../../../../../contract/api/admin-orders.js';
import type { Locale } from '../../../../../contract/locales.js';
import type { FulfilmentStatus, PaymentMethod, PaymentStatus } from '../../../../../contract/orders.js';

/** Every text of the operators' /admin/orders pages, in the shop's four languages. */
export interface AdminOrdersTexts {
  htmlTitleList: string;
  htmlTitleOrder: (number: string) => string;
  skipToContent: string;
  siteNav: string;
  orders: string;
  queues: string;
  shop: string;
  /** List */
  heading: string;
  filters: string;
  fulfilmentStatus: string;
  paymentStatus: string;
  paymentMethod: string;
  search: string;
  searchHint: string;
  any: string;
  apply: string;
  reset: string;
  found: (n: number) => string;
  none: string;
  tableCaption: (page: number, pages: number) => string;
  number: string;
  date: string;
  customer: string;
  country: string;
  total: string;
  method: string;
  tracking: string;
  pages: string;
  previous: string;
  next: string;
  pageN: (n: number) => string;
  badFilter: string;
  /** Detail */
  backToList: string;
  orderHeading: (number: string) => string;
  summary: string;
  placedAt: string;
  email: string;
  phone: string;
  language: string;
  coupon: string;
  lines: string;
  linesCaption: string;
  code: string;
  product: string;
  unitPrice: string;
  quantity: string;
  vatRate: string;
  lineTotal: string;
  subtotal: string;
  discount: string;
  delivery: string;
  vatBase: string;
  vatTotal: string;
  vatByRate: string;
  vatCaption: string;
  rate: string;
  base: string;
  vat: string;
  addresses: string;
  deliveryAddress: string;
  billingAddress: string;
  sameAsDelivery: string;
  r1Invoice: string;
  noR1: string;
  taxId: string;
  notes: string;
  courierNote: string;
  remark: string;
  noneGiven: string;
  history: string;
  historyCaption: string;
  when: string;
  what: string;
  who: string;
  detail: string;
  noHistory: string;
  actions: string;
  noActions: string;
  trackingNumber: string;
  trackingHint: string;
  confirmCancel: string;
  confirmRefund: string;
  confirmRequired: string;
  actionButton: Record<AdminOrderAction, string>;
  done: Record<AdminOrderAction, string>;
  trackingRequired: string;
  trackingInvalid: string;
  failed: string;
  /** Other pages */
  forbiddenTitle: string;
  forbiddenText: string;
  notFoundTitle: string;
  notFoundText: string;
  paymentStatuses: Record<PaymentStatus, string>;
  fulfilmentStatuses: Record<FulfilmentStatus, string>;
  paymentMethods: Record<PaymentMethod, string>;
  languages: Record<Locale, string>;
  historyActions: Record<string, string>;
}

const LANGUAGES: Record<Locale, string> = { hr: 'Hrvatski', en: 'English', de: 'Deutsch', sl: 'Slovenščina' };

const hr: AdminOrdersTexts = {
  htmlTitleList: 'Narudžbe – administracija – Zlatno zrno',
  htmlTitleOrder: (n) => `Narudžba ${n} – administracija – Zlatno zrno`,
  skipToContent: 'Preskoči na sadržaj',
  siteNav: 'Administracija',
  orders: 'Narudžbe',
  queues: 'Redovi poslova',
  shop: 'Trgovina',
  heading: 'Narudžbe',
  filters: 'Filtri',
  fulfilmentStatus: 'Status isporuke',
  paymentStatus: 'Status plaćanja',
  paymentMethod: 'Način plaćanja',
  search: 'Pretraga',
  searchHint: 'Broj narudžbe ili e-mail adresa (ili njihov dio)',
  any: 'Svi',
  apply: 'Primijeni filtre',
  reset: 'Poništi filtre',
  found: (n) => (n === 1 ? 'Pronađena je 1 narudžba.' : `Pronađeno narudžbi: ${n}.`),
  none: 'Nijedna narudžba ne odgovara filtrima.',
  tableCaption: (p, ps) => `Narudžbe, najnovije prve (stranica ${p} od ${ps})`,
  number: 'Broj',
  date: 'Datum',
  customer: 'Kupac',
  country: 'Država',
  total: 'Ukupno',
  method: 'Plaćanje',
  tracking: 'Broj pošiljke',
  pages: 'Stranice',
  previous: 'Prethodna',
  next: 'Sljedeća',
  pageN: (n) => `Stranica ${n}`,
  badFilter: 'Neki filtri nisu valjani i zanemareni su.',
  backToList: 'Natrag na narudžbe',
  orderHeading: (n) => `Narudžba ${n}`,
  summary: 'Pregled',
  placedAt: 'Naručeno',
  email: 'E-mail',
  phone: 'Telefon',
  language: 'Jezik',
  coupon: 'Kupon',
  lines: 'Stavke',
  linesCaption: 'Stavke narudžbe i iznosi (s PDV-om)',
  code: 'Šifra',
  product: 'Proizvod',
  unitPrice: 'Jedinična cijena',
  quantity: 'Količina',
  vatRate: 'Stopa PDV-a',
  lineTotal: 'Iznos',
  subtotal: 'Međuzbroj',
  discount: 'Popust',
  delivery: 'Dostava',
  vatBase: 'Osnovica PDV-a',
  vatTotal: 'PDV ukupno',
  vatByRate: 'PDV po stopama',
  vatCaption: 'PDV po stopama (dostava u stopi od 25 %)',
  rate: 'Stopa',
  base: 'Osnovica',
  vat: 'PDV',
  addresses: 'Adrese',
  deliveryAddress: 'Adresa dostave',
  billingAddress: 'Adresa za račun',
  sameAsDelivery: 'Ista kao adresa dostave',
  r1Invoice: 'R1 račun',
  noR1: 'Bez R1 računa',
  taxId: 'OIB / PDV ID',
  notes: 'Napomene',
  courierNote: 'Napomena za dostavljača',
  remark: 'Napomena',
  noneGiven: '–',
  history: 'Povijest',
  historyCaption: 'Povijest narudžbe, najstarije prvo',
  when: 'Kada',
  what: 'Što',
  who: 'Tko',
  detail: 'Pojedinosti',
  noHistory: 'Još nema zapisa.',
  actions: 'Radnje',
  noActions: 'Narudžba u ovom stanju ne dopušta nijednu radnju.',
  trackingNumber: 'Broj pošiljke',
  trackingHint: '4 do 40 slova, znamenki, razmaka ili crtica',
  confirmCancel: 'Potvrđujem otkazivanje: zaliha se vraća, a plaćena kartična uplata povrat.',
  confirmRefund: 'Potvrđujem povrat novca kupcu.',
  confirmRequired: 'Označite potvrdu prije nego što nastavite.',
  actionButton: {
    ship: 'Označi kao poslano',
    deliver: 'Označi kao isporučeno',
    'cash-received': 'Gotovina primljena',
    cancel: 'Otkaži narudžbu',
    refund: 'Vrati novac',
  },
  done: {
    ship: 'Narudžba je poslana.',
    deliver: 'Narudžba je isporučena.',
    'cash-received': 'Gotovina je evidentirana kao primljena.',
    cancel: 'Narudžba je otkazana.',
    refund: 'Novac je vraćen.',
  },
  trackingRequired: 'Upišite broj pošiljke.',
  trackingInvalid: 'Broj pošiljke ima 4 do 40 slova, znamenki, razmaka ili crtica.',
  failed: 'Radnja nije uspjela.',
  forbiddenTitle: 'Pristup nije dopušten',
  forbiddenText: 'Ova je stranica samo za operatere trgovine. Prijavljeni ste računom koji to nije.',
  notFoundTitle: 'Stranica nije pronađena',
  notFoundText: 'Ta narudžba ili stranica ne postoji.',
  paymentStatuses: { awaiting_payment: 'Čeka plaćanje', paid: 'Plaćeno', failed: 'Plaćanje nije uspjelo', refunded: 'Novac vraćen' },
  fulfilmentStatuses: { placed: 'Zaprimljena', shipped: 'Poslana', delivered: 'Isporučena', cancelled: 'Otkazana' },
  paymentMethods: { card: 'Kartica', cod: 'Pouzećem' },
  languages: LANGUAGES,
  historyActions: {
    payment_method_changed: 'Promijenjen način plaćanja',
    placed: 'Naručeno',
    payment_paid: 'Plaćeno',
    payment_failed: 'Plaćanje nije uspjelo',
    shipped: 'Poslano',
    delivered: 'Isporučeno',
    cash_received: 'Gotovina primljena',
    cancelled: 'Otkazano',
    refunded: 'Novac vraćen',
    expired: 'Isteklo (neplaćeno)',
  },
};

const en: AdminOrdersTexts = {
  htmlTitleList: 'Orders – administration – Zlatno zrno',
  htmlTitleOrder: (n) => `Order ${n} – administration – Zlatno zrno`,
  skipToContent: 'Skip to content',
  siteNav: 'Administration',
  orders: 'Orders',
  queues: 'Job queues',
  shop: 'Shop',
  heading: 'Orders',
  filters: 'Filters',
  fulfilmentStatus: 'Fulfilment status',
  paymentStatus: 'Payment status',
  paymentMethod: 'Payment method',
  search: 'Search',
  searchHint: 'Order number or e-mail address (or part of it)',
  any: 'Any',
  apply: 'Apply filters',
  reset: 'Reset filters',
  found: (n) => (n === 1 ? '1 order found.' : `${n} orders found.`),
  none: 'No order matches the filters.',
  tableCaption: (p, ps) => `Orders, newest first (page ${p} of ${ps})`,
  number: 'Number',
  date: 'Date',
  customer: 'Customer',
  country: 'Country',
  total: 'Total',
  method: 'Payment',
  tracking: 'Tracking number',
  pages: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageN: (n) => `Page ${n}`,
  badFilter: 'Some filters were not valid and have been ignored.',
  backToList: 'Back to orders',
  orderHeading: (n) => `Order ${n}`,
  summary: 'Summary',
  placedAt: 'Placed',
  email: 'E-mail',
  phone: 'Phone',
  language: 'Language',
  coupon: 'Coupon',
  lines: 'Lines',
  linesCaption: 'Order lines and amounts (VAT included)',
  code: 'Code',
  product: 'Product',
  unitPrice: 'Unit price',
  quantity: 'Quantity',
  vatRate: 'VAT rate',
  lineTotal: 'Amount',
  subtotal: 'Subtotal',
  discount: 'Discount',
  delivery: 'Delivery',
  vatBase: 'VAT base',
  vatTotal: 'VAT total',
  vatByRate: 'VAT per rate',
  vatCaption: 'VAT per rate (delivery in the 25 % rate)',
  rate: 'Rate',
  base: 'Base',
  vat: 'VAT',
  addresses: 'Addresses',
  deliveryAddress: 'Delivery address',
  billingAddress: 'Billing address',
  sameAsDelivery: 'Same as the delivery address',
  r1Invoice: 'R1 invoice',
  noR1: 'No R1 invoice',
  taxId: 'Tax number',
  notes: 'Notes',
  courierNote: 'Note for the courier',
  remark: 'Remark',
  noneGiven: '–',
  history: 'History',
  historyCaption: 'Order history, oldest first',
  when: 'When',
  what: 'What',
  who: 'Who',
  detail: 'Details',
  noHistory: 'No entries yet.',
  actions: 'Actions',
  noActions: 'The order allows no action in its current state.',
  trackingNumber: 'Tracking number',
  trackingHint: '4 to 40 letters, digits, spaces or dashes',
  confirmCancel: 'I confirm the cancellation: the stock is released and a paid card payment refunded.',
  confirmRefund: 'I confirm refunding the customer.',
  confirmRequired: 'Tick the confirmation before you go on.',
  actionButton: {
    ship: 'Mark as shipped',
    deliver: 'Mark as delivered',
    'cash-received': 'Cash received',
    cancel: 'Cancel order',
    refund: 'Refund',
  },
  done: {
    ship: 'Order shipped.',
    deliver: 'Order delivered.',
    'cash-received': 'Cash recorded as received.',
    cancel: 'Order cancelled.',
    refund: 'Order refunded.',
  },
  trackingRequired: 'Enter the tracking number.',
  trackingInvalid: 'A tracking number has 4 to 40 letters, digits, spaces or dashes.',
  failed: 'The action did not succeed.',
  forbiddenTitle: 'Access denied',
  forbiddenText: "This page is for the shop's operators only. You are signed in with an account that is not one.",
  notFoundTitle: 'Page not found',
  notFoundText: 'That order or page does not exist.',
  paymentStatuses: { awaiting_payment: 'Awaiting payment', paid: 'Paid', failed: 'Payment failed', refunded: 'Refunded' },
  fulfilmentStatuses: { placed: 'Placed', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled' },
  paymentMethods: { card: 'Card', cod: 'Cash on delivery' },
  languages: LANGUAGES,
  historyActions: {
    payment_method_changed: 'Payment method changed',
    placed: 'Placed',
    payment_paid: 'Paid',
    payment_failed: 'Payment failed',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cash_received: 'Cash received',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    expired: 'Expired (unpaid)',
  },
};

const de: AdminOrdersTexts = {
  htmlTitleList: 'Bestellungen – Verwaltung – Zlatno zrno',
  htmlTitleOrder: (n) => `Bestellung ${n} – Verwaltung – Zlatno zrno`,
  skipToContent: 'Zum Inhalt springen',
  siteNav: 'Verwaltung',
  orders: 'Bestellungen',
  queues: 'Auftragswarteschlangen',
  shop: 'Shop',
  heading: 'Bestellungen',
  filters: 'Filter',
  fulfilmentStatus: 'Lieferstatus',
  paymentStatus: 'Zahlungsstatus',
  paymentMethod: 'Zahlungsart',
  search: 'Suche',
  searchHint: 'Bestellnummer oder E-Mail-Adresse (oder ein Teil davon)',
  any: 'Alle',
  apply: 'Filter anwenden',
  reset: 'Filter zurücksetzen',
  found: (n) => (n === 1 ? '1 Bestellung gefunden.' : `${n} Bestellungen gefunden.`),
  none: 'Keine Bestellung entspricht den Filtern.',
  tableCaption: (p, ps) => `Bestellungen, neueste zuerst (Seite ${p} von ${ps})`,
  number: 'Nummer',
  date: 'Datum',
  customer: 'Kunde',
  country: 'Land',
  total: 'Gesamt',
  method: 'Zahlung',
  tracking: 'Sendungsnummer',
  pages: 'Seiten',
  previous: 'Zurück',
  next: 'Weiter',
  pageN: (n) => `Seite ${n}`,
  badFilter: 'Einige Filter waren ungültig und wurden ignoriert.',
  backToList: 'Zurück zu den Bestellungen',
  orderHeading: (n) => `Bestellung ${n}`,
  summary: 'Übersicht',
  placedAt: 'Bestellt',
  email: 'E-Mail',
  phone: 'Telefon',
  language: 'Sprache',
  coupon: 'Gutschein',
  lines: 'Positionen',
  linesCaption: 'Bestellpositionen und Beträge (inkl. MwSt.)',
  code: 'Artikelnummer',
  product: 'Produkt',
  unitPrice: 'Stückpreis',
  quantity: 'Menge',
  vatRate: 'MwSt.-Satz',
  lineTotal: 'Betrag',
  subtotal: 'Zwischensumme',
  discount: 'Rabatt',
  delivery: 'Versand',
  vatBase: 'MwSt.-Bemessungsgrundlage',
  vatTotal: 'MwSt. gesamt',
  vatByRate: 'MwSt. nach Satz',
  vatCaption: 'MwSt. nach Satz (Versand zum Satz von 25 %)',
  rate: 'Satz',
  base: 'Grundlage',
  vat: 'MwSt.',
  addresses: 'Adressen',
  deliveryAddress: 'Lieferadresse',
  billingAddress: 'Rechnungsadresse',
  sameAsDelivery: 'Wie die Lieferadresse',
  r1Invoice: 'R1-Rechnung',
  noR1: 'Keine R1-Rechnung',
  taxId: 'Steuernummer',
  notes: 'Hinweise',
  courierNote: 'Hinweis für den Zusteller',
  remark: 'Anmerkung',
  noneGiven: '–',
  history: 'Verlauf',
  historyCaption: 'Verlauf der Bestellung, älteste zuerst',
  when: 'Wann',
  what: 'Was',
  who: 'Wer',
  detail: 'Einzelheiten',
  noHistory: 'Noch keine Einträge.',
  actions: 'Aktionen',
  noActions: 'Die Bestellung erlaubt in ihrem aktuellen Zustand keine Aktion.',
  trackingNumber: 'Sendungsnummer',
  trackingHint: '4 bis 40 Buchstaben, Ziffern, Leerzeichen oder Bindestriche',
  confirmCancel: 'Ich bestätige die Stornierung: Der Bestand wird freigegeben und eine bezahlte Kartenzahlung erstattet.',
  confirmRefund: 'Ich bestätige die Erstattung an den Kunden.',
  confirmRequired: 'Bitte bestätigen Sie zuerst das Kontrollkästchen.',
  actionButton: {
    ship: 'Als versandt markieren',
    deliver: 'Als zugestellt markieren',
    'cash-received': 'Bargeld erhalten',
    cancel: 'Bestellung stornieren',
    refund: 'Erstatten',
  },
  done: {
    ship: 'Bestellung versandt.',
    deliver: 'Bestellung zugestellt.',
    'cash-received': 'Barzahlung als erhalten erfasst.',
    cancel: 'Bestellung storniert.',
    refund: 'Bestellung erstattet.',
  },
  trackingRequired: 'Geben Sie die Sendungsnummer ein.',
  trackingInvalid: 'Eine Sendungsnummer hat 4 bis 40 Buchstaben, Ziffern, Leerzeichen oder Bindestriche.',
  failed: 'Die Aktion ist nicht gelungen.',
  forbiddenTitle: 'Zugriff verweigert',
  forbiddenText: 'Diese Seite ist nur für die Betreiber des Shops. Sie sind mit einem anderen Konto angemeldet.',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundText: 'Diese Bestellung oder Seite gibt es nicht.',
  paymentStatuses: { awaiting_payment: 'Zahlung ausstehend', paid: 'Bezahlt', failed: 'Zahlung fehlgeschlagen', refunded: 'Erstattet' },
  fulfilmentStatuses: { placed: 'Eingegangen', shipped: 'Versandt', delivered: 'Zugestellt', cancelled: 'Storniert' },
  paymentMethods: { card: 'Karte', cod: 'Nachnahme' },
  languages: LANGUAGES,
  historyActions: {
    payment_method_changed: 'Zahlungsart geändert',
    placed: 'Bestellt',
    payment_paid: 'Bezahlt',
    payment_failed: 'Zahlung fehlgeschlagen',
    shipped: 'Versandt',
    delivered: 'Zugestellt',
    cash_received: 'Bargeld erhalten',
    cancelled: 'Storniert',
    refunded: 'Erstattet',
    expired: 'Abgelaufen (unbezahlt)',
  },
};

const sl: AdminOrdersTexts = {
  htmlTitleList: 'Naročila – administracija – Zlatno zrno',
  htmlTitleOrder: (n) => `Naročilo ${n} – administracija – Zlatno zrno`,
  skipToContent: 'Preskoči na vsebino',
  siteNav: 'Administracija',
  orders: 'Naročila',
  queues: 'Čakalne vrste opravil',
  shop: 'Trgovina',
  heading: 'Naročila',
  filters: 'Filtri',
  fulfilmentStatus: 'Stanje dostave',
  paymentStatus: 'Stanje plačila',
  paymentMethod: 'Način plačila',
  search: 'Iskanje',
  searchHint: 'Številka naročila ali e-poštni naslov (ali njun del)',
  any: 'Vsa',
  apply: 'Uporabi filtre',
  reset: 'Ponastavi filtre',
  found: (n) => (n === 1 ? 'Najdeno je 1 naročilo.' : `Najdenih naročil: ${n}.`),
  none: 'Nobeno naročilo ne ustreza filtrom.',
  tableCaption: (p, ps) => `Naročila, najnovejša najprej (stran ${p} od ${ps})`,
  number: 'Številka',
  date: 'Datum',
  customer: 'Kupec',
  country: 'Država',
  total: 'Skupaj',
  method: 'Plačilo',
  tracking: 'Številka pošiljke',
  pages: 'Strani',
  previous: 'Prejšnja',
  next: 'Naslednja',
  pageN: (n) => `Stran ${n}`,
  badFilter: 'Nekateri filtri niso bili veljavni in so bili prezrti.',
  backToList: 'Nazaj na naročila',
  orderHeading: (n) => `Naročilo ${n}`,
  summary: 'Pregled',
  placedAt: 'Naročeno',
  email: 'E-pošta',
  phone: 'Telefon',
  language: 'Jezik',
  coupon: 'Kupon',
  lines: 'Postavke',
  linesCaption: 'Postavke naročila in zneski (z DDV)',
  code: 'Šifra',
  product: 'Izdelek',
  unitPrice: 'Cena na enoto',
  quantity: 'Količina',
  vatRate: 'Stopnja DDV',
  lineTotal: 'Znesek',
  subtotal: 'Vmesni seštevek',
  discount: 'Popust',
  delivery: 'Dostava',
  vatBase: 'Osnova za DDV',
  vatTotal: 'DDV skupaj',
  vatByRate: 'DDV po stopnjah',
  vatCaption: 'DDV po stopnjah (dostava po stopnji 25 %)',
  rate: 'Stopnja',
  base: 'Osnova',
  vat: 'DDV',
  addresses: 'Naslovi',
  deliveryAddress: 'Naslov za dostavo',
  billingAddress: 'Naslov za račun',
  sameAsDelivery: 'Enak naslovu za dostavo',
  r1Invoice: 'Račun R1',
  noR1: 'Brez računa R1',
  taxId: 'Davčna številka',
  notes: 'Opombe',
  courierNote: 'Opomba za dostavljavca',
  remark: 'Opomba',
  noneGiven: '–',
  history: 'Zgodovina',
  historyCaption: 'Zgodovina naročila, najstarejše najprej',
  when: 'Kdaj',
  what: 'Kaj',
  who: 'Kdo',
  detail: 'Podrobnosti',
  noHistory: 'Še ni zapisov.',
  actions: 'Dejanja',
  noActions: 'Naročilo v trenutnem stanju ne dopušča nobenega dejanja.',
  trackingNumber: 'Številka pošiljke',
  trackingHint: '4 do 40 črk, števk, presledkov ali pomišljajev',
  confirmCancel: 'Potrjujem preklic: zaloga se sprosti, plačano plačilo s kartico se vrne.',
  confirmRefund: 'Potrjujem vračilo denarja kupcu.',
  confirmRequired: 'Preden nadaljujete, označite potrditev.',
  actionButton: {
    ship: 'Označi kot poslano',
    deliver: 'Označi kot dostavljeno',
    'cash-received': 'Gotovina prejeta',
    cancel: 'Prekliči naročilo',
    refund: 'Vrni denar',
  },
  done: {
    ship: 'Naročilo je poslano.',
    deliver: 'Naročilo je dostavljeno.',
    'cash-received': 'Gotovina je zabeležena kot prejeta.',
    cancel: 'Naročilo je preklicano.',
    refund: 'Denar je vrnjen.',
  },
  trackingRequired: 'Vpišite številko pošiljke.',
  trackingInvalid: 'Številka pošiljke ima 4 do 40 črk, števk, presledkov ali pomišljajev.',
  failed: 'Dejanje ni uspelo.',
  forbiddenTitle: 'Dostop ni dovoljen',
  forbiddenText: 'Ta stran je samo za upravljavce trgovine. Prijavljeni ste z računom, ki to ni.',
  notFoundTitle: 'Strani ni mogoče najti',
  notFoundText: 'To naročilo ali stran ne obstaja.',
  paymentStatuses: { awaiting_payment: 'Čaka na plačilo', paid: 'Plačano', failed: 'Plačilo ni uspelo', refunded: 'Vrnjeno' },
  fulfilmentStatuses: { placed: 'Oddano', shipped: 'Poslano', delivered: 'Dostavljeno', cancelled: 'Preklicano' },
  paymentMethods: { card: 'Kartica', cod: 'Po povzetju' },
  languages: LANGUAGES,
  historyActions: {
    payment_method_changed: 'Spremenjen način plačila',
    placed: 'Naročeno',
    payment_paid: 'Plačano',
    payment_failed: 'Plačilo ni uspelo',
    shipped: 'Poslano',
    delivered: 'Dostavljeno',
    cash_received: 'Gotovina prejeta',
    cancelled: 'Preklicano',
    refunded: 'Vrnjeno',
    expired: 'Poteklo (neplačano)',
  },
};

export const ADMIN_ORDERS_TEXTS: Record<Locale, AdminOrdersTexts> = { hr, en, de, sl };
