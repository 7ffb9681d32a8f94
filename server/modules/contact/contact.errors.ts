import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../../platform/i18n/index.js';

/**
 * Every refusal of the contact form (`POST /api/mail`): the body's codes (contract/api/contact.ts),
 * the size of the whole body and the rate limits, each with its HTTP kind (the texts are in
 * server/locales, `contact.errors`). The form shows a field's message under the field, the others above the form.
 */
const CODES = {
  CONTACT_FIELD_REQUIRED: 'invalid',
  CONTACT_FIELD_INVALID: 'invalid',
  CONTACT_FIELD_TOO_LONG: 'invalid',
  CONTACT_MESSAGE_TOO_LONG: 'invalid',
  CONTACT_EMAIL_INVALID: 'invalid',
  CONTACT_PHONE_INVALID: 'invalid',
  CONTACT_LINKS_NOT_ALLOWED: 'invalid',
  CONTACT_TOO_MANY_LINKS: 'invalid',
  CONTACT_CONSENT_REQUIRED: 'invalid',
  CONTACT_BODY_TOO_LARGE: 'too_large',
  // rate limits (RateLimitedError with these codes: 429 and Retry-After)
  CONTACT_RATE_LIMITED: 'rate_limited',
  CONTACT_EMAIL_RATE_LIMITED: 'rate_limited',
} as const satisfies Record<keyof ServerTexts['contact']['errors'], ErrorKind>;

export type ContactErrorCode = keyof typeof CODES;

export class ContactError extends DomainError {
  constructor(code: ContactErrorCode, params: Record<string, string | number> = {}, field?: string) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code], field, [], params);
  }
}
