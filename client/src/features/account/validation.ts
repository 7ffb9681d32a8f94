/**
 * Client-side checks of the account forms. They mirror the API's rules (the API checks again and answers
 * with localized messages) so the visitor learns about a mistake before sending. Each check answers a
 * message key under `account.validation.*` (or null), never text: the screens translate.
 * Pure; tested in validation.spec.ts.
 */

/** Spec section 9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;

export type ValidationKey =
  | 'required'
  | 'email'
  | 'passwordLength'
  | 'passwordTooLong'
  | 'passwordMismatch'
  | 'terms'
  | 'birthday'
  | 'vatNumber'
  | 'phone'
  | 'zipCode'
  | 'username';

/** The API refuses longer passwords. */
export const MAX_PASSWORD_LENGTH = 128;

export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

const blank = (value: string | null | undefined) => !value || value.trim() === '';

export function required(value: string | null | undefined): ValidationKey | null {
  return blank(value) ? 'required' : null;
}

/** The API's pragmatic e-mail check: one @, a dot in the domain, no spaces or quotes/brackets, at most 254. */
const EMAIL = /^[^\s@"<>()[\],;:]+@[^\s@"<>()[\],;:]+\.[^\s@"<>()[\],;:]{2,}$/;

export function emailError(value: string | null | undefined): ValidationKey | null {
  if (blank(value)) return 'required';
  const email = (value ?? '').trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? null : 'email';
}

/** 'Password must contain at least 6 characters' (the API counts UTF-16 units, as String.length does). */
export function passwordError(value: string | null | undefined): ValidationKey | null {
  if (!value) return 'required';
  if (value.length < MIN_PASSWORD_LENGTH) return 'passwordLength';
  return value.length > MAX_PASSWORD_LENGTH ? 'passwordTooLong' : null;
}

/** 'Passwords do not match' */
export function confirmationError(password: string, confirmation: string): ValidationKey | null {
  if (!confirmation) return 'required';
  return password === confirmation ? null : 'passwordMismatch';
}

/** A real calendar date `YYYY-MM-DD` (what <input type="date"> submits). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A date of birth as the API accepts it: a real date from 1900-01-01 to `today` (YYYY-MM-DD). */
export function birthdayError(value: string, today: string, mandatory: boolean): ValidationKey | null {
  if (blank(value)) return mandatory ? 'required' : null;
  return isIsoDate(value) && value >= '1900-01-01' && value <= today ? null : 'birthday';
}

/** Today's date as YYYY-MM-DD in the browser's (or server's) local time. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Croatian OIB: 11 digits, the last one a check digit by ISO 7064, MOD 11,10.
 */
export function isOib(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  let a = 10;
  for (let i = 0; i < 10; i++) {
    a = (a + Number(value[i])) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  const check = (11 - a) % 10;
  return check === Number(value[10]);
}

/**
 * VAT number (optional): a Croatian one is the OIB, with or without the `HR` prefix, and must pass the OIB
 * check; other EU numbers are a two-letter country prefix and 2 to 13 letters or digits. Spaces, dots and
 * hyphens are ignored.
 */
export function vatNumberError(value: string | null | undefined): ValidationKey | null {
  if (blank(value)) return null;
  const compact = (value ?? '').replace(/[\s.-]/g, '').toUpperCase();
  const croatian = /^(HR)?(\d{11})$/.exec(compact);
  if (croatian) return isOib(croatian[2]) ? null : 'vatNumber';
  if (/^\d+$/.test(compact) || compact.startsWith('HR')) return 'vatNumber';
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(compact) ? null : 'vatNumber';
}

/** Phone (optional), as the API checks it: an optional +, a digit, then 5 to 24 digits, spaces, ( ) / -. */
export function phoneError(value: string | null | undefined): ValidationKey | null {
  if (blank(value)) return null;
  return /^\+?[0-9][0-9 ()/-]{5,24}$/.test((value ?? '').trim()) ? null : 'phone';
}

/** Postal code (optional), the API's general shape (it also checks the country's own format). */
export function zipCodeError(value: string | null | undefined): ValidationKey | null {
  if (blank(value)) return null;
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test((value ?? '').trim()) ? null : 'zipCode';
}

/** Username (optional): 3 to 40 letters, digits, '.', '_' or '-'. */
export function usernameError(value: string | null | undefined): ValidationKey | null {
  if (blank(value)) return null;
  return /^[\p{L}\p{N}._-]{3,40}$/u.test((value ?? '').trim()) ? null : 'username';
}

function collect<F extends string>(checks: Array<[F, ValidationKey | null]>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, error] of checks) if (error && !errors[field]) errors[field] = error;
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
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

export interface RegistrationValues {
  first_name: string;
  last_name: string;
  birthday: string;
  email: string;
  password: string;
  password_confirmation: string;
  terms_accepted: boolean;
}

export type RegistrationField = keyof RegistrationValues;

export function validateRegistration(v: RegistrationValues, today: string): FieldErrors<RegistrationField> {
  return collect<RegistrationField>([
    ['first_name', required(v.first_name)],
    ['last_name', required(v.last_name)],
    ['birthday', birthdayError(v.birthday, today, true)],
    ['email', emailError(v.email)],
    ['password', passwordError(v.password)],
    ['password_confirmation', confirmationError(v.password, v.password_confirmation)],
    ['terms_accepted', v.terms_accepted ? null : 'terms'],
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
  return collect<InvitationField>([
    ['first_name', required(v.first_name)],
    ['last_name', required(v.last_name)],
    ['password', passwordError(v.password)],
    ['password_confirmation', confirmationError(v.password, v.password_confirmation)],
    ['terms_accepted', v.terms_accepted ? null : 'terms'],
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
  return collect<ProfileField>([
    ['username', usernameError(v.username)],
    ['email', emailError(v.email)],
    ['phone', phoneError(v.phone)],
    ['first_name', required(v.first_name)],
    ['last_name', required(v.last_name)],
    ['zip_code', zipCodeError(v.zip_code)],
    ['birth_date', birthdayError(v.birth_date, today, false)],
    ['vat_number', vatNumberError(v.vat_number)],
    ['billing_zip_code', v.billing_same_as_delivery ? null : zipCodeError(v.billing_zip_code)],
  ]);
}
