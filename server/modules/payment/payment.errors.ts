import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import type { ServerTexts } from '../../platform/i18n/index.js';

/** Every refusal of the payment module and its HTTP kind; the texts are in server/locales (`payment.errors`). */
const KIND = {
  PAYMENT_DATA_INVALID: 'invalid',
  PAYMENT_PROVIDER_UNAVAILABLE: 'unavailable',
  // a callback whose WP3-callback signature over the raw body is missing or wrong (or whose body is not a callback)
  PAYMENT_CALLBACK_UNVERIFIED: 'unauthenticated',
  // a callback body with bytes no field may hold (not UTF-8, a control character, an unpaired surrogate), refused before its fields are read
  PAYMENT_CALLBACK_MALFORMED: 'malformed',
  // the provider answered a refund, but refused it (no approved payment it knows, or more than is left of it)
  PAYMENT_REFUND_REFUSED: 'conflict',
  // the provider refused to capture an authorization (the operator ships), or there is none to capture
  PAYMENT_TRANSACTION_REFUSED: 'conflict',
  // the browser came back from the card page with a reference no payment attempt has
  PAYMENT_RETURN_UNKNOWN: 'not_found',
  // POST /api/payments/{provider}/callback for a provider the shop does not have
  PAYMENT_PROVIDER_UNKNOWN: 'not_found',
} as const satisfies Record<keyof ServerTexts['payment']['errors'], ErrorKind>;

export type PaymentErrorCode = keyof typeof KIND;

/** A payment problem with a stable code; `field` names the Monri form field that could not be built. */
export class PaymentError extends DomainError {
  constructor(code: PaymentErrorCode, message: string, field?: string) {
    super(code, message, KIND[code], field);
    this.name = 'PaymentError';
  }
}
