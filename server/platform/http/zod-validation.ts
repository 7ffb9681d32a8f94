import { Injectable, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { isErrorCode } from '../../../contract/api/fields.js';
import { localizedMessage } from '../i18n/index.js';
import { DomainError, type ErrorDetail } from './domain-error.js';

/**
 * The one validation mechanism of the API: a pipe that parses a body, query or path parameters
 * with their zod schema from contract/api and hands the controller the parsed value. A failure is
 * one 422 `{ errors: [ { code, message, field } ] }` listing every invalid field once (in the order
 * of the schema's fields), with the code each schema reports (its issue message) and the message
 * registered for it; the exception filter puts the message in the caller's language.
 *
 * Use: `@Body(new ZodBody(RegistrationBody)) body: RegistrationBody`, `@Query(new ZodQuery(Q))`.
 */

/** A schema issue without a code of its own (a shape the schema's author left to zod). */
export const VALIDATION_FAILED = 'VALIDATION_FAILED';

export type RequestPart = 'body' | 'query';

/** The 422 for a failed parse: one problem per field (the first the schema reported). */
export function validationError(error: z.ZodError, shapeKeys: readonly string[] = []): DomainError {
  const order = (issue: z.core.$ZodIssue) => {
    const i = shapeKeys.indexOf(String(issue.path[0] ?? ''));
    return i < 0 ? shapeKeys.length : i;
  };
  const issues = [...error.issues].sort((a, b) => order(a) - order(b));
  const seen = new Set<string>();
  const details: Array<ErrorDetail & { params?: Record<string, string | number> }> = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const code = isErrorCode(issue.message) ? issue.message : VALIDATION_FAILED;
    const params = (issue as { params?: Record<string, string | number> }).params ?? {};
    const detail: ErrorDetail & { params?: Record<string, string | number> } = {
      code,
      message: localizedMessage(code, 'en', params) ?? localizedMessage(VALIDATION_FAILED, 'en')!,
      params,
    };
    if (field) detail.field = field;
    details.push(detail);
  }
  const [first, ...more] = details;
  return new DomainError(
    first.code,
    first.message,
    'invalid',
    first.field,
    more.map(({ params: _params, ...d }) => d),
    first.params,
  );
}

/** The keys of an object schema, in order (for ordering problems like the form shows its fields). */
function shapeKeysOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/**
 * A body that is no JSON object (an array, a string, nothing) is read as an empty object: its
 * fields are then reported as missing, like a form sent empty.
 */
export function bodyObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Parses `value` with `schema`, or throws the 422 (for a service that is handed raw input). */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, shapeKeysOf(schema));
  return result.data;
}

@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    readonly schema: S,
    readonly part: RequestPart,
  ) {}

  transform(value: unknown): z.output<S> {
    return parseOrThrow(this.schema, this.part === 'body' ? bodyObject(value) : (value ?? {}));
  }
}

/** `@Body(new ZodBody(schema))` */
export class ZodBody<S extends z.ZodType> extends ZodValidationPipe<S> {
  constructor(schema: S) {
    super(schema, 'body');
  }
}

/** `@Query(new ZodQuery(schema))` (the whole query object) */
export class ZodQuery<S extends z.ZodType> extends ZodValidationPipe<S> {
  constructor(schema: S) {
    super(schema, 'query');
  }
}

/**
 * The parsed value of a schema, for controller parameters. (Annotating a parameter with a name that
 * is also a value, like the schema's own, would make Nest's design-type metadata point at the
 * schema object, which @nestjs/swagger then mistakes for a model class.)
 */
export type Parsed<S extends z.ZodType> = z.output<S>;
