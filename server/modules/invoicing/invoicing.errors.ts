import type { ServerTexts } from '../../platform/i18n/index.js';

/** The invoicing module's refusals; their texts are in server/locales (`invoicing.errors`). */
export const INVOICING_ERRORS = {
  NOT_FOUND: 'INVOICE_NOT_FOUND',
  NO_EINVOICE: 'INVOICE_NO_EINVOICE',
} as const satisfies Record<string, keyof ServerTexts['invoicing']['errors']>;
