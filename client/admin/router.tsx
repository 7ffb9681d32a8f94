/**
 * The back office's screens: a code-based route tree under /admin (docs/admin.md 'How to add a
 * screen'). Each screen is one route here; its component lives in its own folder.
 */
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { AuditLog } from './audit/audit';
import { auditSearch } from './audit/audit-search';
import { CouponEdit, CouponNew } from './coupons/coupon-edit';
import { CouponList } from './coupons/coupon-list';
import { couponSearch } from './coupons/coupon-search';
import { Dashboard } from './dashboard/dashboard';
import { Frame } from './frame/frame';
import { NotFound } from './frame/status';
import { ProductList } from './products/product-list';
import { ProductDetails, ProductNew } from './products/product-details';
import { ProductPage } from './products/product-page';
import { Categories } from './categories/categories';
import { parseListSearch } from './products/search';

const root = createRootRoute({ component: Frame, notFoundComponent: NotFound });

const dashboard = createRoute({ getParentRoute: () => root, path: '/', component: Dashboard });

/** The products list: its filters, sort and page are search params (products/search.ts). */
const products = createRoute({ getParentRoute: () => root, path: '/products', component: ProductList, validateSearch: parseListSearch });

const product = createRoute({ getParentRoute: () => root, path: '/products/$code', component: ProductPage });
// A new product, and one product's texts and fields ('Details', a tab beside 'Stock and price').
const productNew = createRoute({ getParentRoute: () => root, path: '/products/new', component: ProductNew });
const productDetails = createRoute({ getParentRoute: () => root, path: '/products/$code/details', component: ProductDetails });
// The categories: names and slugs in four languages, their order in the shop.
const categories = createRoute({ getParentRoute: () => root, path: '/categories', component: Categories });

// Coupons (admin only: the API refuses staff, the screens then show 'not allowed') and the change history.
const coupons = createRoute({ getParentRoute: () => root, path: '/coupons', component: CouponList, validateSearch: couponSearch });
const couponNew = createRoute({ getParentRoute: () => root, path: '/coupons/new', component: CouponNew });
const coupon = createRoute({ getParentRoute: () => root, path: '/coupons/$id', component: CouponEdit });
const audit = createRoute({ getParentRoute: () => root, path: '/audit', component: AuditLog, validateSearch: auditSearch });

const routeTree = root.addChildren([
  dashboard,
  products,
  productNew,
  product,
  productDetails,
  categories,
  coupons,
  couponNew,
  coupon,
  audit,
]);

export function createAdminRouter() {
  return createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
