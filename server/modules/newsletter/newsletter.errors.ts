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
  // the back office's campaigns and subscriber list (campaigns/)
  NEWSLETTER_FILTER_INVALID: 'invalid',
  NEWSLETTER_CAMPAIGN_ID_INVALID: 'invalid',
  NEWSLETTER_CAMPAIGN_NOT_FOUND: 'not_found',
  NEWSLETTER_CAMPAIGN_SENT: 'conflict',
  NEWSLETTER_NO_RECIPIENTS: 'conflict',
  NEWSLETTER_NAME_INVALID: 'invalid',
  NEWSLETTER_CONTENT_INVALID: 'invalid',
  NEWSLETTER_CROATIAN_REQUIRED: 'invalid',
  NEWSLETTER_SUBJECT_INVALID: 'invalid',
  NEWSLETTER_PREHEADER_INVALID: 'invalid',
  NEWSLETTER_BLOCKS_INVALID: 'invalid',
  NEWSLETTER_BLOCK_INVALID: 'invalid',
  NEWSLETTER_BLOCK_TEXT_INVALID: 'invalid',
  NEWSLETTER_IMAGE_INVALID: 'invalid',
  NEWSLETTER_IMAGE_NOT_SHOP: 'invalid',
  NEWSLETTER_IMAGE_ALT_INVALID: 'invalid',
  NEWSLETTER_LINK_URL_INVALID: 'invalid',
  NEWSLETTER_OTHERS_INVALID: 'invalid',
  NEWSLETTER_CHANGE_EMPTY: 'invalid',
  NEWSLETTER_VERSION_MISSING: 'invalid',
  NEWSLETTER_TEST_ADDRESS_MISSING: 'invalid',
} as const satisfies Record<keyof ServerTexts['newsletter']['errors'], ErrorKind>;

export type NewsletterErrorCode = keyof typeof CODES;

export class NewsletterError extends DomainError {
  constructor(code: NewsletterErrorCode, field?: string, params: Record<string, string | number> = {}) {
    super(code, localizedMessage(code, 'en', params) ?? code, CODES[code], field, [], params);
  }
}
