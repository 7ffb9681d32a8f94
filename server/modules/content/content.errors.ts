import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../../platform/i18n/index.js';

/** Every refusal of the content module: each code's HTTP kind; the texts are in server/locales (`content.errors`). */
const CODES = {
  // unknown, unpublished, future or malformed slug / key / id
  CONTENT_NOT_FOUND: 'not_found',
  CONTENT_CATEGORY_NOT_FOUND: 'not_found',
  // admin: publishing a translation whose file is gone from content/
  CONTENT_TRANSLATION_REMOVED: 'conflict',
  CONTENT_INVALID_LOCALE: 'invalid',
  CONTENT_INVALID_LIMIT: 'invalid',
  CONTENT_INVALID_OFFSET: 'invalid',
  CONTENT_INVALID_CATEGORY: 'invalid',
  CONTENT_INVALID_TYPE: 'invalid',
  CONTENT_TITLE_REQUIRED: 'invalid',
  CONTENT_TITLE_INVALID: 'invalid',
  CONTENT_TITLE_TOO_LONG: 'invalid',
  CONTENT_SUMMARY_REQUIRED: 'invalid',
  CONTENT_SUMMARY_INVALID: 'invalid',
  CONTENT_SUMMARY_TOO_LONG: 'invalid',
  CONTENT_SEO_TITLE_INVALID: 'invalid',
  CONTENT_SEO_TITLE_TOO_LONG: 'invalid',
  CONTENT_SEO_DESCRIPTION_INVALID: 'invalid',
  CONTENT_SEO_DESCRIPTION_TOO_LONG: 'invalid',
  CONTENT_IMAGE_ALT_INVALID: 'invalid',
  CONTENT_IMAGE_ALT_TOO_LONG: 'invalid',
  CONTENT_BODY_INVALID: 'invalid',
  CONTENT_BODY_TOO_LONG: 'invalid',
  CONTENT_UPDATE_EMPTY: 'invalid',
  // the back office's editor (docs/admin.md 'Content in the back office')
  CONTENT_INVALID_VIEW: 'invalid',
  CONTENT_INVALID_SEARCH: 'invalid',
  CONTENT_DRAFT_INVALID: 'invalid',
  CONTENT_FIELD_INVALID: 'invalid',
  CONTENT_FIELD_REQUIRED: 'invalid',
  CONTENT_KEY_INVALID: 'invalid',
  CONTENT_KEY_TAKEN: 'conflict',
  CONTENT_SLUG_LOCKED: 'conflict',
  CONTENT_SLUG_TAKEN: 'conflict',
  CONTENT_IMAGE_NOT_FOUND: 'invalid',
  CONTENT_PREVIEW_INVALID: 'not_found',
} as const satisfies Record<keyof ServerTexts['content']['errors'], ErrorKind>;

export type ContentErrorCode = keyof typeof CODES;

/** A refusal of the content module (its message in the caller's language is in server/locales). */
export class ContentError extends DomainError {
  constructor(code: ContentErrorCode, field?: string, more: Array<{ code: ContentErrorCode; field: string }> = []) {
    super(
      code,
      localizedMessage(code, 'en') ?? code,
      CODES[code],
      field,
      more.map((m) => ({ code: m.code, field: m.field, message: localizedMessage(m.code, 'en') ?? m.code })),
    );
  }
}
