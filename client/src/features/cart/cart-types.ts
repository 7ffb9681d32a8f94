/**
 * The cart as GET/POST/PATCH/DELETE /api/cart… answer it (`{ data: CartView }`), money in integer euro cents,
 * gross: the types of contract/api/cart.ts, imported as types only.
 */
export type { CartLineView, CartView } from '../../../../contract/api/cart';
