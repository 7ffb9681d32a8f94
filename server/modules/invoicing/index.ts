// The invoicing module's public face: other modules and the tests import only from here (ESLint enforces it).
export type { InvoiceDocument, InvoiceLine } from './invoice-document.js';
export { validateUblSchema } from './einvoice/index.js';
