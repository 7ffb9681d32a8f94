import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { IncomingMessage, ServerResponse } from 'node:http';

const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/**
 * Secrets and tokens never reach the log (issue 8, F2), in three layers:
 * 1. REDACT: fields known to carry secrets, wherever a log call passes them;
 * 2. serializeError (every `err`, also pino-http's and Nest's): errors keep only the fields
 *    listed in SAFE_ERROR_FIELDS; SQL parameters, PostgreSQL's `detail` (it quotes the values of a
 *    unique key) and the like are dropped, string literals in SQL text are masked;
 * 3. scrubSecrets, on every written line: argon2 hashes, JWTs and bearer tokens, wherever they hide.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'parameters',
  '*.parameters',
  '*.password',
  '*.password_hash',
  '*.passwordHash',
  '*.token',
  '*.refresh_token',
  '*.refreshToken',
  '*.access_token',
  '*.accessToken',
  '*.cookie',
  '*.cookies',
  '*.secret',
];

/** Error fields that say what failed without carrying the data it failed on. */
const SAFE_ERROR_FIELDS = [
  'name',
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'status',
  'statusCode',
  'kind',
  'field',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

/** PostgreSQL quotes the refused input in some messages: `invalid input syntax for type uuid: "…"`. */
const QUOTED_INPUT = /((?:invalid input (?:syntax|value) for [^:"]*|malformed [^:"]*literal|invalid [^:"]* value): )"(?:[^"\\]|\\.)*"/g;

function scrubMessage(text: string): string {
  return text.replace(QUOTED_INPUT, '$1"[redacted]"');
}

/** SQL text with its string literals masked (the values travel as parameters, which are never logged). */
export function maskSql(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, "'?'").slice(0, 2000);
}

/** The `err` serializer of every logger: what failed, where, and its code; never the data. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object') return typeof err === 'string' ? scrubMessage(err) : err;
  const e = (err instanceof Error ? pino.stdSerializers.err(err) : err) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (typeof e.type === 'string') out.type = e.type;
  if (typeof e.message === 'string') out.message = scrubMessage(e.message);
  if (typeof e.stack === 'string') out.stack = scrubMessage(e.stack);
  for (const key of SAFE_ERROR_FIELDS) {
    const value = e[key];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (typeof e.query === 'string') out.query = maskSql(e.query);
  if (depth < 3) {
    for (const key of ['cause', 'driverError'] as const)
      if (e[key] && typeof e[key] === 'object') out[key] = serializeError(e[key], depth + 1);
    if (Array.isArray(e.errors)) out.errors = e.errors.slice(0, 10).map((x) => serializeError(x, depth + 1));
  }
  return out;
}

const SECRET_TEXT: Array<[RegExp, string]> = [
  [/\$argon2(?:id|i|d)\$[A-Za-z0-9$=,+/.-]*/g, '[redacted]'],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, '[redacted]'],
  [/(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1[redacted]'],
];

/** The last layer, on each line as written: no password hash, JWT or bearer token survives. */
export function scrubSecrets(line: string): string {
  let out = line;
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement);
  return out;
}

/** `destination`: where the JSON lines go (stdout unless given; tests capture them). */
export function createLogger(level: string, base: Record<string, unknown> = {}, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { ...base, pid: process.pid },
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err: serializeError },
    hooks: { streamWrite: scrubSecrets },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    // Every line written while serving a request carries its id.
    mixin: () => {
      const store = requestContext.getStore();
      return store ? { req_id: store.reqId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Query parameters that carry single-use link tokens (activation, magic link, invitation). */
const SECRET_QUERY = /([?&](?:token|invite)=)[^&#]*/gi;
/** A path segment shaped like an opaque token (the reset link's `/reset-password/<token>`): 32+ base64url characters with upper and lower case. */
const TOKEN_SEGMENT = /(?<=\/)(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z0-9])[A-Za-z0-9_-]{32,}(?=[/?#]|$)/g;

/** The request URL as the access log shows it: link tokens in the query or the path replaced by [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(TOKEN_SEGMENT, '[redacted]');
}

const CHOSEN_ANSWER = Symbol('chosen answer');

/**
 * Marks a response whose status is an answer the code chose, with its error code (a DomainError:
 * also a 5xx such as 503 'Google sign-in is off' or 502 'the video provider cannot be reached'). The
 * access log records it at info with its code, not as a failure with an error; whatever is really off
 * behind it (a provider unreachable) is warned about where it is known.
 */
export function markChosenAnswer(res: ServerResponse, code: string): void {
  (res as ServerResponse & { [CHOSEN_ANSWER]?: string })[CHOSEN_ANSWER] = code;
}

function chosenAnswer(res: ServerResponse): string | undefined {
  return (res as ServerResponse & { [CHOSEN_ANSWER]?: string })[CHOSEN_ANSWER];
}

/** The access log's level: an error only for a failure (a thrown error, or a 5xx nobody chose); 4xx and chosen 5xx at info. */
export function accessLogLevel(res: ServerResponse, err: Error | undefined): 'error' | 'info' | 'debug' {
  if (err) return 'error';
  if (res.statusCode >= 500) return chosenAnswer(res) ? 'info' : 'error';
  return res.statusCode >= 400 ? 'info' : 'debug';
}

/** JSON access log with a request id (an incoming X-Request-Id is kept if sane) echoed in the response. */
export function httpLogger(logger: Logger) {
  const middleware = pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) => accessLogLevel(res, err),
    // pino-http invents an Error ('failed with status code 503', with a stack of its own code) for every
    // 5xx without one: a chosen answer gets its code instead, and no line gets the invented error (the
    // exception filter logs the real one, with its stack, once).
    customErrorObject: (_req, res, error, fields: Record<string, unknown>) => {
      const code = chosenAnswer(res);
      const invented = error.message === `failed with status code ${res.statusCode}` && !(res as ServerResponse & { err?: Error }).err;
      const { err: _err, ...rest } = fields;
      return { ...rest, ...(code ? { code } : {}), ...(invented ? {} : { err: error }) };
    },
    autoLogging: { ignore: (req) => req.url === '/api/health' || Boolean(req.url?.startsWith('/assets/')) },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: serializeError,
    },
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    middleware(req, res);
    requestContext.run({ reqId: String((req as IncomingMessage & { id: string }).id) }, next);
  };
}

/**
 * Nest's own start-up chatter, one line per module, controller and route (about 150 lines at every
 * start): logged at debug, so `LOG_LEVEL=debug` still shows what was mapped and a plain start does not.
 */
const NEST_CHATTER: ReadonlySet<string> = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** Nest's logger interface on top of pino, so framework and app logs are one JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, params: unknown[]) {
    const context = typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
    if (level === 'info' && context && NEST_CHATTER.has(context)) level = 'debug';
    const target = context ? this.logger.child({ context }) : this.logger;
    if (message && typeof message === 'object' && !(message instanceof Error)) {
      const [msg] = params;
      target[level](message as object, typeof msg === 'string' ? msg : undefined);
    } else if (message instanceof Error) {
      target[level]({ err: message }, message.message);
    } else {
      const [stack] = params;
      if (level === 'error' && typeof stack === 'string') target.error({ stack }, String(message));
      else target[level](String(message));
    }
  }
  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
}
