import { z } from 'zod';
import { data } from './fields.js';

/**
 * The buyer's invoices of one order (`GET /api/orders/{number}/invoices`, for the signed-in owner or
 * the holder of the order's view token, like the order itself). JSON names snake_case; money in
 * signed integer euro cents, gross (a storno is negative).
 */
export const FISCAL_STATES = ['pending', 'fiscalized', 'rejected'] as const;
export type FiscalState = (typeof FISCAL_STATES)[number];

export const InvoiceSummary = z.object({
  id: z.string().uuid(),
  /** `17/ZZ1/1`. */
  number: z.string(),
  kind: z.enum(['invoice', 'storno']),
  /** The invoice a storno cancels (its number), null for an invoice. */
  storno_of: z.string().nullable(),
  issued_at: z.string(),
  total: z.number().int(),
  currency: z.literal('EUR'),
  fiscal_state: z.enum(FISCAL_STATES),
  /** Path of the PDF (add `?view_token=` when the caller holds a token rather than the account). */
  pdf_path: z.string(),
  /** Path of the UBL e-invoice for a business (R1) buyer, else null. */
  ubl_path: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const OrderInvoicesResponse = data(z.array(InvoiceSummary));
export type OrderInvoicesResponse = z.infer<typeof OrderInvoicesResponse>;
