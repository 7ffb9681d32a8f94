import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PaymentFormView } from '../../../contract/api/order.js';
import { OrderError } from './order.errors.js';
import { OrderStateService } from './order-state.service.js';
import { OrderReadService } from './order.service.js';
import { PAYMENT_STARTER, type PaymentStarter } from './payment-port.js';
import { OrderRepository } from './order.repository.js';

/**
 * 'Try again' after a card payment failed or was left unfinished (spec: the failure page starts a new
 * payment attempt for the same order). Under the order's row lock: a card order not yet paid and not
 * cancelled goes back to awaiting_payment (from failed) and gets a new attempt and form from the
 * PaymentStarter; a paid, refunded or cancelled order, or a cash-on-delivery one, is refused with 409
 * ORDER_PAYMENT_NOT_RETRYABLE. Who may ask is the controller's check (owner or view token).
 */
@Injectable()
export class OrderPaymentRetry {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrderReadService,
    private readonly rows: OrderRepository,
    private readonly states: OrderStateService,
    @Inject(PAYMENT_STARTER) private readonly starter: PaymentStarter,
  ) {}

  retry(number: string): Promise<PaymentFormView> {
    return this.db.transaction(async (manager) => {
      await this.rows.lock(manager, number);
      const order = await this.orders.findByNumber(number, manager);
      if (!order) throw new OrderError('ORDER_NOT_FOUND');
      const view = await this.orders.viewOf(order, manager);
      const retryable =
        view.payment_method === 'card' &&
        view.fulfilment_status === 'placed' &&
        (view.payment_status === 'failed' || view.payment_status === 'awaiting_payment');
      if (!retryable) throw new OrderError('ORDER_PAYMENT_NOT_RETRYABLE');
      if (view.payment_status === 'failed') await this.states.changePaymentStatus(manager, number, 'awaiting_payment');
      return this.starter.start({ ...view, payment_status: 'awaiting_payment', id: order.id }, manager);
    });
  }
}
