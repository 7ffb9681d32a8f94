import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, STATUS_BY_KIND, type ErrorDetail } from './domain-error.js';
import { localizedMessage, negotiateLocale } from '../i18n/index.js';
import { redactUrl } from '../logger/logger.js';
import { databaseUnavailableError } from '../database/database-unavailable.js';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** The spec's general failure message (section 8). */
export const GENERAL_FAILURE = 'Something went wrong, please try again';

/** Every error leaving /api is `{ errors: [ { code, message, field? } ] }` with the right status. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(thrown: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    // PostgreSQL away (refused, reset, shutting down): 503 with Retry-After, not a 500.
    const unavailable = databaseUnavailableError(thrown);
    if (unavailable) this.logger.warn({ reason: (thrown as Error).message, path: redactUrl(req.originalUrl) }, 'database unavailable');
    const exception = unavailable ?? thrown;
    const { status, errors } = this.describe(exception, req);
    // A DomainError is an answer we chose (e.g. 503 'Google sign-in is off'), not a failure to log.
    if (status >= 500 && !(exception instanceof DomainError)) this.logger.error({ err: exception, path: redactUrl(req.originalUrl) }, 'request failed');
    if (res.headersSent) {
      res.end();
      return;
    }
    if (exception instanceof DomainError) for (const [name, value] of Object.entries(exception.headers)) res.setHeader(name, value);
    res.status(status).json({ errors });
  }

  private describe(exception: unknown, req: Request): { status: number; errors: ErrorDetail[] } {
    if (exception instanceof DomainError) {
      // Messages in the caller's language (Accept-Language; our pages send theirs), else English.
      const locale = negotiateLocale(req.headers['accept-language']);
      const errors = exception.details.map((d, i) => ({
        ...d,
        message: localizedMessage(d.code, locale, i === 0 ? exception.params : {}) ?? d.message,
      }));
      return { status: STATUS_BY_KIND[exception.kind], errors };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR');
      if (status === 404 && typeof body === 'object' && body && /^Cannot /.test(String((body as { message?: unknown }).message))) {
        return { status, errors: [{ code, message: `Not found: ${req.method} ${req.path}` }] };
      }
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const messages = Array.isArray(raw) ? raw.map(String) : [String(raw ?? exception.message)];
      return { status, errors: messages.map((message) => ({ code, message })) };
    }
    const err = exception as { type?: string; status?: number } | undefined;
    // body-parser errors (malformed JSON, too large) carry a status and a type
    if (err && typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
      const message = err.type === 'entity.parse.failed' ? 'The request body is not valid JSON' : String((exception as Error).message);
      return { status: err.status, errors: [{ code: CODE_BY_STATUS[err.status] ?? 'BAD_REQUEST', message }] };
    }
    return { status: 500, errors: [{ code: 'INTERNAL_ERROR', message: GENERAL_FAILURE }] };
  }
}
