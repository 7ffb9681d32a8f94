import { z } from 'zod';
import { normalizeEmail } from '../email.js';
import { EMAIL_MAX_LENGTH } from '../limits.js';
import { isLocale, LOCALES, type Locale } from '../locales.js';

/**
 * Building blocks of the API schemas. Every failure of a request schema carries a stable error
 * code as its issue `message` (e.g. 'USER_EMAIL_INVALID'); the server's validation pipe turns
 * each into `{ code, message, field }` with the message in the caller's language, the client's
 * forms map the same codes to their own message keys. Fields that must tolerate any input (the
 * server decides later, e.g. a token) never fail.
 */

/** An error code as request schemas report it: upper-case words joined by underscores. */
export function isErrorCode(message: string): boolean {
  return /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(message);
}

/** Adds one issue reporting `code` (optionally with `{name}` params of its localized message). */
export function report(ctx: z.RefinementCtx, code: string, path: PropertyKey[] = [], params?: Record<string, string | number>): void {
  ctx.addIssue({ code: 'custom', message: code, path, ...(params ? { params } : {}) });
}

/** A plain object, not an array or null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

export interface TextCodes {
  required: string;
  invalid: string;
  tooLong: string;
}

/**
 * A free text field: trimmed, inner whitespace collapsed to one space. Missing, null or blank is
 * `codes.required` when required, else null; not a string is `codes.invalid`; longer than `max`
 * (after trimming) is `codes.tooLong`.
 */
export function text(codes: TextCodes, max: number, required: true, description?: string): z.ZodType<string, unknown>;
export function text(codes: TextCodes, max: number, required?: false, description?: string): z.ZodType<string | null | undefined, unknown>;
export function text(codes: TextCodes, max: number, required = false, description?: string): z.ZodType<string | null | undefined, unknown> {
  const field = z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
      if (required) report(ctx, codes.required);
      return null;
    }
    if (typeof v !== 'string') {
      report(ctx, codes.invalid);
      return null;
    }
    const s = v.trim().replace(/\s+/g, ' ');
    if (s.length > max) {
      report(ctx, codes.tooLong);
      return null;
    }
    return s;
  });
  const doc = { type: 'string' as const, maxLength: max, ...(description ? { description } : {}) };
  // An optional field may be left out (it stays out of the parsed value) or sent as null / ''.
  return required ? field.meta({ ...doc, minLength: 1 }) : field.optional().meta({ ...doc, nullable: true });
}

// The e-mail rule lives in ../email.ts (no zod there: the site's layout checks addresses without loading zod).
export { normalizeEmail };

/** A required e-mail address, normalized; a missing one is `required`, a malformed one `invalid`. */
export function email(codes: { required: string; invalid: string }): z.ZodType<string, unknown> {
  return z
    .unknown()
    .transform((v, ctx) => {
      const e = normalizeEmail(v);
      if (!e) report(ctx, v ? codes.invalid : codes.required);
      return e ?? '';
    })
    .meta({ type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH });
}

/** YYYY-MM-DD, a real calendar day, from 1900-01-01 to today. */
export function isBirthDate(value: unknown, today = new Date()): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return false;
  return value >= '1900-01-01' && value <= today.toISOString().slice(0, 10);
}

/** A language of the shop, or undefined for anything else (the request's language applies then). */
export const optionalLocale: z.ZodType<Locale | undefined, unknown> = z
  .unknown()
  .transform((v) => (isLocale(v) ? v : undefined))
  .optional()
  .meta({ type: 'string', enum: [...LOCALES], description: 'Language; default: the language of the request' });

/** Any value, passed on for the server to judge (tokens, redirects): never a validation failure. */
export function passThrough(description: string): z.ZodType<unknown, unknown> {
  return z.unknown().optional().meta({ type: 'string', description });
}

/** A query parameter given once at most: a repeated one (an array) is not a single value. */
export function single(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  return typeof v === 'string' ? v : '\u0000invalid';
}

/** `{ data: T }`: every successful JSON answer of the API. */
export function data<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** One problem of a failed request. */
export const ErrorDetailSchema = z.object({
  code: z.string().meta({ description: 'Stable machine code, e.g. USER_EMAIL_INVALID' }),
  message: z.string().meta({ description: "In the caller's language" }),
  field: z.string().optional().meta({ description: 'The request field it concerns (snake_case)' }),
});

/** Every failure of the API: `{ errors: [ { code, message, field? } ] }`. */
export const ErrorResponseSchema = z.object({ errors: z.array(ErrorDetailSchema).min(1) });

/**
 * An optional `?locale=` of a GET query: one of the shop's languages, absent or empty for the
 * request's own; anything else reports `errorCode` (each module names its own, e.g. CATALOG_INVALID_LOCALE).
 */
export function localeQueryParam(errorCode: string) {
  return z
    .unknown()
    .transform((raw, ctx): Locale | undefined => {
      const v = single(raw);
      if (v === undefined || v === '') return undefined;
      if (!isLocale(v)) report(ctx, errorCode);
      return isLocale(v) ? v : undefined;
    })
    .optional()
    .meta({ type: 'string', enum: [...LOCALES], description: 'Language of the texts (default: the language of the request, else hr)' });
}

/** A query value as a whole number from `min` to `max`: undefined when absent or empty, null when it is not one. */
export function wholeNumber(raw: unknown, min: number, max: number): number | null | undefined {
  const v = single(raw);
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,6}$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
}
