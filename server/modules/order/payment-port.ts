import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderView, PaymentFormView } from '../../../contract/api/order.js';
import { OrderError } from './order.errors.js';

/**
 * The order module's port to card payments: for a card order, what the browser posts to the
 * provider's hosted page. The payment module implements it and binds it under PAYMENT_STARTER
 * (order.module.ts); the order module knows no provider.
 *
 * `start` runs inside the placing transaction (`manager`), so a payment attempt it records commits
 * with the order, and a failure rolls the whole placement back: no card order without a way to pay
 * it. A repeated placement (same Idempotency-Key) calls it again outside a transaction
 * (`manager` of the data source) for the same order.
 */
export interface PaymentStarter {
  start(order: OrderView & { id: string }, manager: EntityManager): Promise<PaymentFormView>;
}

/** Injection token of the PaymentStarter. */
export const PAYMENT_STARTER = Symbol('order.PaymentStarter');

/** Bound until a payment provider is: card payment answers 503 PAYMENT_UNAVAILABLE and no card order is placed. */
@Injectable()
export class UnavailablePaymentStarter implements PaymentStarter {
  start(): Promise<PaymentFormView> {
    return Promise.reject(new OrderError('PAYMENT_UNAVAILABLE'));
  }
}
