/** The cart as the API answers it (money in integer euro cents, gross). */
export interface CartLineView {
  product_code: string;
  name: string;
  slug: string;
  quantity: number;
  unit_price: number;
  line_total: number;
  vat_rate: number;
  /** Packs in stock when stock is tracked, else null. */
  stock: number | null;
}

export interface CartCouponView {
  code: string;
  kind: 'percent' | 'fixed';
  percent: number | null;
  amount: number | null;
  /** The discount it gives this cart now (0 when not valid). */
  discount: number;
  valid: boolean;
  /** Why it does not apply right now (e.g. below its minimum after a line was removed); null when valid. */
  problem: { code: string; message: string } | null;
}

export type CartState = 'empty' | 'has_items' | 'free_delivery';

/** Something the shop changed in the cart on its own, e.g. a line cut to the stock when carts were merged at sign-in. */
export interface CartNoticeView {
  code: 'CART_MERGE_STOCK_CAPPED' | 'CART_MERGE_QUANTITY_CAPPED';
  product_code: string;
  /** Packs in the cart now. */
  quantity: number;
  /** Packs the merged carts held together. */
  requested: number;
  /** In the language of the request. */
  message: string;
}

export interface CartView {
  lines: CartLineView[];
  /** Lines whose product is 'soon available again' (or gone): kept, but not counted in the totals. */
  unavailable_lines: Array<{ product_code: string; name: string | null; quantity: number }>;
  subtotal: number;
  discount: number;
  delivery: number;
  total: number;
  vat_base: number;
  vat_total: number;
  vat_by_rate: Array<{ rate: number; base: number; vat: number }>;
  free_delivery: { applies: boolean; missing: number | null };
  coupon: CartCouponView | null;
  /** Changes the shop made on its own (shown until the shopper's next change); usually empty. */
  notices: CartNoticeView[];
  currency: 'EUR';
  state: CartState;
  item_count: number;
  destination: { country: string; postal_code: string | null };
  shipping: { carrier: string; zone: string; parcels: number; weight_grams: number; delivery_days: { min: number; max: number } };
}

/** Who the cart belongs to: a registered user, or the guest whose verified cookie named a cart (or none yet). */
export type CartOwner = { userId: string } | { guestCartId: string | undefined };
