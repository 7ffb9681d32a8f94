// The invoicing module's public face: other modules import only from here (ESLint enforces it).
export { InvoicingModule } from './invoicing.module.js';
/** For tests that issue an invoice the way the shop does (the operators' integration test). */
export { InvoiceIssuer } from './invoice-issuer.js';
