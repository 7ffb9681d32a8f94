import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrderView, PaymentFormView } from '../../../contract/api/order.js';
import { publicPath } from '../../../contract/paths.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { PaymentService } from '../payment/index.js';
import { OrderViewTokens } from './order-view-token.js';
import type { PaymentStarter } from './payment-port.js';
import { OrderRepository } from './order.repository.js';

/**
 * The order module's PaymentStarter on the payment module (docs/payments.md): the order's gross
 * total in cents, the buyer from its delivery address, and the pages the browser comes back to:
 * the payment success or failure page in the order's language, carrying the order number and a
 * view token so either page can show the order without a sign-in. The attempt is recorded in the
 * placing transaction (`manager`), so it commits or rolls back with the order.
 */
@Injectable()
export class CardPaymentStarter implements PaymentStarter {
  constructor(
    private readonly payments: PaymentService,
    private readonly tokens: OrderViewTokens,
    private readonly orders: OrderRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(order: OrderView & { id: string }, manager: EntityManager): Promise<PaymentFormView> {
    const viewSecret = await this.orders.viewSecret(manager, order.id);
    if (viewSecret === undefined) throw new Error(`order ${order.number} is not in this transaction`);
    const token = this.tokens.sign({ number: order.number, viewSecret });
    const query = `?order=${encodeURIComponent(order.number)}&token=${encodeURIComponent(token)}`;
    const base = this.config.http.publicUrl;
    const address = order.delivery_address;
    return this.payments.start(
      {
        number: order.number,
        amountCents: order.total,
        currency: 'EUR',
        locale: order.locale,
        customer: {
          fullName: `${address.first_name} ${address.last_name}`,
          street: address.street,
          city: address.city,
          postalCode: address.postal_code,
          country: address.country,
          phone: order.phone,
          email: order.email,
        },
        successUrl: `${base}${publicPath('payment_success', order.locale)}${query}`,
        cancelUrl: `${base}${publicPath('payment_fail', order.locale)}${query}`,
      },
      manager,
    );
  }
}
