/**
 * Loaders of the signed-in screens. They run during SSR (the visitor's cookies forwarded) and on client
 * navigation. A 401 means the session is gone: in the browser one refresh is tried first
 * (SessionStore.authorized); if that fails too the visitor goes to the login page of the same language with
 * `?redirect=` back here. Order loading failures do not break the profile page (it says so instead).
 */
import { isRedirect } from '@tanstack/react-router';
import { ApiError, type ApiFactory } from '../../api/http';
import type { Locale } from '../../../../contract/locales';
import { fetchMe, fetchOrders } from './account-api';
import type { OrderSummaryView, UserView } from './account-types';
import { loginRedirect, publicHrefOf } from './guards';
import type { SessionStore } from './session';

interface LoaderArgs {
  context: { api: ApiFactory; session: SessionStore };
  params: { locale: string };
  location: { pathname: string; searchStr?: string };
}

async function signedIn<T>({ context, params, location }: LoaderArgs, load: () => Promise<T>): Promise<T> {
  try {
    return await context.session.authorized(load);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw loginRedirect(params.locale as Locale, publicHrefOf(location));
    throw error;
  }
}

export interface ProfileData {
  user: UserView;
  /** null when the orders could not be loaded. */
  orders: OrderSummaryView[] | null;
}

export async function loadProfile(args: LoaderArgs): Promise<ProfileData> {
  const api = args.context.api(args.params.locale as Locale);
  const [user, orders] = await Promise.all([
    signedIn(args, () => fetchMe(api)),
    signedIn(args, () => fetchOrders(api)).catch((error: unknown) => {
      if (isRedirect(error)) throw error;
      return null;
    }),
  ]);
  return { user, orders };
}

export async function loadUser(args: LoaderArgs): Promise<UserView> {
  const api = args.context.api(args.params.locale as Locale);
  return signedIn(args, () => fetchMe(api));
}

export async function loadOrders(args: LoaderArgs): Promise<OrderSummaryView[]> {
  const api = args.context.api(args.params.locale as Locale);
  return signedIn(args, () => fetchOrders(api));
}

export async function loadPasswordState(args: LoaderArgs): Promise<Pick<UserView, 'email' | 'has_password'>> {
  const api = args.context.api(args.params.locale as Locale);
  const user = await signedIn(args, () => fetchMe(api, ['email', 'has_password']));
  return { email: user.email, has_password: user.has_password !== false };
}
