/**
 * The cart as GET/POST/PATCH/DELETE /api/cart… answer it (`{ data: CartView }`), money in integer euro cents,
 * gross. A copy of server/modules/cart/cart.types.ts (the client does not import server code).
 */
export interface CartLineView {
  product_code: string;
  name: string;
  slug: string;
  quantity: number;
  unit_price: number;
  line_total: number;
  vat_rate: number;
  stock: number | null;
}

export interface CartCouponView {
  code: string;
  kind: 'percent' | 'fixed';
  percent: number | null;
  amount: number | null;
  discount: number;
  valid: boolean;
  problem: { code: string; message: string } | null;
}

export type CartState = 'empty' | 'has_items' | 'free_delivery';

export interface CartView {
  lines: CartLineView[];
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
  currency: 'EUR';
  state: CartState;
  item_count: number;
  destination: { country: string; postal_code: string | null };
  shipping: { carrier: string; zone: string; parcels: number; weight_grams: number; delivery_days: { min: number; max: number } };
}
