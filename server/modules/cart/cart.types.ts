// The cart as the API answers it: the zod schemas of contract/api/cart.ts, and their types.
export type { CartCouponView, CartNoticeView, CartView } from '../../../contract/api/cart.js';

/** Who the cart belongs to: a registered user, or the guest whose verified cookie named a cart (or none yet). */
export type CartOwner = { userId: string } | { guestCartId: string | undefined };
