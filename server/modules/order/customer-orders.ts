import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { FulfilmentStatus, PaymentMethod, PaymentStatus } from '../../../contract/orders.js';
import type { DataSubject, PersonalDataPort } from '../../platform/privacy/index.js';
import { CustomerOrdersRepository } from './customer-orders.repository.js';
import { OrderReadService } from './order.service.js';
import type { OrderView } from './order.types.js';

/** One order of a customer as the back office's profile lists it. */
export interface CustomerOrderRow {
  number: string;
  placed_at: string;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  payment_method: PaymentMethod;
  total: number;
  /** placed by the signed-in account, or as a guest with the account's e-mail address */
  as_guest: boolean;
}

/** What stands for an erased buyer's e-mail on their kept orders. */
const ERASED_ORDER_EMAIL = (userId: string) => `erased-${userId}@erased.invalid`;

/**
 * The order module's part of a customer (docs/admin.md 'Customers'): their orders for the profile,
 * the export (each order whole, with its lines) and the erasure. An erasure keeps every order (its
 * number, lines, amounts, VAT, states and the buyer's name and addresses: what the invoice issued
 * for it says, and what the books rest on) and removes only what no invoice needs: the e-mail
 * address, the phone number, the courier note and the remark.
 */
@Injectable()
export class CustomerOrders implements PersonalDataPort<OrderView[]> {
  readonly section = 'orders';

  constructor(
    private readonly orders: CustomerOrdersRepository,
    private readonly reads: OrderReadService,
  ) {}

  /** The person's orders, newest first (at most `limit`), and how many there are. */
  async list(subject: DataSubject, limit = 50): Promise<{ rows: CustomerOrderRow[]; total: number }> {
    const n = await this.orders.countOfPerson(subject.userId, subject.email);
    const rows = await this.orders.ofPerson(subject.userId, subject.email, limit);
    return {
      total: n,
      rows: rows.map((r) => ({
        number: r.number,
        placed_at: new Date(r.placed_at).toISOString(),
        payment_status: r.payment_status,
        fulfilment_status: r.fulfilment_status,
        payment_method: r.payment_method,
        total: Number(r.total),
        as_guest: r.user_id !== subject.userId,
      })),
    };
  }

  /** The numbers of the person's unfinished orders (see customer-orders.repository.ts OPEN_ORDER_SQL), in `m` when given. */
  openOrders(subject: DataSubject, m?: EntityManager): Promise<string[]> {
    return this.orders.openOrderNumbers(subject.userId, subject.email, m);
  }

  /** Every order whole (lines, VAT, addresses, R1 data), oldest first. */
  async exportOf(subject: DataSubject): Promise<OrderView[]> {
    const orders = await this.orders.allOfPerson(subject.userId, subject.email);
    const views: OrderView[] = [];
    for (const o of orders) views.push(await this.reads.viewOf(o));
    return views;
  }

  async erase(m: EntityManager, subject: DataSubject): Promise<Record<string, number>> {
    const kept = await this.orders.scrubOfPerson(m, subject.userId, subject.email, ERASED_ORDER_EMAIL(subject.userId));
    return { orders_kept: kept };
  }
}
