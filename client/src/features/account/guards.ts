/**
 * The `auth` route guard (spec section 6), as two helpers for a route's `beforeLoad`:
 *
 *   beforeLoad: requireAuth     protected screens: a visitor is redirected to the login page of the SAME
 *                               language with `?redirect=<the public path they asked for>`;
 *   beforeLoad: guestOnly       login, register, forgot password: a signed-in user is redirected to
 *                               `sessionConfig.guestRedirect` (home of the page's language) or, on the login
 *                               page, to a valid `?redirect=` target. The login page is never protected.
 *
 * Both throw TanStack's `redirect()`. During SSR the request handler turns it into an HTTP 307 (or
 * `sessionConfig.redirectStatus`) with `Location` set to the public path (entry-server.tsx adds
 * `Cache-Control: private, no-store`); in the browser the router navigates.
 */
import { redirect } from '@tanstack/react-router';
import { isLocale, DEFAULT_LOCALE, type Locale } from '../../../../contract/locales';
import { routePath, toPublicPath } from '../../../../contract/paths';
import { isServerPagePath, redirectTarget } from './redirect-target';
import { sessionConfig, type SessionStore, type SessionUser } from './session';

interface GuardArgs {
  context: { session: SessionStore };
  location: { pathname: string; searchStr?: string };
  params: { locale?: string };
  search?: unknown;
}

const localeOf = (params: { locale?: string }): Locale => (isLocale(params.locale) ? params.locale : DEFAULT_LOCALE);

/** A redirect to the login page of `locale`, remembering where the visitor wanted to go. */
export function loginRedirect(locale: Locale, from?: string) {
  return redirect({
    to: routePath(sessionConfig.loginScreen) as never,
    params: { locale } as never,
    search: (from ? { redirect: from } : {}) as never,
    statusCode: sessionConfig.redirectStatus,
  });
}

/** The public path (with query) of an internal location: what `?redirect=` carries. */
export function publicHrefOf(location: { pathname: string; searchStr?: string }): string {
  return `${toPublicPath(location.pathname.replace(/(.)\/+$/, '$1'))}${location.searchStr ?? ''}`;
}

/**
 * Protected routes. In the browser an expired access token is refreshed first (single flight); the route's
 * context then carries `user`.
 */
export async function requireAuth({ context, location, params }: GuardArgs): Promise<{ user: SessionUser }> {
  const state = await context.session.ensureValid();
  if (state.status === 'authenticated' && state.user) return { user: state.user };
  throw loginRedirect(localeOf(params), publicHrefOf(location));
}

/**
 * Guest-only routes: a signed-in user has nothing to do here. A valid `?redirect=` (the login page keeps it
 * in its validated search) wins over the configured page.
 */
export async function guestOnly({ context, params, search }: GuardArgs): Promise<void> {
  const state = await context.session.ensureLoaded();
  if (state.status !== 'authenticated') return;
  const wanted = search && typeof search === 'object' ? (search as { redirect?: unknown }).redirect : undefined;
  const href = redirectTarget(wanted, localeOf(params), { fallback: sessionConfig.guestRedirect, exclude: sessionConfig.guestOnlyScreens });
  // A server-rendered page (the operators' /admin/orders) is no route of the client: a full page load.
  throw redirect({ href, statusCode: sessionConfig.redirectStatus, ...(isServerPagePath(href) ? { reloadDocument: true } : {}) });
}
