import { z } from 'zod';
import { EU_COUNTRIES } from '../countries.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.js';
import { LOCALES } from '../locales.js';
import { isValidOib, validateVatNumber } from '../tax-id.js';
import { data, email, isBirthDate, isRecord, normalizeEmail, optionalLocale, passThrough, report, text } from './fields.js';
import { botCheckTokenField } from './bot-check.js';

/**
 * The identity API (`/api/auth`, `/api/users`): bodies, queries and answers. JSON names are
 * snake_case; every problem of a body is reported at once, each on its field, with the spec's
 * codes (USER_PASSWORD_TOO_SHORT 'Password must contain at least 6 characters', ...).
 */

export { EU_COUNTRIES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

const PHONE = /^\+?[0-9][0-9 ()/-]{5,24}$/;
const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;
const USERNAME = /^[\p{L}\p{N}._-]{3,40}$/u;

const TEXT = { required: 'USER_FIELD_REQUIRED', invalid: 'USER_FIELD_INVALID', tooLong: 'USER_FIELD_TOO_LONG' } as const;
const EMAIL = { required: 'USER_FIELD_REQUIRED', invalid: 'USER_EMAIL_INVALID' } as const;

// ----- fields ----------------------------------------------------------------------------------

/** The spec's password rules: at least 6 characters, at most 128. */
const password = z
  .unknown()
  .transform((p, ctx) => {
    if (typeof p !== 'string' || p.length < PASSWORD_MIN_LENGTH) {
      report(ctx, 'USER_PASSWORD_TOO_SHORT');
      return '';
    }
    if (p.length > PASSWORD_MAX_LENGTH) {
      report(ctx, 'USER_PASSWORD_TOO_LONG');
      return '';
    }
    return p;
  })
  .meta({ type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

/** The confirmation: checked against the password by the body's schema. */
const confirmation = z.unknown().optional().meta({ type: 'string', description: 'The same password again' });

/** 'Passwords do not match' on the confirmation, once the password itself is fine. */
function confirmationMatches(required: boolean) {
  return (body: unknown, ctx: z.RefinementCtx) => {
    if (!isRecord(body) || typeof body.password !== 'string' || !body.password) return;
    if (!required && body.password_confirmation === undefined) return;
    if (body.password_confirmation !== body.password) report(ctx, 'USER_PASSWORDS_MISMATCH', ['password_confirmation']);
  };
}
/** Cross-field checks run even when a field failed (every problem is reported at once). */
const ALWAYS = { when: () => true };

/** `true`, or USER_TERMS_REQUIRED. */
const termsAccepted = z
  .unknown()
  .transform((v, ctx) => {
    if (v !== true) report(ctx, 'USER_TERMS_REQUIRED');
    return true as const;
  })
  .meta({ type: 'boolean', enum: [true], description: 'The general terms and conditions are accepted' });

/** YYYY-MM-DD from 1900-01-01 to today; required. */
const birthday = z
  .unknown()
  .transform((v, ctx) => {
    if (!isBirthDate(v)) report(ctx, v ? 'USER_BIRTHDAY_INVALID' : 'USER_FIELD_REQUIRED');
    return v as string;
  })
  .meta({ type: 'string', format: 'date', description: 'YYYY-MM-DD' });

/** An EU country code, upper-cased; null or '' clears. */
const country = z
  .unknown()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const c = typeof v === 'string' ? v.trim().toUpperCase() : '';
    if (!(EU_COUNTRIES as readonly string[]).includes(c)) {
      report(ctx, 'USER_COUNTRY_INVALID');
      return null;
    }
    return c;
  })
  .optional()
  .meta({ type: 'string', enum: [...EU_COUNTRIES], nullable: true, description: 'ISO 3166-1 alpha-2, an EU member state' });

/** A text field with a pattern: TEXT's rules, then `code` when it does not match. */
function patterned(max: number, pattern: RegExp, code: string, description: string) {
  return z
    .unknown()
    .transform((v, ctx) => {
      const parsed = (text(TEXT, max) as z.ZodType<string | null | undefined>).safeParse(v);
      if (!parsed.success) {
        report(ctx, parsed.error.issues[0].message);
        return null;
      }
      const s = parsed.data ?? null;
      if (s !== null && !pattern.test(s)) report(ctx, code);
      return s;
    })
    .optional()
    .meta({ type: 'string', maxLength: max, nullable: true, pattern: pattern.source, description });
}

/**
 * A Croatian company or person gives its OIB (11 digits, ISO 7064 MOD 11,10) with or without the
 * HR prefix; other EU buyers their VAT number in their country's format. The stored form, or the
 * error code (USER_OIB_INVALID, USER_VAT_INVALID).
 */
export function checkVatNumber(value: string, country: string | null): { ok: true; value: string } | { ok: false; code: string } {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  if (/^\d{11}$/.test(compact) && (country === 'HR' || country === null)) {
    return isValidOib(compact) ? { ok: true, value: compact } : { ok: false, code: 'USER_OIB_INVALID' };
  }
  const checked = validateVatNumber(compact);
  if (!checked.ok)
    return { ok: false, code: checked.reason === 'checksum' && compact.startsWith('HR') ? 'USER_OIB_INVALID' : 'USER_VAT_INVALID' };
  return { ok: true, value: checked.normalized };
}

/**
 * An optional VAT number / OIB (text rules on the field; its format and check digit by the body's
 * check, for `country`: the body's country, else taken as Croatian). The server stores the form
 * `checkVatNumber` gives.
 */
function vatNumber(countryOf: (body: Record<string, unknown>) => string | null) {
  return {
    field: text(TEXT, 20, false, 'OIB (Croatia, with or without HR) or EU VAT number'),
    check: (body: unknown, ctx: z.RefinementCtx) => {
      if (!isRecord(body) || typeof body.vat_number !== 'string') return;
      const checked = checkVatNumber(body.vat_number, countryOf(body));
      if (!checked.ok) report(ctx, checked.code, ['vat_number']);
    },
  };
}

// ----- bodies ----------------------------------------------------------------------------------

/** `POST /api/users` */
export const RegistrationBody = z
  .object({
    first_name: text(TEXT, 100, true),
    last_name: text(TEXT, 100, true),
    birthday,
    email: email(EMAIL),
    password,
    password_confirmation: confirmation,
    terms_accepted: termsAccepted,
    newsletter: z
      .unknown()
      .transform((v) => v === true)
      .optional()
      .meta({ type: 'boolean', description: 'Consent to the newsletter' }),
    locale: optionalLocale,
    recaptcha_token: botCheckTokenField,
  })
  .superRefine(confirmationMatches(true), ALWAYS);
/**
 * What a client sends (the schemas take any JSON and report each field, so their input type is
 * `unknown`: these request types are written out for the client's forms).
 */
export type RegistrationRequest = {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  birthday: string;
  email: string;
  password: string;
  password_confirmation: string;
  terms_accepted: boolean;
  newsletter: boolean;
  /** Language of the activation mail; default: the request's. */
  locale?: string;
  /** The bot check's token for the action 'register' (docs/bot-check.md); absent when the check is off. */
  recaptcha_token?: string;
};

/** `POST /api/auth/login`: no field problems here, any failure is the one 'Login failed' answer. */
export const LoginBody = z.object({
  email: z
    .unknown()
    .transform((v) => normalizeEmail(v))
    .optional()
    .meta({ type: 'string', format: 'email' }),
  password: z
    .unknown()
    .transform((v) => (typeof v === 'string' ? v.slice(0, PASSWORD_MAX_LENGTH + 1) : ''))
    .optional()
    .meta({ type: 'string' }),
});

/** `POST /api/auth/password/request`, `/api/auth/magic-link`, `/api/users/activate/resend` */
export const EmailRequestBody = z.object({
  email: email(EMAIL),
  locale: optionalLocale,
  redirect: passThrough('Magic link only: a path on this site to land on after signing in; anything else is ignored'),
});

/** `POST /api/auth/password/reset` (the confirmation is checked when sent) */
export const PasswordResetBody = z
  .object({
    token: passThrough('The token of the mailed reset link'),
    password,
    password_confirmation: confirmation,
  })
  .superRefine(confirmationMatches(false), ALWAYS);

/** `POST /api/users/me/password` */
export const PasswordChangeBody = z
  .object({
    current_password: z
      .unknown()
      .transform((v) => (typeof v === 'string' ? v : ''))
      .optional()
      .meta({ type: 'string', description: 'Required when the account has a password' }),
    password,
    password_confirmation: confirmation,
  })
  .superRefine(confirmationMatches(true), ALWAYS);

/** `POST /api/auth/refresh`, `/api/auth/logout`: the refresh token in the body, else its cookie. */
export const RefreshBody = z.object({
  refresh_token: passThrough('The refresh token (default: the HttpOnly cookie)'),
});

const profileVat = vatNumber((b) => (typeof b.country === 'string' ? b.country : null));

/** `PATCH /api/users/me`: only the fields sent change; null (or '') clears an optional one. */
export const ProfileUpdateBody = z
  .object({
    username: patterned(40, USERNAME, 'USER_FIELD_INVALID', '3 to 40 letters, digits, ".", "_" or "-"'),
    email: email(EMAIL)
      .optional()
      .meta({ type: 'string', format: 'email', description: 'A new address applies once the link mailed to it is opened' }),
    phone: patterned(30, PHONE, 'USER_PHONE_INVALID', 'Digits, optionally with + and spaces'),
    address: text(TEXT, 200),
    city: text(TEXT, 100),
    zip_code: patterned(10, ZIP, 'USER_ZIP_INVALID', 'Postal code'),
    country,
    first_name: text(TEXT, 100, true).optional(),
    last_name: text(TEXT, 100, true).optional(),
    birth_date: z
      .unknown()
      .transform((v, ctx) => {
        if (v === null || v === '') return null;
        if (!isBirthDate(v)) report(ctx, 'USER_BIRTHDAY_INVALID');
        return v as string;
      })
      .optional()
      .meta({ type: 'string', format: 'date', nullable: true }),
    company_name: text(TEXT, 200),
    vat_number: profileVat.field,
    company_address: text(TEXT, 300),
    billing_same_as_delivery: z
      .unknown()
      .transform((v, ctx) => {
        if (typeof v !== 'boolean') report(ctx, 'USER_FIELD_INVALID');
        return v as boolean;
      })
      .optional()
      .meta({ type: 'boolean' }),
    billing_address: text(TEXT, 200),
    billing_city: text(TEXT, 100),
    billing_zip_code: patterned(10, ZIP, 'USER_ZIP_INVALID', 'Postal code'),
    billing_country: country,
    newsletter: z
      .unknown()
      .transform((v, ctx) => {
        if (typeof v !== 'boolean') report(ctx, 'USER_FIELD_INVALID');
        return v as boolean;
      })
      .optional()
      .meta({ type: 'boolean' }),
    locale: z
      .unknown()
      .transform((v, ctx) => {
        if (!(LOCALES as readonly unknown[]).includes(v)) report(ctx, 'USER_FIELD_INVALID');
        return v as (typeof LOCALES)[number];
      })
      .optional()
      .meta({ type: 'string', enum: [...LOCALES], description: 'The language of the mails' }),
  })
  .superRefine(profileVat.check, ALWAYS);
export type ProfileUpdateBody = z.output<typeof ProfileUpdateBody>;

const invitationVat = vatNumber(() => null);

/** `POST /api/users/invite` (role admin) */
export const InvitationBody = z
  .object({
    email: email(EMAIL),
    company_name: text(TEXT, 200, true),
    vat_number: invitationVat.field,
    company_address: text(TEXT, 300),
    first_name: text(TEXT, 100),
    last_name: text(TEXT, 100),
    locale: optionalLocale,
  })
  .superRefine(invitationVat.check, ALWAYS);
/** `POST /api/users/invite/accept` */
export const InvitationAcceptanceBody = z
  .object({
    token: passThrough('The token of the mailed invitation'),
    first_name: text(TEXT, 100, true),
    last_name: text(TEXT, 100, true),
    password,
    password_confirmation: confirmation,
    terms_accepted: termsAccepted,
  })
  .superRefine(confirmationMatches(true), ALWAYS);
export type InvitationAcceptance = {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
  terms_accepted: boolean;
};

// ----- queries ---------------------------------------------------------------------------------

/** `?token=` of a mailed link: judged by the server (an invalid one has its own answer or page). */
export const TokenQuery = z.object({ token: passThrough('The token of the mailed link') });

/** `POST /api/users/activate`, `POST /api/auth/magic-link/verify`, `POST /api/users/email/confirm`: the page's button sends the link's token. */
export const LinkTokenBody = z.object({ token: passThrough('The token of the mailed link (the page took it from its `?token=`)') });

/** `GET /api/users/me?fields=a,b` keeps only those keys. */
export const MeQuery = z.object({ fields: passThrough('Comma-separated field names to keep') });

/** `GET /api/auth/login/google` */
export const GoogleStartQuery = z.object({
  redirect: passThrough('A path on this site to return to after sign-in; anything else is ignored'),
  locale: optionalLocale,
  mode: passThrough(
    "'link': link the Google account to the signed-in user (the profile's button) instead of signing in; anything else signs in",
  ),
});

// ----- answers ---------------------------------------------------------------------------------

export const UserRole = z.enum(['customer', 'business', 'admin', 'staff']);
export type UserRole = z.infer<typeof UserRole>;

/** The signed-in user as `GET /api/users/me` answers it. */
export const UserView = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  country: z.string().nullable().meta({ description: "ISO 3166-1 alpha-2, e.g. 'HR'" }),
  birth_date: z.string().nullable().meta({ description: 'YYYY-MM-DD' }),
  company_name: z.string().nullable(),
  vat_number: z.string().nullable(),
  company_address: z.string().nullable(),
  billing_same_as_delivery: z.boolean(),
  billing_address: z.string().nullable(),
  billing_city: z.string().nullable(),
  billing_zip_code: z.string().nullable(),
  billing_country: z.string().nullable(),
  role: UserRole,
  locale: z.string().meta({ description: "The language of the user's mails (hr, en, de, sl)" }),
  newsletter: z.boolean(),
  has_password: z.boolean().meta({ description: 'Whether the account has a password (a Google-only account has none until it sets one)' }),
  google_linked: z.boolean(),
  created_at: z.string().meta({ format: 'date-time' }),
});
export type UserView = z.infer<typeof UserView>;

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

