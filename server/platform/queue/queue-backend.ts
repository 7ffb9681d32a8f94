import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { ConnectionClosedError, createPostgresBackend, type Queue, type Worker, type WorkerOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { throttledWarn } from './throttled-log.js';
import { isDatabaseUnavailable } from '../database/index.js';

export type QueueBackendKind = 'redis' | 'postgres';

/** The PostgreSQL schema of BullMQ's tables when there is no Redis (BullMQ's own default name). */
export const POSTGRES_QUEUE_SCHEMA = 'bullmq';

/**
 * Where the queues live. @nestjs/bullmq builds the Queue and Worker objects (BullModule), from
 * `sharedOptions`; it passes BullMQ's options but not BullMQ 6's third constructor argument, the
 * backend factory, so the classes it is given (BackendQueue, BackendWorker in backend-classes.ts)
 * look the backend up by the connection object in those options and pass `backendFactory` and
 * `workerOptions` themselves. The rest of the code never knows which datastore is underneath.
 */
export interface QueueBackend {
  readonly kind: QueueBackendKind;
  /** For logs: the datastore without credentials. */
  readonly description: string;
  /** BullModule's shared queue options: the connection (the key to this backend), and the key prefix on Redis. */
  readonly sharedOptions: { connection: object; prefix?: string };
  /** BullMQ 6's backend factory for Queue and Worker; undefined: BullMQ's default (Redis). */
  readonly backendFactory: typeof createPostgresBackend | undefined;
  /** What every worker gets on top of @nestjs/bullmq's options (its own client, name, retry delay). */
  workerOptions(): Partial<WorkerOptions>;
  /** The workers created on this backend in this process (only the roles that run workers have any). */
  readonly workers: Set<Worker>;
  /** Throws when the datastore does not answer. */
  ping(queue: Queue): Promise<void>;
  /** Closes the connections the backend itself opened (after every Queue and Worker is closed). */
  close(): Promise<void>;
  /** Calls `listener` each time the datastore's connection is ready again after it was lost (Redis; never on PostgreSQL). */
  onReconnect(listener: () => void): void;
}

/** Each backend by its connection object (several applications may run in one process: tests). */
const backendsByConnection = new WeakMap<object, QueueBackend>();

function registered(backend: QueueBackend): QueueBackend {
  backendsByConnection.set(backend.sharedOptions.connection, backend);
  return backend;
}

/** The backend whose `sharedOptions.connection` this is; throws for any other connection. */
export function backendOf(connection: unknown): QueueBackend {
  const backend = typeof connection === 'object' && connection ? backendsByConnection.get(connection) : undefined;
  if (!backend)
    throw new Error('A BullMQ queue or worker was created without the connection of a QueueBackend: register queues through QueueModule');
  return backend;
}

const workerName = () => `${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9._-]/g, '-');

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** Reconnect forever, 100 ms doubling up to 5 s. */
const reconnect = (times: number) => Math.min(100 * 2 ** Math.min(times, 6), 5000);

/**
 * Redis (ioredis). Two shared clients: producers fail fast while Redis is away (no offline queue,
 * one retry), so an HTTP request or the outbox relay gets an error instead of hanging; consumers
 * wait and reconnect forever (`maxRetriesPerRequest: null`, which BullMQ workers require). BullMQ
 * duplicates the consumer client for each worker's blocking connection and closes those itself.
 */
export function createRedisQueueBackend(url: string, prefix: string): QueueBackend {
  const logger = new Logger('queue');
  const base: RedisOptions = { retryStrategy: reconnect, connectionName: `pasta-shop-${workerName()}` };
  const producer = new Redis(url, { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  producer.on('error', throttledWarn(logger, 'Redis (producers)'));
  let consumer: Redis | undefined;
  const consumerClient = () => {
    if (!consumer) {
      consumer = new Redis(url, { ...base, maxRetriesPerRequest: null });
      consumer.on('error', throttledWarn(logger, 'Redis (workers)'));
    }
    return consumer;
  };

  return registered({
    kind: 'redis',
    description: `Redis ${redactUrl(url)} (key prefix ${prefix})`,
    sharedOptions: { connection: producer, prefix },
    backendFactory: undefined,
    // Nest hands every worker the queue's (producer) connection: workers take the consumer client.
    workerOptions: () => ({ connection: consumerClient(), prefix, name: workerName() }),
    workers: new Set(),
    onReconnect(listener) {
      // ioredis emits 'ready' on every connect; after the first one it is a reconnect.
      let connectedBefore = producer.status === 'ready';
      producer.on('ready', () => {
        if (connectedBefore) listener();
        connectedBefore = true;
      });
    },
    async ping() {
      const answer = await producer.ping();
      if (answer !== 'PONG') throw new Error(`Redis answered ${answer} to PING`);
    },
    async close() {
      await Promise.all(
        [producer, consumer].map(async (client) => {
          if (!client || client.status === 'end') return;
          await client.quit().catch(() => client.disconnect());
        }),
      );
    },
  });
}

/**
 * BullMQ's PostgreSQL backend in the shop's own database, schema `bullmq` (created and upgraded by
 * BullMQ's migrator under its advisory lock: `migrate: true`). Each Queue and Worker owns a small
 * pool; a worker also holds one LISTEN connection for its blocking wait.
 */
export function createPostgresQueueBackend(databaseUrl: string): QueueBackend {
  const connection = {
    connectionString: databaseUrl,
    schema: POSTGRES_QUEUE_SCHEMA,
    migrate: true,
    max: 3,
    idleTimeoutMillis: 10_000,
    application_name: 'pasta-shop-queue',
  };
  return registered({
    kind: 'postgres',
    description: `PostgreSQL ${redactUrl(databaseUrl)} (schema ${POSTGRES_QUEUE_SCHEMA})`,
    sharedOptions: { connection },
    backendFactory: postgresBackendFactory,
    // While the database is away a worker retries after this delay (BullMQ's default is 15 s).
    workerOptions: () => ({ name: workerName(), runRetryDelay: POSTGRES_RUN_RETRY_DELAY_MS }),
    workers: new Set(),
    onReconnect() {
      // No connection event to follow: the periodic scheduler check covers a database that came back.
    },
    async ping(queue) {
      await queue.getJobCounts('waiting');
    },
    async close() {
      // Every Queue and Worker owns (and closes) its own pool here.
    },
  });
}

/** How long a worker on the PostgreSQL backend waits before it asks again while the database is away. */
export const POSTGRES_RUN_RETRY_DELAY_MS = 2000;

/**
 * BullMQ's PostgreSQL backend with pg's connection failures reported as BullMQ's own
 * ConnectionClosedError. BullMQ waits `runRetryDelay` only after errors it knows as connection
 * errors (Redis-style ones); pg's 'Connection terminated' or 'Client has encountered a connection
 * error and is not queryable' made a worker's fetch loop retry at once, in a tight loop of
 * promise callbacks that starved the event loop while the database was away (the embedded
 * PostgreSQL's restart timer then never ran). Every other error passes unchanged.
 */
const postgresBackendFactory: typeof createPostgresBackend = (name, opts, factoryOpts) => {
  const backend = createPostgresBackend(name, opts, factoryOpts);
  guardCheckedOutClients(backend);
  return withConnectionErrors(backend);
};

/**
 * BullMQ's pg clients that can lack an 'error' listener when the database dies: pool clients it
 * holds checked out between queries, and its standalone LISTEN client while it connects (the
 * listener is attached only after connect() resolves, so a connect cut short by the outage leaves
 * the client bare). pg emits 'error' on such a client, and with no listener that is an uncaught
 * exception that ends the process. Every pool client gets a listener when it connects, and the
 * LISTEN client is built from a Client class that listens from its construction (the failing
 * query's rejection and BullMQ's own reconnects still do the real work).
 */
function guardCheckedOutClients(backend: object): void {
  type Listening = { on(event: 'error', fn: (err: Error) => void): unknown };
  type PgModule = { Client: new (config: unknown) => Listening };
  const connection = (backend as { connection?: { pool?: { on?: unknown }; pgModule?: PgModule } }).connection;
  const pool = connection?.pool;
  if (!connection || !pool || typeof pool.on !== 'function')
    throw new Error("BullMQ's PostgreSQL backend no longer exposes connection.pool: check guardCheckedOutClients after the upgrade");
  const warn = throttledWarn(new Logger('queue'), 'PostgreSQL (queues)');
  (pool as unknown as { on(event: 'connect', fn: (client: Listening) => void): void }).on('connect', (client) => client.on('error', warn));
  const pg = connection.pgModule;
  if (pg?.Client) {
    const Base = pg.Client;
    connection.pgModule = {
      ...pg,
      Client: class ListeningClient extends Base {
        constructor(config: unknown) {
          super(config);
          this.on('error', warn);
        }
      },
    };
  }
}

export function asConnectionError(err: unknown): unknown {
  if (err instanceof ConnectionClosedError || !isDatabaseUnavailable(err)) return err;
  return new ConnectionClosedError(`PostgreSQL is unavailable: ${(err as Error).message}`, err as Error);
}

/** The backend object, each of whose methods reports a database outage as a ConnectionClosedError. */
export function withConnectionErrors<T extends object>(backend: T): T {
  return new Proxy(backend, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return function guarded(...args: unknown[]) {
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (err) {
          throw asConnectionError(err);
        }
        if (result instanceof Promise) return result.catch((err: unknown) => Promise.reject(asConnectionError(err)));
        return result;
      };
    },
    set: (target, prop, value) => Reflect.set(target, prop, value),
  });
}
