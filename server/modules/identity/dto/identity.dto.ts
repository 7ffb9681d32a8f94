import type { ErrorDetail } from '../../../platform/http/domain-error.js';
import { isLocale, type Locale } from '../../../platform/i18n/index.js';
import { fieldProblem, throwFieldProblems } from '../identity.errors.js';
import type { ProfileUpdate } from '../identity.types.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password.js';
import { isValidOib, validateVatNumber } from '../tax-id.js';

/**
 * Parsing of the identity API's bodies: every problem of a request is reported at once, each on
 * its snake_case field, with the spec's messages for passwords.
 */
type Body = Record<string, unknown>;

export function asBody(raw: unknown): Body {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {};
}

/** Pragmatic e-mail check (RFC 5321 lengths, one @, a dot in the domain, no spaces). */
const EMAIL = /^[^\s@"<>()[\],;:]+@[^\s@"<>()[\],;:]+\.[^\s@"<>()[\],;:]{2,}$/;

export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}

function text(b: Body, field: string, problems: ErrorDetail[], opts: { required?: boolean; max?: number } = {}): string | null {
  const v = b[field];
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
    if (opts.required) problems.push(fieldProblem('USER_FIELD_REQUIRED', field));
    return null;
  }
  if (typeof v !== 'string') {
    problems.push(fieldProblem('USER_FIELD_INVALID', field));
    return null;
  }
  const s = v.trim().replace(/\s+/g, ' ');
  if (s.length > (opts.max ?? 200)) {
    problems.push(fieldProblem('USER_FIELD_TOO_LONG', field));
    return null;
  }
  return s;
}

function email(b: Body, field: string, problems: ErrorDetail[]): string {
  const e = normalizeEmail(b[field]);
  if (!e) problems.push(fieldProblem(b[field] ? 'USER_EMAIL_INVALID' : 'USER_FIELD_REQUIRED', field));
  return e ?? '';
}

/** The spec's password rules: at least 6 characters, the confirmation must match. */
function password(b: Body, field: string, confirmField: string | null, problems: ErrorDetail[]): string {
  const p = b[field];
  if (typeof p !== 'string' || p.length < PASSWORD_MIN_LENGTH) {
    problems.push(fieldProblem('USER_PASSWORD_TOO_SHORT', field));
    return '';
  }
  if (p.length > PASSWORD_MAX_LENGTH) {
    problems.push(fieldProblem('USER_PASSWORD_TOO_LONG', field));
    return '';
  }
  if (confirmField && b[confirmField] !== p) problems.push(fieldProblem('USER_PASSWORDS_MISMATCH', confirmField));
  return p;
}

/** YYYY-MM-DD, a real calendar day, from 1900-01-01 to today. */
export function isBirthDate(value: unknown, today = new Date()): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return false;
  return value >= '1900-01-01' && value <= today.toISOString().slice(0, 10);
}

function locale(b: Body, fallback: Locale): Locale {
  return isLocale(b.locale) ? b.locale : fallback;
}

export interface Registration {
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string;
  password: string;
  newsletter: boolean;
  locale: Locale;
}

export function parseRegistration(raw: unknown, fallbackLocale: Locale): Registration {
  const b = asBody(raw);
  const problems: ErrorDetail[] = [];
  const firstName = text(b, 'first_name', problems, { required: true, max: 100 });
  const lastName = text(b, 'last_name', problems, { required: true, max: 100 });
  if (!isBirthDate(b.birthday)) problems.push(fieldProblem(b.birthday ? 'USER_BIRTHDAY_INVALID' : 'USER_FIELD_REQUIRED', 'birthday'));
  const mail = email(b, 'email', problems);
  const pass = password(b, 'password', 'password_confirmation', problems);
  if (b.terms_accepted !== true) problems.push(fieldProblem('USER_TERMS_REQUIRED', 'terms_accepted'));
  throwFieldProblems(problems);
  return {
    firstName: firstName!,
    lastName: lastName!,
    birthDate: b.birthday as string,
    email: mail,
    password: pass,
    newsletter: b.newsletter === true,
    locale: locale(b, fallbackLocale),
  };
}

