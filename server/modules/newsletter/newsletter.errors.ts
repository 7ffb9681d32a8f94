import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../../platform/i18n/index.js';

/** Every refusal of the newsletter module: each code's HTTP kind; the texts are in server/locales (`newsletter.errors`). */
const CODES = {
  NEWSLETTER_EMAIL_REQUIRED: 'invalid',
  NEWSLETTER_EMAIL_INVALID: 'invalid',
  NEWSLETTER_SOURCE_INVALID: 'invalid',
  NEWSLETTER_LOCALE_INVALID: 'invalid',
  // a forged, mistyped or superseded confirmation link (or one of an address that unsubscribed since)
  NEWSLETTER_LINK_INVALID: 'invalid',
  NEWSLETTER_LINK_EXPIRED: 'invalid',
} as const satisfies Record<keyof ServerTexts['newsletter']['errors'], ErrorKind>;

export type NewsletterErrorCode = keyof typeof CODES;

export class NewsletterError extends DomainError {
  constructor(code: NewsletterErrorCode) {
    super(code, localizedMessage(code, 'en') ?? code, CODES[code]);
  }
}
