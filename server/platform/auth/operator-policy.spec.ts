import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { AUDIT_TYPES_FOR_STAFF, mayUse, OPERATOR_POLICY, OPERATOR_ROUTES, requestCapability, routeCapability } from './operator-policy.js';

describe('the operator policy', () => {
  it('gives admin every capability', () => {
    for (const capability of Object.keys(OPERATOR_POLICY) as Array<keyof typeof OPERATOR_POLICY>) {
      expect([capability, mayUse('admin', capability)]).toEqual([capability, true]);
    }
  });

  it('gives staff orders, stock, content, viewing and retrying invoices, and the log; not prices, coupons, refunds or settings', () => {
    const staff = (Object.keys(OPERATOR_POLICY) as Array<keyof typeof OPERATOR_POLICY>).filter((c) => mayUse('staff', c)).sort();
    expect(staff).toEqual(
      [
        'audit.read',
        'backoffice.open',
        'content.read',
        'content.write',
        'invoices.read',
        'invoices.retry',
        'orders.cancel',
        'orders.fulfil',
        'orders.read',
        'stock.read',
        'stock.write',
      ].sort(),
    );
  });

  it('gives customers, business buyers and nobody nothing', () => {
    for (const role of ['customer', 'business', undefined] as const) {
      expect(Object.keys(OPERATOR_POLICY).some((c) => mayUse(role, c as keyof typeof OPERATOR_POLICY))).toBe(false);
    }
  });

  it('names a known capability for every route, and only operator paths (never the queue dashboard)', () => {
    for (const [key, entry] of Object.entries(OPERATOR_ROUTES)) {
      expect(key).toMatch(/^(GET|POST|PATCH|PUT|DELETE) \/(api\/)?admin(\/|$)/);
      expect(key).not.toMatch(/\/admin\/queues/);
      const capabilities = typeof entry === 'string' ? [entry] : [...Object.values(entry.values), entry.otherwise];
      for (const c of capabilities) expect(Object.keys(OPERATOR_POLICY)).toContain(c);
    }
  });

  it('looks a route up by method and path, a page action by its parameter', () => {
    expect(routeCapability('get', '/api/admin/orders')).toBe('orders.read');
    expect(routeCapability('POST', '/api/admin/orders/:number/refund')).toBe('orders.refund');
    expect(routeCapability('POST', '/api/admin/orders/:number/refund-lines')).toBe('orders.refund');
    expect(routeCapability('POST', '/api/admin/orders/:number/notes')).toBe('orders.fulfil');
    expect(routeCapability('POST', '/admin/invoices/:id/:action', { action: 'storno' })).toBe('invoices.storno');
    expect(routeCapability('POST', '/admin/invoices/:id/:action', { action: 'retry' })).toBe('invoices.retry');
    expect(routeCapability('POST', '/admin/invoices/:id/:action', { action: 'toString' })).toBe('invoices.read');
    expect(routeCapability('POST', '/admin/invoices/:id/:action', { action: ['storno'] })).toBe('invoices.read');
    expect(routeCapability('DELETE', '/api/admin/orders')).toBeUndefined();
    expect(routeCapability('GET', '/api/admin/unknown')).toBeUndefined();
  });

  it("reads the request's matched route; none matched is no capability", () => {
    const req = (route: unknown, method = 'GET', params = {}) => ({ route, method, params }) as unknown as Request;
    expect(requestCapability(req({ path: '/api/admin/invoices/book' }))).toBe('invoices.accounting');
    expect(requestCapability(req({ path: '/admin/invoices/:id/:action' }, 'POST', { action: 'retry' }))).toBe('invoices.retry');
    expect(requestCapability(req(undefined))).toBeUndefined();
    expect(requestCapability(req({ path: /regex/ }))).toBeUndefined();
  });

  it('lets staff read the log of their own work only', () => {
    expect(AUDIT_TYPES_FOR_STAFF).toEqual(expect.arrayContaining(['order', 'invoice', 'content_entry']));
    expect(AUDIT_TYPES_FOR_STAFF).not.toContain('invitation');
  });
});
