import { DomainError } from '../http/domain-error.js';
import { localizedMessage, registerErrorMessages, type LocalizedMessage } from '../i18n/index.js';

/** The refusals of authentication itself: no signed-in caller, or a caller without the role. */
const CODES = {
  AUTH_REQUIRED: {
    kind: 'unauthenticated',
    hr: 'Prijavite se za nastavak.',
    en: 'Please sign in to continue.',
    de: 'Bitte melden Sie sich an, um fortzufahren.',
    sl: 'Za nadaljevanje se prijavite.',
  },
  AUTH_FORBIDDEN: {
    kind: 'forbidden',
    hr: 'Za ovu radnju nemate ovlasti.',
    en: 'You are not allowed to do this.',
    de: 'Dazu sind Sie nicht berechtigt.',
    sl: 'Za to dejanje nimate pravic.',
  },
} satisfies Record<string, LocalizedMessage & { kind: 'unauthenticated' | 'forbidden' }>;

export type AuthErrorCode = keyof typeof CODES;

registerErrorMessages(Object.fromEntries(Object.entries(CODES).map(([code, { hr, en, de, sl }]) => [code, { hr, en, de, sl }])));

/** 401 AUTH_REQUIRED or 403 AUTH_FORBIDDEN, in the caller's language (ApiExceptionFilter). */
export class AuthError extends DomainError {
  constructor(code: AuthErrorCode) {
    super(code, localizedMessage(code, 'en') ?? code, CODES[code].kind);
  }
}
