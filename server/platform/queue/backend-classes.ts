import { Logger } from '@nestjs/common';
import { type Job, Queue, type QueueOptions, UnrecoverableError, Worker, type Processor, type WorkerOptions } from 'bullmq';
import { backendOf } from './queue-backend.js';
import { throttledWarn } from './throttled-log.js';

const logger = new Logger('queue');

/**
 * The Queue class @nestjs/bullmq builds (BullModule.queueClass): BullMQ's Queue on the backend its
 * connection belongs to. @nestjs/bullmq 12 calls `new queueClass(name, options)` and has no way to
 * pass BullMQ 6's third argument, the backend factory (BullMQ's PostgreSQL backend, wrapped by
 * postgresBackendFactory); the connection object in the options names the backend instead.
 */
export class BackendQueue extends Queue {
  constructor(name: string, opts: QueueOptions) {
    // undefined (Redis, BullMQ's default) or the PostgreSQL factory; the overloads type each alone.
    super(name, opts, backendOf(opts.connection).backendFactory as undefined);
    this.on('error', throttledWarn(logger, `queue ${name}`));
  }
}

/**
 * The Worker class @nestjs/bullmq builds for each @Processor (BullModule.workerClass), in the roles
 * that run workers: on its backend (as BackendQueue), with the backend's worker options (on Redis
 * the consumers' client instead of the producers' one Nest passes), failures logged (a last
 * attempt as an error), and known to the backend for draining at shutdown.
 */
export class BackendWorker extends Worker {
  constructor(name: string, processor: Processor | string | URL | null | undefined, opts: WorkerOptions) {
    const backend = backendOf(opts.connection);
    super(name, processor, { ...opts, ...backend.workerOptions() }, backend.backendFactory as undefined);
    backend.workers.add(this);
    this.on('failed', (job: Job | undefined, err: Error) => {
      const attempts = job?.opts.attempts ?? 1;
      const final = !job || job.attemptsMade >= attempts || err instanceof UnrecoverableError;
      const what = `job ${job?.id ?? '?'} (${name}/${job?.name ?? '?'}) attempt ${job?.attemptsMade ?? '?'}/${attempts}`;
      if (final) logger.error(`${what} failed for good: ${err.message}`);
      else logger.warn(`${what} failed, will retry: ${err.message}`);
    });
    this.on('error', throttledWarn(logger, `worker ${name}`));
  }
}
