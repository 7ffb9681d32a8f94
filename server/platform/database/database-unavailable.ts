import type { ServerTexts } from '../i18n/index.js';
import { DomainError } from '../http/domain-error.js';

/**
 * One place that tells "PostgreSQL cannot be reached right now" from every other failure, so the
 * API and the pages answer 503 with Retry-After (try again shortly) instead of a 500 while the
 * database restarts, fails over or is briefly unreachable.
 */

/** The code of the API error while the database is away. */
export const DATABASE_UNAVAILABLE = 'SERVICE_UNAVAILABLE' satisfies keyof ServerTexts['database']['errors'];
/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures of the connection to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTCONN',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away, not there yet, or out of connections: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, shutting down, in recovery), 53300 too_many_connections.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What pg, pg-pool and TypeORM say when the connection is lost, refused or never made. */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
  /terminating connection due to administrator command/i,
  /server closed the connection unexpectedly/i,
  // TypeORM releases a transaction's query runner when its connection dies (a PostgreSQL restart
  // mid-transaction, found by `npm run chaos`): the transaction's next query throws these instead
  // of the connection error. Nothing else in the shop uses a manager after its transaction.
  /^Query runner already released\. Cannot run queries anymore/i,
  /^Database connection provided by a query runner was already released/i,
];

/**
 * Whether `err` (a pg error, a TypeORM QueryFailedError around one, a socket error, or an
 * AggregateError of several connection attempts) means the database cannot be reached.
 * Constraint violations, syntax errors and the like are not: they stay 4xx/500 as before.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * The answer for a request that failed because the database is away: a 503 DomainError with
 * Retry-After and the localized 'try again shortly' message; undefined for any other failure.
 */
export function databaseUnavailableError(err: unknown): DomainError | undefined {
  if (err instanceof DomainError || !isDatabaseUnavailable(err)) return undefined;
  return new DomainError(
    DATABASE_UNAVAILABLE,
    'The shop is briefly unavailable. Please try again shortly.',
    'unavailable',
    undefined,
    [],
    {},
    {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    },
  );
}
