/**
 * The cart as GET/POST/PATCH/DELETE /api/cart… answer it (`{ data: CartView }`), money in integer euro cents,
 * gross: the server's contract types, imported as types only (nothing of the server reaches the bundle).
 */
export type { CartLineView, CartCouponView, CartState, CartView } from '../../../../server/modules/cart/cart.types';
