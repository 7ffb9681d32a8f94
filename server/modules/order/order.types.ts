/** The order module's API contract (JSON names snake_case, money in integer euro cents, gross). */

export type OrderStatus = 'awaiting_payment' | 'paid';

/** An order as the profile shows it: `GET /api/orders` answers the signed-in user's orders, newest first. */
export interface OrderSummaryView {
  number: string;
  /** ISO timestamp. */
  placed_at: string;
  status: OrderStatus;
  total: number;
  currency: 'EUR';
  lines: Array<{ product_code: string; name: string; unit_price: number; quantity: number }>;
}
