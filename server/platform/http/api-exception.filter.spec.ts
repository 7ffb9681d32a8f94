import type { ArgumentsHost } from '@nestjs/common';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ApiExceptionFilter, GENERAL_FAILURE } from './api-exception.filter.js';
import { DomainError } from './domain-error.js';

function run(
  exception: unknown,
  headers: Record<string, string> = {},
  extra: { cookies?: Record<string, string>; query?: Record<string, unknown> } = {},
) {
  const sent: { status?: number; body?: unknown } = {};
  const res = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
    },
  };
  const req = { headers, method: 'GET', path: '/api/x', originalUrl: '/api/x', cookies: extra.cookies ?? {}, query: extra.query ?? {} };
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  return sent;
}

describe('ApiExceptionFilter', () => {
  it('maps a domain error kind to its status and localizes its message by Accept-Language', () => {
    const err = new DomainError('RATE_LIMITED', 'Too many attempts', 'invalid', 'quantity', [], { seconds: 99 });
    expect(run(err, { 'accept-language': 'de-DE,de;q=0.9' })).toEqual({
      status: 422,
      body: { errors: [{ code: 'RATE_LIMITED', message: 'Zu viele Versuche. Bitte versuchen Sie es in 99 s erneut.', field: 'quantity' }] },
    });
    expect((run(err, {}).body as { errors: Array<{ message: string }> }).errors[0].message).toBe(
      'Previše pokušaja. Pokušajte ponovno za 99 s.',
    );
  });

  it('keeps the English message of an unregistered code', () => {
    expect(run(new DomainError('X_UNREGISTERED', 'Plain message', 'conflict'))).toEqual({
      status: 409,
      body: { errors: [{ code: 'X_UNREGISTERED', message: 'Plain message' }] },
    });
  });

  it('answers unknown errors with 500 and the spec general failure message, never internals', () => {
    expect(run(new Error('db password is hunter2'))).toEqual({
      status: 500,
      body: { errors: [{ code: 'INTERNAL_ERROR', message: GENERAL_FAILURE }] },
    });
  });

  it('answers in the language of the one request-locale rule: locale parameter > cookie > Accept-Language', () => {
    const err = new DomainError('RATE_LIMITED', 'Too many attempts', 'invalid', 'quantity', [], { seconds: 99 });
    const message = (sent: { body?: unknown }) => (sent.body as { errors: Array<{ message: string }> }).errors[0].message;
    expect(message(run(err, { 'accept-language': 'de' }, { cookies: { locale: 'sl' } }))).toBe(
      'Preveč poskusov. Poskusite znova čez 99 s.',
    );
    expect(message(run(err, { 'accept-language': 'de' }, { cookies: { locale: 'sl' }, query: { locale: 'en' } }))).toBe(
      'Too many attempts. Please try again in 99 s.',
    );
    expect(message(run(err, { 'accept-language': 'de' }, { cookies: { locale: 'xx' }, query: { locale: ['en', 'hr'] } }))).toBe(
      'Zu viele Versuche. Bitte versuchen Sie es in 99 s erneut.',
    );
  });

  it("answers an unknown route's 404 and a malformed JSON body in the caller's language", () => {
    expect(run(new NotFoundException('Cannot GET /api/x'), { 'accept-language': 'de' })).toEqual({
      status: 404,
      body: { errors: [{ code: 'NOT_FOUND', message: 'Nicht gefunden: GET /api/x' }] },
    });
    expect(run(new NotFoundException('Cannot GET /api/x'), { 'accept-language': 'en' }).body).toEqual({
      errors: [{ code: 'NOT_FOUND', message: 'Not found: GET /api/x' }],
    });
    const parseError = Object.assign(new SyntaxError('Unexpected token'), { status: 400, type: 'entity.parse.failed' });
    expect(run(parseError, {}, { cookies: { locale: 'sl' } })).toEqual({
      status: 400,
      body: { errors: [{ code: 'BAD_REQUEST', message: 'Telo zahteve ni veljaven JSON.' }] },
    });
    // as Nest hands it on: wrapped in a BadRequestException whose cause is body-parser's error
    const wrapped = new BadRequestException(parseError.message, { cause: parseError });
    expect(run(wrapped, { 'accept-language': 'de' })).toEqual({
      status: 400,
      body: { errors: [{ code: 'BAD_REQUEST', message: 'Der Inhalt der Anfrage ist kein gültiges JSON.' }] },
    });
  });

  it('maps Nest HTTP exceptions', () => {
    expect(run(new NotFoundException('No such product')).status).toBe(404);
  });
});
