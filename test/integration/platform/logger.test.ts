import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger as NestLogger } from '@nestjs/common';
import request from 'supertest';
import { DataSource, QueryFailedError } from 'typeorm';
import { dataSourceOptions } from '../../../server/platform/database/index.js';
import { createLogger, httpLogger, PinoNestLogger } from '../../../server/platform/logger/logger.js';
import { ApiExceptionFilter } from '../../../server/platform/http/api-exception.filter.js';

/**
 * Issue 8, F2: the log never holds query parameters, password hashes, tokens or cookies. Real
 * failing queries against the test database are logged through every door the shop has (pino
 * directly, Nest's logger, the exception filter, pino-http, TypeORM's own query-error log) into a
 * captured stream; the secrets must be absent while the error's code and message are there.
 */
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA';
const EMAIL = 'secret-person@example.com';
const BIRTH = '1987-06-05';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJzaWQiOiJ4In0.c2lnbmF0dXJlc2lnbmF0dXJlc2ln';
const REFRESH = 'rt_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0';
const COOKIE_VALUE = 'cookie-value-9f8e7d6c5b4a';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const log = createLogger('debug', { role: 'test' }, stream);
  return { log, lines, text: () => lines.join('\n') };
}

const SECRETS = [HASH, '$argon2id$', EMAIL, BIRTH, JWT, REFRESH, COOKIE_VALUE, 'a\\u0000b'];
function expectNoSecrets(text: string) {
  for (const secret of SECRETS) expect([secret, text.includes(secret)]).toEqual([secret, false]);
}

describe('the log keeps secrets out (real PostgreSQL)', () => {
  let db: DataSource;
  let uniqueViolation: QueryFailedError;
  let nulError: QueryFailedError;
  // TypeORM logs the failed queries of the setup too: into this captured log.
  const setupLog = capture();

  beforeAll(async () => {
    NestLogger.overrideLogger(new PinoNestLogger(setupLog.log));
    db = new DataSource({ ...dataSourceOptions(process.env.TEST_DATABASE_URL!, 2), entities: [] });
    await db.initialize();
    await db.query('CREATE TEMP TABLE log_probe_user (email text UNIQUE, password_hash text, birth_date date)');
    await db.query('INSERT INTO log_probe_user VALUES ($1, $2, $3)', [EMAIL, HASH, BIRTH]);
    uniqueViolation = await db.query('INSERT INTO log_probe_user VALUES ($1, $2, $3)', [EMAIL, HASH, BIRTH]).then(
      () => {
        throw new Error('expected a unique violation');
      },
      (err: QueryFailedError) => err,
    );
    nulError = await db.query('SELECT $1::text AS v, $2::text AS t', ['a\u0000b', JWT]).then(
      () => {
        throw new Error('expected PostgreSQL to refuse NUL');
      },
      (err: QueryFailedError) => err,
    );
    NestLogger.overrideLogger(false);
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('the failing queries really carry the secrets (so the test can fail)', () => {
    expect(uniqueViolation).toBeInstanceOf(QueryFailedError);
    expect(JSON.stringify(uniqueViolation)).toContain(HASH);
    expect(JSON.stringify(uniqueViolation)).toContain(EMAIL); // parameters and PostgreSQL's detail
    expect(nulError.parameters).toContain(JWT);
  });

  it('pino: an err keeps code and message, never parameters, detail, hash or e-mail', () => {
    const { log, text } = capture();
    log.error({ err: uniqueViolation }, 'request failed');
    log.error({ err: nulError }, 'request failed');
    log.warn({ err: new Error('wrapped', { cause: uniqueViolation }) }, 'job failed');
    expectNoSecrets(text());
    expect(text()).toContain('23505');
    expect(text()).toContain('duplicate key value violates unique constraint');
    expect(text()).toContain('22021'); // invalid byte sequence (the NUL)
    expect(text()).toContain('QueryFailedError');
  });

  it("Nest's logger and the exception filter (the path of a 500) write no secret", () => {
    const { log, text } = capture();
    NestLogger.overrideLogger(new PinoNestLogger(log));
    try {
      new NestLogger('test').error(uniqueViolation);
      new NestLogger('test').error(nulError.message, nulError.stack);
      const res = { headersSent: false, status: () => res, json: () => undefined, setHeader: () => undefined };
      const req = {
        headers: { cookie: `sid=${COOKIE_VALUE}`, authorization: `Bearer ${JWT}` },
        method: 'POST',
        path: '/api/users',
        originalUrl: '/api/users',
      };
      const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }) };
      new ApiExceptionFilter().catch(uniqueViolation, host as never);
    } finally {
      NestLogger.overrideLogger(false);
    }
    expectNoSecrets(text());
    expect(text()).toContain('request failed');
    expect(text()).toContain('23505');
  });

  it("TypeORM's own log of a failed query has no parameters", async () => {
    const { log, text } = capture();
    NestLogger.overrideLogger(new PinoNestLogger(log));
    try {
      await db.query('SELECT $1::text AS hash, $2::text AS v', [HASH, 'a\u0000b']).catch(() => undefined);
      await db.query(`SELECT '${EMAIL}'::int`).catch(() => undefined);
    } finally {
      NestLogger.overrideLogger(false);
    }
    expect(text()).toContain('query failed');
    expect(text()).toContain('22021');
    expectNoSecrets(text());
    // The setup's unique violation and NUL query went the same way.
    expect(setupLog.text()).toContain('23505');
    expect(setupLog.text()).toContain('22021');
    expectNoSecrets(setupLog.text());
  });

  it('pino-http: the access log of a failed request carries no cookie, token or query parameter', async () => {
    const { log, text } = capture();
    const middleware = httpLogger(log);
    const server: Server = createServer((req, res) =>
      middleware(req, res, () => {
        (res as typeof res & { err?: Error }).err = uniqueViolation;
        res.statusCode = 500;
        res.end();
      }),
    );
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    try {
      await request(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
        .get(`/api/users/activate?token=${REFRESH}`)
        .set('Cookie', `sid=${COOKIE_VALUE}; refresh_token=${REFRESH}`)
        .set('Authorization', `Bearer ${JWT}`)
        .expect(500);
    } finally {
      await new Promise((done) => server.close(done));
    }
    expect(text()).toContain('"status":500');
    expect(text()).toContain('23505');
    expectNoSecrets(text());
  });

  it('a token-bearing error and stray secrets in any field are scrubbed', () => {
    const { log, text } = capture();
    const err = Object.assign(new Error(`jwt rejected: ${JWT}`), {
      token: REFRESH,
      headers: { cookie: `sid=${COOKIE_VALUE}` },
      config: { data: HASH },
    });
    log.error({ err }, 'sign-in failed');
    log.info({ user: { email: 'x', password_hash: HASH, refreshToken: REFRESH, cookies: { sid: COOKIE_VALUE } } }, 'user');
    log.info(`stored ${HASH} and Bearer ${JWT}`);
    log.info({ err: new Error('invalid input syntax for type uuid: "a\u0000b"') }, 'lookup');
    expectNoSecrets(text());
    expect(text()).toContain('jwt rejected');
    expect(text()).toContain('invalid input syntax for type uuid');
  });
});