export function parseLogin(raw: unknown): { email: string | null; password: string } {
  const b = asBody(raw);
  // No field problems here: any failure is the one 'Login failed' answer.
  return { email: normalizeEmail(b.email), password: typeof b.password === 'string' ? b.password.slice(0, PASSWORD_MAX_LENGTH + 1) : '' };
}

export function parseEmailRequest(raw: unknown, fallbackLocale: Locale): { email: string; locale: Locale; redirect: unknown } {
  const b = asBody(raw);
  const problems: ErrorDetail[] = [];
  const mail = email(b, 'email', problems);
  throwFieldProblems(problems);
  return { email: mail, locale: locale(b, fallbackLocale), redirect: b.redirect };
}

export function parsePasswordReset(raw: unknown): { token: unknown; password: string } {
  const b = asBody(raw);
  const problems: ErrorDetail[] = [];
  const pass = password(b, 'password', b.password_confirmation === undefined ? null : 'password_confirmation', problems);
  throwFieldProblems(problems);
  return { token: b.token, password: pass };
}

export function parsePasswordChange(raw: unknown): { current: string; password: string } {
  const b = asBody(raw);
  const problems: ErrorDetail[] = [];
  const current = typeof b.current_password === 'string' ? b.current_password : '';
  const pass = password(b, 'password', 'password_confirmation', problems);
  throwFieldProblems(problems);
  return { current, password: pass };
}

/** EU member states (ISO 3166-1 alpha-2): the shop delivers and invoices within the EU. */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

const PHONE = /^\+?[0-9][0-9 ()/-]{5,24}$/;
const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;
const USERNAME = /^[\p{L}\p{N}._-]{3,40}$/u;

function country(b: Body, field: string, problems: ErrorDetail[]): string | null {
  const v = b[field];
  if (v === null || v === undefined || v === '') return null;
  const c = typeof v === 'string' ? v.trim().toUpperCase() : '';
  if (!(EU_COUNTRIES as readonly string[]).includes(c)) {
    problems.push(fieldProblem('USER_COUNTRY_INVALID', field));
    return null;
  }
  return c;
}

/**
 * `PATCH /api/users/me`: only the fields present change; null (or '') clears an optional one.
 * Returns the entity property names with their new values.
 */
export function parseProfileUpdate(raw: unknown, current: { country: string | null }): Record<string, string | boolean | null> {
  const b = asBody(raw);
  const problems: ErrorDetail[] = [];
  const out: Record<string, string | boolean | null> = {};
  const has = (f: keyof ProfileUpdate) => Object.hasOwn(b, f);

  for (const [field, prop, max] of [
    ['address', 'address', 200],
    ['city', 'city', 100],
    ['company_name', 'companyName', 200],
    ['company_address', 'companyAddress', 300],
    ['billing_address', 'billingAddress', 200],
    ['billing_city', 'billingCity', 100],
  ] as const) {
    if (has(field)) out[prop] = text(b, field, problems, { max });
  }
  for (const [field, prop] of [
    ['first_name', 'firstName'],
    ['last_name', 'lastName'],
  ] as const) {
    if (has(field)) out[prop] = text(b, field, problems, { required: true, max: 100 });
  }
  if (has('email')) out.email = email(b, 'email', problems);
  if (has('username')) {
    const u = text(b, 'username', problems, { max: 40 });
    if (u !== null && !USERNAME.test(u)) problems.push(fieldProblem('USER_FIELD_INVALID', 'username'));
    out.username = u;
  }
  if (has('phone')) {
    const p = text(b, 'phone', problems, { max: 30 });
    if (p !== null && !PHONE.test(p)) problems.push(fieldProblem('USER_PHONE_INVALID', 'phone'));
    out.phone = p;
  }
  for (const [field, prop] of [
    ['zip_code', 'zipCode'],
    ['billing_zip_code', 'billingZipCode'],
  ] as const) {
    if (!has(field)) continue;
    const z = text(b, field, problems, { max: 10 });
    if (z !== null && !ZIP.test(z)) problems.push(fieldProblem('USER_ZIP_INVALID', field));
    out[prop] = z;
  }
  if (has('country')) out.country = country(b, 'country', problems);
  if (has('billing_country')) out.billingCountry = country(b, 'billing_country', problems);
  if (has('birth_date')) {
    const v = b.birth_date;
    if (v === null || v === '') out.birthDate = null;
    else if (isBirthDate(v)) out.birthDate = v;
    else problems.push(fieldProblem('USER_BIRTHDAY_INVALID', 'birth_date'));
  }
  for (const [field, prop] of [
    ['billing_same_as_delivery', 'billingSameAsDelivery'],
    ['newsletter', 'newsletter'],
  ] as const) {
    if (!has(field)) continue;
    if (typeof b[field] !== 'boolean') problems.push(fieldProblem('USER_FIELD_INVALID', field));
    else out[prop] = b[field] as boolean;
  }
  if (has('locale')) {
    if (!isLocale(b.locale)) problems.push(fieldProblem('USER_FIELD_INVALID', 'locale'));
    else out.locale = b.locale;
  }
  if (has('vat_number')) {
    const v = text(b, 'vat_number', problems, { max: 20 });
    out.vatNumber = v === null ? null : checkVatNumber(v, (out.country as string | null | undefined) ?? current.country, problems);
  }
  throwFieldProblems(problems);
  return out;
}

