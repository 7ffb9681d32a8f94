import { z } from 'zod';
import { data } from './fields.js';

/**
 * The card providers the shop has an adapter for: the `{provider}` segment of
 * `POST /api/payments/{provider}/callback` (docs/payments.md, 'Adding a payment provider'). Any
 * other segment is a 404 `PAYMENT_PROVIDER_UNKNOWN`.
 */
export const PaymentProviderId = z.enum(['monri']);
export type PaymentProviderId = z.output<typeof PaymentProviderId>;

/** The callback's path parameters (documentation; the controller parses `provider` with PaymentProviderId). */
export const PaymentCallbackParams = z.object({
  provider: PaymentProviderId.meta({ description: 'The card provider that sends the callback (its adapter checks the signature)' }),
});

/**
 * `POST /api/payments/monri/callback`: what Monri sends (documentation of the body; the handler
 * verifies the `WP3-callback` signature over the raw bytes first, and the payment adapter parses
 * them). More fields come along (approval_code, masked_pan, cc_type, created_at, ...) and are kept.
 */
export const MonriCallbackBody = z.looseObject({
  id: z.union([z.string(), z.number().int()]).meta({ description: "The provider's transaction id" }),
  order_number: z.string().meta({ description: "The shop's order number" }),
  amount: z.union([z.number().int(), z.string()]).meta({ description: 'Integer cents' }),
  currency: z.string().meta({ description: 'ISO 4217, e.g. EUR' }),
  status: z.string().meta({ description: "'approved' (with response_code '0000') or e.g. 'declined'" }),
  response_code: z.string().meta({ description: "'0000' = approved" }),
});

/** 200: stored; settlement follows on the payments queue. */
export const PaymentCallbackResponse = data(z.object({ received: z.literal(true) }));
