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
