// The roles matrix of the back office (docs/admin.md 'Roles'), generated from the route table: every
// route the Nest app registers under /api/admin or /admin (except /admin/queues, basic auth of its
// own) is called as anonymous, customer, staff and admin, and the answer is checked against the one
// policy (server/platform/auth/operator-policy.ts). A route the policy does not name fails the test.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import type { RunningShop } from '../../../server/main.js';
import { mayUse, OPERATOR_ROUTES, routeCapability, type CapabilityByParam } from '../../../server/platform/auth/index.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';

interface RouteLayer {
  route?: { path?: unknown; methods?: Record<string, boolean> };
}

/** Every method + path the app's Express router holds (what Nest registered), in registration order. */
function registeredRoutes(shop: RunningShop): Array<{ method: string; path: string }> {
  const express = (shop.app as NestExpressApplication).getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  const stack = express.router.stack;
  const routes: Array<{ method: string; path: string }> = [];
  for (const layer of stack) {
    const path = layer.route?.path;
    if (typeof path !== 'string') continue;
    for (const [method, on] of Object.entries(layer.route?.methods ?? {})) {
      if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path });
    }
  }
  return routes;
}

const isOperatorPath = (path: string) =>
  (path === '/api/admin' || path.startsWith('/api/admin/') || path === '/admin' || path.startsWith('/admin/')) &&
  path !== '/admin/queues' &&
  !path.startsWith('/admin/queues/');

/** Syntactically valid values for the routes' path parameters (naming nothing that exists). */
const SAMPLE: Record<string, string> = {
  number: 'ZZ-2026-99999999',
  id: '00000000-0000-4000-8000-000000000000',
  locale: 'en',
};

/**
 * The concrete calls of a route: one per value of a parameter the policy distinguishes (the pages'
 * actions; another value is no form route, which the platform refuses with 415 before routing), else one.
 */
function callsOf(method: string, path: string): Array<{ url: string; params: Record<string, string> }> {
  const entry = OPERATOR_ROUTES[`${method} ${path}`];
  const byParam = entry !== undefined && typeof entry !== 'string' ? (entry as CapabilityByParam) : undefined;
  const variants = byParam ? Object.keys(byParam.values) : [undefined];
  return variants.map((v) => {
    const params: Record<string, string> = {};
    const url = path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
      params[name] = byParam && name === byParam.param && v !== undefined ? v : (SAMPLE[name] ?? 'sample');
      return encodeURIComponent(params[name]);
    });
    return { url, params };
  });
}

describe('the roles matrix of every operator route', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let routes: Array<{ method: string; path: string }>;
  const as: Record<'anonymous' | 'customer' | 'staff' | 'admin', Shopper | undefined> = {
    anonymous: undefined,
    customer: undefined,
    staff: undefined,
    admin: undefined,
  };

  beforeAll(async () => {
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    db = shop.app.get(DataSource);
    as.anonymous = await shopper(shop.url);
    for (const role of ['customer', 'staff', 'admin'] as const) {
      const user = await createUser(db, { role });
      as[role] = await signIn(shop.url, user.email, user.password);
    }
    routes = registeredRoutes(shop).filter((r) => isOperatorPath(r.path));
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  it('finds the operator routes in the router, and every one of them in the policy table', () => {
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(OPERATOR_ROUTES).length);
    const missing = routes.filter((r) => routeCapability(r.method, r.path) === undefined).map((r) => `'${r.method} ${r.path}'`);
    if (missing.length) {
      throw new Error(
        `These operator routes are not in the policy table: ${missing.join(', ')}. ` +
          'Add each to OPERATOR_ROUTES in server/platform/auth/operator-policy.ts with the capability it needs (docs/admin.md "Roles").',
      );
    }
    const registered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(OPERATOR_ROUTES).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('answers each role as the policy says, on every route', async () => {
    const wrong: string[] = [];
    for (const { method, path } of routes) {
      const isPage = !path.startsWith('/api/');
      for (const { url, params } of callsOf(method, path)) {
        const capability = routeCapability(method, path, params);
        for (const role of ['anonymous', 'customer', 'staff', 'admin'] as const) {
          const who = as[role]!;
          let req = who.agent[method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'](url)
            .set('Accept-Language', 'en')
            .redirects(0);
          if (method !== 'GET') {
            req = req.set('X-CSRF-Token', who.token);
            req = isPage ? req.type('form').send(`_csrf=${encodeURIComponent(who.token)}`) : req.send({});
          }
          const res = await req;
          const status = res.status;
          const say = (expected: string) => wrong.push(`${role} ${method} ${url}: ${status}, expected ${expected}`);
          if (status >= 500) say('no 5xx');
          else if (role === 'anonymous') {
            if (isPage) {
              if (status !== 303 || !/^\/(en\/login|prijava)\?redirect=/.test(String(res.headers.location))) say('303 to the login page');
            } else if (status !== 401) say('401');
          } else if (role === 'customer') {
            if (status !== 403) say('403');
          } else if (role === 'staff' && capability && !mayUse('staff', capability)) {
            if (status !== 403) say(`403 (staff may not ${capability})`);
          } else if (status === 401 || status === 403) say(`not 401/403 (${role} may ${capability})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
