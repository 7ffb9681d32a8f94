import {
  type BeforeApplicationShutdown,
  type OnModuleInit,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { BullRegistrar, InjectQueue } from '@nestjs/bullmq';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { assertJobId } from './job-id.js';
import { QueueName } from './queue-name.js';
import { type QueueBackend } from './queue-backend.js';
import { QueueError } from './queue.errors.js';
import { settlesWithin } from './settles-within.js';

export const QUEUE_BACKEND = Symbol('QUEUE_BACKEND');

/** How long boot waits for the queue datastore before going on without it. */
const READY_WAIT_MS = 5000;

export interface JobToAdd<T = unknown> {
  name: string;
  data: T;
  opts?: JobsOptions;
}

/**
 * The shop's queues, registered with @nestjs/bullmq (BullModule, in QueueModule) on the backend the
 * configuration chose. Producers (`add`) work in every role. Consumers are @Processor classes
 * (WorkerHost); @nestjs/bullmq's automatic registration is off, and this service registers them
 * at bootstrap only in the roles that run workers (worker, all). Queue defaults: retries with
 * exponential backoff, completed jobs trimmed, failed jobs kept for the dashboard. On shutdown
 * workers stop fetching and finish in-flight jobs within a budget of SHUTDOWN_TIMEOUT_MS, then
 * queues and connections close.
 */
@Injectable()
export class QueueService implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('queue');
  private readonly queues: ReadonlyMap<QueueName, Queue>;
  private closed = false;

  constructor(
    @Inject(QUEUE_BACKEND) private readonly backend: QueueBackend,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registrar: BullRegistrar,
    @InjectQueue(QueueName.Events) events: Queue,
    @InjectQueue(QueueName.Mail) mail: Queue,
    @InjectQueue(QueueName.Scheduled) scheduled: Queue,
    @InjectQueue(QueueName.Payments) payments: Queue,
    @InjectQueue(QueueName.Invoicing) invoicing: Queue,
    @InjectQueue(QueueName.Newsletter) newsletter: Queue,
  ) {
    this.queues = new Map([
      [QueueName.Events, events],
      [QueueName.Mail, mail],
      [QueueName.Scheduled, scheduled],
      [QueueName.Payments, payments],
      [QueueName.Invoicing, invoicing],
      [QueueName.Newsletter, newsletter],
    ]);
  }

  /** Whether this process consumes jobs (roles worker and all). */
  get runsWorkers(): boolean {
    return this.config.role !== 'web';
  }

  get backendKind() {
    return this.backend.kind;
  }

  queue(name: QueueName): Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new QueueError('QUEUE_UNKNOWN', `unknown queue ${String(name)}`);
    return queue;
  }

  /** The queues this process consumes (empty in the web role). */
  consumedQueues(): QueueName[] {
    return [...new Set([...this.backend.workers].map((w) => w.name as QueueName))];
  }

  /** Every queue, for the dashboard. */
  all(): Queue[] {
    return [...this.queues.values()];
  }

  /**
   * Failed jobs the queues keep, all queues together (the back office's dashboard), or null when the
   * backend does not answer within `waitMs`: a figure, never a hanging page.
   */
  async failedCount(waitMs = 2000): Promise<number | null> {
    const counting = Promise.all([...this.queues.values()].map((q) => q.getJobCounts('failed'))).then((all) =>
      all.reduce((sum, counts) => sum + (counts.failed ?? 0), 0),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    try {
      return await Promise.race([counting.catch(() => null), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async add<T>(queue: QueueName, jobName: string, data: T, opts: JobsOptions = {}): Promise<Job<T>> {
    if (opts.jobId !== undefined) assertJobId(opts.jobId);
    return (await this.queue(queue).add(jobName, data, opts)) as Job<T>;
  }

  /** Adds the jobs in one batch (a MULTI on Redis); a job id that exists already is skipped by BullMQ. */
  async addBulk<T>(queue: QueueName, jobs: Array<JobToAdd<T>>): Promise<Array<Job<T>>> {
    for (const job of jobs) if (job.opts?.jobId !== undefined) assertJobId(job.opts.jobId);
    return (await this.queue(queue).addBulk(jobs)) as Array<Job<T>>;
  }

  /** Calls `listener` each time the queue datastore's connection is ready again after a loss (Redis). */
  onReconnect(listener: () => void): void {
    this.backend.onReconnect(listener);
  }

  /** Readiness: throws when the queue datastore does not answer. */
  async ping(): Promise<void> {
    await this.backend.ping(this.queue(QueueName.Events));
  }

  /**
   * Waits (bounded) for the datastore, so the process is ready when boot ends; on PostgreSQL this
   * also applies BullMQ's schema migrations. An unreachable Redis only delays: the process starts,
   * readiness answers 503 and the clients keep reconnecting.
   */
  async onModuleInit(): Promise<void> {
    const ready = Promise.all(this.all().map((q) => q.waitUntilReady()));
    if (!(await settlesWithin(ready, READY_WAIT_MS))) {
      this.logger.warn(`${this.backend.description} is not reachable yet; starting anyway and retrying in the background`);
      return;
    }
    await ready.catch((err: Error) => {
      throw new QueueError('QUEUE_UNAVAILABLE', `${this.backend.description}: ${err.message}`);
    });
  }

  /** Starts the @Processor classes' workers (BullRegistrar), in the roles that run workers only. */
  onApplicationBootstrap(): void {
    this.logger.log(`Queues on ${this.backend.description}${this.runsWorkers ? '' : ' (producer only: role web)'}`);
    if (this.runsWorkers) this.registrar.register();
  }

  /**
   * Workers first (while the database and producers are still open): stop fetching, let in-flight
   * jobs finish within the budget, force-close the rest (their jobs become stalled and run again
   * elsewhere: delivery is at-least-once). @nestjs/bullmq's own close of the workers, later, finds
   * them closed.
   */
  async beforeApplicationShutdown(): Promise<void> {
    const budget = Math.max(100, Math.floor(this.config.shutdownTimeoutMs * 0.6));
    await Promise.all(
      [...this.backend.workers].map(async (worker) => {
        const drained = await settlesWithin(worker.pause(), budget);
        if (!drained)
          this.logger.warn(
            `queue ${worker.name}: the worker did not stop within ${budget} ms (jobs still running, or the datastore unreachable); closing anyway`,
          );
        await worker.close(!drained).catch((err: Error) => this.logger.warn(`closing worker ${worker.name}: ${err.message}`));
      }),
    );
    this.backend.workers.clear();
  }

  /** Queues (idempotent: @nestjs/bullmq closes them too), then the backend's own connections. */
  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.all().map((q) => q.close().catch((err: Error) => this.logger.warn(`closing queue ${q.name}: ${err.message}`))));
    await this.backend.close();
  }
}
