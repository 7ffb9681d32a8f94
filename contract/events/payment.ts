import { z } from 'zod';
import { defineEvent } from './event-contract.js';

/** The shop's order number (`ZZ-2026-000123`): letters, digits, '-' and '_', at most 40 (Monri's limit). */
const orderNumber = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/** The provider's transaction id, as it sent it. */
const transactionId = z.string().min(1).max(100);
const currency = z.string().regex(/^[A-Z]{3}$/);
const cents = z.number().int().nonnegative();

/**
 * The provider approved the card payment of an order, with the amount and currency the payment
 * attempt asked for (a verified callback or a status inquiry; published once per order and
 * approval by the payment module's settlement). The order module marks the order paid.
 */
export const paymentApprovedV1 = z.object({
  version: z.literal(1),
  orderNumber,
  amountCents: cents,
  currency,
  transactionId,
});
export const paymentApproved = defineEvent('payment.approved', 1, paymentApprovedV1);

/**
 * The provider declined the card payment of an order (and no approval of that order is known).
 * The order module marks an order still awaiting payment as failed; a paid order stays paid.
 */
export const paymentDeclinedV1 = z.object({
  version: z.literal(1),
  orderNumber,
  /** Null when the provider named no transaction (a status inquiry may not). */
  transactionId: transactionId.nullable(),
  /** The provider's response code (anything but '0000'), or null from an inquiry. */
  responseCode: z.string().min(1).max(10).nullable(),
});
export const paymentDeclined = defineEvent('payment.declined', 1, paymentDeclinedV1);

/**
 * A payment that must not settle by itself: the provider approved a different amount or currency
 * than the attempt asked for, or approved a second transaction of an order already paid. The
 * attempt is flagged for an operator and the order is NOT marked paid.
 */
export const paymentFlaggedV1 = z.object({
  version: z.literal(1),
  orderNumber,
  reason: z.enum(['amount_mismatch', 'currency_mismatch', 'second_approval']),
  transactionId,
  /** What the provider reports. */
  amountCents: cents,
  currency: z.string().min(1).max(3),
  /** What the payment attempt asked for. */
  expectedAmountCents: cents,
  expectedCurrency: currency,
});
export const paymentFlagged = defineEvent('payment.flagged', 1, paymentFlaggedV1);

/**
 * The payment sandbox (the emulator of Monri's page, PAYMENT_PROVIDER=sandbox) owes the shop the
 * callback of an approved transaction. Published in the transaction that records the approval, so
 * the callback is delivered (retried until the shop answers 200) even if the queue loses every job
 * (the outbox's redelivery). Consumed by the payment module itself; never published with Monri.
 */
export const paymentSandboxCallbackOwedV1 = z.object({
  version: z.literal(1),
  /** The sandbox transaction (32 hex digits). */
  transactionId: z.string().regex(/^[0-9a-f]{32}$/),
  /** The attempt's reference (Monri's order_number). */
  orderNumber,
});
export const paymentSandboxCallbackOwed = defineEvent('payment.sandbox-callback-owed', 1, paymentSandboxCallbackOwedV1);

/**
 * A verified provider callback was stored (`payment_callback`). Published in the transaction that
 * stores it, so the callback and the work of settling it commit together in PostgreSQL and the
 * provider gets its 200 whatever the queue's state. The payment module's own subscriber settles it.
 */
export const paymentCallbackReceivedV1 = z.object({
  version: z.literal(1),
  /** The `payment_callback` row's id. */
  callbackId: z.guid(),
});
export const paymentCallbackReceived = defineEvent('payment.callback-received', 1, paymentCallbackReceivedV1);
