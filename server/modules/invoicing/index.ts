// The invoicing module's public face: other modules import only from here (ESLint enforces it).
export { InvoicingModule } from './invoicing.module.js';
