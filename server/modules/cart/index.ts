// The cart's public face: other modules import only from here (ESLint enforces it).
export { CartModule } from './cart.module.js';
export { CartService, customerKeyOf } from './cart.service.js';
export { CouponService, type NewCoupon } from './coupon.service.js';
export { CartError } from './cart.errors.js';
export { computeTotals, type VatRateRow } from './cart-totals.js';
export { normalizePostalCode } from './delivery.js';
export { DELIVERY_CONFIG, POSTAL_CODE_FORMATS } from './delivery.config.js';
export { CART_COOKIE, CART_COOKIE_MAX_AGE_MS, signCartId, verifyCartCookie } from './cart-cookie.js';
export type { CartOwner } from './cart.types.js';
