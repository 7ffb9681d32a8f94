import type { AdminOrderAction, AdminOrderDetail, AdminOrderList, AdminOrderListQueryFull } from '../../../../contract/api/admin-orders.js';
import type { UserRole } from '../../../../contract/api/identity.js';

/** The operator doing something to an order (recorded in its history and the audit log; the role decides what they may do). */
export interface OrderOperator {
  userId: string;
  email: string;
  role: UserRole;
}

/**
 * What operators can do with orders: the one service behind both `/api/admin/orders` (JSON) and the
 * server-rendered `/admin/orders` page, so the two can never disagree. `OrderAdminService`
 * implements it.
 *
 * `act` runs one action in one transaction with the order row locked, checks it against the two
 * state machines (contract/orders.ts) and applies its effects: 'ship' stores the tracking number and
 * publishes order.shipped (the shipped mail), 'cancel' releases the stock and refunds a paid card
 * payment, 'refund' refunds a paid order (card: through the provider), 'cash-received' marks a cash
 * order paid, 'deliver' records the delivery. A step the order does not allow is an
 * OrderError('ORDER_TRANSITION_REFUSED') (409); an unknown number OrderError('ORDER_NOT_FOUND') (404).
 * Repeating an action that already happened answers the order unchanged (a double click is harmless).
 */
export interface OrderAdministration {
  list(query: AdminOrderListQueryFull): Promise<AdminOrderList>;
  detail(number: string): Promise<AdminOrderDetail | null>;
  act(number: string, action: AdminOrderAction, operator: OrderOperator, input?: { tracking_number?: string }): Promise<AdminOrderDetail>;
}
