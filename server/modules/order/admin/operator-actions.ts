import type { AdminOrderAction, AdminOrderState } from '../../../../contract/api/admin-orders.js';
import type { UserRole } from '../../../../contract/api/identity.js';
import { mayUse, routeCapability } from '../../../platform/auth/index.js';

/**
 * Whether an operator of `role` may take `action` on an order in its current states (docs/admin.md
 * 'Roles'): the capability the action's route needs in the operators' policy, and for cancelling a
 * paid order also `orders.refund` (its payment goes back to the buyer: a refund, admin only).
 */
export function operatorMayAct(
  role: UserRole | undefined,
  action: AdminOrderAction,
  order: Pick<AdminOrderState, 'payment_status'>,
): boolean {
  const capability = routeCapability('POST', `/api/admin/orders/:number/${action}`);
  if (!capability || !mayUse(role, capability)) return false;
  return action !== 'cancel' || order.payment_status !== 'paid' || mayUse(role, 'orders.refund');
}

/** The order's allowed actions that `role` may take: what the API answers and the page offers that operator. */
export function actionsFor<T extends Pick<AdminOrderState, 'payment_status'> & { actions: AdminOrderAction[] }>(
  role: UserRole | undefined,
  order: T,
): T {
  return { ...order, actions: order.actions.filter((a) => operatorMayAct(role, a, order)) };
}
