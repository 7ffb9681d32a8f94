import type { Locale } from '../../../contract/locales.js';
import type { PaymentProviderId } from '../../../contract/api/payment.js';

/** What a payment attempt for one order needs; the order module fills it when it hands off to the provider. */
export interface PaymentRequest {
  /**
   * What the provider knows this attempt by (Monri's `order_number`): the attempt's reference
   * (`ZZ-2026-000123_2`, monri-fields.ts `paymentReference`), letters, digits, '-' and '_', at most 40.
   */
  orderNumber: string;
  /** `authorize`: the card is reserved, captured later; `purchase`: charged at once. */
  transactionType: 'authorize' | 'purchase';
  /** Gross amount to charge in integer cents (positive). */
  amountCents: number;
  currency: 'EUR';
  /** The shopper's language: the hosted page speaks it. */
  locale: Locale;
  /** Short description shown on the hosted page (cleaned and cut to Monri's limit). */
  description: string;
  buyer: {
    fullName: string;
    street: string;
    city: string;
    postalCode: string;
    /** ISO 3166-1 alpha-2, e.g. HR. */
    country: string;
    phone: string;
    email: string;
  };
  /** Absolute URLs: the browser's return after approval and after a decline or cancel, and the server-to-server callback. */
  successUrl: string;
  cancelUrl: string;
  callbackUrl: string;
}

/** An HTML form the browser posts to the provider's hosted page (auto-submitted or with a button). */
export interface PaymentForm {
  action: string;
  method: 'POST';
  fields: Record<string, string>;
}

/** Why a return or a callback was not accepted. Nothing in a refused message may change any state. */
export type PaymentRefusal = 'missing_signature' | 'bad_signature' | 'malformed';

export type Verified<T> = { ok: true; value: T } | { ok: false; reason: PaymentRefusal };

/**
 * The browser's return to the success (or cancel) URL, signature checked. It proves the provider
 * built that URL, but it settles nothing: the browser may never come, come twice or come late;
 * only a verified callback or an inquiry changes an order's payment status.
 */
export interface PaymentReturn {
  orderNumber: string;
  /** The provider's response code when the URL carries one ('0000' = approved). */
  responseCode: string | null;
  /** The amount in cents when the URL carries one. */
  amountCents: number | null;
}

/** A verified server-to-server notification about one transaction. */
export interface PaymentCallback {
  /** The provider's transaction id (for idempotency: one settlement per id and outcome). */
  transactionId: string;
  orderNumber: string;
  amountCents: number;
  currency: string;
  /** True only for status 'approved' with response code '0000'. */
  approved: boolean;
  status: string;
  responseCode: string;
  /** The parsed body, as the provider sent it (for storing). */
  body: Record<string, unknown>;
}

/** The provider's view of an order's payment (status inquiry, e.g. for reconciliation of lost callbacks). */
export interface PaymentStatus {
  orderNumber: string;
  /** `pending`: a transaction exists but is not decided; `not_found`: none (no card was sent yet, or the page was left). */
  status: 'approved' | 'declined' | 'pending' | 'refunded' | 'not_found';
  /** The provider's `transaction-type` of the order's latest transaction (`authorize`, `purchase`, `capture`, `void`, `refund`), when it says. */
  transactionType: string | null;
  transactionId: string | null;
  amountCents: number | null;
  currency: string | null;
  refundedCents: number;
}

export interface RefundResult {
  orderNumber: string;
  /** Accepted by the provider (`refundedCents`: what this call refunded), or refused with the provider's reason (0 refunded). */
  status: 'refunded' | 'refused';
  refundedCents: number;
  message: string | null;
}

/** What a capture or a void did: `done`, or `refused` with the provider's reason. */
export interface TransactionResult {
  orderNumber: string;
  status: 'done' | 'refused';
  message: string | null;
}

/**
 * A card payment provider with a hosted page. Signatures are checked by the adapter; what a verified
 * message means for an order (settlement, idempotency, amount checks) is the order side's business.
 */
export interface PaymentProvider {
  /** Which adapter this is: the `{provider}` segment of its callback path, `/api/payments/{provider}/callback` (paymentCallbackPath). */
  readonly name: PaymentProviderId;
  /** The form that takes the browser to the hosted page. Throws PaymentError for order data that cannot be sent. */
  startPayment(request: PaymentRequest): PaymentForm;
  /** Checks the browser's return URL (the full URL as requested, with scheme and host). */
  verifyReturn(fullUrl: string): Verified<PaymentReturn>;
  /** Checks a callback: the raw body bytes as received (before any JSON parsing) and its Authorization header. */
  verifyCallback(rawBody: string | Buffer, authorization: string | undefined): Verified<PaymentCallback>;
  /** Asks the provider about an order's payment. Throws PaymentError('PAYMENT_PROVIDER_UNAVAILABLE') when it does not answer properly. */
  inquire(orderNumber: string): Promise<PaymentStatus>;
  /** Refunds (part of) an approved payment. Throws PaymentError('PAYMENT_PROVIDER_UNAVAILABLE') when the provider does not answer properly. */
  refund(orderNumber: string, amountCents: number): Promise<RefundResult>;
  /** Captures (part of) an approved authorization. Throws PaymentError('PAYMENT_PROVIDER_UNAVAILABLE') like refund. */
  capture(orderNumber: string, amountCents: number): Promise<TransactionResult>;
  /** Releases an approved authorization not captured (`amountCents`: the authorized amount). Throws like refund. */
  void(orderNumber: string, amountCents: number): Promise<TransactionResult>;
}

/** Nest injection token of the configured provider. */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
