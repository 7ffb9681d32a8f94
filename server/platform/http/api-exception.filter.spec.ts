import type { ArgumentsHost } from '@nestjs/common';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ApiExceptionFilter, GENERAL_FAILURE } from './api-exception.filter.js';
import { DomainError } from './domain-error.js';
import { registerErrorMessages } from '../i18n/index.js';

function run(exception: unknown, headers: Record<string, string> = {}, extra: { cookies?: Record<string, string>; query?: Record<string, unknown> } = {}) {
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

registerErrorMessages({
  FILTER_TEST_QTY: { hr: 'Količina mora biti između 1 i {max}.', en: 'Quantity must be between 1 and {max}.', de: 'Die Menge muss zwischen 1 und {max} liegen.', sl: 'Količina mora biti med 1 in {max}.' },
});

describe('ApiExceptionFilter', () => {
  it('maps a domain error kind to its status and localizes its message by Accept-Language', () => {
    const err = new DomainError('FILTER_TEST_QTY', 'Quantity out of range', 'invalid', 'quantity', [], { max: 99 });
    expect(run(err, { 'accept-language': 'de-DE,de;q=0.9' })).toEqual({
      status: 422,
      body: { errors: [{ code: 'FILTER_TEST_QTY', message: 'Die Menge muss zwischen 1 und 99 liegen.', field: 'quantity' }] },
    });
    expect((run(err, {}).body as { errors: Array<{ message: string }> }).errors[0].message).toBe('Količina mora biti između 1 i 99.');
  });

  it('keeps the English message of an unregistered code', () => {
    expect(run(new DomainError('X_UNREGISTERED', 'Plain message', 'conflict'))).toEqual({ status: 409, body: { errors: [{ code: 'X_UNREGISTERED', message: 'Plain message' }] } });
  });

  it('answers unknown errors with 500 and the spec general failure message, never internals', () => {
    expect(run(new Error('db password is hunter2'))).toEqual({ status: 500, body: { errors: [{ code: 'INTERNAL_ERROR', message: GENERAL_FAILURE }] } });
  });

  it('answers in the language of the one request-locale rule: locale parameter > cookie > Accept-Language', () => {
    const err = new DomainError('FILTER_TEST_QTY', 'Quantity out of range', 'invalid', 'quantity', [], { max: 99 });
    const message = (sent: { body?: unknown }) => (sent.body as { errors: Array<{ message: string }> }).errors[0].message;
    expect(message(run(err, { 'accept-language': 'de' }, { cookies: { locale: 'sl' } }))).toBe('Količina mora biti med 1 in 99.');
    expect(message(run(err, { 'accept-language': 'de' }, { cookies: { locale: 'sl' }, query: { locale: 'en' } }))).toBe('Quantity must be between 1 and 99.');
    expect(message(run(err, { 'accept-language': 'de' }, { cookies: { locale: 'xx' }, query: { locale: ['en', 'hr'] } }))).toBe('Die Menge muss zwischen 1 und 99 liegen.');
  });

  it("answers an unknown route's 404 and a malformed JSON body in the caller's language", () => {
    expect(run(new NotFoundException('Cannot GET /api/x'), { 'accept-language': 'de' })).toEqual({
      status: 404,
      body: { errors: [{ code: 'NOT_FOUND', message: 'Nicht gefunden: GET /api/x' }] },
    });
    expect(run(new NotFoundException('Cannot GET /api/x'), { 'accept-language': 'en' }).body).toEqual({ errors: [{ code: 'NOT_FOUND', message: 'Not found: GET /api/x' }] });
    const parseError = Object.assign(new SyntaxError('Unexpected token'), { status: 400, type: 'entity.parse.failed' });
    expect(run(parseError, {}, { cookies: { locale: 'sl' } })).toEqual({ status: 400, body: { errors: [{ code: 'BAD_REQUEST', message: 'Telo zahteve ni veljaven JSON.' }] } });
    // as Nest hands it on: wrapped in a BadRequestException whose cause is body-parser's error
    const wrapped = new BadRequestException(parseError.message, { cause: parseError });
    expect(run(wrapped, { 'accept-language': 'de' })).toEqual({ status: 400, body: { errors: [{ code: 'BAD_REQUEST', message: 'Der Inhalt der Anfrage ist kein gültiges JSON.' }] } });
  });

  it('maps Nest HTTP exceptions', () => {
    expect(run(new NotFoundException('No such product')).status).toBe(404);
  });
});
