// The invoice as a PDF and as HTML, with its fiscal QR code (issue 21; docs/invoicing/pdf.md).
export { fiscalQrUrl, FISCAL_QR_BASE } from './fiscal-qr.js';
export { renderInvoicePdf } from './invoice-pdf.js';
export { INVOICE_HTML_STYLE, renderInvoiceHtml, renderInvoiceHtmlPage } from './invoice-html.js';
export { FISCAL_TIME_ZONE, formatInvoiceDateTime, qrDateTime, zagrebWallTime, type WallTime } from './zagreb-time.js';
