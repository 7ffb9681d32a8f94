import type { z } from 'zod';
import { isBirthDate } from '../../../../contract/api/fields';
import {
  checkVatNumber,
  EmailRequestBody,
  InvitationAcceptanceBody,
  PASSWORD_MIN_LENGTH,
  ProfileUpdateBody,
  RegistrationBody,
} from '../../../../contract/api/identity';
import { isValidOib } from '../../../../contract/tax-id';
import type { RegistrationRequest } from '../../../../contract/api/identity';
import { blank, collect, type FieldErrors, type ValidationKey } from '../../components/forms';

/**
 * Client-side checks of the account forms (the generic ones are the form kit's: components/forms), with the API's own schemas (contract/api/identity.ts):
 * the visitor learns about a mistake before sending, and the server, which parses the same
 * schemas, stays the authority (its answer is shown when it refuses anyway). Each check answers a
 * message key under `account.validation.*` (or null), never text: the screens translate. A code
 * the forms have no key for (e.g. a text too long for its field) is left to the server's answer.
 * The forms add what only a form knows: an empty password or confirmation is 'required', a
 * confirmation that differs is a mismatch at once, dates are checked against the browser's today.
 * Pure; tested in validation.spec.ts.
 */

/** Spec section 9: minimum password length. */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN_LENGTH;

/** The API's error codes the forms show with their own message keys. */
const KEY_BY_CODE: Record<string, ValidationKey> = {
  USER_FIELD_REQUIRED: 'required',
  USER_EMAIL_INVALID: 'email',
  USER_PASSWORD_TOO_SHORT: 'passwordLength',
  USER_PASSWORD_TOO_LONG: 'passwordTooLong',
  USER_PASSWORDS_MISMATCH: 'passwordMismatch',
  USER_TERMS_REQUIRED: 'terms',
  USER_BIRTHDAY_INVALID: 'birthday',
  USER_OIB_INVALID: 'vatNumber',
  USER_VAT_INVALID: 'vatNumber',
  USER_PHONE_INVALID: 'phone',
  USER_ZIP_INVALID: 'zipCode',
};

function keyFor(field: string, code: string): ValidationKey | null {
  if (field === 'username' && code === 'USER_FIELD_INVALID') return 'username';
  return KEY_BY_CODE[code] ?? null;
}

/** The first problem of each field as the API's schema reports it, as message keys. */
function schemaErrors<F extends string>(schema: z.ZodType, values: unknown): FieldErrors<F> {
  const result = schema.safeParse(values);
  const errors: FieldErrors<F> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    const key = keyFor(field, issue.message);
    if (key && !errors[field]) errors[field] = key;
  }
  return errors;
}

/** One field of a body schema, alone. */
function fieldError(schema: z.ZodType, field: string, value: unknown): ValidationKey | null {
  const result = schema.safeParse(value);
  return result.success ? null : keyFor(field, result.error.issues[0]?.message ?? '');
}

/** The API's e-mail rule: one @, a dot in the domain, no spaces or quotes/brackets, at most 254. */
export function emailError(value: string | null | undefined): ValidationKey | null {
  if (blank(value)) return 'required';
  return fieldError(EmailRequestBody.shape.email, 'email', value);
}

/** 'Password must contain at least 6 characters' (the API counts UTF-16 units, as String.length does). */
export function passwordError(value: string | null | undefined): ValidationKey | null {
  if (!value) return 'required';
  return fieldError(RegistrationBody.shape.password, 'password', value);
}

/** 'Passwords do not match' */
export function confirmationError(password: string, confirmation: string): ValidationKey | null {
  if (!confirmation) return 'required';
  return password === confirmation ? null : 'passwordMismatch';
}

/** A date of birth as the API accepts it: a real date from 1900-01-01 to `today` (YYYY-MM-DD). */
export function birthdayError(value: string, today: string, mandatory: boolean): ValidationKey | null {
  if (blank(value)) return mandatory ? 'required' : null;
  return isBirthDate(value, new Date(`${today}T00:00:00Z`)) ? null : 'birthday';
}

/** Croatian OIB: 11 digits, the last one a check digit by ISO 7064, MOD 11,10. */
export const isOib = isValidOib;

/**
 * VAT number (optional): a Croatian one is the OIB, with or without the `HR` prefix, and must pass the OIB
 * check; other EU numbers their country's format. Spaces, dots and hyphens are ignored.
 */
export function vatNumberError(value: string | null | undefined, country: string | null = null): ValidationKey | null {
  if (blank(value)) return null;
  const checked = checkVatNumber((value ?? '').trim(), country || null);
  return checked.ok ? null : keyFor('vat_number', checked.code);
}

