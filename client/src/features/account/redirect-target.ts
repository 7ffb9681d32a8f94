/**
 * Where to send the visitor after signing in: the `?redirect=` search value, but only when it is a path of
 * this site. Anything else (other hosts, protocol-relative `//host`, `/\host` which browsers read as `//host`,
 * `javascript:`, control characters that URL parsing would strip, paths that are no screen of the shop) falls
 * back to a fixed screen. Pure: no React, no router; tested in redirect-target.spec.ts.
 */
import type { Locale } from '../../../../contract/locales';
import { matchPublicPath, publicPath, type ScreenId } from '../../../../contract/paths';

/** A base no real request ever has: resolving against it shows whether a value leaves the site. */
const PROBE_ORIGIN = 'https://same-site.invalid';
const MAX_LENGTH = 2048;

/**
 * The value as a same-site path (`/path?query#hash`, normalised), or null when it is not one.
 * Accepts only strings that start with exactly one '/' and contain no backslash, whitespace or control
 * character; the normalised result must still start with exactly one '/'.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return null;
  // Backslashes, whitespace and control characters: browsers and URL parsers treat them in surprising ways
  // ('/\t/evil.example' becomes '//evil.example').
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can normalise into a protocol-relative path ('/.//evil.example' -> '//evil.example').
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

/**
 * The back office app (client/admin, docs/admin.md): `/admin` and its screens' paths (up to four
 * segments of letters, digits and dashes: `/admin/products/ZZ-SPAG-400`, `/admin/orders/ZZ-2026-000123`),
 * but not the paths other handlers own under /admin (the server-rendered invoice pages, the queue
 * dashboard with its own sign-in, the app's files).
 */
const BACK_OFFICE = /^\/admin(?:\/|(?:\/[A-Za-z0-9-]{1,60}){1,4})?$/;
const NOT_BACK_OFFICE = /^\/admin\/(?:invoices|queues|assets)(?:\/|$)/;

/** Whether a same-site path (with query) is the back office (the orders among its screens): open it with a full page load. */
export function isServerPagePath(path: string): boolean {
  const pathname = path.replace(/[?#].*$/, '');
  return BACK_OFFICE.test(pathname) && !NOT_BACK_OFFICE.test(pathname);
}

/**
 * The page to open after signing in: the `redirect` value when it is a same-site path of a screen that is
 * not excluded (the sign-in forms themselves) or of a server-rendered page, else `fallback` in the page's
 * language.
 */
export function redirectTarget(value: unknown, locale: Locale, options: { fallback: ScreenId; exclude?: readonly ScreenId[] }): string {
  const path = safeRedirectPath(value);
  if (path) {
    if (isServerPagePath(path)) return path;
    const pathname = path.replace(/[?#].*$/, '');
    const screen = matchPublicPath(pathname);
    if (screen && !(options.exclude ?? []).includes(screen.screen)) return path;
  }
  return publicPath(options.fallback, locale);
}

/** Whether a public path (with query) shows one of the given screens. */
export function isScreenPath(path: string, screens: readonly ScreenId[]): boolean {
  const match = matchPublicPath(path.replace(/[?#].*$/, ''));
  return !!match && screens.includes(match.screen);
}
