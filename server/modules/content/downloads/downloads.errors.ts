import type { ServerTexts } from '../../../platform/i18n/index.js';

/** The downloads' refusals; their texts are in server/locales (`downloads.errors`). */
export const DOWNLOADS_ERRORS = {
  NOT_FOUND: 'DOWNLOADS_NOT_FOUND',
  INVALID_LOCALE: 'DOWNLOADS_INVALID_LOCALE',
} as const satisfies Record<string, keyof ServerTexts['downloads']['errors']>;
