// The e-invoice (eRačun) part of invoicing: the UBL 2.1 document with HR-CIUS, its XSD check and the
// exchange with an information intermediary (docs/invoicing/einvoice.md).
export { buildUblInvoice, EInvoiceNotApplicableError } from './ubl-invoice.js';
export { validateUblSchema } from './ubl-schema.js';
export { createEInvoiceExchange, EInvoiceExchangeError, SandboxEInvoiceExchange, UnknownEInvoiceReferenceError } from './exchange.js';
/** @public The shape the invoicing module's exchange job is given (the sandbox, or an intermediary's adapter). */
export type { EInvoiceExchange, EInvoiceStatus } from './exchange.js';
