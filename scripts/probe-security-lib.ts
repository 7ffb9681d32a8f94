// The pure parts of `npm run probe:security` (scripts/probe-security.ts): route enumeration from the
// OpenAPI document, request variants, the verdicts on answers, the median comparison, forged JWTs
// and the result table. No I/O here, so scripts/probe-security.spec.ts tests it directly.
import { createHmac } from 'node:crypto';

// ----- routes from /api/docs-json --------------------------------------------------------------

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}
export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

export interface Route {
  method: HttpMethod;
  /** OpenAPI template, e.g. `/api/cart/items/{product_code}`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The JSON schema of the request body, $refs resolved; undefined when the document has none. */
  bodySchema?: OpenApiSchema;
}

const METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);

/** Every operation of the document, sorted by path then method (a stable order for the report). */
export function routesFromOpenApi(doc: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, raw] of Object.entries(item ?? {})) {
      if (!METHODS.has(method)) continue; // 'parameters', 'summary', extensions
      const op = (raw ?? {}) as OpenApiOperation;
      const params = op.parameters ?? [];
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const pathParams = [...new Set([...templated, ...params.filter((p) => p.in === 'path').map((p) => p.name)])];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase() as HttpMethod,
        path,
        pathParams,
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        ...(schema ? { bodySchema: resolveSchema(schema, doc) } : {}),
      });
    }
  }
  return routes.sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path.localeCompare(b.path)));
}

export function mutatingRoutes(routes: Route[]): Route[] {
  return routes.filter((r) => MUTATING_METHODS.has(r.method));
}

export function routeKey(r: { method: string; path: string }): string {
  return `${r.method} ${r.path}`;
}

function resolveSchema(schema: OpenApiSchema, doc: OpenApiDocument, depth = 0): OpenApiSchema {
  if (depth > 8) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
    return resolveSchema(doc.components?.schemas?.[name] ?? {}, doc, depth + 1);
  }
  const out: OpenApiSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveSchema(v, doc, depth + 1)]));
  }
  if (schema.items) out.items = resolveSchema(schema.items, doc, depth + 1);
  return out;
}

/** A plausible value for a schema: its example, else its first enum value, else one by type. */
export function sampleFromSchema(schema: OpenApiSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.properties || schema.type === 'object') {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleFromSchema(v)]));
  }
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sampleFromSchema(schema.items)];
    default:
      return 'probe';
  }
}

/** Fills `{name}` placeholders; values are inserted as given (already percent-encoded). */
export function fillPath(template: string, value: (name: string) => string): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));
}

/**
 * The template with its literal segments' letters changed: `upper` (`/API/CART/ITEMS/{code}`) or
 * `mixed` (`/aPi/cArT/...`). Placeholders keep their spelling.
 */
export function recase(template: string, how: 'upper' | 'mixed'): string {
  return template
    .split('/')
    .map((segment) => {
      if (segment.includes('{')) return segment;
      if (how === 'upper') return segment.toUpperCase();
      let i = 0;
      return segment.replace(/[a-z]/gi, (c) => (i++ % 2 ? c.toUpperCase() : c.toLowerCase()));
    })
    .join('/');
}

// ----- control characters ----------------------------------------------------------------------

/** Control characters sent in JSON strings: NUL, SOH and DEL. */
export const CONTROL_CHARS = ['\u0000', '\u0001', '\u007f'] as const;
/** Path-parameter values: control characters and malformed percent-encoding. */
export const PATH_PARAM_VALUES = ['a%00b', '%01', '%7F', '%', '%E0%A4%A'] as const;
/** Query values (as they appear in the URL). */
export const QUERY_VALUES = ['a%00b', '%00', '%01', '%7F'] as const;

type JsonPath = Array<string | number>;

/** The paths of every string in a JSON value (object keys and array indexes). */
export function stringLeaves(value: unknown, at: JsonPath = []): JsonPath[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...at, k]));
  return [];
}

