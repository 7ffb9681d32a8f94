import { z } from 'zod';
import { CART_MAX_QUANTITY } from './cart.js';
import { data } from './fields.js';

/** The order API (`/api/orders`): JSON names snake_case, money in integer euro cents, gross. */

export const OrderStatus = z.enum(['awaiting_payment', 'paid']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** An order as the profile shows it. */
export const OrderSummaryView = z.object({
  number: z.string().meta({ example: 'ZZ-2026-000123' }),
  placed_at: z.string().meta({ format: 'date-time' }),
  status: OrderStatus,
  total: z.number().int().meta({ description: 'Gross cents' }),
  currency: z.literal('EUR'),
  lines: z
    .array(
      z.object({
        product_code: z.string().meta({ example: 'ZZ-SPAG-400' }),
        name: z.string().meta({ description: 'Product name as it was when the order was placed' }),
        unit_price: z.number().int().meta({ description: 'Gross cents per pack' }),
        quantity: z.number().int().min(1).max(CART_MAX_QUANTITY),
      }),
    )
    .meta({ description: 'In the order of the order' }),
});
export type OrderSummaryView = z.infer<typeof OrderSummaryView>;

/** `GET /api/orders`: the signed-in user's orders, newest first. */
export const OrderListResponse = data(z.array(OrderSummaryView));
