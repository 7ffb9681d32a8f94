/**
 * Paths of an order's invoices and their files (the API serves them; the client links to them). Plain
 * TypeScript without zod, so the client's first visit does not load the schemas (docs/performance.md).
 */
export const invoicePaths = {
  list: (orderNumber: string) => `/api/orders/${encodeURIComponent(orderNumber)}/invoices`,
  pdf: (orderNumber: string, invoiceId: string) => `/api/orders/${encodeURIComponent(orderNumber)}/invoices/${invoiceId}/pdf`,
  ubl: (orderNumber: string, invoiceId: string) => `/api/orders/${encodeURIComponent(orderNumber)}/invoices/${invoiceId}/ubl`,
} as const;
