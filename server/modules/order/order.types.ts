/** The order module's API contract: the zod schemas of contract/api/order.ts, and their types. */
export type { OrderStatus, OrderSummaryView, OrderView, PlaceOrderAnswer } from '../../../contract/api/order.js';
