import type { Locale } from '../../../../contract/locales.js';
import type { DownloadKind } from '../../../../contract/api/downloads.js';

/**
 * The words the two PDFs print around the data, in the four languages. Titles and summaries of the
 * downloads come from the content entries (`content/downloads/*.md`) when the content module has
 * them; `FALLBACK_TITLES` (the same texts) stand in until then.
 */

export const FALLBACK_TITLES: Record<DownloadKind, Record<Locale, { title: string; summary: string }>> = {
  catalogue: {
    hr: { title: 'Katalog proizvoda', summary: 'Svi naši proizvodi s opisima, sastojcima i cijenama, izrađen iz trenutačne ponude trgovine.' },
    en: { title: 'Product catalogue', summary: 'All our products with descriptions, ingredients and prices, made from the shop’s current range.' },
    de: { title: 'Produktkatalog', summary: 'Alle unsere Produkte mit Beschreibungen, Zutaten und Preisen, erstellt aus dem aktuellen Sortiment des Shops.' },
    sl: { title: 'Katalog izdelkov', summary: 'Vsi naši izdelki z opisi, sestavinami in cenami, izdelan iz trenutne ponudbe trgovine.' },
  },
  'fun-book': {
    hr: { title: 'Zabavna knjižica', summary: 'Slova za bojanje, riječi za čitanje naglas i mjesta za crtanje, za djecu koja vole tjesteninu abecedu.' },
    en: { title: 'Fun book', summary: 'Letters to colour, words to read aloud and space to draw, for children who love alphabet pasta.' },
    de: { title: 'Spiel- und Malheft', summary: 'Buchstaben zum Ausmalen, Wörter zum Vorlesen und Platz zum Malen, für Kinder, die Buchstabennudeln lieben.' },
    sl: { title: 'Zabavna knjižica', summary: 'Črke za barvanje, besede za branje na glas in prostor za risanje, za otroke, ki imajo radi testenine abecedo.' },
  },
};

/** File names offered to the browser (`Content-Disposition`), per language: ASCII and the UTF-8 form. */
export const FILE_NAMES: Record<DownloadKind, Record<Locale, string>> = {
  catalogue: { hr: 'zlatno-zrno-katalog-proizvoda', en: 'zlatno-zrno-product-catalogue', de: 'zlatno-zrno-produktkatalog', sl: 'zlatno-zrno-katalog-izdelkov' },
  'fun-book': { hr: 'zlatno-zrno-zabavna-knjižica', en: 'zlatno-zrno-fun-book', de: 'zlatno-zrno-spiel-und-malheft', sl: 'zlatno-zrno-zabavna-knjižica' },
};

export interface CatalogueLabels {
  title: string;
  /** `{date}`: the day the prices are from. */
  asOf: string;
  intro: string;
  since: string;
  oib: string;
  vatId: string;
  code: string;
  pack: Record<'standard' | 'business', string>;
  pricePerPiece: string;
  vatIncluded: string;
  perKg: string;
  offerUntil: string;
  lowest30d: string;
  available: string;
  soonAvailable: string;
  stockLeft: string;
  ingredients: string;
  allergens: string;
  lines: Record<string, string>;
  pricesNote: string;
  truncated: string;
  page: string;
  contents: string;
}

