import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { PaymentError } from './payment.errors.js';
import { PAYMENT_PROVIDER, type PaymentForm, type PaymentProvider, type PaymentRequest } from './payment-provider.js';

/** Where the provider posts its server-to-server callbacks (an exact CSRF exemption: csrf.ts). */
export const PAYMENT_CALLBACK_PATH = '/api/payments/monri/callback';

/** What the order module hands over to start a card payment of one order. */
export interface PaymentStart {
  number: string;
  amountCents: number;
  currency: 'EUR';
  locale: Locale;
  /** Short description for the hosted page; 'Order <number>' unless given. */
  description?: string;
  customer: PaymentRequest['buyer'];
  /** Absolute URLs the browser returns to after approval and after a decline or cancel. */
  successUrl: string;
  cancelUrl: string;
}

/** What a refund did: the total refunded of the order's payment now, and whether this call sent one. */
export interface RefundOutcome {
  refundedCents: number;
  /** False when the provider had refunded the amount already (a retry after a crash or a concurrent refund). */
  sent: boolean;
}

/**
 * Starts card payments: builds the provider's signed form (callback URL = PUBLIC_URL +
 * PAYMENT_CALLBACK_PATH) and records the attempt (order number, amount, currency, provider) that
 * settlement later checks callbacks and inquiries against. Called by the order module; the payment
 * module knows nothing of orders beyond their numbers.
 */
@Injectable()
export class PaymentService {
  constructor(
    private readonly db: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The form that takes the browser to the hosted page. Throws PaymentError('PAYMENT_DATA_INVALID')
   * (422) for data the provider cannot take, before anything is recorded. Pass the caller's
   * transaction manager to record the attempt in it (it then commits or rolls back with the order).
   */
  async start(order: PaymentStart, manager: EntityManager = this.db.manager): Promise<PaymentForm> {
    const form = this.provider.startPayment({
      orderNumber: order.number,
      amountCents: order.amountCents,
      currency: order.currency,
      locale: order.locale,
      description: order.description ?? `Order ${order.number}`,
      buyer: order.customer,
      successUrl: order.successUrl,
      cancelUrl: order.cancelUrl,
      callbackUrl: `${this.config.http.publicUrl}${PAYMENT_CALLBACK_PATH}`,
    });
    await manager.query(`INSERT INTO payment_attempt (order_number, amount, currency, provider) VALUES ($1, $2, $3, $4)`, [
      order.number,
      order.amountCents,
      order.currency,
      this.config.payment.provider,
    ]);
    return form;
  }

  /**
   * Refunds an order's approved card payment up to `amountCents` in total, idempotently per order:
   * the provider is asked first how much it has refunded already, and only the rest is sent. So a
   * retry (the shop crashed after the provider refunded but before its own commit; two operators
   * at once) never refunds twice; a provider that refuses because the amount was refunded meanwhile
   * counts as done. Throws PaymentError('PAYMENT_PROVIDER_UNAVAILABLE') (503) when the provider does
   * not answer properly and PaymentError('PAYMENT_REFUND_REFUSED') (409) when it refuses (e.g. it
   * knows no approved payment of that order); nothing is recorded here (the order module records
   * the refund in its own transaction).
   */
  async refund(orderNumber: string, amountCents: number): Promise<RefundOutcome> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('a refund is a positive number of cents');
    const status = await this.provider.inquire(orderNumber);
    if (status.status !== 'approved' && status.status !== 'refunded') {
      throw new PaymentError('PAYMENT_REFUND_REFUSED', `the provider knows no approved payment of ${orderNumber} (${status.status})`);
    }
    if (status.refundedCents >= amountCents) return { refundedCents: status.refundedCents, sent: false };
    const result = await this.provider.refund(orderNumber, amountCents - status.refundedCents);
    if (result.status === 'refunded' || result.refundedCents >= amountCents) return { refundedCents: result.refundedCents, sent: result.status === 'refunded' };
    throw new PaymentError('PAYMENT_REFUND_REFUSED', `the provider refused the refund of ${orderNumber}: ${result.message ?? 'no reason given'}`);
  }
}
