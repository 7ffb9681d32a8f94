import { registerErrorMessages } from '../../platform/i18n/index.js';

/** The catalog's error codes; their messages in the four languages are registered below. */
export const CATALOG_ERRORS = {
  PRODUCT_NOT_FOUND: 'CATALOG_PRODUCT_NOT_FOUND',
  OUT_OF_STOCK: 'CATALOG_OUT_OF_STOCK',
  INVALID_QUERY: 'CATALOG_INVALID_QUERY',
  INVALID_LOCALE: 'CATALOG_INVALID_LOCALE',
  INVALID_PAGE: 'CATALOG_INVALID_PAGE',
  INVALID_PAGE_SIZE: 'CATALOG_INVALID_PAGE_SIZE',
  INVALID_CATEGORY: 'CATALOG_INVALID_CATEGORY',
  INVALID_PRICE: 'CATALOG_INVALID_PRICE',
} as const;

registerErrorMessages({
  CATALOG_PRODUCT_NOT_FOUND: {
    hr: 'Proizvod nije pronađen.',
    en: 'Product not found.',
    de: 'Produkt nicht gefunden.',
    sl: 'Izdelka ni mogoče najti.',
  },
  CATALOG_OUT_OF_STOCK: {
    hr: 'Proizvoda „{name}” više nema dovoljno na zalihi (dostupno: {available}).',
    en: 'There is no longer enough of “{name}” in stock (available: {available}).',
    de: 'Von „{name}“ ist nicht mehr genug auf Lager (verfügbar: {available}).',
    sl: 'Izdelka »{name}« ni več dovolj na zalogi (na voljo: {available}).',
  },
  CATALOG_INVALID_QUERY: {
    hr: 'Pojam za pretraživanje smije imati najviše 100 znakova.',
    en: 'The search term may have at most 100 characters.',
    de: 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.',
    sl: 'Iskalni niz ima lahko največ 100 znakov.',
  },
  CATALOG_INVALID_LOCALE: {
    hr: 'Jezik mora biti jedan od: hr, en, de, sl.',
    en: 'The language must be one of: hr, en, de, sl.',
    de: 'Die Sprache muss eine von hr, en, de, sl sein.',
    sl: 'Jezik mora biti eden od: hr, en, de, sl.',
  },
  CATALOG_INVALID_PAGE: {
    hr: 'Stranica mora biti cijeli broj od 1 naviše.',
    en: 'The page must be a whole number from 1 up.',
    de: 'Die Seite muss eine ganze Zahl ab 1 sein.',
    sl: 'Stran mora biti celo število od 1 naprej.',
  },
  CATALOG_INVALID_PAGE_SIZE: {
    hr: 'Broj proizvoda po stranici mora biti cijeli broj od 1 do 48.',
    en: 'The number of products per page must be a whole number from 1 to 48.',
    de: 'Die Anzahl der Produkte pro Seite muss eine ganze Zahl von 1 bis 48 sein.',
    sl: 'Število izdelkov na stran mora biti celo število od 1 do 48.',
  },
  CATALOG_INVALID_CATEGORY: {
    hr: 'Kategorija mora biti kratka oznaka (slova, brojke i crtice).',
    en: 'The category must be a short slug (letters, digits and hyphens).',
    de: 'Die Kategorie muss ein kurzer Slug sein (Buchstaben, Ziffern und Bindestriche).',
    sl: 'Kategorija mora biti kratka oznaka (črke, številke in vezaji).',
  },
  CATALOG_INVALID_PRICE: {
    hr: 'Cijena mora biti cijeli broj centi veći od nule.',
    en: 'The price must be a whole number of cents above zero.',
    de: 'Der Preis muss eine ganze Zahl von Cent über null sein.',
    sl: 'Cena mora biti celo število centov, večje od nič.',
  },
});