/** `PATCH /api/users/me`: the profile and, when a new e-mail was entered, the address waiting for confirmation. */
export const ProfileUpdateResult = UserView.extend({
  pending_email: z
    .string()
    .nullable()
    .meta({ description: 'The new address a confirmation link was mailed to; `email` changes once it is opened' }),
});
export type ProfileUpdateResult = z.infer<typeof ProfileUpdateResult>;

/** Login, refresh, magic-link verify (JSON), invite accept, password change. */
export const TokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires: z.number().int().meta({ description: 'Lifetime of the access token in milliseconds' }),
});
export type TokenPair = z.infer<typeof TokenPair>;

/** `GET /api/auth/providers` */
export const SignInProviders = z.object({
  google: z.boolean().meta({ description: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: 'Sign in with Google' works" }),
});
export type SignInProviders = z.infer<typeof SignInProviders>;

/** `GET /api/auth/session`: always 200, for the client's polling (never 401). */
export const SessionView = z.object({
  user: UserView.nullable(),
  expires_at: z.number().nullable().meta({ description: 'Epoch milliseconds when the access token expires; null when signed out' }),
});
export type SessionView = z.infer<typeof SessionView>;

/** The calls that must not reveal whether an e-mail exists (register, resend, reset request, magic link). */
export const AcceptedView = z.object({ accepted: z.literal(true) });
export type AcceptedView = z.infer<typeof AcceptedView>;

export const TokenPairResponse = data(TokenPair);
export const MagicLinkSignInResponse = data(
  TokenPair.extend({
    redirect: z.string().meta({
      description: "Where the browser goes now: the same-site path asked for with the link, else the profile in the user's language",
    }),
  }),
);
export const AcceptedResponse = data(AcceptedView);
export const SessionResponse = data(SessionView);
export const ProvidersResponse = data(SignInProviders);
export const MeResponse = data(UserView.partial().meta({ description: 'The user; with `fields=a,b` only those keys' }));
export const ProfileUpdateResponse = data(ProfileUpdateResult);
export const SignedOutResponse = data(z.object({ signed_out: z.literal(true) }));
export const ResetResponse = data(z.object({ reset: z.literal(true) }));
export const ActivatedResponse = data(z.object({ activated: z.literal(true) }));
export const EmailChangedResponse = data(z.object({ changed: z.literal(true) }));
export const GoogleUnlinkedResponse = data(z.object({ google_linked: z.literal(false) }));
