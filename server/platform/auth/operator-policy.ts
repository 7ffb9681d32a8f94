import type { Request } from 'express';
import { isOperatorRole, type OperatorRole, type UserRole } from '../../../contract/api/identity.js';

/**
 * The one policy of the back office (docs/admin.md 'Roles'): which operator role may use which
 * capability, and which capability every operator route needs. `admin` may do everything; `staff`
 * does the daily work: orders (but no refunds: cancelling a paid order refunds it, so that needs
 * `orders.refund` as well), stock, content, viewing invoices and retrying their fiscalization. Not
 * prices, coupons, refunds, the invoice book and exports, or settings (VAT/OSS, users, newsletter).
 *
 * The server decides from this table alone: RequireOperator (the JSON API) and adminOperator (the
 * server-rendered pages) look the matched route up here; a route missing from OPERATOR_ROUTES is
 * refused to everybody (and test/integration/platform/admin-roles.test.ts names it).
 */
export const OPERATOR_POLICY = {
  /** the back-office app (client/admin) and its dashboard; staff get no revenue there */
  'backoffice.open': ['admin', 'staff'],
  'orders.read': ['admin', 'staff'],
  /** ship, deliver, cash received */
  'orders.fulfil': ['admin', 'staff'],
  /** cancel an order (a paid one also needs orders.refund: its payment goes back) */
  'orders.cancel': ['admin', 'staff'],
  'orders.refund': ['admin'],
  'invoices.read': ['admin', 'staff'],
  /** 'retry now' of a fiscalization or e-invoice delivery */
  'invoices.retry': ['admin', 'staff'],
  'invoices.storno': ['admin'],
  /** the invoice book and the accountant's export */
  'invoices.accounting': ['admin'],
  /** the products' stock, availability, reserved packs, prices and offers as the stock and price screens list them */
  'stock.read': ['admin', 'staff'],
  /** stock, availability ('soon available again'), the low-stock threshold */
  'stock.write': ['admin', 'staff'],
  'content.read': ['admin', 'staff'],
  'content.write': ['admin', 'staff'],
  'prices.write': ['admin'],
  /** create products, edit their fields and texts, publish, archive; categories and their order */
  'products.write': ['admin'],
  'coupons.manage': ['admin'],
  /** VAT/OSS figures and settings */
  'settings.vat': ['admin'],
  'newsletter.manage': ['admin'],
  'users.manage': ['admin'],
  /** the audit log (staff: only the entity types of AUDIT_TYPES_FOR_STAFF) */
  'audit.read': ['admin', 'staff'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type OperatorCapability = keyof typeof OPERATOR_POLICY;

/** A route whose capability depends on one path parameter (the pages' `POST .../:action`). */
export interface CapabilityByParam {
  param: string;
  values: Readonly<Record<string, OperatorCapability>>;
  /** for any other value of the parameter (the page answers 404 for it) */
  otherwise: OperatorCapability;
}

/**
 * Every operator route, `'METHOD /path/:param'` as the router matched it (`req.route.path`), and
 * the capability it needs. `/admin/queues` is not here: it keeps its own basic auth.
 */
export const OPERATOR_ROUTES: Readonly<Record<string, OperatorCapability | CapabilityByParam>> = {
  // the back-office app's index.html and its screens' paths (platform/admin-app), its dashboard (backoffice)
  'GET /admin': 'backoffice.open',
  'GET /admin/{*path}': 'backoffice.open',
  'GET /api/admin/dashboard': 'backoffice.open',
  // orders, JSON API (order/admin/order-admin.controller.ts)
  'GET /api/admin/orders': 'orders.read',
  'GET /api/admin/orders/:number': 'orders.read',
  'POST /api/admin/orders/:number/ship': 'orders.fulfil',
  'POST /api/admin/orders/:number/deliver': 'orders.fulfil',
  'POST /api/admin/orders/:number/cash-received': 'orders.fulfil',
  'POST /api/admin/orders/:number/cancel': 'orders.cancel',
  'POST /api/admin/orders/:number/refund': 'orders.refund',
  // the back office's order screens (order/admin/order-back-office.service.ts)
  'GET /api/admin/orders/packing-slips.pdf': 'orders.read',
  'POST /api/admin/orders/:number/notes': 'orders.fulfil',
  'POST /api/admin/orders/:number/resend-mail': 'orders.fulfil',
  'POST /api/admin/orders/:number/refund-lines': 'orders.refund',
  // invoices, JSON API (invoicing/admin/invoice-admin.controller.ts)
  'GET /api/admin/invoices': 'invoices.read',
  'GET /api/admin/invoices/export.csv': 'invoices.accounting',
  'GET /api/admin/invoices/book': 'invoices.accounting',
  'GET /api/admin/invoices/:id': 'invoices.read',
  'POST /api/admin/invoices/:id/retry': 'invoices.retry',
  'POST /api/admin/invoices/:id/storno': 'invoices.storno',
  'GET /api/admin/invoices/:id/pdf': 'invoices.read',
  'GET /api/admin/invoices/:id/ubl': 'invoices.read',
  'GET /api/admin/invoices/:id/html': 'invoices.read',
  // invoices, pages (invoicing/admin/page)
  'GET /admin/invoices': 'invoices.read',
  'GET /admin/invoices/export': 'invoices.accounting',
  'GET /admin/invoices/book': 'invoices.accounting',
  'GET /admin/invoices/:id': 'invoices.read',
  'POST /admin/invoices/:id/:action': {
    param: 'action',
    values: { retry: 'invoices.retry', storno: 'invoices.storno' },
    otherwise: 'invoices.read',
  },
  // content (content/content-admin.controller.ts)
  'GET /api/admin/content/entries': 'content.read',
  'GET /api/admin/content/entries/:id': 'content.read',
  'PATCH /api/admin/content/entries/:id/translations/:locale': 'content.write',
  'POST /api/admin/content/entries/:id/publish': 'content.write',
  'POST /api/admin/content/entries/:id/unpublish': 'content.write',
  'GET /api/admin/content/images': 'content.read',
  'POST /api/admin/content/entries': 'content.write',
  'PATCH /api/admin/content/entries/:id': 'content.write',
  'POST /api/admin/content/entries/:id/preview': 'content.write',
  // stock and prices (catalog/admin/catalog-admin.controller.ts)
  'GET /api/admin/products': 'stock.read',
  'GET /api/admin/products/:code': 'stock.read',
  'PATCH /api/admin/products/:code/stock': 'stock.write',
  'POST /api/admin/products/bulk/stock': 'stock.write',
  'PUT /api/admin/products/:code/price': 'prices.write',
  'POST /api/admin/products/bulk/prices': 'prices.write',
  'POST /api/admin/products/:code/offers/preview': 'prices.write',
  'POST /api/admin/products/:code/offers': 'prices.write',
  // products and categories (catalog/admin/product-editor.controller.ts): staff read, admin change
  'POST /api/admin/products': 'products.write',
  'GET /api/admin/products/:code/details': 'stock.read',
  'PATCH /api/admin/products/:code/details': 'products.write',
  'POST /api/admin/products/:code/publish': 'products.write',
  'POST /api/admin/products/:code/unpublish': 'products.write',
  'POST /api/admin/products/:code/archive': 'products.write',
  'POST /api/admin/products/:code/unarchive': 'products.write',
  'GET /api/admin/categories': 'stock.read',
  'POST /api/admin/categories': 'products.write',
  'PATCH /api/admin/categories/:code': 'products.write',
  'POST /api/admin/categories/:code/move': 'products.write',
  // product photos (catalog/admin/photos): shop content, so staff too; prices stay admin-only
  'GET /api/admin/products/:code/photos': 'content.read',
  'POST /api/admin/products/:code/photos': 'content.write',
  'PATCH /api/admin/products/:code/photos': 'content.write',
  'DELETE /api/admin/products/:code/photos/:id': 'content.write',
  // coupons (cart/admin/coupon-admin.controller.ts): admin only
  'GET /api/admin/coupons': 'coupons.manage',
  'GET /api/admin/coupons/:id': 'coupons.manage',
  'POST /api/admin/coupons': 'coupons.manage',
  'PATCH /api/admin/coupons/:id': 'coupons.manage',
  'POST /api/admin/coupons/:id/disable': 'coupons.manage',
  'POST /api/admin/coupons/:id/enable': 'coupons.manage',
  // settings and people
  'GET /api/admin/vat/eu-distance-sales': 'settings.vat',
  // the newsletter (newsletter/newsletter-admin.controller.ts, newsletter/campaigns/): admin only
  'GET /api/admin/newsletter/subscribers': 'newsletter.manage',
  'GET /api/admin/newsletter/subscriptions': 'newsletter.manage',
  'GET /api/admin/newsletter/campaigns': 'newsletter.manage',
  'POST /api/admin/newsletter/campaigns': 'newsletter.manage',
  'GET /api/admin/newsletter/campaigns/:id': 'newsletter.manage',
  'PATCH /api/admin/newsletter/campaigns/:id': 'newsletter.manage',
  'POST /api/admin/newsletter/preview': 'newsletter.manage',
  'GET /api/admin/newsletter/campaigns/:id/preview': 'newsletter.manage',
  'POST /api/admin/newsletter/campaigns/:id/test': 'newsletter.manage',
  'POST /api/admin/newsletter/campaigns/:id/send': 'newsletter.manage',
  // customers and business invitations (backoffice/customers): admin only. Staff read no customer
  // list or profile: the order they work on shows its buyer's contact, which is all order work needs
  // (GDPR art. 5(1)(c), data minimisation); docs/admin.md 'Customers'.
  'GET /api/admin/customers': 'users.manage',
  'GET /api/admin/customers/:id': 'users.manage',
  'GET /api/admin/customers/:id/export': 'users.manage',
  'POST /api/admin/customers/:id/block': 'users.manage',
  'POST /api/admin/customers/:id/unblock': 'users.manage',
  'POST /api/admin/customers/:id/erase': 'users.manage',
  'GET /api/admin/customer-invitations': 'users.manage',
  'POST /api/admin/customer-invitations': 'users.manage',
  'POST /api/admin/customer-invitations/:id/resend': 'users.manage',
  'POST /api/admin/customer-invitations/:id/revoke': 'users.manage',
  // the audit log (platform/audit)
  'GET /api/admin/audit': 'audit.read',
};

/**
 * The entity types of the audit log staff may read (admin reads all): those of the work staff may
 * do. Rows about prices, coupons, users and settings stay the admin's.
 */
export const AUDIT_TYPES_FOR_STAFF: readonly string[] = ['order', 'invoice', 'content_entry', 'stock', 'product_photo'];

/** Whether `role` may use `capability` (customers and business buyers never). */
export function mayUse(role: UserRole | undefined, capability: OperatorCapability): boolean {
  return isOperatorRole(role) && (OPERATOR_POLICY[capability] as readonly string[]).includes(role);
}

/** The capability a matched route needs, or undefined when the route is not in OPERATOR_ROUTES. */
export function routeCapability(
  method: string,
  routePath: string,
  params: Readonly<Record<string, unknown>> = {},
): OperatorCapability | undefined {
  const entry = OPERATOR_ROUTES[`${method.toUpperCase()} ${routePath}`];
  if (entry === undefined || typeof entry === 'string') return entry;
  const value = params[entry.param];
  return typeof value === 'string' && Object.hasOwn(entry.values, value) ? entry.values[value] : entry.otherwise;
}

/** The capability the request's matched route needs (Express's `req.route`), or undefined. */
export function requestCapability(req: Request): OperatorCapability | undefined {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (typeof route?.path !== 'string') return undefined;
  return routeCapability(req.method, route.path, req.params ?? {});
}
