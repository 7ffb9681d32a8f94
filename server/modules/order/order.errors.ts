import { DomainError, type ErrorDetail, type ErrorKind } from '../../platform/http/domain-error.js';
import type { OrderTotalsDetail } from '../../../contract/api/order.js';
import { localizedMessage, type ServerTexts } from '../../platform/i18n/index.js';

/** Every refusal of the order module: each code's HTTP kind; the texts are in server/locales (`order.errors`). */
const CODES = {
  ORDER_AUTH_REQUIRED: 'unauthenticated',
  // 'try again' for an order that is paid, cancelled, refunded or paid in cash
  ORDER_PAYMENT_NOT_RETRYABLE: 'conflict',
  // the pending order's 'pay on delivery' / 'cancel' for an order that is paid, shipped, cancelled or cash on delivery
  ORDER_NOT_PENDING: 'conflict',
  ORDER_NOT_FOUND: 'not_found',
  // a step the order's payment or fulfilment state machine does not allow (contract/orders.ts)
  ORDER_TRANSITION_REFUSED: 'conflict',
  // ----- operators (contract/api/admin-orders.ts) -----
  ORDER_TRACKING_NUMBER_REQUIRED: 'invalid',
  ORDER_TRACKING_NUMBER_INVALID: 'invalid',
  // a card order whose total Monri cannot charge (its amount is 3 to 11 digits of cents: at least 1.00 EUR)
  ORDER_CARD_AMOUNT_OUT_OF_RANGE: 'invalid',
  // ----- the back office's order screens (docs/admin.md 'Orders in the back office') -----
  ORDER_NOTE_REQUIRED: 'invalid',
  ORDER_NOTE_TOO_LONG: 'invalid',
  ORDER_MAIL_INVALID: 'invalid',
  // the order's states do not call for that mail (e.g. 'shipped' before shipping)
  ORDER_MAIL_NOT_APPLICABLE: 'conflict',
  ORDER_REFUND_EMPTY: 'invalid',
  ORDER_REFUND_LINE_UNKNOWN: 'invalid',
  ORDER_REFUND_TOO_MANY: 'conflict',
  ORDER_REFUND_SHIPPING_DONE: 'conflict',
  ORDER_REFUND_ABOVE_LEFT: 'conflict',
  // the amount the screen showed is not what the refund would be now (another refund meanwhile)
  ORDER_REFUND_CHANGED: 'conflict',
  ORDER_SLIPS_INVALID: 'invalid',
  ORDER_SLIPS_NONE: 'not_found',
  // ----- placing an order: the body (contract/api/order.ts) -----
  ORDER_FIELD_REQUIRED: 'invalid',
  ORDER_FIELD_INVALID: 'invalid',
  ORDER_FIELD_TOO_LONG: 'invalid',
  ORDER_EMAIL_INVALID: 'invalid',
  ORDER_PHONE_INVALID: 'invalid',
  ORDER_POSTAL_CODE_INVALID: 'invalid',
  // the shape is fine but not the country's format (checked by the server with the cart's delivery rules)
  ORDER_POSTAL_CODE_MISMATCH: 'invalid',
  ORDER_COUNTRY_INVALID: 'invalid',
  ORDER_OIB_INVALID: 'invalid',
  ORDER_VAT_INVALID: 'invalid',
  ORDER_PAYMENT_METHOD_INVALID: 'invalid',
  ORDER_TERMS_REQUIRED: 'invalid',
  ORDER_EXPECTED_TOTAL_INVALID: 'invalid',
  // ----- placing an order: the request and the cart -----
  ORDER_IDEMPOTENCY_KEY_INVALID: 'invalid',
  ORDER_IDEMPOTENCY_CONFLICT: 'conflict',
  ORDER_CART_EMPTY: 'conflict',
  // the cart now costs something else than the shopper confirmed: nothing is saved
  ORDER_TOTAL_CHANGED: 'conflict',
  ORDER_PRODUCT_UNAVAILABLE: 'conflict',
  ORDER_COUPON_UNAVAILABLE: 'conflict',
} as const satisfies Record<keyof ServerTexts['order']['errors'], ErrorKind>;

export type OrderErrorCode = keyof typeof CODES;

/** A refusal of the order module (its message in the caller's language is in server/locales). */
export class OrderError extends DomainError {
  constructor(code: OrderErrorCode, params: Record<string, string | number> = {}, field?: string, more: ErrorDetail[] = []) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code], field, more, params);
  }
}

/**
 * 409 ORDER_TOTAL_CHANGED: the error also carries the cart's new totals (`totals`, integer cents),
 * so the confirmation step can show them without another call (contract: `OrderTotalChangedError`).
 */
export class OrderTotalChangedError extends OrderError {
  constructor(
    params: { total: string; expected: string },
    readonly totals: OrderTotalsDetail,
  ) {
    super('ORDER_TOTAL_CHANGED', params, 'expected_total');
  }

  override get details(): ErrorDetail[] {
    const [first, ...rest] = super.details;
    return [{ ...first, totals: this.totals } as ErrorDetail, ...rest];
  }
}
