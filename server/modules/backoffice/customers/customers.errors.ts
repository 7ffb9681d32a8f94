import { DomainError, type ErrorKind } from '../../../platform/http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../../../platform/i18n/index.js';

/** Every refusal of the customer API: each code's HTTP kind; the texts are in server/locales (`customers.errors`). */
const CODES = {
  CUSTOMER_FILTER_INVALID: 'invalid',
  CUSTOMER_ID_INVALID: 'invalid',
  CUSTOMER_INVITATION_ID_INVALID: 'invalid',
  CUSTOMER_NOT_FOUND: 'not_found',
  CUSTOMER_INVITATION_NOT_FOUND: 'not_found',
  CUSTOMER_REASON_REQUIRED: 'invalid',
  CUSTOMER_REASON_TOO_LONG: 'invalid',
  CUSTOMER_ERASE_CONFIRMATION: 'invalid',
  CUSTOMER_ERASE_SELF: 'conflict',
  CUSTOMER_ERASE_OPEN_ORDERS: 'conflict',
  CUSTOMER_ALREADY_ERASED: 'conflict',
  CUSTOMER_BLOCK_SELF: 'conflict',
  CUSTOMER_ALREADY_BLOCKED: 'conflict',
  CUSTOMER_NOT_BLOCKED: 'conflict',
} as const satisfies Record<keyof ServerTexts['customers']['errors'], ErrorKind>;

export type CustomerErrorCode = keyof typeof CODES;

export class CustomerError extends DomainError {
  constructor(code: CustomerErrorCode, params: Record<string, string | number> = {}, field?: string) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code], field, [], params);
  }
}
