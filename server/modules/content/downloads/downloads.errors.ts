import { registerErrorMessages } from '../../../platform/i18n/index.js';

/** The downloads' refusals; messages in the four languages. */
export const DOWNLOADS_ERRORS = {
  NOT_FOUND: 'DOWNLOADS_NOT_FOUND',
  INVALID_LOCALE: 'DOWNLOADS_INVALID_LOCALE',
} as const;

registerErrorMessages({
  DOWNLOADS_NOT_FOUND: {
    hr: 'Ta datoteka za preuzimanje ne postoji.',
    en: 'There is no such download.',
    de: 'Diesen Download gibt es nicht.',
    sl: 'Te datoteke za prenos ni.',
  },
  DOWNLOADS_INVALID_LOCALE: {
    hr: 'Jezik mora biti jedan od: hr, en, de, sl.',
    en: 'The language must be one of: hr, en, de, sl.',
    de: 'Die Sprache muss eine von hr, en, de, sl sein.',
    sl: 'Jezik mora biti eden od: hr, en, de, sl.',
  },
});
