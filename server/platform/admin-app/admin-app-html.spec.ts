import { describe, expect, it } from '@jest/globals';
import { isAdminAppPath, isDevModulePath, withNonce } from './admin-app-html.js';

describe('the back office app page', () => {
  it('answers /admin and its screens (the orders too), and leaves the invoice pages, the queues and the files to their own handlers', () => {
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/products',
      '/admin/products/ZZ-1/edit',
      '/admin/orders',
      '/admin/orders/ZZ-2026-000001',
      '/admin/orders-to-come',
      '/admin/invoicesx',
    ]) {
      expect(isAdminAppPath(path)).toBe(true);
    }
    for (const path of [
      '/admin/invoices',
      '/admin/invoices/6f1c2a9e-3b7d-4c8e-9a10-2b3c4d5e6f70',
      '/admin/queues',
      '/admin/queues/api/queues',
      '/admin/assets/index-abc.js',
      '/administrator',
      '/api/admin/dashboard',
      '/',
    ]) {
      expect(isAdminAppPath(path)).toBe(false);
    }
  });

  it('puts the nonce on every script, style and link tag, once', () => {
    const html =
      '<head><link rel="stylesheet" href="/admin/assets/a.css"><script type="module" src="/admin/assets/a.js"></script><style>x{}</style><script nonce="kept">1</script></head>';
    expect(withNonce(html, 'abc+/=')).toBe(
      '<head><link nonce="abc+/=" rel="stylesheet" href="/admin/assets/a.css"><script nonce="abc+/=" type="module" src="/admin/assets/a.js"></script><style nonce="abc+/=">x{}</style><script nonce="kept">1</script></head>',
    );
    // Not a base64 value: never written into the page.
    expect(() => withNonce(html, '"><script>')).toThrow();
  });

  it("in development, hands Vite its modules and tools, and the app's screens to the controller", () => {
    for (const path of [
      '/admin/main.tsx',
      '/admin/@vite/client',
      '/admin/@react-refresh',
      '/admin/node_modules/.vite/deps/react.js',
      '/admin/@fs/x/y.ts',
    ]) {
      expect(isDevModulePath(path)).toBe(true);
    }
    for (const path of ['/admin', '/admin/', '/admin/products', '/admin/products/ZZ-SPAG-400', '/main.tsx', '/@vite/client']) {
      expect(isDevModulePath(path)).toBe(false);
    }
  });
});
