// The invoice as a PDF and as HTML, with its fiscal QR code (issue 21; docs/invoicing/pdf.md).
export { renderInvoicePdf } from './invoice-pdf.js';
export { INVOICE_HTML_STYLE, renderInvoiceHtml, renderInvoiceHtmlPage } from './invoice-html.js';
export { formatInvoiceDateTime, zagrebWallTime } from './zagreb-time.js';
