/**
 * The identity and order calls of the account screens, over the shop's one API client (api/http.ts: page
 * language in Accept-Language, CSRF header on mutations, `{ data }` answers, ApiError with the API's
 * localized messages). Shapes: the server's contract types (account-types.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, query, type Api } from '../../api/http';
import { apiPaths } from '../../api/paths';
import { queryKeys } from '../../api/query-keys';
import type { Locale } from '../../../../contract/locales';
import type { OrderView } from '../../../../contract/api/order';
import type {
  AcceptedView,
  InvitationAcceptance,
  OrderSummaryView,
  ProfileUpdate,
  ProfileUpdateResult,
  RegistrationRequest,
  SignInProviders,
  TokenPair,
  UserView,
} from './account-types';

export function register(api: Api, body: RegistrationRequest): Promise<AcceptedView> {
  return api.send<AcceptedView>('POST', apiPaths.users.register, body);
}

export function resendActivation(api: Api, email: string, locale: Locale): Promise<AcceptedView> {
  return api.send<AcceptedView>('POST', apiPaths.users.activationResend, { email, locale });
}

export function login(api: Api, email: string, password: string): Promise<TokenPair> {
  return api.send<TokenPair>('POST', apiPaths.auth.login, { email, password });
}

export function requestMagicLink(api: Api, email: string, locale: Locale, redirect: string): Promise<AcceptedView> {
  return api.send<AcceptedView>('POST', apiPaths.auth.magicLink, { email, locale, redirect });
}

export function requestPasswordReset(api: Api, email: string, locale: Locale): Promise<AcceptedView> {
  return api.send<AcceptedView>('POST', apiPaths.auth.passwordRequest, { email, locale });
}

export function resetPassword(api: Api, token: string, password: string, passwordConfirmation: string): Promise<unknown> {
  return api.send<unknown>('POST', apiPaths.auth.passwordReset, { token, password, password_confirmation: passwordConfirmation });
}

export function acceptInvitation(api: Api, body: InvitationAcceptance): Promise<TokenPair> {
  return api.send<TokenPair>('POST', apiPaths.users.inviteAccept, body);
}

/** The signed-in user. A failure other than 'not signed in' is logged as the spec says ('Couldn't fetch user'). */
export async function fetchMe(api: Api, fields?: ReadonlyArray<keyof UserView>): Promise<UserView> {
  try {
    return await api.get<UserView>(`${apiPaths.users.me}${query({ fields: fields?.join(',') })}`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error("Couldn't fetch user", error);
    throw error;
  }
}

/** Saves the profile; a new e-mail comes back as `pending_email` (it applies after the mailed link). */
export function updateMe(api: Api, body: ProfileUpdate): Promise<ProfileUpdateResult> {
  return api.send<ProfileUpdateResult>('PATCH', apiPaths.users.me, body);
}

export function changePassword(
  api: Api,
  body: { current_password?: string; password: string; password_confirmation: string },
): Promise<TokenPair> {
  return api.send<TokenPair>('POST', apiPaths.users.mePassword, body);
}

export function fetchOrders(api: Api): Promise<OrderSummaryView[]> {
  return api.get<OrderSummaryView[]>(apiPaths.orders.list);
}

/** One order: as its owner (no token: the account's order page) or with the success page's view token. */
export function fetchOrder(api: Api, number: string, viewToken: string | null): Promise<OrderView> {
  return api.get<OrderView>(`${apiPaths.orders.order(number)}${query({ view_token: viewToken })}`);
}

/**
 * Which external sign-in providers the server is configured for (GET /api/auth/providers), for the login
 * and register route loaders. A failed call counts as 'not configured': no button that cannot work.
 */
export async function fetchSignInProviders(api: Api): Promise<SignInProviders> {
  try {
    const providers = await api.get<SignInProviders>(apiPaths.auth.providers);
    return { google: providers?.google === true };
  } catch {
    return { google: false };
  }
}

/** The providers as a query (login and register loaders): the server's configuration, fresh for 5 minutes. */
export function signInProvidersQuery(api: Api) {
  return queryOptions({ queryKey: queryKeys.signInProviders, queryFn: () => fetchSignInProviders(api), staleTime: 5 * 60_000 });
}

/** Google sign-in is a full page navigation to the API, which comes back to `redirect` (a same-site path). */
export function googleSignInHref(redirect: string): string {
  return `${apiPaths.auth.loginGoogle}${query({ redirect })}`;
}

/** The activation page's button: activates by the mailed link's token. */
export function activateAccount(api: Api, token: string): Promise<{ activated: true }> {
  return api.send<{ activated: true }>('POST', apiPaths.users.activate, { token });
}

/** The sign-in link page's button: signs in (cookies) and answers where to go. */
export function signInWithLink(api: Api, token: string): Promise<TokenPair & { redirect: string }> {
  return api.send<TokenPair & { redirect: string }>('POST', apiPaths.auth.magicLinkVerify, { token });
}

/** The e-mail confirmation page's button: applies the new address. */
export function confirmEmailChange(api: Api, token: string): Promise<{ changed: true }> {
  return api.send<{ changed: true }>('POST', apiPaths.users.emailConfirm, { token });
}

/** The profile's 'Link Google account': the same navigation in link mode, back to the profile. */
export function googleLinkHref(locale: Locale): string {
  return `${apiPaths.auth.loginGoogle}${query({ mode: 'link', locale })}`;
}

/** The profile's 'Unlink' (an account with a password only). */
export function unlinkGoogle(api: Api): Promise<{ google_linked: false }> {
  return api.send<{ google_linked: false }>('DELETE', apiPaths.auth.google);
}

/**
 * Spec section 5: a sign-in counts only when the answer carries the access token as a string; otherwise
 * 'Login failed, please check your credentials.' (and the problem is logged).
 */
export function hasAccessToken(answer: unknown): answer is TokenPair {
  return !!answer && typeof answer === 'object' && typeof (answer as { access_token?: unknown }).access_token === 'string';
}
