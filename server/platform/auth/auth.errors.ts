import { DomainError } from '../http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../i18n/index.js';

/**
 * The refusals of authentication itself: no signed-in caller, or a caller without the role. Each
 * code's HTTP kind; the texts are in server/locales (`auth.errors`).
 */
const CODES = {
  AUTH_REQUIRED: 'unauthenticated',
  AUTH_FORBIDDEN: 'forbidden',
} as const satisfies Record<keyof ServerTexts['auth']['errors'], 'unauthenticated' | 'forbidden'>;

export type AuthErrorCode = keyof typeof CODES;

/** 401 AUTH_REQUIRED or 403 AUTH_FORBIDDEN, in the caller's language (ApiExceptionFilter). */
export class AuthError extends DomainError {
  constructor(code: AuthErrorCode) {
    super(code, localizedMessage(code, 'en') ?? code, CODES[code]);
  }
}
