import net from 'node:net';
import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { DomainError } from '../http/domain-error.js';
import { localizedMessage } from '../i18n/index.js';
import { DATABASE_UNAVAILABLE, databaseUnavailableError, isDatabaseUnavailable } from './database-unavailable.js';

/** A loopback port nobody listens on (taken from the OS, then released). */
function closedPort(): Promise<number> {
  return new Promise((done) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => done(port));
    });
  });
}

/** pg's own error for a server answering with `code` (what a real server sends on shutdown etc.). */
function serverError(code: string, message: string): Error {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity: 'FATAL' });
}

describe('isDatabaseUnavailable', () => {
  it('recognizes a refused connection as pg reports it, bare and wrapped by TypeORM', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await closedPort(), user: 'x', database: 'x' });
    const refused = await client.connect().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeDefined();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], refused as Error))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: refused }))).toBe(true);
  });

  it('recognizes a pool that cannot get a connection in time and a dropped connection', async () => {
    // A server that accepts and then says nothing: pg-pool's connection timeout.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => void sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: (silent.address() as net.AddressInfo).port,
      connectionTimeoutMillis: 100,
      user: 'x',
      database: 'x',
    });
    const timeout = await pool.query('SELECT 1').then(
      () => undefined,
      (err: unknown) => err,
    );
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
    await pool.end();
    expect(isDatabaseUnavailable(timeout)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08001', 'could not establish connection'],
    ['53300', 'sorry, too many clients already'],
  ])('recognizes SQLSTATE %s', (code, message) => {
    expect(isDatabaseUnavailable(serverError(code, message))).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], serverError(code, 'x')))).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['42P01', 'relation "x" does not exist'],
    ['40001', 'could not serialize access'],
  ])('leaves ordinary query failures alone (SQLSTATE %s)', (code, message) => {
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], serverError(code, message)))).toBe(false);
  });

  it("recognizes TypeORM's released query runner after the connection died mid-transaction (npm run chaos: PostgreSQL restarted)", async () => {
    const { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } = await import('typeorm');
    expect(isDatabaseUnavailable(new QueryRunnerAlreadyReleasedError())).toBe(true);
    expect(isDatabaseUnavailable(new QueryRunnerProviderAlreadyReleasedError())).toBe(true);
  });

  it('is false for non-errors and plain errors', () => {
    for (const x of [undefined, null, 'ECONNREFUSED', 42, new Error('boom'), new TypeError('x is undefined')])
      expect(isDatabaseUnavailable(x)).toBe(false);
  });
});

describe('databaseUnavailableError', () => {
  it('is a 503 domain error with Retry-After and a message in all four languages', () => {
    const err = databaseUnavailableError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    expect(err).toBeInstanceOf(DomainError);
    expect(err!.kind).toBe('unavailable');
    expect(err!.code).toBe(DATABASE_UNAVAILABLE);
    expect(Number(err!.headers['Retry-After'])).toBeGreaterThan(0);
    for (const locale of ['hr', 'en', 'de', 'sl'] as const) expect(localizedMessage(DATABASE_UNAVAILABLE, locale)).toBeTruthy();
  });

  it('leaves other errors and chosen domain errors alone', () => {
    expect(databaseUnavailableError(new Error('boom'))).toBeUndefined();
    expect(databaseUnavailableError(new DomainError('X', 'x', 'unavailable'))).toBeUndefined();
  });
});
