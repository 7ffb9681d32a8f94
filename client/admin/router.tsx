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
import { ProductPage } from './products/product-page';
import { ProductPhotos } from './products/photos';
import { parseListSearch } from './products/search';

const root = createRootRoute({ component: Frame, notFoundComponent: NotFound });

const dashboard = createRoute({ getParentRoute: () => root, path: '/', component: Dashboard });

/** The products list: its filters, sort and page are search params (products/search.ts). */
const products = createRoute({ getParentRoute: () => root, path: '/products', component: ProductList, validateSearch: parseListSearch });

const product = createRoute({ getParentRoute: () => root, path: '/products/$code', component: ProductPage });

/** A product's photos: upload (camera or files), order, alt text per language, centre of interest. */
const productPhotos = createRoute({ getParentRoute: () => root, path: '/products/$code/photos', component: ProductPhotos });

// Coupons (admin only: the API refuses staff, the screens then show 'not allowed') and the change history.
const coupons = createRoute({ getParentRoute: () => root, path: '/coupons', component: CouponList, validateSearch: couponSearch });
const couponNew = createRoute({ getParentRoute: () => root, path: '/coupons/new', component: CouponNew });
const coupon = createRoute({ getParentRoute: () => root, path: '/coupons/$id', component: CouponEdit });
const audit = createRoute({ getParentRoute: () => root, path: '/audit', component: AuditLog, validateSearch: auditSearch });

const routeTree = root.addChildren([dashboard, products, product, productPhotos, coupons, couponNew, coupon, audit]);

export function createAdminRouter() {
  return createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