/**
 * A Croatian company or person gives its OIB (11 digits, ISO 7064 MOD 11,10) with or without the
 * HR prefix; other EU buyers their VAT number in their country's format.
 */
function checkVatNumber(value: string, country: string | null, problems: ErrorDetail[]): string | null {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  if (/^\d{11}$/.test(compact) && (country === 'HR' || country === null)) {
    if (!isValidOib(compact)) {
      problems.push(fieldProblem('USER_OIB_INVALID', 'vat_number'));
      return null;
    }
    return compact;
  }
  const checked = validateVatNumber(compact);
  if (!checked.ok) {
    problems.push(fieldProblem(checked.reason === 'checksum' && compact.startsWith('HR') ? 'USER_OIB_INVALID' : 'USER_VAT_INVALID', 'vat_number'));
    return null;
  }
  return checked.normalized;
}

export interface Invitation {
  email: string;
  companyName: string;
  vatNumber: string | null;
  companyAddress: string | null;
  firstName: string | null;
  lastName: string | null;
  locale: Locale;
}

export function parseInvitation(raw: unknown, fallbackLocale: Locale): Invitation {
  const b = asBody(raw);
  const problems: ErrorDetail[] = [];
  const mail = email(b, 'email', problems);
  const companyName = text(b, 'company_name', problems, { required: true, max: 200 });
  const companyAddress = text(b, 'company_address', problems, { max: 300 });
  const firstName = text(b, 'first_name', problems, { max: 100 });
  const lastName = text(b, 'last_name', problems, { max: 100 });
  const rawVat = text(b, 'vat_number', problems, { max: 20 });
  const vatNumber = rawVat === null ? null : checkVatNumber(rawVat, null, problems);
  throwFieldProblems(problems);
  return { email: mail, companyName: companyName!, vatNumber, companyAddress, firstName, lastName, locale: locale(b, fallbackLocale) };
}

export function parseInvitationAcceptance(raw: unknown): { token: unknown; firstName: string; lastName: string; password: string } {
  const b = asBody(raw);
  const problems: ErrorDetail[] = [];
  const firstName = text(b, 'first_name', problems, { required: true, max: 100 });
  const lastName = text(b, 'last_name', problems, { required: true, max: 100 });
  const pass = password(b, 'password', 'password_confirmation', problems);
  if (b.terms_accepted !== true) problems.push(fieldProblem('USER_TERMS_REQUIRED', 'terms_accepted'));
  throwFieldProblems(problems);
  return { token: b.token, firstName: firstName!, lastName: lastName!, password: pass };
}
