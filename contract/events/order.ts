import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { PAYMENT_METHODS } from '../orders.js';
import { defineEvent, eventFields } from './event-contract.js';

/**
 * An order was placed (`POST /api/orders`), in the placing transaction: order, stock, coupon and
 * cart committed with it. The payload names the order and the facts a subscriber routes on; it
 * carries no lines, addresses or token: a subscriber (the confirmation mail, the shop's new-order
 * notice) reads the order as it is now through the order module (`OrderReadService.viewByNumber`)
 * and derives the view link's token itself (`OrderViewTokens.sign`), so a mail never shows a
 * stale order and no token sits in the outbox. Cash on delivery is confirmed at placement; a card
 * order's confirmation waits for its payment (`paymentMethod` tells which).
 */
export const orderPlacedV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  /** `ZZ-<year>-<6+ digits>`. */
  orderNumber: z.string().regex(/^ZZ-[0-9]{4}-[0-9]{6,}$/),
  /** The buyer's account, null for a guest. */
  userId: eventFields.id.nullable(),
  /** Where the order's mails go. */
  email: z.string().min(3),
  /** The order's language (its pages and mails). */
  locale: z.enum(LOCALES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Gross euro cents. */
  total: z.number().int().nonnegative(),
  placedAt: eventFields.instant,
});
export const orderPlaced = defineEvent('order.placed', 1, orderPlacedV1);

/** Who changed an order: an operator's e-mail, or 'system' (a job). */
const orderActor = z.string().min(1).max(254);

/**
 * An operator shipped an order (`POST /api/admin/orders/{number}/ship`), in the transaction that
 * stored its tracking number: fulfilment `placed` -> `shipped`. The buyer's shipped mail reads the
 * order as it is now (lines, address) and carries the tracking number.
 */
export const orderShippedV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  trackingNumber: z.string().min(1).max(40),
  locale: z.enum(LOCALES),
  shippedAt: eventFields.instant,
  actor: orderActor,
});
export const orderShipped = defineEvent('order.shipped', 1, orderShippedV1);

/** The parcel reached the buyer (recorded by an operator): fulfilment `shipped` -> `delivered`. */
export const orderDeliveredV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  deliveredAt: eventFields.instant,
  actor: orderActor,
});
export const orderDelivered = defineEvent('order.delivered', 1, orderDeliveredV1);

/**
 * An operator cancelled an order before it was shipped, or its buyer cancelled an unpaid card order
 * (`cancelledBy: 'buyer'`, the pending order's 'cancel': never refunded, its lines went back into the
 * buyer's cart): fulfilment `placed` -> `cancelled`, its stock released in the same transaction, and a
 * paid payment refunded (`refunded`: card through the provider, cash handed back). Unpaid card orders
 * that expire are not announced by this event.
 */
export const orderCancelledV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Whether a paid payment was refunded with the cancellation. */
  refunded: z.boolean(),
  cancelledAt: eventFields.instant,
  actor: orderActor,
  /** Who cancelled: an operator (admin action) or the buyer (the pending order's 'cancel'); events from before this field were all operators'. */
  cancelledBy: z.enum(['operator', 'buyer']).default('operator'),
});
export const orderCancelled = defineEvent('order.cancelled', 1, orderCancelledV1);

/**
 * An order's payment status became `paid`, in the transaction that changed it: a card payment's
 * approval (the payment-events listener's `mark-order-paid`) or an operator recording the cash of
 * a cash-on-delivery order (`cash-received`). A card buyer's confirmation mail and the order
 * inbox's 'card order paid' notice subscribe to it, so they read the order paid.
 */
export const orderPaidV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Gross euro cents: the order's total. */
  total: z.number().int().nonnegative(),
  paidAt: eventFields.instant,
});
export const orderPaid = defineEvent('order.paid', 1, orderPaidV1);

/**
 * A card order was still unpaid (`awaiting_payment` or `failed`, fulfilment `placed`)
 * PAYMENT_REMINDER_DELAY_MINUTES after placement and its buyer had had no 'payment not completed'
 * mail yet (the payment page was closed, or its decline is not known): published by the order
 * module's reminder job in the transaction that records the reminder on the order
 * (`payment_reminder_sent_at`), so the buyer gets that mail once.
 */
export const orderPaymentAbandonedV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  placedAt: eventFields.instant,
});
export const orderPaymentAbandoned = defineEvent('order.payment-abandoned', 1, orderPaymentAbandonedV1);

/**
 * An unpaid card order expired: the expiry job cancelled it (fulfilment `placed` -> `cancelled`)
 * UNPAID_CARD_ORDER_EXPIRY_MINUTES after placement and released its stock, in the same transaction.
 * The buyer gets the 'cancelled, not paid' mail.
 */
export const orderExpiredV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  placedAt: eventFields.instant,
  expiredAt: eventFields.instant,
});
export const orderExpired = defineEvent('order.expired', 1, orderExpiredV1);

/**
 * An operator refunded an order's payment (`refund`, or `cancel` of a paid order), in the action's
 * transaction, after the provider refunded (card) or the operator handed the cash back (cash on
 * delivery). The buyer gets one refund mail per event: the amount, the method and when the money
 * arrives.
 */
export const orderRefundedV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  /** Gross euro cents refunded. */
  amount: z.number().int().positive(),
  method: z.enum(PAYMENT_METHODS),
  refundedAt: eventFields.instant,
  actor: orderActor,
});
export const orderRefunded = defineEvent('order.refunded', 1, orderRefundedV1);

/**
 * The buyer switched an unpaid card order to cash on delivery (the pending order's 'pay on delivery',
 * `POST /api/orders/{number}/cash-on-delivery`), in the transaction that changed it: `payment_method`
 * `from` -> `to`, the payment `awaiting_payment`, the totals (`total`, gross cents) as accepted by the
 * buyer. A subscriber sends what a cash-on-delivery order gets at placement (its confirmation).
 */
export const orderPaymentMethodChangedV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  from: z.enum(PAYMENT_METHODS),
  to: z.enum(PAYMENT_METHODS),
  /** The order's language (its pages and mails). */
  locale: z.enum(LOCALES),
  /** Gross euro cents after the change. */
  total: z.number().int().nonnegative(),
  changedAt: eventFields.instant,
});
export const orderPaymentMethodChanged = defineEvent('order.payment-method-changed', 1, orderPaymentMethodChangedV1);

/**
 * An operator asked for one of the order's mails to go out again (the back office's 'send again',
 * `POST /api/admin/orders/{number}/resend-mail`), in the transaction that recorded it in the order's
 * history and the audit log. The order module's listener sends it through the mail queue in the
 * order's language, read from the order as it is now: `confirmation`, `shipped` (with the tracking
 * number) or `payment_link` (the card payment's 'pay again' link).
 */
export const orderMailResendRequestedV1 = z.object({
  version: z.literal(1),
  orderId: eventFields.id,
  orderNumber: orderPlacedV1.shape.orderNumber,
  mail: z.enum(['confirmation', 'shipped', 'payment_link']),
  requestedAt: eventFields.instant,
  actor: orderActor,
});
export const orderMailResendRequested = defineEvent('order.mail-resend-requested', 1, orderMailResendRequestedV1);