/** A deep copy of `value` with the string at `path` replaced by `replace(old)`. */
export function withStringAt(value: unknown, path: JsonPath, replace: (old: string) => string): unknown {
  if (!path.length) return typeof value === 'string' ? replace(value) : value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withStringAt(v, rest, replace) : v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === head ? withStringAt(v, rest, replace) : v]));
  }
  return value;
}

export interface ControlVariant {
  /** e.g. `email: NUL inside` */
  label: string;
  body: unknown;
}

const CHAR_NAMES: Record<string, string> = { '\u0000': 'NUL', '\u0001': 'SOH', '\u007f': 'DEL' };

/**
 * For every string of a (valid) body and every control character, two bodies: the character
 * inserted after the first character (so an e-mail stays an e-mail and reaches the database), and
 * the character alone.
 */
export function controlVariants(body: unknown): ControlVariant[] {
  const out: ControlVariant[] = [];
  for (const path of stringLeaves(body)) {
    for (const ch of CONTROL_CHARS) {
      const name = `${path.join('.')}: ${CHAR_NAMES[ch]}`;
      out.push({ label: `${name} inside`, body: withStringAt(body, path, (s) => (s.length ? s.slice(0, 1) + ch + s.slice(1) : ch)) });
      out.push({ label: `${name} alone`, body: withStringAt(body, path, () => ch) });
    }
  }
  return out;
}

/** `a=1&b=x` from a flat view of a JSON body (nested values as JSON text). */
export function formEncode(body: unknown): string {
  const params = new URLSearchParams();
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body)) params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  if (![...params.keys()].length) params.append('probe', '1');
  return params.toString();
}

// ----- verdicts --------------------------------------------------------------------------------

/** The cookies that carry a session (server/modules/identity/auth-cookies.ts). */
export const SESSION_COOKIES = ['access_token', 'refresh_token'] as const;

/** Whether Set-Cookie lines grant a session (a non-empty access or refresh cookie; clearing one does not). */
export function grantsSession(setCookies: string[]): boolean {
  return setCookies.some((line) => {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!(SESSION_COOKIES as readonly string[]).includes(name) || !value) return false;
    return !attrs.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a) || /^\s*expires\s*=\s*thu, 01 jan 1970/i.test(a));
  });
}

/**
 * Answers that show the request was stopped before any handler: 403 (CSRF), 404/405 (no such route
 * in that spelling or method), 415 (not a JSON body). Everything else means it got through: 2xx or
 * 3xx, a session cookie, or a handler's own refusal (401, 409, 422...), which a valid body would
 * have turned into a success.
 */
export const CSRF_REFUSALS: ReadonlySet<number> = new Set([403, 404, 405, 415]);

export type Verdict = { ok: true } | { ok: false; reason: string };

export function csrfVerdict(answer: { status: number; setCookies: string[]; error?: string }): Verdict {
  if (answer.error) return { ok: false, reason: `network error: ${answer.error}` };
  if (answer.status >= 500) return { ok: false, reason: `${answer.status} (server error)` };
  if (grantsSession(answer.setCookies)) return { ok: false, reason: `${answer.status} with a session cookie (bypass)` };
  if (answer.status >= 200 && answer.status < 400) return { ok: false, reason: `${answer.status} (bypass)` };
  if (!CSRF_REFUSALS.has(answer.status)) return { ok: false, reason: `${answer.status}: reached the handler (bypass)` };
  return { ok: true };
}

/** The dashboard's writes: anything but 2xx/3xx/5xx holds (its own 401/403/404 are all refusals). */
export function crossSiteVerdict(answer: { status: number; error?: string }): Verdict {
  if (answer.error) return { ok: false, reason: `network error: ${answer.error}` };
  if (answer.status >= 500) return { ok: false, reason: `${answer.status} (server error)` };
  if (answer.status >= 200 && answer.status < 400) return { ok: false, reason: `${answer.status} (bypass)` };
  return { ok: true };
}

