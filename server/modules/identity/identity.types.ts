/**
 * The identity module's API contract (JSON names snake_case, answers `{ data }`, failures
 * `{ errors: [{ code, message, field? }] }` with localized messages). The client imports these
 * types (`import type`) instead of copying them.
 */

export type UserRole = 'customer' | 'business' | 'admin';

/** The signed-in user as `GET /api/users/me` answers it (a `fields=a,b` query keeps only those keys). */
export interface UserView {
  id: string;
  email: string;
  username: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  /** ISO 3166-1 alpha-2, e.g. 'HR'. */
  country: string | null;
  /** YYYY-MM-DD */
  birth_date: string | null;
  company_name: string | null;
  vat_number: string | null;
  company_address: string | null;
  billing_same_as_delivery: boolean;
  billing_address: string | null;
  billing_city: string | null;
  billing_zip_code: string | null;
  billing_country: string | null;
  role: UserRole;
  /** The language of the user's mails (hr, en, de, sl). */
  locale: string;
  newsletter: boolean;
  /** Whether the account has a password (a Google-only account has none until it sets one). */
  has_password: boolean;
  google_linked: boolean;
  created_at: string;
}

/** Fields `PATCH /api/users/me` accepts (all optional; null clears an optional field). */
export type ProfileUpdate = Partial<
  Pick<
    UserView,
    | 'username'
    | 'email'
    | 'phone'
    | 'address'
    | 'city'
    | 'zip_code'
    | 'country'
    | 'first_name'
    | 'last_name'
    | 'birth_date'
    | 'company_name'
    | 'vat_number'
    | 'company_address'
    | 'billing_same_as_delivery'
    | 'billing_address'
    | 'billing_city'
    | 'billing_zip_code'
    | 'billing_country'
    | 'newsletter'
    | 'locale'
  >
>;

/** `PATCH /api/users/me` answers the profile and, when a new e-mail was entered, the address waiting for confirmation. */
export type ProfileUpdateResult = UserView & {
  /** The new address a confirmation link was mailed to; `email` changes once it is opened. */
  pending_email: string | null;
};

/** `POST /api/users` */
export interface RegistrationRequest {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  birthday: string;
  email: string;
  password: string;
  password_confirmation: string;
  terms_accepted: boolean;
  newsletter: boolean;
  /** Language of the activation mail; default from Accept-Language. */
  locale?: string;
}

/** Login, refresh, magic-link verify (JSON), invite accept: `{ data: TokenPair }`. */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  /** Lifetime of the access token in milliseconds. */
  expires: number;
}

/** `GET /api/auth/providers`: the external sign-in providers this server is configured for. */
export interface SignInProviders {
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: 'Sign in with Google' works. */
  google: boolean;
}

/** `GET /api/auth/session`: always 200, for the client's polling (never 401). */
export interface SessionView {
  user: UserView | null;
  /** Epoch milliseconds when the access token expires; null when signed out. */
  expires_at: number | null;
}

/** Answer of the calls that must not reveal whether an e-mail exists (register, resend, reset request, magic link). */
export interface AcceptedView {
  accepted: true;
}

/** `POST /api/users/invite` (role admin). */
export interface InvitationRequest {
  email: string;
  company_name: string;
  vat_number?: string | null;
  company_address?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  locale?: string;
}

/** `POST /api/users/invite/accept` */
export interface InvitationAcceptance {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
  terms_accepted: boolean;
}
