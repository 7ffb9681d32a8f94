/**
 * The back office's screens: a code-based route tree under /admin (docs/admin.md 'How to add a
 * screen'). Each screen is one route here; its component lives in its own folder.
 */
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { AuditLog } from './audit/audit';
import { auditSearch } from './audit/audit-search';
import { ContentEdit, ContentNew } from './content/content-edit';
import { ContentList } from './content/content-list';
import { contentSearch, newContentSearch } from './content/content-search';
import { CouponEdit, CouponNew } from './coupons/coupon-edit';
import { CouponList } from './coupons/coupon-list';
import { couponSearch } from './coupons/coupon-search';
import { Dashboard } from './dashboard/dashboard';
import { Frame } from './frame/frame';
import { NotFound } from './frame/status';
import { ProductList } from './products/product-list';
import { ProductPage } from './products/product-page';
import { parseListSearch } from './products/search';

const root = createRootRoute({ component: Frame, notFoundComponent: NotFound });

const dashboard = createRoute({ getParentRoute: () => root, path: '/', component: Dashboard });

/** The products list: its filters, sort and page are search params (products/search.ts). */
const products = createRoute({ getParentRoute: () => root, path: '/products', component: ProductList, validateSearch: parseListSearch });

const product = createRoute({ getParentRoute: () => root, path: '/products/$code', component: ProductPage });

// Coupons (admin only: the API refuses staff, the screens then show 'not allowed') and the change history.
const coupons = createRoute({ getParentRoute: () => root, path: '/coupons', component: CouponList, validateSearch: couponSearch });
const couponNew = createRoute({ getParentRoute: () => root, path: '/coupons/new', component: CouponNew });
const coupon = createRoute({ getParentRoute: () => root, path: '/coupons/$id', component: CouponEdit });
// Content (admin and staff): the texts of the site in four languages (docs/admin.md 'Content in the back office').
const content = createRoute({ getParentRoute: () => root, path: '/content', component: ContentList, validateSearch: contentSearch });
const contentNew = createRoute({
  getParentRoute: () => root,
  path: '/content/new',
  component: ContentNew,
  validateSearch: newContentSearch,
});
const contentEntry = createRoute({ getParentRoute: () => root, path: '/content/$id', component: ContentEdit });
const audit = createRoute({ getParentRoute: () => root, path: '/audit', component: AuditLog, validateSearch: auditSearch });

const routeTree = root.addChildren([dashboard, products, product, coupons, couponNew, coupon, content, contentNew, contentEntry, audit]);

export function createAdminRouter() {
  return createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
