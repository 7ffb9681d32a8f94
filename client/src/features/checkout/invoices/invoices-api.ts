/**
 * The buyer's invoices of one order (`GET /api/orders/{number}/invoices`, docs/invoicing/buyer.md): for the
 * signed-in owner (no token: the account's order page) or the holder of the order's view token (the
 * success page, the mails' links). Read in the browser only; the files are plain links to the paths the
 * answer carries, with the token added when the page holds one.
 */
import { queryOptions } from '@tanstack/react-query';
import { query, type ApiFactory } from '../../../api/http';
import { apiPaths } from '../../../api/paths';
import { queryKeys } from '../../../api/query-keys';
import type { Locale } from '../../../../../contract/locales';
import type { InvoiceSummary } from '../../../../../contract/api/invoices';
import type { OrderView } from '../../../../../contract/api/order';

/** How often a page asks again while an order whose sale is complete has no invoice yet, and for how long. */
export const INVOICE_POLL_MS = 2000;
export const INVOICE_POLL_LIMIT_MS = 60_000;

export function invoicesQuery(api: ApiFactory, locale: Locale, number: string, viewToken: string | null) {
  return queryOptions({
    queryKey: queryKeys.orderInvoices(number),
    queryFn: () => api(locale).get<InvoiceSummary[]>(`${apiPaths.orders.invoices(number)}${query({ view_token: viewToken })}`),
  });
}

/** A file's link: the path the API gave, with the page's view token when it has one (no token: the account's cookie). */
export function invoiceFileHref(path: string, viewToken: string | null): string {
  if (!viewToken) return path;
  return `${path}${path.includes('?') ? '&' : '?'}view_token=${encodeURIComponent(viewToken)}`;
}

/**
 * Whether the sale is complete, so an invoice is due (docs/invoicing.md, law art. 12): a card order once
 * paid, a cash-on-delivery order once the parcel is handed over for delivery (shipped or delivered).
 */
export function invoiceDue(order: Pick<OrderView, 'payment_method' | 'payment_status' | 'fulfilment_status'>): boolean {
  if (order.payment_method === 'card') return order.payment_status === 'paid' || order.payment_status === 'refunded';
  return order.fulfilment_status === 'shipped' || order.fulfilment_status === 'delivered' || order.payment_status === 'paid';
}

/** An order has its invoice once one of kind 'invoice' exists (a storno only ever follows one). */
export function hasInvoice(invoices: readonly InvoiceSummary[] | undefined): boolean {
  return !!invoices?.some((i) => i.kind === 'invoice');
}
