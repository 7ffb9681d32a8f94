/**
 * Domain code throws DomainError subclasses with a stable machine code (ORDER_NOT_FOUND);
 * the one ApiExceptionFilter maps the code's kind to an HTTP status.
 */
export type ErrorKind =
  | 'invalid'
  /** A request the server cannot read at all (a signed body with bytes no field may hold): 400. */
  | 'malformed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable'
  /** An upstream service we asked answered with a failure (502). */
  | 'bad_gateway'
  /** An upstream service we asked did not answer in time (504). */
  | 'gateway_timeout';

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 422,
  malformed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  bad_gateway: 502,
  gateway_timeout: 504,
};

export interface ErrorDetail {
  code: string;
  message: string;
  field?: string;
}

export class DomainError extends Error {
  constructor(
    public readonly code: string,
    message: string,
    public readonly kind: ErrorKind = 'invalid',
    public readonly field?: string,
    /** Further problems of the same request (e.g. several invalid fields). */
    public readonly more: ErrorDetail[] = [],
    /** Values for the `{name}` placeholders of the code's localized message. */
    public readonly params: Record<string, string | number> = {},
    /** Extra response headers (Retry-After of a 429). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get details(): ErrorDetail[] {
    const first: ErrorDetail = { code: this.code, message: this.message };
    if (this.field) first.field = this.field;
    return [first, ...this.more];
  }
}
