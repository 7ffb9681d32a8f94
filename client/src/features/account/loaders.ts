/**
 * Loaders of the signed-in screens. They run during SSR (the visitor's cookies forwarded) and on client
 * navigation, and read through the query client (`['account', 'me', fields]`, `['account', 'orders']`,
 * api/query-keys.ts): fresh for a minute, dropped at sign-in and sign-out (session.ts). A 401 means the
 * session is gone: in the browser one refresh is tried first (SessionStore.authorized); if that fails too
 * the visitor goes to the login page of the same language with `?redirect=` back here. Order loading
 * failures do not break the profile page (it says so instead).
 */
import type { QueryClient } from '@tanstack/react-query';
import { isRedirect, notFound } from '@tanstack/react-router';
import { ApiError, type Api, type ApiFactory } from '../../api/http';
import { queryKeys } from '../../api/query-keys';
import type { Locale } from '../../../../contract/locales';
import { isOrderNumber, type OrderView } from '../../../../contract/api/order';
import { fetchMe, fetchOrder, fetchOrders, signInProvidersQuery } from './account-api';
import type { OrderSummaryView, UserView } from './account-types';
import { loginRedirect, publicHrefOf } from './guards';
import type { SessionStore } from './session';

interface LoaderArgs {
  context: { api: ApiFactory; session: SessionStore; queryClient: QueryClient };
  params: { locale: string };
  location: { pathname: string; searchStr?: string };
}

/** The signed-in user (all fields, or the ones named), through the session's 401 handling. */
export function meQuery(session: SessionStore, api: Api, fields?: ReadonlyArray<keyof UserView>) {
  return { queryKey: queryKeys.me(fields), queryFn: () => session.authorized(() => fetchMe(api, fields)) };
}

/** The signed-in user's orders. */
export function ordersQuery(session: SessionStore, api: Api) {
  return { queryKey: queryKeys.orders, queryFn: () => session.authorized(() => fetchOrders(api)) };
}

/** A 401 that remained after the refresh: the login page, with the way back. */
async function signedIn<T>({ params, location }: LoaderArgs, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw loginRedirect(params.locale as Locale, publicHrefOf(location));
    throw error;
  }
}

function loadMe(args: LoaderArgs, fields?: ReadonlyArray<keyof UserView>): Promise<UserView> {
  const { queryClient, session, api } = args.context;
  return signedIn(args, () => queryClient.fetchQuery(meQuery(session, api(args.params.locale as Locale), fields)));
}

function loadOrderList(args: LoaderArgs): Promise<OrderSummaryView[]> {
  const { queryClient, session, api } = args.context;
  return signedIn(args, () => queryClient.fetchQuery(ordersQuery(session, api(args.params.locale as Locale))));
}

export interface ProfileData {
  user: UserView;
  /** null when the orders could not be loaded. */
  orders: OrderSummaryView[] | null;
  /** The server has Google sign-in configured: the profile offers 'Link Google account'. */
  google: boolean;
}

export async function loadProfile(args: LoaderArgs): Promise<ProfileData> {
  const { queryClient, api } = args.context;
  const [user, orders, providers] = await Promise.all([
    loadMe(args),
    loadOrderList(args).catch((error: unknown) => {
      if (isRedirect(error)) throw error;
      return null;
    }),
    queryClient.fetchQuery(signInProvidersQuery(api(args.params.locale as Locale))),
  ]);
  return { user, orders, google: providers.google };
}

export function loadUser(args: LoaderArgs): Promise<UserView> {
  return loadMe(args);
}

export function loadOrders(args: LoaderArgs): Promise<OrderSummaryView[]> {
  return loadOrderList(args);
}

export async function loadPasswordState(args: LoaderArgs): Promise<Pick<UserView, 'email' | 'has_password'>> {
  const user = await loadMe(args, ['email', 'has_password']);
  return { email: user.email, has_password: user.has_password !== false };
}

/**
 * One order of the signed-in user (`profile_order`): GET /api/orders/{number} as its owner (no token). A
 * malformed number is not asked for; the API's 404 (unknown, or someone else's order: the API does not tell
 * them apart) is the 404 page.
 */
export async function loadOrder(args: LoaderArgs & { params: { locale: string; number: string } }): Promise<OrderView> {
  const { queryClient, session, api } = args.context;
  const { number } = args.params;
  if (!isOrderNumber(number)) throw notFound();
  const locale = args.params.locale as Locale;
  try {
    return await signedIn(args, () =>
      queryClient.fetchQuery({
        queryKey: queryKeys.ownOrder(number, locale),
        queryFn: () => session.authorized(() => fetchOrder(api(locale), number, null)),
      }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
