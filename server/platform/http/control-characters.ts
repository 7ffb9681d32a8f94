import { DomainError, type ErrorDetail } from './domain-error.js';
import { localizedMessage, type ServerTexts } from '../i18n/index.js';
import { LOCALES } from '../../../contract/locales.js';

/**
 * Control characters never reach a handler (issue 8, F2): PostgreSQL refuses U+0000 in text and
 * jsonb (a 500), and no field of the shop means any of them. Refused are U+0000–U+001F, U+007F and
 * the C1 range U+0080–U+009F, in every JSON body string (and object key), query value and path
 * parameter; tab, line feed and carriage return only in the multi-line texts listed below.
 * Unpaired UTF-16 surrogates (issue 19: `"\ud800"` in JSON parses to a string no UTF-8 can carry,
 * which a json column refused with a 500) are refused in the same places with their own code.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** The same without tab (U+0009), line feed (U+000A) and carriage return (U+000D). */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Paths under `translations.<lang>.` of the content editor's multi-line texts. */
const CONTENT_MULTILINE = [
  'body_markdown',
  'summary',
  'seo_description',
  'texts.raw_materials',
  'texts.production',
  'texts.control',
  'texts.serving',
  'texts.marination',
  'texts.steps.*',
  'texts.objectives.*',
  'texts.results.*',
];

/**
 * THE allow-list of multi-line text fields: body field paths (array indices as `*`) whose strings
 * may hold tab, line feed and carriage return. Every other string is a single line. Today only the
 * spec's free texts of an order: the note for the courier and the remark (section 4, checkout),
 * the contact form's message (`POST /api/mail`), and the product texts of the back office.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'note',
  'remark',
  'message',
  // the back office's product texts per language (contract/api/admin-products.ts): paragraphs
  ...['hr', 'en', 'de', 'sl'].flatMap((l) => ['description', 'ingredients', 'allergens', 'cooking_tips'].map((f) => `texts.${l}.${f}`)),
  // The back office's content texts (docs/admin.md 'Content in the back office'): Markdown and paragraphs,
  // in the old per-language edit (`body_markdown`) and in a save or preview (`translations.<lang>.…`).
  'body_markdown',
  ...LOCALES.flatMap((l) => CONTENT_MULTILINE.map((f) => `translations.${l}.${f}`)),
]);

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type HttpErrorCode = keyof ServerTexts['http']['errors'];
export const CONTROL_CHARACTER = 'CONTROL_CHARACTER' satisfies HttpErrorCode;
export const MALFORMED_ENCODING = 'MALFORMED_ENCODING' satisfies HttpErrorCode;
export const UNPAIRED_SURROGATE = 'UNPAIRED_SURROGATE' satisfies HttpErrorCode;

/** At most this many fields are named in one answer (a hostile body may hold thousands). */
const MAX_PROBLEMS = 20;

export interface InputProblem {
  code: typeof CONTROL_CHARACTER | typeof MALFORMED_ENCODING | typeof UNPAIRED_SURROGATE;
  field: string;
}

/** True when the text holds a character refused in a single-line field. */
export function hasControlCharacter(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(text);
}