export const CATALOGUE_LABELS: Record<Locale, CatalogueLabels> = {
  hr: {
    title: 'Katalog proizvoda',
    asOf: 'Ponuda i cijene na dan {date}',
    intro: 'Tjestenina iz Slavonije, od durum pšenice i starih žitarica. Obiteljski proizvođač od 1992.',
    since: 'od 1992.',
    oib: 'OIB',
    vatId: 'PDV ID',
    code: 'Šifra',
    pack: { standard: 'Pakiranje {weight}', business: 'Poslovno pakiranje {weight}' },
    pricePerPiece: 'Cijena po komadu',
    vatIncluded: 'uključen PDV {rate} %',
    perKg: '{price} / kg',
    offerUntil: 'Akcija traje do {date}',
    lowest30d: 'Najniža cijena u posljednjih 30 dana: {price}',
    available: 'Dostupno',
    soonAvailable: 'Uskoro ponovno dostupno',
    stockLeft: 'Dostupno, još {count} kom.',
    ingredients: 'Sastojci',
    allergens: 'Alergeni',
    lines: { classic: 'Klasična', superfoodie: 'Superfoodie', alphabet: 'Abeceda', business: 'Poslovna pakiranja' },
    pricesNote: 'Cijene su u eurima s uključenim PDV-om i vrijede na navedeni dan; trenutačne cijene i dostupnost uvijek su u web trgovini.',
    truncated: 'Katalog prikazuje prvih {count} proizvoda; cijela ponuda je u web trgovini.',
    page: 'Stranica {n} od {total}',
    contents: 'Sadržaj',
  },
  en: {
    title: 'Product catalogue',
    asOf: 'Range and prices as of {date}',
    intro: 'Pasta from Slavonia, made from durum wheat and ancient grains. A family producer since 1992.',
    since: 'since 1992',
    oib: 'OIB',
    vatId: 'VAT ID',
    code: 'Code',
    pack: { standard: 'Pack of {weight}', business: 'Business pack of {weight}' },
    pricePerPiece: 'Price per piece',
    vatIncluded: 'incl. {rate}% VAT',
    perKg: '{price} / kg',
    offerUntil: 'Offer ends on {date}',
    lowest30d: 'Lowest price in the last 30 days: {price}',
    available: 'Available',
    soonAvailable: 'Soon available again',
    stockLeft: 'Available, {count} left',
    ingredients: 'Ingredients',
    allergens: 'Allergens',
    lines: { classic: 'Classic', superfoodie: 'Superfoodie', alphabet: 'Alphabet', business: 'Business' },
    pricesNote: 'Prices in euro including VAT, valid on the date above; current prices and availability are always in the web shop.',
    truncated: 'The catalogue shows the first {count} products; the whole range is in the web shop.',
    page: 'Page {n} of {total}',
    contents: 'Contents',
  },
  de: {
    title: 'Produktkatalog',
    asOf: 'Sortiment und Preise vom {date}',
    intro: 'Nudeln aus Slawonien, aus Hartweizen und alten Getreidesorten. Ein Familienbetrieb seit 1992.',
    since: 'seit 1992',
    oib: 'OIB',
    vatId: 'USt-IdNr.',
    code: 'Artikelnummer',
    pack: { standard: 'Packung {weight}', business: 'Großpackung {weight}' },
    pricePerPiece: 'Preis pro Stück',
    vatIncluded: 'inkl. {rate} % MwSt.',
    perKg: '{price} / kg',
    offerUntil: 'Angebot gültig bis {date}',
    lowest30d: 'Niedrigster Preis der letzten 30 Tage: {price}',
    available: 'Verfügbar',
    soonAvailable: 'Bald wieder verfügbar',
    stockLeft: 'Verfügbar, noch {count} Stück',
    ingredients: 'Zutaten',
    allergens: 'Allergene',
    lines: { classic: 'Klassik', superfoodie: 'Superfoodie', alphabet: 'Alphabet', business: 'Großpackungen' },
    pricesNote: 'Preise in Euro inklusive MwSt., gültig am oben genannten Tag; aktuelle Preise und Verfügbarkeit finden Sie immer im Webshop.',
    truncated: 'Der Katalog zeigt die ersten {count} Produkte; das ganze Sortiment finden Sie im Webshop.',
    page: 'Seite {n} von {total}',
    contents: 'Inhalt',
  },
  sl: {
    title: 'Katalog izdelkov',
    asOf: 'Ponudba in cene na dan {date}',
    intro: 'Testenine iz Slavonije, iz durum pšenice in starih žit. Družinski proizvajalec od leta 1992.',
    since: 'od leta 1992',
    oib: 'OIB',
    vatId: 'ID za DDV',
    code: 'Šifra',
    pack: { standard: 'Pakiranje {weight}', business: 'Poslovno pakiranje {weight}' },
    pricePerPiece: 'Cena na kos',
    vatIncluded: 'vključen {rate} % DDV',
    perKg: '{price} / kg',
    offerUntil: 'Akcija traja do {date}',
    lowest30d: 'Najnižja cena v zadnjih 30 dneh: {price}',
    available: 'Na voljo',
    soonAvailable: 'Kmalu spet na voljo',
    stockLeft: 'Na voljo, še {count} kos.',
    ingredients: 'Sestavine',
    allergens: 'Alergeni',
    lines: { classic: 'Klasična', superfoodie: 'Superfoodie', alphabet: 'Abeceda', business: 'Poslovna pakiranja' },
    pricesNote: 'Cene so v evrih z vključenim DDV in veljajo na navedeni dan; trenutne cene in razpoložljivost so vedno v spletni trgovini.',
    truncated: 'Katalog prikazuje prvih {count} izdelkov; celotna ponudba je v spletni trgovini.',
    page: 'Stran {n} od {total}',
    contents: 'Vsebina',
  },
};

/** `{name}` placeholders filled from `values`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The calendar day of `at` in Croatia (Europe/Zagreb), where the shop's prices and offers are read. */
export function zagrebDay(at: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zagreb', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** A date as each language writes it: 24. 11. 2026. (hr), 24 November 2026 (en), 24.11.2026 (de), 24. 11. 2026 (sl). Digits by hand, so every ICU gives the same text. */
export function formatDay(at: Date, locale: Locale): string {
  const { year, month, day } = zagrebDay(at);
  switch (locale) {
    case 'hr':
      return `${day}. ${month}. ${year}.`;
    case 'en':
      return `${day} ${EN_MONTHS[month - 1]} ${year}`;
    case 'de':
      return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
    case 'sl':
      return `${day}. ${month}. ${year}`;
  }
}

/** 400 -> "400 g", 1000 -> "1 kg" (decimal comma except in English). */
export function formatWeight(grams: number, locale: Locale): string {
  if (grams < 1000) return `${grams} g`;
  const kg = (grams / 1000).toString();
  return `${locale === 'en' ? kg : kg.replace('.', ',')} kg`;
}
