import { DomainError } from '../http/domain-error.js';
import type { ServerTexts } from '../i18n/index.js';

export const BOT_CHECK_FAILED = 'BOT_CHECK_FAILED' satisfies keyof ServerTexts['botCheck']['errors'];
export const BOT_CHECK_UNAVAILABLE = 'BOT_CHECK_UNAVAILABLE' satisfies keyof ServerTexts['botCheck']['errors'];
/** Seconds a client is asked to wait (Retry-After) when the provider cannot be reached. */
export const BOT_CHECK_RETRY_AFTER_SECONDS = 30;
/** The field the protected forms send the token in. */
export const BOT_CHECK_FIELD = 'recaptcha_token';

/** 403: the provider judged the request a bot's (or there was no, a forged, a reused or an expired token). */
export class BotCheckFailedError extends DomainError {
  constructor() {
    super(
      BOT_CHECK_FAILED,
      'We could not confirm that this request comes from a person rather than an automated program. Please reload the page and try again.',
      'forbidden',
      BOT_CHECK_FIELD,
    );
  }
}

/** 503 with Retry-After: the provider could not be asked and the endpoint fails closed. */
export class BotCheckUnavailableError extends DomainError {
  constructor() {
    super(
      BOT_CHECK_UNAVAILABLE,
      'The protection against automated programs is unavailable right now. Your request was not sent; please try again in a few minutes.',
      'unavailable',
      undefined,
      [],
      {},
      { 'Retry-After': String(BOT_CHECK_RETRY_AFTER_SECONDS) },
    );
  }
}
