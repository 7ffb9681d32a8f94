import { DomainError, type ErrorKind } from '../../platform/http/domain-error.js';
import { localizedMessage, type ServerTexts } from '../../platform/i18n/index.js';

/**
 * Every refusal of the video module (docs/video.md): each code's HTTP kind; the texts are in server/locales (`video.errors`).
 * The English texts of the first four are the spec's (section 8) word for word; the provider's failures
 * all begin with the spec's 'embed error' and name what happened (the status, the timeout).
 */
const CODES = {
  // a YouTube id or URL (or anything else) that does not parse
  VIDEO_INVALID_ID: 'invalid',
  // a reference on a Vimeo host that does not parse
  VIDEO_NOT_VIMEO_URL: 'invalid',
  // the provider answered 404
  VIDEO_NOT_FOUND: 'not_found',
  // the provider answered 401 or 403 (private, or embedding switched off by its owner)
  VIDEO_NOT_EMBEDDABLE: 'forbidden',
  // any other status of the provider
  VIDEO_EMBED_FAILED: 'bad_gateway',
  VIDEO_EMBED_TIMEOUT: 'gateway_timeout',
  VIDEO_EMBED_UNREACHABLE: 'bad_gateway',
  // 200, but not an oEmbed document (no title, not JSON, too large)
  VIDEO_EMBED_INVALID_ANSWER: 'bad_gateway',
  // the provider names no poster picture (or none from its own picture host)
  VIDEO_POSTER_NOT_FOUND: 'not_found',
  // the poster picture failed: status, size, type, timeout
  VIDEO_POSTER_UNAVAILABLE: 'bad_gateway',
} as const satisfies Record<keyof ServerTexts['video']['errors'], ErrorKind>;

export type VideoErrorCode = keyof typeof CODES;

/** A refusal of the video module; `cacheControl` tells browsers how long the answer holds. */
export class VideoError extends DomainError {
  constructor(code: VideoErrorCode, params: Record<string, string | number> = {}, cacheControl?: string) {
    super(
      code,
      localizedMessage(code, 'en', params) ?? code,
      CODES[code],
      code === 'VIDEO_INVALID_ID' || code === 'VIDEO_NOT_VIMEO_URL' ? 'url' : undefined,
      [],
      params,
      cacheControl ? { 'Cache-Control': cacheControl } : {},
    );
  }
}
