// The invoicing module's public face: other modules and the tests import only from here (ESLint enforces it).
export { InvoicingModule } from './invoicing.module.js';
export type { InvoiceDocument, InvoiceLine } from './invoice-document.js';
export { validateUblSchema } from './einvoice/index.js';
export { CisEmulator, mountFiscalSandbox } from './fiscal/index.js';
