// The cart's public face: other modules import only from here (ESLint enforces it).
export { CartModule } from './cart.module.js';
export { CartService, MAX_QUANTITY, customerKeyOf, type CheckoutCart } from './cart.service.js';
export { CouponService, type NewCoupon } from './coupon.service.js';
export { BIRTHDAY_COUPON } from './listeners/birthday-coupon.listener.js';
export { BirthdayCouponIssued } from './events/cart.events.js';
export { CartError, type CartErrorCode } from './cart.errors.js';
export { computeTotals, STANDARD_VAT_RATE, type Totals, type TotalsInput, type TotalsLineInput, type VatRateRow } from './cart-totals.js';
export { quoteDelivery, zoneOf, normalizePostalCode, type DeliveryQuote } from './delivery.js';
export { DELIVERY_CONFIG, POSTAL_CODE_FORMATS, type DeliveryConfig, type DeliveryZone } from './delivery.config.js';
export { CART_COOKIE, CART_COOKIE_MAX_AGE_MS, signCartId, verifyCartCookie } from './cart-cookie.js';
export type { CartView, CartLineView, CartCouponView, CartNoticeView, CartOwner, CartState } from './cart.types.js';
