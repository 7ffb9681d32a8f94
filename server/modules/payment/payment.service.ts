import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Locale } from '../../../contract/locales.js';
import type { PaymentProviderId } from '../../../contract/api/payment.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { PaymentError } from './payment.errors.js';
import { paymentReference } from './monri/monri-fields.js';
import { PAYMENT_PROVIDER, type PaymentForm, type PaymentProvider, type PaymentRequest } from './payment-provider.js';
import { PaymentAttemptRepository, type AttemptRow } from './payment-attempt.repository.js';

/**
 * Where a provider posts its server-to-server callbacks: `/api/payments/{provider}/callback`, one route for
 * every adapter (PaymentCallbackController; CSRF-exempt by this method and pattern: csrf.ts). Monri's is
 * `/api/payments/monri/callback`, the path its merchant panel has always had configured.
 */
export const PAYMENT_CALLBACK_ROUTE = '/api/payments/:provider/callback';
export const paymentCallbackPath = (provider: PaymentProviderId) => PAYMENT_CALLBACK_ROUTE.replace(':provider', provider);

/** Where the browser comes back from the hosted page: the attempt's reference in the path, no query of its own (Monri appends `?` and its parameters). */
export const PAYMENT_RETURN_PATH = '/api/payments/return';
export const paymentReturnUrl = (publicUrl: string, reference: string, outcome: 'success' | 'cancel') =>
  `${publicUrl}${PAYMENT_RETURN_PATH}/${encodeURIComponent(reference)}/${outcome}`;

/** What the order module hands over to start a card payment of one order. */
export interface PaymentStart {
  number: string;
  amountCents: number;
  currency: 'EUR';
  locale: Locale;
  /** Short description for the hosted page; 'Order <number>' unless given. */
  description?: string;
  customer: PaymentRequest['buyer'];
  /**
   * The shop's pages (absolute URLs) the browser is sent to after approval and after a cancel. They
   * are stored with the attempt; the provider is given the return endpoint's URLs instead
   * (PAYMENT_RETURN_PATH), which redirect here.
   */
  successUrl: string;
  cancelUrl: string;
}

/** What a refund did: the total refunded of the order's payment now, and whether this call sent one. */
export interface RefundOutcome {
  refundedCents: number;
  /** False when the provider had refunded the amount already (a retry after a crash or a concurrent refund). */
  sent: boolean;
  /** True when the payment was an authorization not captured yet: it was voided (the reservation released), nothing refunded. */
  voided: boolean;
}

/** What a capture did: the amount captured of the order's payment now, and whether this call sent one. */
export interface CaptureOutcome {
  capturedCents: number;
  sent: boolean;
}

/**
 * Starts card payments and moves their money: builds the provider's signed form and records the
 * attempt (its own provider reference, amount, currency, the pages to return to) that settlement
 * later checks callbacks and inquiries against; captures an authorization when the order ships,
 * voids it when the order is cancelled before, refunds what was captured. Called by the order
 * module; the payment module knows nothing of orders beyond their numbers.
 */
@Injectable()
export class PaymentService {
  constructor(
    private readonly db: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly attempts: PaymentAttemptRepository,
  ) {}

  /**
   * The form that takes the browser to the hosted page. Throws PaymentError('PAYMENT_DATA_INVALID')
   * (422) for data the provider cannot take, before anything is recorded. Pass the caller's
   * transaction manager to record the attempt in it (it then commits or rolls back with the order).
   * Each attempt gets the next reference of its order (`<number>_<n>`): Monri never sees an
   * order_number twice.
   */
  async start(order: PaymentStart, manager: EntityManager = this.db.manager): Promise<PaymentForm> {
    // Two attempts of one order started at once (a repeated placement and a 'pay again', say) take their
    // numbers one after the other: the count and the insert below are serialized per order until commit.
    if (manager.queryRunner?.isTransactionActive) {
      await this.attempts.lockOrderAttempts(manager, order.number);
    }
    const n = await this.attempts.countFor(manager, order.number);
    let reference: string;
    try {
      reference = paymentReference(order.number, n + 1);
    } catch {
      throw new PaymentError('PAYMENT_DATA_INVALID', `no Monri order_number can be made of ${order.number}`, 'order_number');
    }
    const base = this.config.http.publicUrl;
    const transactionType = this.config.payment.transactionType;
    const form = this.provider.startPayment({
      orderNumber: reference,
      transactionType,
      amountCents: order.amountCents,
      currency: order.currency,
      locale: order.locale,
      description: order.description ?? `Order ${order.number}`,
      buyer: order.customer,
      successUrl: paymentReturnUrl(base, reference, 'success'),
      cancelUrl: paymentReturnUrl(base, reference, 'cancel'),
      callbackUrl: `${base}${paymentCallbackPath(this.provider.name)}`,
    });
    await this.attempts.insert(manager, {
      orderNumber: order.number,
      reference,
      amount: order.amountCents,
      currency: order.currency,
      provider: this.config.payment.provider,
      transactionType,
      successPage: order.successUrl,
      cancelPage: order.cancelUrl,
    });
    return form;
  }

  /**
   * Where the browser goes back to from the provider: the shop's page the attempt was started with
   * (success or cancel), or undefined for a reference no attempt has.
   */
  async returnPage(reference: string, outcome: 'success' | 'cancel'): Promise<string | undefined> {
    const row = await this.attempts.pagesOf(reference);
    const page = row && (outcome === 'success' ? row.success_page : row.cancel_page);
    return page ?? undefined;
  }

