import { DomainError, type ErrorDetail, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../../platform/i18n/index.js';

/**
 * Every refusal of the identity module. Texts the spec fixes are used verbatim in English
 * ('Login failed, please check your credentials.', 'Password must contain at least 6 characters',
 * 'Passwords do not match'); the texts are in server/locales (`identity.errors`), the HTTP kinds here.
 */
const CODES = {
  AUTH_LOGIN_FAILED: 'unauthenticated',
  AUTH_NOT_ACTIVATED: 'forbidden',
  AUTH_ACCOUNT_BLOCKED: 'forbidden',
  AUTH_REFRESH_INVALID: 'unauthenticated',
  AUTH_ACTIVATION_LINK_INVALID: 'invalid',
  AUTH_ACTIVATION_LINK_USED: 'conflict',
  AUTH_RESET_LINK_INVALID: 'invalid',
  AUTH_MAGIC_LINK_INVALID: 'invalid',
  AUTH_EMAIL_CHANGE_INVALID: 'invalid',
  AUTH_INVITE_INVALID: 'invalid',
  AUTH_GOOGLE_FAILED: 'unauthenticated',
  AUTH_GOOGLE_EMAIL_UNVERIFIED: 'forbidden',
  AUTH_GOOGLE_LINK_REQUIRED: 'conflict',
  AUTH_GOOGLE_OTHER_ACCOUNT: 'conflict',
  AUTH_GOOGLE_SUBJECT_TAKEN: 'conflict',
  AUTH_GOOGLE_ALREADY_LINKED: 'conflict',
  AUTH_GOOGLE_UNLINK_NEEDS_PASSWORD: 'conflict',
  AUTH_GOOGLE_DISABLED: 'unavailable',
  USER_PASSWORD_TOO_SHORT: 'invalid',
  USER_PASSWORD_TOO_LONG: 'invalid',
  USER_PASSWORDS_MISMATCH: 'invalid',
  USER_CURRENT_PASSWORD_WRONG: 'invalid',
  USER_EMAIL_INVALID: 'invalid',
  USER_EMAIL_TAKEN: 'conflict',
  USER_USERNAME_TAKEN: 'conflict',
  USER_FIELD_REQUIRED: 'invalid',
  USER_FIELD_TOO_LONG: 'invalid',
  USER_FIELD_INVALID: 'invalid',
  USER_BIRTHDAY_INVALID: 'invalid',
  USER_TERMS_REQUIRED: 'invalid',
  USER_PHONE_INVALID: 'invalid',
  USER_COUNTRY_INVALID: 'invalid',
  USER_ZIP_INVALID: 'invalid',
  USER_OIB_INVALID: 'invalid',
  USER_VAT_INVALID: 'invalid',
  USER_NOT_FOUND: 'not_found',
} as const satisfies Record<keyof ServerTexts['identity']['errors'], ErrorKind>;

export type IdentityErrorCode = keyof typeof CODES;

type Params = Record<string, string | number>;

export class IdentityError extends DomainError {
  constructor(code: IdentityErrorCode, params: Params = {}, field?: string, more: ErrorDetail[] = []) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code], field, more, params);
  }
}

export function fieldProblem(code: IdentityErrorCode, field: string, params: Params = {}): ErrorDetail {
  return { code, field, message: localizedMessage(code, 'en', params) ?? code };
}

/** Throws one 422 listing every field problem found, or returns when there are none. */
export function throwFieldProblems(problems: ErrorDetail[]): void {
  if (!problems.length) return;
  const [first, ...more] = problems;
  throw new IdentityError(first.code as IdentityErrorCode, {}, first.field, more);
}
