import { transition, type StateMachine } from '../../../contract/orders.js';
import { OrderError } from './order.errors.js';

/**
 * One step of an order's payment or fulfilment machine (contract/orders.ts), or the order module's
 * 409 ORDER_TRANSITION_REFUSED (message in the caller's language; params name the machine and both
 * states for logs). Returns the new state.
 */
export function assertTransition<S extends string>(machine: StateMachine<S>, from: string, to: string): S {
  const result = transition(machine, from, to);
  if (!result.ok) throw new OrderError(result.code, { machine: result.machine, from: result.from, to: result.to });
  return result.to;
}
