/**
 * The back office's screens: a code-based route tree under /admin (docs/admin.md 'How to add a
 * screen'). Each screen is one route here; its component lives in its own folder.
 */
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { Dashboard } from './dashboard/dashboard';
import { Frame } from './frame/frame';
import { NotFound } from './frame/status';

const root = createRootRoute({ component: Frame, notFoundComponent: NotFound });

const dashboard = createRoute({ getParentRoute: () => root, path: '/', component: Dashboard });

const routeTree = root.addChildren([dashboard]);

export function createAdminRouter() {
  return createRouter({ routeTree, basepath: '/admin', defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
