/**
 * Search values of the login and register pages, validated in the route files. Kept apart from the screens so
 * that a route's always-loaded part (validateSearch, beforeLoad) does not pull the screen's code out of its
 * code-split chunk.
 */

/**
 * The login page's search values. They are kept as the router parsed them (a number stays a number), so the
 * URL the router rebuilds from them is the URL that came in (otherwise the SSR would answer a redirect).
 *  - redirect: where to go after signing in (same-site paths only, see redirect-target.ts);
 *  - activated=1, activation=invalid|used: where GET /api/users/activate sends the browser;
 *  - magic=invalid: an expired or used fast-login link; google=failed|unverified|link-required|other-account:
 *    Google sign-in did not work (docs/identity.md);
 *  - signed_out=1: after the logout button.
 */
export interface LoginSearch {
  redirect?: string | number;
  activated?: string | number;
  activation?: string | number;
  magic?: string | number;
  google?: string | number;
  signed_out?: string | number;
}

const LOGIN_SEARCH_KEYS = ['redirect', 'activated', 'activation', 'magic', 'google', 'signed_out'] as const;

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const out: LoginSearch = {};
  for (const key of LOGIN_SEARCH_KEYS) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

/**
 * `?email=changed|invalid`: where the link confirming a new e-mail address sends the browser;
 * `?google=linked|taken|already-linked|failed`: where linking a Google account ends. Kept as parsed.
 */
export interface ProfileSearch {
  email?: string | number;
  google?: string | number;
}

export function validateProfileSearch(search: Record<string, unknown>): ProfileSearch {
  const out: ProfileSearch = {};
  for (const key of ['email', 'google'] as const) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return out;
}

/** `?invite=TOKEN` (the business invitation mail links here). Kept as parsed, see LoginSearch. */
export interface RegisterSearch {
  invite?: string | number;
}

export function validateRegisterSearch(search: Record<string, unknown>): RegisterSearch {
  const invite = search.invite;
  return typeof invite === 'string' || typeof invite === 'number' ? { invite } : {};
}

/** `?token=` of the account mails' link pages (activation, sign-in link, e-mail confirmation); anything else is dropped. */
export interface LinkSearch {
  token?: string;
}

export function validateLinkSearch(search: Record<string, unknown>): LinkSearch {
  return typeof search.token === 'string' && search.token.length <= 200 ? { token: search.token } : {};
}
