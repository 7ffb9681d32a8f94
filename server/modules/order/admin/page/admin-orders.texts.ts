import type { AdminOrderAction } from '../../../../../contract/api/admin-orders.js';
import { LOCALES, LOCALE_NAMES, type Locale } from '../../../../../contract/locales.js';
import type { FulfilmentStatus, PaymentMethod, PaymentStatus } from '../../../../../contract/orders.js';
import { SERVER_TEXTS, serverText, type ServerTexts } from '../../../../platform/i18n/index.js';

/** Every text of the operators' /admin/orders pages; the words are in server/locales (`order.admin`). */
export interface AdminOrdersTexts {
  htmlTitleList: string;
  htmlTitleOrder: (number: string) => string;
  skipToContent: string;
  siteNav: string;
  orders: string;
  queues: string;
  shop: string;
  /** List */
  heading: string;
  filters: string;
  fulfilmentStatus: string;
  paymentStatus: string;
  paymentMethod: string;
  search: string;
  searchHint: string;
  any: string;
  apply: string;
  reset: string;
  found: (n: number) => string;
  none: string;
  tableCaption: (page: number, pages: number) => string;
  number: string;
  date: string;
  customer: string;
  country: string;
  total: string;
  method: string;
  tracking: string;
  pages: string;
  previous: string;
  next: string;
  pageN: (n: number) => string;
  badFilter: string;
  /** The year's EU distance sales banner (docs/invoicing/vat.md) */
  euSalesHeading: (year: number) => string;
  euSalesTotal: (p: { total: string; threshold: string; share: string }) => string;
  euSalesPrevious: (total: string) => string;
  euSalesNone: string;
  euSalesNear: string;
  euSalesOver: string;
  euSalesOss: string;
  /** Detail */
  backToList: string;
  orderHeading: (number: string) => string;
  summary: string;
  placedAt: string;
  email: string;
  phone: string;
  language: string;
  coupon: string;
  lines: string;
  linesCaption: string;
  code: string;
  product: string;
  unitPrice: string;
  quantity: string;
  vatRate: string;
  lineTotal: string;
  subtotal: string;
  discount: string;
  delivery: string;
  vatBase: string;
  vatTotal: string;
  vatByRate: string;
  vatCaption: string;
  rate: string;
  base: string;
  vat: string;
  addresses: string;
  deliveryAddress: string;
  billingAddress: string;
  sameAsDelivery: string;
  r1Invoice: string;
  noR1: string;
  taxId: string;
  notes: string;
  courierNote: string;
  remark: string;
  noneGiven: string;
  history: string;
  historyCaption: string;
  when: string;
  what: string;
  who: string;
  detail: string;
  noHistory: string;
  actions: string;
  noActions: string;
  trackingNumber: string;
  trackingHint: string;
  confirmCancel: string;
  confirmRefund: string;
  confirmRequired: string;
  actionButton: Record<AdminOrderAction, string>;
  done: Record<AdminOrderAction, string>;
  trackingRequired: string;
  trackingInvalid: string;
  failed: string;
  /** Other pages */
  forbiddenTitle: string;
  forbiddenText: string;
  notFoundTitle: string;
  notFoundText: string;
  paymentStatuses: Record<PaymentStatus, string>;
  fulfilmentStatuses: Record<FulfilmentStatus, string>;
  paymentMethods: Record<PaymentMethod, string>;
  languages: Record<Locale, string>;
  historyActions: Record<string, string>;
}

type Words = ServerTexts['order']['admin'];

/** One language's words from server/locales (`order.admin`), with the sentences that take a number. */
function textsOf(locale: Locale): AdminOrdersTexts {
  const words: Words = SERVER_TEXTS[locale].order.admin;
  const fill = (key: keyof Words, params: Record<string, string | number>) =>
    serverText(`order.admin.${key}`, locale, params) ?? String(words[key]);
  return {
    ...words,
    htmlTitleOrder: (number) => fill('htmlTitleOrder', { number }),
    found: (count) => (count === 1 ? words.foundOne : fill('foundMany', { count })),
    tableCaption: (page, pages) => fill('tableCaption', { page, pages }),
    pageN: (n) => fill('pageN', { n }),
    orderHeading: (number) => fill('orderHeading', { number }),
    euSalesHeading: (year) => fill('euSalesHeading', { year }),
    euSalesTotal: (p) => fill('euSalesTotal', p),
    euSalesPrevious: (total) => fill('euSalesPrevious', { total }),
    languages: LOCALE_NAMES,
  };
}

export const ADMIN_ORDERS_TEXTS = Object.fromEntries(LOCALES.map((locale) => [locale, textsOf(locale)])) as Record<
  Locale,
  AdminOrdersTexts
>;
