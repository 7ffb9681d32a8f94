import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  FULFILMENT_MACHINE,
  PAYMENT_MACHINE,
  type FulfilmentStatus,
  type PaymentStatus,
  type StateMachine,
} from '../../../contract/orders.js';
import { OrderError } from './order.errors.js';
import { assertTransition } from './order-states.js';
import { OrderRepository } from './order.repository.js';

/** What a status change did: `changed` is false when the order already was in that state. */
export interface StatusChange<S extends string> {
  number: string;
  from: S;
  to: S;
  changed: boolean;
}

/**
 * Moves an order along one of its state machines (contract/orders.ts) inside the caller's
 * transaction. The order row is locked (SELECT ... FOR UPDATE) from the check to the commit, so two
 * concurrent changes of one order are judged one after the other: of 'paid' and 'failed' arriving
 * together exactly one wins and the other is refused. Asking for the state the order is already in
 * changes nothing and is no error (`changed: false`), so a repeated callback or a double click is
 * harmless; any other step outside the table is a 409 ORDER_TRANSITION_REFUSED.
 */
@Injectable()
export class OrderStateService {
  constructor(private readonly orders: OrderRepository) {}

  changePaymentStatus(manager: EntityManager, number: string, to: PaymentStatus): Promise<StatusChange<PaymentStatus>> {
    return this.change(manager, PAYMENT_MACHINE, number, to);
  }

  changeFulfilmentStatus(manager: EntityManager, number: string, to: FulfilmentStatus): Promise<StatusChange<FulfilmentStatus>> {
    return this.change(manager, FULFILMENT_MACHINE, number, to);
  }

  private async change<S extends string>(
    manager: EntityManager,
    machine: StateMachine<S>,
    number: string,
    to: S,
  ): Promise<StatusChange<S>> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('a status change needs a transaction (manager of dataSource.transaction)');
    const from = await this.orders.lockedStatus<S>(manager, machine.name, number);
    if (from === undefined) throw new OrderError('ORDER_NOT_FOUND');
    if (from === to) return { number, from, to, changed: false };
    assertTransition(machine, from, to);
    await this.orders.setStatus(manager, machine.name, number, to);
    return { number, from, to, changed: true };
  }
}
