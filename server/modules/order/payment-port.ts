import type { EntityManager } from 'typeorm';
import type { OrderView, PaymentFormView } from '../../../contract/api/order.js';

/**
 * The order module's port to card payments: for a card order, what the browser posts to the
 * provider's hosted page. `CardPaymentStarter` implements it on the payment module and is bound under
 * PAYMENT_STARTER (order.module.ts); placement knows no provider.
 *
 * `start` runs inside the placing transaction (`manager`), so a payment attempt it records commits
 * with the order, and a failure rolls the whole placement back: no card order without a way to pay
 * it. A repeated placement (same Idempotency-Key) of a card order still awaiting payment calls it
 * again for the same order (in that request's transaction, which writes nothing else), so it must
 * be safe to call more than once per order.
 */
export interface PaymentStarter {
  start(order: OrderView & { id: string }, manager: EntityManager): Promise<PaymentFormView>;
}

/** Injection token of the PaymentStarter. */
export const PAYMENT_STARTER = Symbol('order.PaymentStarter');
