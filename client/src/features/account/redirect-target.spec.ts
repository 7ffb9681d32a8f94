import { describe, expect, it } from '@jest/globals';
import { isScreenPath, isServerPagePath, redirectTarget, safeRedirectPath } from './redirect-target';

describe('safeRedirectPath: same-site paths only', () => {
  it.each([
    ['/profil', '/profil'],
    ['/en/cart?x=1#top', '/en/cart?x=1#top'],
    ['/de/produkten/fusilli', '/de/produkten/fusilli'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/a/../profil', '/profil'],
  ])('keeps %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash host', '/\\evil.example'],
    ['backslash inside', '/a\\b'],
    ['absolute URL', 'https://evil.example/'],
    ['same origin absolute URL', 'http://localhost:3000/profil'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['relative', 'profil'],
    ['tab that URL parsing strips', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['space', '/ /evil.example'],
    ['dot segment to protocol-relative', '/.//evil.example'],
    ['dot-dot segment to protocol-relative', '/a/..//evil.example'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_what, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('refuses values that are not strings', () => {
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(123)).toBeNull();
    expect(safeRedirectPath(['/profil'])).toBeNull();
    expect(safeRedirectPath({ href: '/profil' })).toBeNull();
  });
});

describe('redirectTarget', () => {
  const options = { fallback: 'profile', exclude: ['login', 'register', 'forgot_password'] } as const;

  it('goes to a screen of the shop, in any language, with its query', () => {
    expect(redirectTarget('/kosarica', 'hr', options)).toBe('/kosarica');
    expect(redirectTarget('/en/profile/orders?page=2', 'hr', options)).toBe('/en/profile/orders?page=2');
    expect(redirectTarget('/de/produkten/fusilli', 'en', options)).toBe('/de/produkten/fusilli');
  });

  it('falls back to the configured screen in the page language', () => {
    expect(redirectTarget(undefined, 'hr', options)).toBe('/profil');
    expect(redirectTarget('//evil.example', 'en', options)).toBe('/en/profile');
    expect(redirectTarget('/api/auth/logout', 'de', options)).toBe('/de/profile');
    expect(redirectTarget('/no-such-page', 'sl', options)).toBe('/sl/profil');
    expect(redirectTarget('/prijava', 'hr', options)).toBe('/profil');
    expect(redirectTarget('/en/register', 'en', options)).toBe('/en/profile');
    expect(redirectTarget(undefined, 'en', { fallback: 'home' })).toBe('/en');
    expect(redirectTarget(undefined, 'hr', { fallback: 'home' })).toBe('/');
  });

  it('tells which screen a path shows', () => {
    expect(isScreenPath('/placanje?x=1', ['checkout'])).toBe(true);
    expect(isScreenPath('/en/checkout', ['checkout'])).toBe(true);
    expect(isScreenPath('/kosarica', ['checkout'])).toBe(false);
    expect(isScreenPath('/profil/uredi', ['profile', 'profile_edit'])).toBe(true);
  });
});

describe("redirectTarget: the operators' server-rendered pages", () => {
  it('accepts /admin/orders and one order (screens of the back office), with their query', () => {
    expect(redirectTarget('/admin/orders', 'hr', { fallback: 'profile' })).toBe('/admin/orders');
    expect(redirectTarget('/admin/orders?status=placed&page=2', 'en', { fallback: 'profile' })).toBe('/admin/orders?status=placed&page=2');
    expect(redirectTarget('/admin/orders/ZZ-2026-000123', 'de', { fallback: 'profile' })).toBe('/admin/orders/ZZ-2026-000123');
    expect(isServerPagePath('/admin/orders/ZZ-2026-000123?notice=shipped')).toBe(true);
  });

  it('accepts the back office app at /admin and its screens, with their query', () => {
    for (const value of ['/admin', '/admin/', '/admin?x=1', '/admin/products', '/admin/products/ZZ-SPAG-400/edit', '/admin/ordersx']) {
      expect(redirectTarget(value, 'hr', { fallback: 'profile' })).toBe(value);
      expect(isServerPagePath(value)).toBe(true);
    }
  });

  it('accepts nothing else under /admin and no look-alike', () => {
    for (const value of [
      '/admin/queues',
      '/admin/queues/api',
      '/admin/invoices/x/y',
      '/admin/assets/index.js',
      '/admin/a/b/c/d/e',
      '/admin//x',
      '/admin/x/',
      '/administrator',
      '/admin/orders/',
      '/ADMIN/orders',
      '//admin/orders',
      '/admin/orders/a.b',
      'https://evil.example/admin/orders',
    ]) {
      expect([value, redirectTarget(value, 'hr', { fallback: 'profile' })]).toEqual([value, '/profil']);
    }
    expect(isServerPagePath('/profil')).toBe(false);
  });
});
