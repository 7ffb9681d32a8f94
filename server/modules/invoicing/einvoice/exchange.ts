import { createHash, randomUUID } from 'node:crypto';
import { validateUblSchema } from './ubl-schema.js';

/**
 * The exchange of e-invoices with an information intermediary (informacijski posrednik, art. 2 and
 * art. 40 ff. of the law): the shop hands over the UBL and the buyer's electronic address and gets a
 * reference; the intermediary delivers it to the buyer's intermediary and reports its state.
 * Which intermediary the family contracts is configuration (EINVOICE_EXCHANGE).
 */
export type EInvoiceStatus = 'accepted' | 'delivered' | 'rejected' | 'pending';

export interface EInvoiceExchange {
  /** Hands one e-invoice over. Sending the same invoice number again answers the first reference (a retried job never sends twice). */
  send(input: { invoiceNumber: string; ubl: string; buyerEndpoint: string }): Promise<{ reference: string }>;
  status(reference: string): Promise<EInvoiceStatus>;
}

/** The exchange refused the hand-over itself (not a rejection by the buyer, which is a status). */
export class EInvoiceExchangeError extends Error {}

/** `status` of a reference the exchange does not know. */
export class UnknownEInvoiceReferenceError extends EInvoiceExchangeError {}

interface SandboxRecord {
  reference: string;
  invoiceNumber: string;
  buyerEndpoint: string;
  ubl: string;
  sha256: string;
  receivedAt: number;
  /** XSD errors: non-empty means rejected. */
  errors: string[];
}

function textOf(xml: string, pattern: RegExp): string | null {
  const m = pattern.exec(xml);
  return m ? m[1].trim() : null;
}

/**
 * An emulated intermediary, in process, for development and tests (refused in production by config).
 * Like an intermediary it checks what it gets: the UBL against the UBL 2.1 XSD with the HR extension,
 * that the document's number (BT-1) is the invoice number and that the buyer's electronic address
 * (BT-49) is the endpoint it is told to deliver to. A document failing these is kept with status
 * `rejected`; a valid one is `accepted`, and `delivered` once `deliverAfterMs` has passed.
 *
 * It keeps what it got in memory: it stands in for a service outside the shop, whose records are not
 * the shop's; the shop keeps its own record of what it sent and the reference in the invoicing tables.
 * After a restart it no longer knows earlier references (status throws UnknownEInvoiceReferenceError),
 * as a real intermediary would not know a reference it never issued.
 */
export class SandboxEInvoiceExchange implements EInvoiceExchange {
  private readonly byReference = new Map<string, SandboxRecord>();
  private readonly byNumber = new Map<string, string>();

  constructor(private readonly options: { deliverAfterMs?: number; now?: () => number } = {}) {}

  async send(input: { invoiceNumber: string; ubl: string; buyerEndpoint: string }): Promise<{ reference: string }> {
    const sha256 = createHash('sha256').update(input.ubl).digest('hex');
    const known = this.byNumber.get(input.invoiceNumber);
    if (known) {
      const record = this.byReference.get(known)!;
      if (record.sha256 !== sha256 || record.buyerEndpoint !== input.buyerEndpoint)
        throw new EInvoiceExchangeError(`invoice ${input.invoiceNumber} was already sent with another document (reference ${known})`);
      return { reference: known };
    }
    const errors = await validateUblSchema(input.ubl);
    if (errors.length === 0) {
      const number = textOf(input.ubl, /<cbc:ID>([^<]*)<\/cbc:ID>\s*<cbc:IssueDate>/);
      if (number !== input.invoiceNumber)
        errors.push(`BT-1 is ${JSON.stringify(number)}, not the invoice number ${JSON.stringify(input.invoiceNumber)}`);
      const customer = textOf(input.ubl, /<cac:AccountingCustomerParty>\s*<cac:Party>\s*<cbc:EndpointID[^>]*>([^<]*)<\/cbc:EndpointID>/);
      if (customer !== input.buyerEndpoint)
        errors.push(`BT-49 is ${JSON.stringify(customer)}, not the endpoint ${JSON.stringify(input.buyerEndpoint)}`);
    }
    const reference = `sandbox-${randomUUID()}`;
    const now = this.options.now?.() ?? Date.now();
    this.byReference.set(reference, {
      reference,
      invoiceNumber: input.invoiceNumber,
      buyerEndpoint: input.buyerEndpoint,
      ubl: input.ubl,
      sha256,
      receivedAt: now,
      errors,
    });
    this.byNumber.set(input.invoiceNumber, reference);
    return { reference };
  }

  status(reference: string): Promise<EInvoiceStatus> {
    const record = this.byReference.get(reference);
    if (!record) return Promise.reject(new UnknownEInvoiceReferenceError(`unknown e-invoice reference ${reference}`));
    if (record.errors.length > 0) return Promise.resolve('rejected');
    const now = this.options.now?.() ?? Date.now();
    return Promise.resolve(now - record.receivedAt >= (this.options.deliverAfterMs ?? 0) ? 'delivered' : 'accepted');
  }

  /** What the sandbox received under a reference (for tests and the operator's dev view). */
  received(reference: string): { invoiceNumber: string; buyerEndpoint: string; ubl: string; errors: string[] } | null {
    const r = this.byReference.get(reference);
    return r ? { invoiceNumber: r.invoiceNumber, buyerEndpoint: r.buyerEndpoint, ubl: r.ubl, errors: [...r.errors] } : null;
  }
}

/**
 * The configured exchange: the sandbox, or null for `none` (nothing is sent; the operator uploads the
 * UBL in the intermediary's portal).
 */
export function createEInvoiceExchange(config: { einvoice: { exchange: 'sandbox' | 'none' } }): EInvoiceExchange | null {
  return config.einvoice.exchange === 'sandbox' ? new SandboxEInvoiceExchange({ deliverAfterMs: 2000 }) : null;
}