/** API answers to hostile input: anything below 500. */
export function apiVerdict(answer: { status: number; error?: string }): Verdict {
  if (answer.error) return { ok: false, reason: `network error: ${answer.error}` };
  if (answer.status >= 500) return { ok: false, reason: `${answer.status} (server error)` };
  return { ok: true };
}

/** Pages with a hostile path: 404 or 400 only. */
export function pageVerdict(answer: { status: number; error?: string }): Verdict {
  if (answer.error) return { ok: false, reason: `network error: ${answer.error}` };
  if (answer.status === 404 || answer.status === 400) return { ok: true };
  return { ok: false, reason: `${answer.status} (expected 404 or 400)` };
}

/** A rate limit that holds: a 429 carrying a Retry-After of whole seconds. */
export function isRateLimited(answer: { status: number; retryAfter: string | null }): boolean {
  return answer.status === 429 && answer.retryAfter !== null && /^\d+$/.test(answer.retryAfter.trim());
}

// ----- timing ----------------------------------------------------------------------------------

export function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Whether two samples' medians are told apart: |median(a) - median(b)| >= limitMs. */
export function mediansDiffer(
  a: number[],
  b: number[],
  limitMs: number,
): { differ: boolean; medianA: number; medianB: number; diff: number } {
  const medianA = median(a);
  const medianB = median(b);
  const diff = Math.abs(medianA - medianB);
  return { differ: !(diff < limitMs), medianA, medianB, diff };
}

/**
 * Timing of two kinds of request measured in adjacent pairs (a[i] next to b[i]): the medians of
 * each kind, and the median of the paired differences a[i] - b[i], which cancels the load drift of
 * a shared machine. Told apart when the paired median is `limitMs` or more either way.
 */
export function pairedTiming(a: number[], b: number[], limitMs: number) {
  if (a.length !== b.length || !a.length) throw new Error('pairedTiming needs two samples of the same, non-zero length');
  const medianA = median(a);
  const medianB = median(b);
  const pairedDiff = median(a.map((x, i) => x - b[i]!));
  return { medianA, medianB, pairedDiff, differ: !(Math.abs(pairedDiff) < limitMs) };
}

/** A body with every occurrence of `sent` replaced, for comparing two answers that echo their input. */
export function normalizeEcho(body: string, sent: string): string {
  return sent ? body.split(sent).join('<sent>') : body;
}

// ----- JWTs ------------------------------------------------------------------------------------

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** The payload of a JWT, unverified (the probe reads its own session's claims). */
export function decodeJwt(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** An HS256 JWT over `payload` with `secret` (what the shop signs access tokens with). */
export function signJwtHs256(payload: Record<string, unknown>, secret: string): string {
  const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

// ----- other helpers ---------------------------------------------------------------------------

/**
 * A distinct address per client number, for X-Forwarded-For: 198.18.0.0/15 is reserved for
 * benchmarks (RFC 2544), so no real client has one; 65,024 addresses before any repeats.
 */
export function clientAddress(n: number): string {
  const i = n % (256 * 254);
  return `198.18.${Math.floor(i / 254)}.${(i % 254) + 1}`;
}

/** Runs `tasks` with at most `limit` in flight; results in input order. */
export async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  return results;
}

/** Whether a Permissions-Policy denies the given features (`camera=()`). */
export function deniedFeatures(policy: string | null, features: string[]): string[] {
  if (!policy) return features;
  const directives = new Map(
    policy
      .split(',')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const eq = d.indexOf('=');
        return [d.slice(0, eq).trim().toLowerCase(), d.slice(eq + 1).trim()] as const;
      }),
  );
  return features.filter((f) => directives.get(f) !== '()');
}

// ----- the table -------------------------------------------------------------------------------

export interface ProbeResult {
  name: string;
  protects: string;
  requests: number;
  failures: string[];
  /** Remarks that are not failures (e.g. where a sample body did not pass validation). */
  notes: string[];
}

