import { z } from 'zod';
import { defineEvent, eventFields } from './event-contract.js';

/** `<sequence>/<premise>/<device>` (law art. 9): e.g. `17/ZZ1/1`. */
const invoiceNumber = z.string().regex(/^[1-9][0-9]*\/[0-9A-Za-z]{1,20}\/[0-9A-Za-z]{1,20}$/);

/**
 * An invoice or a storno was issued (docs/invoicing.md), in the transaction that numbered it: its
 * row, number and ZKI committed with it. Its fiscalization with the Tax Administration follows in
 * the invoicing queue (never in a request); the buyer's mail follows the first answer.
 */
export const invoiceIssuedV1 = z.object({
  version: z.literal(1),
  invoiceId: eventFields.id,
  number: invoiceNumber,
  kind: z.enum(['invoice', 'storno']),
  orderNumber: z.string().regex(/^ZZ-[0-9]{4}-[0-9]{6,}$/),
  /** Signed gross euro cents (a storno is negative). */
  total: z.number().int(),
  issuedAt: eventFields.instant,
});
export const invoiceIssued = defineEvent('invoice.issued', 1, invoiceIssuedV1);

/** The Tax Administration answered an invoice's JIR, stored in the transaction that publishes this. */
export const invoiceFiscalizedV1 = z.object({
  version: z.literal(1),
  invoiceId: eventFields.id,
  number: invoiceNumber,
  jir: z.string().uuid(),
  /** Whether it was delivered late (NakDost: an earlier attempt failed). */
  late: z.boolean(),
  fiscalizedAt: eventFields.instant,
});
export const invoiceFiscalized = defineEvent('invoice.fiscalized', 1, invoiceFiscalizedV1);
