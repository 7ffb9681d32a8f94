import { DomainError, type ErrorKind } from '../../../platform/http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../../../platform/i18n/index.js';

/** The operators' refusals and their statuses; the texts are in server/locales (`invoicing.errors`). */
const CODES = {
  INVOICE_NOT_FOUND: 'not_found',
  INVOICE_ALREADY_FISCALIZED: 'conflict',
  INVOICE_NOT_REVERSIBLE: 'conflict',
  INVOICE_NOTHING_LEFT: 'conflict',
  INVOICE_STORNO_AMOUNT_TOO_HIGH: 'invalid',
} as const satisfies Partial<Record<keyof ServerTexts['invoicing']['errors'], ErrorKind>>;

export type InvoiceAdminErrorCode = keyof typeof CODES;

export class InvoiceAdminError extends DomainError {
  constructor(code: InvoiceAdminErrorCode, params: Record<string, string | number> = {}) {
    super(
      code,
      localizedMessage(code, 'en', params) ?? code,
      CODES[code],
      code === 'INVOICE_STORNO_AMOUNT_TOO_HIGH' ? 'amount' : undefined,
      [],
      params,
    );
  }
}