  /**
   * Captures an order's approved authorization (the operator ships it), idempotently: a purchase is
   * captured already; a capture recorded here, or one the provider made before the shop's commit
   * failed (its order status answers a `capture`), is not sent again. `amountCents` is bounded by
   * the authorized amount. Records the capture on the attempt in `manager`'s transaction. Throws
   * PAYMENT_PROVIDER_UNAVAILABLE (503) or PAYMENT_TRANSACTION_REFUSED (409).
   */
  async capture(orderNumber: string, amountCents: number, manager: EntityManager): Promise<CaptureOutcome> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('a capture is a positive number of cents');
    const attempt = await this.approvedAttempt(orderNumber, manager);
    // No approved attempt: a payment from before attempts were recorded (a purchase, captured already).
    if (!attempt) return { capturedCents: 0, sent: false };
    if (attempt.transaction_type === 'purchase' || attempt.captured_amount > 0)
      return { capturedCents: attempt.captured_amount, sent: false };
    if (attempt.voided_at) throw new PaymentError('PAYMENT_TRANSACTION_REFUSED', `the authorization of ${orderNumber} was voided`);
    const amount = Math.min(amountCents, attempt.amount);
    const reference = attempt.reference ?? orderNumber;
    const status = await this.provider.inquire(reference);
    let sent = false;
    if (status.transactionType !== 'capture' && status.transactionType !== 'refund') {
      const result = await this.provider.capture(reference, amount);
      if (result.status !== 'done')
        throw new PaymentError(
          'PAYMENT_TRANSACTION_REFUSED',
          `the provider refused the capture of ${reference}: ${result.message ?? 'no reason given'}`,
        );
      sent = true;
    }
    await this.attempts.setCaptured(manager, attempt.id, amount);
    return { capturedCents: amount, sent };
  }

  /**
   * Gives an order's card money back, up to `totalCents` refunded in all (partial refunds: a
   * returned line), idempotently per order:
   * - an authorization not captured is voided (the reservation released; only as a whole);
   * - otherwise what is missing of `totalCents` (the attempt's refunded total recorded here; the
   *   provider's order status when it answers a full refund) is refunded, bounded by what was captured.
   * Records the outcome on the attempt in `manager`'s transaction. Throws PAYMENT_PROVIDER_UNAVAILABLE
   * (503), PAYMENT_REFUND_REFUSED (409) when the provider knows no approved payment or refuses.
   */
  async refund(orderNumber: string, totalCents: number, manager: EntityManager = this.db.manager): Promise<RefundOutcome> {
    if (!Number.isSafeInteger(totalCents) || totalCents <= 0) throw new RangeError('a refund is a positive number of cents');
    const attempt = await this.approvedAttempt(orderNumber, manager);
    const reference = attempt?.reference ?? orderNumber;
    if (attempt && attempt.transaction_type === 'authorize' && attempt.captured_amount === 0)
      return this.voidAttempt(attempt, reference, totalCents, manager);
    if (attempt && totalCents > attempt.captured_amount) {
      throw new PaymentError(
        'PAYMENT_REFUND_REFUSED',
        `refund of ${totalCents} asked, but ${attempt.captured_amount} of ${reference} was captured`,
      );
    }
    if (attempt && attempt.refunded_amount >= totalCents) return { refundedCents: attempt.refunded_amount, sent: false, voided: false };
    const status = await this.provider.inquire(reference);
    if (status.status !== 'approved' && status.status !== 'refunded') {
      throw new PaymentError('PAYMENT_REFUND_REFUSED', `the provider knows no approved payment of ${reference} (${status.status})`);
    }
    const already = Math.max(attempt?.refunded_amount ?? 0, status.refundedCents);
    let refunded = already;
    let sent = false;
    if (already < totalCents) {
      const result = await this.provider.refund(reference, totalCents - already);
      if (result.status !== 'refunded') {
        throw new PaymentError(
          'PAYMENT_REFUND_REFUSED',
          `the provider refused the refund of ${reference}: ${result.message ?? 'no reason given'}`,
        );
      }
      refunded = totalCents;
      sent = true;
    }
    if (attempt) await this.attempts.setRefunded(manager, attempt.id, refunded);
    return { refundedCents: refunded, sent, voided: false };
  }

  /** What has been refunded of an order's approved card payment so far (the attempt's ledger), 0 without one. */
  async refundedCents(orderNumber: string, manager: EntityManager = this.db.manager): Promise<number> {
    return (await this.attempts.refundedOfApproved(manager, orderNumber)) ?? 0;
  }

  private async voidAttempt(attempt: AttemptRow, reference: string, totalCents: number, manager: EntityManager): Promise<RefundOutcome> {
    if (attempt.voided_at) return { refundedCents: 0, sent: false, voided: true };
    if (totalCents !== attempt.amount) {
      throw new PaymentError(
        'PAYMENT_REFUND_REFUSED',
        `${reference} is authorized, not captured: only the whole authorization can be released`,
      );
    }
    const status = await this.provider.inquire(reference);
    let sent = false;
    if (status.transactionType !== 'void') {
      if (status.status !== 'approved')
        throw new PaymentError('PAYMENT_REFUND_REFUSED', `the provider knows no approved authorization of ${reference} (${status.status})`);
      const result = await this.provider.void(reference, attempt.amount);
      if (result.status !== 'done')
        throw new PaymentError(
          'PAYMENT_REFUND_REFUSED',
          `the provider refused to void ${reference}: ${result.message ?? 'no reason given'}`,
        );
      sent = true;
    }
    await this.attempts.setVoided(manager, attempt.id);
    return { refundedCents: 0, sent, voided: true };
  }

  private async approvedAttempt(orderNumber: string, manager: EntityManager): Promise<AttemptRow | undefined> {
    return this.attempts.approvedLocked(manager, orderNumber);
  }
}
