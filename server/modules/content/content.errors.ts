import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../../platform/i18n/index.js';

/** Every refusal of the content module: HTTP kind, and the message in the four languages. */
const CODES = {
  // unknown, unpublished, future or malformed slug / key / id
  CONTENT_NOT_FOUND: {
    kind: 'not_found',
    hr: 'Stranica nije pronađena.',
    en: 'Page not found.',
    de: 'Seite nicht gefunden.',
    sl: 'Strani ni mogoče najti.',
  },
  CONTENT_CATEGORY_NOT_FOUND: {
    kind: 'not_found',
    hr: 'Kategorija recepata nije pronađena.',
    en: 'Recipe category not found.',
    de: 'Rezeptkategorie nicht gefunden.',
    sl: 'Kategorije receptov ni mogoče najti.',
  },
  // admin: publishing a translation whose file is gone from content/
  CONTENT_TRANSLATION_REMOVED: {
    kind: 'conflict',
    hr: 'Datoteka ovog prijevoda više ne postoji u mapi content/; vratite je pa ponovno uvezite sadržaj.',
    en: "This translation's file is no longer in content/; restore it and import the content again.",
    de: 'Die Datei dieser Übersetzung ist nicht mehr in content/; stellen Sie sie wieder her und importieren Sie die Inhalte erneut.',
    sl: 'Datoteke tega prevoda ni več v mapi content/; obnovite jo in znova uvozite vsebino.',
  },
  CONTENT_INVALID_LOCALE: {
    kind: 'invalid',
    hr: 'Jezik mora biti jedan od: hr, en, de, sl.',
    en: 'The language must be one of: hr, en, de, sl.',
    de: 'Die Sprache muss eine von hr, en, de, sl sein.',
    sl: 'Jezik mora biti eden od: hr, en, de, sl.',
  },
  CONTENT_INVALID_LIMIT: {
    kind: 'invalid',
    hr: 'Broj stavki mora biti cijeli broj od 1 do 48 (za administraciju do 200).',
    en: 'The number of items must be a whole number from 1 to 48 (200 for administration).',
    de: 'Die Anzahl der Einträge muss eine ganze Zahl von 1 bis 48 sein (200 für die Verwaltung).',
    sl: 'Število elementov mora biti celo število od 1 do 48 (za administracijo do 200).',
  },
  CONTENT_INVALID_OFFSET: {
    kind: 'invalid',
    hr: 'Pomak mora biti cijeli broj od 0 do 10000.',
    en: 'The offset must be a whole number from 0 to 10000.',
    de: 'Der Versatz muss eine ganze Zahl von 0 bis 10000 sein.',
    sl: 'Zamik mora biti celo število od 0 do 10000.',
  },
  CONTENT_INVALID_CATEGORY: {
    kind: 'invalid',
    hr: 'Kategorija mora biti kratka oznaka (mala slova, brojke i crtice).',
    en: 'The category must be a short slug (lowercase letters, digits and hyphens).',
    de: 'Die Kategorie muss ein kurzer Slug sein (Kleinbuchstaben, Ziffern und Bindestriche).',
    sl: 'Kategorija mora biti kratka oznaka (male črke, številke in vezaji).',
  },
  CONTENT_INVALID_TYPE: {
    kind: 'invalid',
    hr: 'Nepoznata vrsta sadržaja.',
    en: 'Unknown content type.',
    de: 'Unbekannte Inhaltsart.',
    sl: 'Neznana vrsta vsebine.',
  },
  CONTENT_TITLE_REQUIRED: {
    kind: 'invalid',
    hr: 'Upišite naslov.',
    en: 'Enter a title.',
    de: 'Geben Sie einen Titel ein.',
    sl: 'Vnesite naslov.',
  },
  CONTENT_TITLE_INVALID: {
    kind: 'invalid',
    hr: 'Naslov mora biti tekst.',
    en: 'The title must be text.',
    de: 'Der Titel muss Text sein.',
    sl: 'Naslov mora biti besedilo.',
  },
  CONTENT_TITLE_TOO_LONG: {
    kind: 'invalid',
    hr: 'Naslov smije imati najviše 200 znakova.',
    en: 'The title may have at most 200 characters.',
    de: 'Der Titel darf höchstens 200 Zeichen haben.',
    sl: 'Naslov ima lahko največ 200 znakov.',
  },
  CONTENT_SUMMARY_REQUIRED: {
    kind: 'invalid',
    hr: 'Upišite sažetak.',
    en: 'Enter a summary.',
    de: 'Geben Sie eine Zusammenfassung ein.',
    sl: 'Vnesite povzetek.',
  },
  CONTENT_SUMMARY_INVALID: {
    kind: 'invalid',
    hr: 'Sažetak mora biti tekst.',
    en: 'The summary must be text.',
    de: 'Die Zusammenfassung muss Text sein.',
    sl: 'Povzetek mora biti besedilo.',
  },
  CONTENT_SUMMARY_TOO_LONG: {
    kind: 'invalid',
    hr: 'Sažetak smije imati najviše 1000 znakova.',
    en: 'The summary may have at most 1000 characters.',
    de: 'Die Zusammenfassung darf höchstens 1000 Zeichen haben.',
    sl: 'Povzetek ima lahko največ 1000 znakov.',
  },
  CONTENT_SEO_TITLE_INVALID: {
    kind: 'invalid',
    hr: 'SEO naslov mora biti tekst.',
    en: 'The SEO title must be text.',
    de: 'Der SEO-Titel muss Text sein.',
    sl: 'Naslov SEO mora biti besedilo.',
  },
  CONTENT_SEO_TITLE_TOO_LONG: {
    kind: 'invalid',
    hr: 'SEO naslov smije imati najviše 200 znakova.',
    en: 'The SEO title may have at most 200 characters.',
    de: 'Der SEO-Titel darf höchstens 200 Zeichen haben.',
    sl: 'Naslov SEO ima lahko največ 200 znakov.',
  },
  CONTENT_SEO_DESCRIPTION_INVALID: {
    kind: 'invalid',
    hr: 'SEO opis mora biti tekst.',
    en: 'The SEO description must be text.',
    de: 'Die SEO-Beschreibung muss Text sein.',
    sl: 'Opis SEO mora biti besedilo.',
  },
  CONTENT_SEO_DESCRIPTION_TOO_LONG: {
    kind: 'invalid',
    hr: 'SEO opis smije imati najviše 400 znakova.',
    en: 'The SEO description may have at most 400 characters.',
    de: 'Die SEO-Beschreibung darf höchstens 400 Zeichen haben.',
    sl: 'Opis SEO ima lahko največ 400 znakov.',
  },
  CONTENT_IMAGE_ALT_INVALID: {
    kind: 'invalid',
    hr: 'Opis slike mora biti tekst.',
    en: 'The image description must be text.',
    de: 'Die Bildbeschreibung muss Text sein.',
    sl: 'Opis slike mora biti besedilo.',
  },
  CONTENT_IMAGE_ALT_TOO_LONG: {
    kind: 'invalid',
    hr: 'Opis slike smije imati najviše 400 znakova.',
    en: 'The image description may have at most 400 characters.',
    de: 'Die Bildbeschreibung darf höchstens 400 Zeichen haben.',
    sl: 'Opis slike ima lahko največ 400 znakov.',
  },
  CONTENT_BODY_INVALID: {
    kind: 'invalid',
    hr: 'Tekst mora biti Markdown tekst.',
    en: 'The body must be Markdown text.',
    de: 'Der Text muss Markdown-Text sein.',
    sl: 'Besedilo mora biti besedilo Markdown.',
  },
  CONTENT_BODY_TOO_LONG: {
    kind: 'invalid',
    hr: 'Tekst je predug (najviše 200 000 znakova).',
    en: 'The body is too long (at most 200,000 characters).',
    de: 'Der Text ist zu lang (höchstens 200.000 Zeichen).',
    sl: 'Besedilo je predolgo (največ 200.000 znakov).',
  },
  CONTENT_UPDATE_EMPTY: {
    kind: 'invalid',
    hr: 'Nema ničega za promijeniti.',
    en: 'There is nothing to change.',
    de: 'Es gibt nichts zu ändern.',
    sl: 'Ničesar ni za spremeniti.',
  },
} satisfies Record<string, LocalizedMessage & { kind: ErrorKind }>;

export type ContentErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

/** A refusal of the content module (its message in the caller's language comes from the registration above). */
export class ContentError extends DomainError {
  constructor(code: ContentErrorCode) {
    super(code, localizedMessage(code, 'en') ?? code, CODES[code].kind);
  }
}