/** True when the text holds an unpaired UTF-16 surrogate (not text any encoding can carry). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** A field name fit for an answer: lone surrogates in a hostile key shown as `\uXXXX`. */
function withoutLoneSurrogates(name: string): string {
  return name.replace(new RegExp(LONE_SURROGATE.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** A field name fit for an answer: control characters in a hostile key shown as `\uXXXX`. */
function printable(name: string): string {
  // eslint-disable-next-line no-control-regex -- as above
  return withoutLoneSurrogates(name.replace(/[\u0000-\u001F\u007F-\u009F]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** A place in a body: its key and its parent (a chain, so deep nesting costs no copying). */
interface Place {
  key: string;
  parent: Place | undefined;
}

function keysOf(place: Place | undefined): string[] {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reverse();
}

/** Field names longer than this are cut (a hostile body may nest thousands deep). */
const MAX_FIELD_LENGTH = 200;

function fieldName(place: Place | undefined, rootName: string): string {
  if (!place) return rootName;
  const name = printable(keysOf(place).join('.'));
  return name.length > MAX_FIELD_LENGTH ? `${name.slice(0, MAX_FIELD_LENGTH - 1)}…` : name;
}

/** True when the place is one of MULTILINE_FIELDS (array indices as `*`). */
function isMultiline(place: Place | undefined): boolean {
  let depth = 0;
  for (let p = place; p; p = p.parent) if (++depth > 8) return false;
  return MULTILINE_FIELDS.has(
    keysOf(place)
      .map((k) => (/^\d+$/.test(k) ? '*' : k))
      .join('.'),
  );
}

/**
 * Every string (and key) of a parsed JSON body or query object, in document order, walked without
 * recursion and without copying paths (a body may nest thousands deep). Fields are named by their
 * dotted path: `lines.0.note`, a top-level `email`; a value at the root is named `rootName`.
 */
export function scanValue(root: unknown, rootName: string, problems: InputProblem[] = []): InputProblem[] {
  const stack: Array<{ value: unknown; place: Place | undefined; badKey?: InputProblem['code'] }> = [{ value: root, place: undefined }];
  while (stack.length && problems.length < MAX_PROBLEMS) {
    const { value, place, badKey } = stack.pop()!;
    if (badKey) {
      problems.push({ code: badKey, field: fieldName(place, rootName) });
    } else if (typeof value === 'string') {
      if (hasControlCharacter(value) && (hasControlCharacter(value, true) || !isMultiline(place))) {
        problems.push({ code: CONTROL_CHARACTER, field: fieldName(place, rootName) });
      } else if (hasLoneSurrogate(value)) {
        problems.push({ code: UNPAIRED_SURROGATE, field: fieldName(place, rootName) });
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], place: { key: String(i), parent: place } });
    } else if (value && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const child = { key: keys[i], parent: place };
        if (hasControlCharacter(keys[i])) stack.push({ value: undefined, place: child, badKey: CONTROL_CHARACTER });
        else if (hasLoneSurrogate(keys[i])) stack.push({ value: undefined, place: child, badKey: UNPAIRED_SURROGATE });
        else stack.push({ value: (value as Record<string, unknown>)[keys[i]], place: child });
      }
    }
  }
  return problems;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Problems of a raw JSON body read as bytes (a signed provider callback, checked before any of its
 * fields is parsed or stored): bytes that are not UTF-8, control characters outside JSON's
 * whitespace, and, when it parses, every string and key as `scanValue` sees them (escapes like
 * `\u0000` and `\ud800` become the characters they stand for). A body that is not JSON has no
 * problems here: whoever reads it refuses it.
 */
export function inspectRawJson(raw: Buffer): InputProblem[] {
  let text: string;
  try {
    text = strictUtf8.decode(raw);
  } catch {
    return [{ code: MALFORMED_ENCODING, field: 'body' }];
  }
  if (hasControlCharacter(text, true)) return [{ code: CONTROL_CHARACTER, field: 'body' }];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return scanValue(parsed, 'body').slice(0, MAX_PROBLEMS);
}

/** A route as the router knows it: its methods and its path template (`/api/cart/items/:product_code`). */
export interface RouteTemplate {
  methods: readonly string[] | 'all';
  path: string;
}

/**
 * The name of each path segment's parameter for the route that `pathname` (raw, percent-encoded)
 * would reach: `:product_code` names the segment `product_code`. Literal segments compare without
 * regard to case; a template with other syntax (wildcards, optional parts) matches nothing here.
 */
export function parameterNames(routes: readonly RouteTemplate[], method: string, pathname: string): Map<number, string> {
  const segments = pathname.split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  for (const route of routes) {
    if (route.methods !== 'all' && !route.methods.includes(method) && !(method === 'HEAD' && route.methods.includes('GET'))) continue;
    if (/[*?{}()]/.test(route.path)) continue;
    const template = route.path.split('/');
    if (template.length > 1 && template[template.length - 1] === '') template.pop();
    if (template.length !== segments.length) continue;
    const names = new Map<number, string>();
    const matches = template.every((part, i) => {
      if (part.startsWith(':')) {
        names.set(i, part.slice(1));
        return segments[i] !== '';
      }
      return safeDecode(segments[i])?.toLowerCase() === part.toLowerCase();
    });
    if (matches) return names;
  }
  return new Map();
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Problems of the URL path: a segment that decodes to a control character or does not decode at
 * all, named by the route's parameter (`id`, `slug`), or `path` when no route has one there.
 */
export function scanPath(pathname: string, names: Map<number, string>, problems: InputProblem[] = []): InputProblem[] {
  pathname.split('/').forEach((segment, i) => {
    if (problems.length >= MAX_PROBLEMS || !segment.includes('%')) {
      if (hasControlCharacter(segment)) problems.push({ code: CONTROL_CHARACTER, field: names.get(i) ?? 'path' });
      return;
    }
    const decoded = safeDecode(segment);
    if (decoded === undefined) problems.push({ code: MALFORMED_ENCODING, field: names.get(i) ?? 'path' });
    else if (hasControlCharacter(decoded)) problems.push({ code: CONTROL_CHARACTER, field: names.get(i) ?? 'path' });
  });
  return problems;
}

/** The parts of a request the check reads (an Express request fits). */
export interface InspectedRequest {
  method: string;
  originalUrl: string;
  query?: unknown;
  body?: unknown;
}

/** Every control-character problem of a request: path parameters, query values, JSON body. */
export function inspectRequest(req: InspectedRequest, routes: () => readonly RouteTemplate[]): InputProblem[] {
  const url = req.originalUrl;
  const end = url.search(/[?#]/);
  const pathname = end < 0 ? url : url.slice(0, end);
  const problems = scanPath(pathname, new Map());
  // Only a refused path needs the route table, to name its parameters.
  if (problems.length) {
    problems.length = 0;
    scanPath(pathname, parameterNames(routes(), req.method, pathname), problems);
  }
  scanValue(req.query, 'query', problems);
  if (req.body !== undefined && typeof req.body !== 'string' && !Buffer.isBuffer(req.body)) scanValue(req.body, 'body', problems);
  return problems.slice(0, MAX_PROBLEMS);
}

/** The 422 for the problems: one entry per field, localized by the exception filter. */
export function controlCharacterError(problems: readonly InputProblem[]): DomainError {
  const details: ErrorDetail[] = problems.map((p) => ({ code: p.code, field: p.field, message: localizedMessage(p.code, 'en') ?? p.code }));
  const [first, ...more] = details;
  return new DomainError(first.code, first.message, 'invalid', first.field, more);
}