function fit(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

/** probe | requests | failures | what it protects, then every failure (at most `perProbe` each). */
export function formatTable(results: ProbeResult[], perProbe = 15): string {
  const nameW = Math.max(5, ...results.map((r) => r.name.length));
  const lines = [
    `${'probe'.padEnd(nameW)} | ${'requests'.padStart(8)} | ${'failures'.padStart(8)} | what it protects`,
    `${'-'.repeat(nameW)}-|-${'-'.repeat(8)}-|-${'-'.repeat(8)}-|-${'-'.repeat(40)}`,
    ...results.map(
      (r) => `${fit(r.name, nameW)} | ${String(r.requests).padStart(8)} | ${String(r.failures.length).padStart(8)} | ${r.protects}`,
    ),
  ];
  for (const r of results) {
    if (!r.failures.length && !r.notes.length) continue;
    lines.push('', `${r.name}:`);
    for (const f of r.failures.slice(0, perProbe)) lines.push(`  FAIL ${f}`);
    if (r.failures.length > perProbe) lines.push(`  ... and ${r.failures.length - perProbe} more failures`);
    for (const n of r.notes.slice(0, perProbe)) lines.push(`  note ${n}`);
    if (r.notes.length > perProbe) lines.push(`  ... and ${r.notes.length - perProbe} more notes`);
  }
  const failed = results.reduce((n, r) => n + r.failures.length, 0);
  const requests = results.reduce((n, r) => n + r.requests, 0);
  lines.push('', failed ? `${failed} failure(s) in ${requests} requests.` : `No failure in ${requests} requests.`);
  return lines.join('\n');
}

/** Marker in sample bodies replaced by a fresh value per request (unique e-mail addresses). */
export const FRESH = '#N#';

/** A deep copy with every FRESH marker in every string replaced by `next()` (one value per call). */
export function freshen(value: unknown, next: () => string): unknown {
  let fresh: string | undefined;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(FRESH) ? v.split(FRESH).join((fresh ??= next())) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

// ----- the shop's log --------------------------------------------------------------------------

/** What must never be in the log, by kind (F2): password hashes, tokens, SQL query parameters. */
export const LOG_LEAKS: Array<{ kind: string; pattern: RegExp }> = [
  { kind: 'a password hash', pattern: /\$argon2(?:id|i|d)\$/ },
  { kind: 'a JWT', pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/ },
  { kind: 'SQL query parameters', pattern: /["']?parameters["']?\s*:\s*\[/ },
];

/**
 * Scans the shop's log line by line for LOG_LEAKS and for the given secrets (passwords and session
 * tokens the probe used or received). Keeps the first line of each kind, with the secret masked.
 */
export class LogScanner {
  private partial = '';
  private readonly found = new Map<string, { count: number; example: string }>();
  private readonly secrets = new Map<string, string>();

  /** A value that must not appear in the log, and what to call it in the report. */
  secret(value: string, kind: string): void {
    if (value.length >= 8) this.secrets.set(value, kind);
  }

  write(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.scan(line);
  }

  /** Each kind found: how many lines, and the first one (shortened, the secret masked). */
  report(): Array<{ kind: string; count: number; example: string }> {
    if (this.partial) this.scan(this.partial);
    this.partial = '';
    return [...this.found].map(([kind, f]) => ({ kind, ...f }));
  }

  private scan(line: string): void {
    const hit = (kind: string, masked: string) => {
      const seen = this.found.get(kind);
      if (seen) seen.count++;
      else this.found.set(kind, { count: 1, example: masked.length > 200 ? `${masked.slice(0, 199)}…` : masked });
    };
    for (const { kind, pattern } of LOG_LEAKS) {
      const m = pattern.exec(line);
      if (m) hit(kind, maskAround(line, m.index, m[0].length));
    }
    for (const [value, kind] of this.secrets) {
      const at = line.indexOf(value);
      if (at >= 0) hit(kind, maskAround(line, at, value.length));
    }
  }
}

/** The text around a match (60 characters before), the match itself replaced by [found]. */
function maskAround(line: string, at: number, length: number): string {
  return `${at > 60 ? '…' : ''}${line.slice(Math.max(0, at - 60), at)}[found]${line.slice(at + length, at + length + 60)}`;
}
