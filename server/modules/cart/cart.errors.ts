import { DomainError, type ErrorDetail, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../../platform/i18n/index.js';

/** Every refusal of the cart and coupons: each code's HTTP kind; the texts are in server/locales (`cart.errors`). */
const CODES = {
  CART_QUANTITY_INVALID: 'invalid',
  CART_PRODUCT_CODE_INVALID: 'invalid',
  CART_EXPECTED_PRICE_INVALID: 'invalid',
  CART_PRODUCT_NOT_FOUND: 'not_found',
  CART_PRODUCT_UNAVAILABLE: 'conflict',
  CART_STOCK_EXCEEDED: 'conflict',
  CART_QUANTITY_LIMIT: 'invalid',
  CART_PRICE_CHANGED: 'conflict',
  CART_LINE_NOT_FOUND: 'not_found',
  CART_COUNTRY_INVALID: 'invalid',
  CART_DESTINATION_UNSUPPORTED: 'invalid',
  CART_POSTAL_CODE_INVALID: 'invalid',
  CART_POSTAL_CODE_MALFORMED: 'invalid',
  CART_COUPON_CODE_INVALID: 'invalid',
  COUPON_UNKNOWN: 'invalid',
  COUPON_NOT_YET_VALID: 'invalid',
  COUPON_EXPIRED: 'invalid',
  COUPON_BELOW_MINIMUM: 'invalid',
  COUPON_USED_UP: 'invalid',
  COUPON_PERSONAL: 'invalid',
  COUPON_ALREADY_USED: 'invalid',
  COUPON_DISABLED: 'invalid',
  COUPON_BUSINESS_ONLY: 'invalid',
  COUPON_FIRST_ORDER_ONLY: 'invalid',
  // the operators' coupon API (coupon-admin.controller.ts)
  COUPON_NOT_FOUND: 'not_found',
  COUPON_ID_INVALID: 'invalid',
  COUPON_CODE_TAKEN: 'conflict',
  COUPON_LOCKED: 'conflict',
  COUPON_CODE_FORMAT: 'invalid',
  COUPON_KIND_INVALID: 'invalid',
  COUPON_PERCENT_INVALID: 'invalid',
  COUPON_AMOUNT_INVALID: 'invalid',
  COUPON_DATE_INVALID: 'invalid',
  COUPON_VALIDITY_ORDER: 'invalid',
  COUPON_MINIMUM_INVALID: 'invalid',
  COUPON_LIMIT_INVALID: 'invalid',
  COUPON_FLAG_INVALID: 'invalid',
  COUPON_FILTER_INVALID: 'invalid',
  COUPON_CHANGE_EMPTY: 'invalid',
  COUPON_RATE_LIMITED: 'rate_limited',
} as const satisfies Record<keyof ServerTexts['cart']['errors'], ErrorKind>;

export type CartErrorCode = keyof typeof CODES;

type Params = Record<string, string | number>;

/** A refusal of the cart or coupon rules; `more` carries further field problems of the same request. */
export class CartError extends DomainError {
  constructor(code: CartErrorCode, params: Params = {}, field?: string, more: ErrorDetail[] = []) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code], field, more, params);
  }
}