/** Phone (optional), as the API checks it: an optional +, a digit, then 5 to 24 digits, spaces, ( ) / -. */
export function phoneError(value: string | null | undefined): ValidationKey | null {
  return fieldError(ProfileUpdateBody.shape.phone, 'phone', value ?? null);
}

/** Postal code (optional), the API's general shape (it also checks the country's own format). */
export function zipCodeError(value: string | null | undefined): ValidationKey | null {
  return fieldError(ProfileUpdateBody.shape.zip_code, 'zip_code', value ?? null);
}

/** Username (optional): 3 to 40 letters, digits, '.', '_' or '-'. */
export function usernameError(value: string | null | undefined): ValidationKey | null {
  return fieldError(ProfileUpdateBody.shape.username, 'username', value ?? null);
}

// ---------------------------------------------------------------------------------------------------
// Per form (field names are the API's body field names)

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(v: LoginValues): FieldErrors<'email' | 'password'> {
  // Length is not checked at login: an old password may predate today's rules; the API decides.
  return collect([
    ['email', emailError(v.email)],
    ['password', v.password ? null : 'required'],
  ]);
}

export function validateEmailOnly(email: string): FieldErrors<'email'> {
  return collect([['email', emailError(email)]]);
}

/** The registration form's fields: the API's request without the newsletter box and the mail language. */
export type RegistrationValues = Omit<RegistrationRequest, 'newsletter' | 'locale'>;

export type RegistrationField = keyof RegistrationValues;

export function validateRegistration(v: RegistrationValues, today: string): FieldErrors<RegistrationField> {
  const api = schemaErrors<RegistrationField>(RegistrationBody, v);
  return collect<RegistrationField>([
    ['first_name', api.first_name ?? null],
    ['last_name', api.last_name ?? null],
    ['birthday', birthdayError(v.birthday, today, true)],
    ['email', emailError(v.email)],
    ['password', passwordError(v.password)],
    ['password_confirmation', confirmationError(v.password, v.password_confirmation)],
    ['terms_accepted', api.terms_accepted ?? null],
  ]);
}

export interface InvitationValues {
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
  terms_accepted: boolean;
}

export type InvitationField = keyof InvitationValues;

export function validateInvitation(v: InvitationValues): FieldErrors<InvitationField> {
  const api = schemaErrors<InvitationField>(InvitationAcceptanceBody, v);
  return collect<InvitationField>([
    ['first_name', api.first_name ?? null],
    ['last_name', api.last_name ?? null],
    ['password', passwordError(v.password)],
    ['password_confirmation', confirmationError(v.password, v.password_confirmation)],
    ['terms_accepted', api.terms_accepted ?? null],
  ]);
}

export interface NewPasswordValues {
  password: string;
  password_confirmation: string;
}

export function validateNewPassword(v: NewPasswordValues): FieldErrors<'password' | 'password_confirmation'> {
  return collect<'password' | 'password_confirmation'>([
    ['password', passwordError(v.password)],
    ['password_confirmation', confirmationError(v.password, v.password_confirmation)],
  ]);
}

export interface PasswordChangeValues extends NewPasswordValues {
  current_password: string;
}

export function validatePasswordChange(
  v: PasswordChangeValues,
  hasPassword: boolean,
): FieldErrors<'current_password' | 'password' | 'password_confirmation'> {
  return collect<'current_password' | 'password' | 'password_confirmation'>([
    ['current_password', hasPassword && !v.current_password ? 'required' : null],
    ['password', passwordError(v.password)],
    ['password_confirmation', confirmationError(v.password, v.password_confirmation)],
  ]);
}

export interface ProfileValues {
  username: string;
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
  address: string;
  city: string;
  zip_code: string;
  country: string;
  birth_date: string;
  company_name: string;
  vat_number: string;
  company_address: string;
  billing_same_as_delivery: boolean;
  billing_address: string;
  billing_city: string;
  billing_zip_code: string;
  billing_country: string;
  newsletter: boolean;
  locale: string;
}

export type ProfileField = keyof ProfileValues;

export function validateProfile(v: ProfileValues, today: string): FieldErrors<ProfileField> {
  // Billing fields the form hides (billing = delivery) are not sent, so not checked; the date of
  // birth is checked against the browser's today.
  const sent: Partial<ProfileValues> = { ...v, birth_date: '' };
  if (v.billing_same_as_delivery)
    for (const f of ['billing_address', 'billing_city', 'billing_zip_code', 'billing_country'] as const) delete sent[f];
  const api = schemaErrors<ProfileField>(ProfileUpdateBody, sent);
  return { ...api, ...collect<ProfileField>([['birth_date', birthdayError(v.birth_date, today, false)]]) };
}
