/**
 * The back office's screens: a code-based route tree under /admin (docs/admin.md 'How to add a
 * screen'). Each screen is one route here; its component lives in its own folder.
 */
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
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

const routeTree = root.addChildren([dashboard, products, product]);

export function createAdminRouter() {
  return createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
