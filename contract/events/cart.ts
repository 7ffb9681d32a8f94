import { z } from 'zod';
import { defineEvent, eventFields } from './event-contract.js';

/**
 * The birthday present was issued: a personal, single-use percent coupon for `userId` (once per
 * user and year). Identity mails it to the user.
 */
export const cartBirthdayCouponIssuedV1 = z.object({
  version: z.literal(1),
  userId: eventFields.id,
  year: z.number().int().min(1900).max(9999),
  couponCode: z.string().min(1),
  percent: z.number().int().min(1).max(100),
  /** The last day (Zagreb calendar) the mail names; the coupon itself ends at `validUntil` of the coupon row. */
  validUntil: eventFields.date,
});
export const cartBirthdayCouponIssued = defineEvent('cart.birthday-coupon-issued', 1, cartBirthdayCouponIssuedV1);
