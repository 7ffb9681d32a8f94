import { invoiceFiscalized, invoiceIssued } from '../../../../contract/events/invoice.js';
import { domainEvent } from '../../../platform/events/index.js';

// The invoicing module's events; payloads and their meaning: contract/events/invoice.ts.

export class InvoiceIssued extends domainEvent(invoiceIssued) {}
export class InvoiceFiscalized extends domainEvent(invoiceFiscalized) {}
