import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { IncomingMessage, ServerResponse } from 'node:http';

const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Secrets and tokens never reach the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.refresh_token',
  '*.access_token',
];

export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { ...base, pid: process.pid },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Every line written while serving a request carries its id.
    mixin: () => {
      const store = requestContext.getStore();
      return store ? { req_id: store.reqId } : {};
    },
  });
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
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
    autoLogging: { ignore: (req) => req.url === '/api/health' || Boolean(req.url?.startsWith('/assets/')) },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    middleware(req, res);
    requestContext.run({ reqId: String((req as IncomingMessage & { id: string }).id) }, next);
  };
}

/** Nest's logger interface on top of pino, so framework and app logs are one JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  private write(level: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, params: unknown[]) {
    const context = typeof params[params.length - 1] === 'string' ? (params.pop() as string) : undefined;
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
