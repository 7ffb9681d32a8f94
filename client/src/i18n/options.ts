import type { InitOptions } from 'i18next';

/** What the server's and the browser's instances share, so both translate alike. */
export const I18N_OPTIONS = {
  interpolation: { escapeValue: false }, // React escapes; titles go through React too
  returnEmptyString: false,
} satisfies InitOptions;
