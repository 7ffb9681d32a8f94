import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import { Queue, Worker, createPostgresBackend, type DefaultJobOptions, type Processor } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { throttledWarn } from './throttled-log.js';

export type QueueBackendKind = 'redis' | 'postgres';

/** The PostgreSQL schema of BullMQ's tables when there is no Redis (BullMQ's own default name). */
export const POSTGRES_QUEUE_SCHEMA = 'bullmq';

export interface WorkerSettings {
  concurrency: number;
}

/**
 * Where the queues live. Queue objects (producers) exist in every role; Worker objects (consumers)
 * only where the role runs workers. Both are created here so the rest of the code never knows
 * which datastore is underneath.
 */
export interface QueueBackend {
  readonly kind: QueueBackendKind;
  /** For logs: the datastore without credentials. */
  readonly description: string;
  createQueue(name: string, defaultJobOptions: DefaultJobOptions): Queue;
  createWorker(name: string, processor: Processor, settings: WorkerSettings): Worker;
  /** Throws when the datastore does not answer. */
  ping(queue: Queue): Promise<void>;
  /** Closes the connections the backend itself opened (after every Queue and Worker is closed). */
  close(): Promise<void>;
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

  return {
    kind: 'redis',
    description: `Redis ${redactUrl(url)} (key prefix ${prefix})`,
    createQueue: (name, defaultJobOptions) => new Queue(name, { connection: producer, prefix, defaultJobOptions }),
    createWorker: (name, processor, settings) =>
      new Worker(name, processor, { connection: consumerClient(), prefix, concurrency: settings.concurrency, name: workerName() }),
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
  };
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
  return {
    kind: 'postgres',
    description: `PostgreSQL ${redactUrl(databaseUrl)} (schema ${POSTGRES_QUEUE_SCHEMA})`,
    // The factory's inferred generics (PostgreSQL connection options) differ from the Redis
    // defaults of the plain Queue/Worker types; the public API is the same.
    createQueue: (name, defaultJobOptions) => new Queue(name, { connection, defaultJobOptions }, createPostgresBackend) as unknown as Queue,
    createWorker: (name, processor, settings) =>
      new Worker(
        name,
        processor,
        { connection, concurrency: settings.concurrency, name: workerName() },
        createPostgresBackend,
      ) as unknown as Worker,
    async ping(queue) {
      await queue.getJobCounts('waiting');
    },
    async close() {
      // Every Queue and Worker owns (and closes) its own pool here.
    },
  };
}
