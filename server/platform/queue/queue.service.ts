import {
  type BeforeApplicationShutdown,
  type OnModuleInit,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type Job, type JobsOptions, type Queue, UnrecoverableError, type Worker } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { assertJobId } from './job-id.js';
import { KEEP_COMPLETED, KEEP_FAILED, QUEUE_SETTINGS, QueueName } from './queue-name.js';
import { type QueueBackend } from './queue-backend.js';
import { QueueError } from './queue.errors.js';
import { throttledWarn } from './throttled-log.js';

export const QUEUE_BACKEND = Symbol('QUEUE_BACKEND');

/** How long boot waits for the queue datastore before going on without it. */
const READY_WAIT_MS = 5000;

/** The job name of a catch-all processor. */
const ANY_JOB = '*';

/** Processes one job of a given name; the job carries ids, the handler reloads what it needs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- job payloads are typed per handler
export type JobHandler<T = any, R = unknown> = (job: Job<T>) => Promise<R>;

export interface JobToAdd<T = unknown> {
  name: string;
  data: T;
  opts?: JobsOptions;
}

export interface ScheduleOptions {
  /** Repeat every N ms ... */
  every?: number;
  /** ... or on a cron pattern (UTC unless `tz`). */
  pattern?: string;
  /** IANA time zone of the pattern, e.g. 'Europe/Zagreb' (daylight saving handled). */
  tz?: string;
}

/** Resolves true when `p` settles within `ms`, false otherwise (p keeps running). */
async function settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      p.then(
        () => true as const,
        () => true as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The shop's queues. Producers (`add`) work in every role; processors registered with `process`
 * run only in the worker and all roles, one BullMQ Worker per queue dispatching by job name.
 * Defaults: retries with exponential backoff, completed jobs trimmed, failed jobs kept for the
 * dashboard. On shutdown workers stop fetching and finish in-flight jobs within a budget of
 * SHUTDOWN_TIMEOUT_MS, then queues and connections close.
 */
@Injectable()
export class QueueService implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('queue');
  private readonly queues = new Map<QueueName, Queue>();
  private readonly handlers = new Map<QueueName, Map<string, JobHandler>>();
  private readonly workers = new Map<QueueName, Worker>();
  private readonly schedules: Array<{ queue: QueueName; id: string; repeat: ScheduleOptions; jobName: string; data: unknown }> = [];
  private started = false;
  private closed = false;
  private stopping = false;
  private scheduleRetry: NodeJS.Timeout | undefined;

  constructor(
    @Inject(QUEUE_BACKEND) private readonly backend: QueueBackend,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    for (const name of Object.values(QueueName)) {
      const queue = backend.createQueue(name, {
        attempts: QUEUE_SETTINGS[name].attempts,
        backoff: { type: 'exponential', delay: config.queue.retryDelayMs },
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: KEEP_FAILED,
      });
      queue.on('error', throttledWarn(this.logger, `queue ${name}`));
      this.queues.set(name, queue);
    }
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
    return [...this.workers.keys()];
  }

  /** Every queue, for the dashboard. */
  all(): Queue[] {
    return [...this.queues.values()];
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

  /**
   * Registers the processor of one job name on a queue (call it from onModuleInit); '*' takes
   * every job name without a processor of its own. It runs only in roles that run workers; in the
   * web role the registration is kept but nothing consumes.
   */
  process<T>(queue: QueueName, jobName: string, handler: JobHandler<T>): void {
    const byName = this.handlers.get(queue) ?? new Map<string, JobHandler>();
    if (byName.has(jobName)) {
      throw new QueueError('QUEUE_PROCESSOR_DUPLICATE', `a processor for job '${jobName}' on queue '${queue}' is already registered`);
    }
    byName.set(jobName, handler as JobHandler);
    this.handlers.set(queue, byName);
    if (this.started && this.runsWorkers && !this.workers.has(queue)) this.startWorker(queue);
  }

  /**
   * A repeatable job (BullMQ job scheduler, upserted idempotently by every worker process at boot).
   * The scheduler id must not contain ':'.
   */
  schedule<T>(queue: QueueName, schedulerId: string, repeat: ScheduleOptions, jobName: string, data: T): void {
    assertJobId(schedulerId);
    this.schedules.push({ queue, id: schedulerId, repeat, jobName, data });
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

  async onApplicationBootstrap(): Promise<void> {
    this.logger.log(`Queues on ${this.backend.description}${this.runsWorkers ? '' : ' (producer only: role web)'}`);
    this.started = true;
    if (!this.runsWorkers) return;
    for (const queue of this.handlers.keys()) this.startWorker(queue);
    await this.applySchedules(1);
  }

  /** Upserts the job schedulers; while the datastore is away, retries in the background. */
  private async applySchedules(attempt: number): Promise<void> {
    this.scheduleRetry = undefined;
    if (this.stopping || !this.schedules.length) return;
    try {
      for (const s of this.schedules) {
        const upsert = this.queue(s.queue).upsertJobScheduler(s.id, s.repeat, { name: s.jobName, data: s.data });
        if (!(await settlesWithin(upsert, READY_WAIT_MS))) throw new Error(`no answer within ${READY_WAIT_MS} ms`);
        await upsert;
      }
    } catch (err) {
      if (this.stopping) return;
      const delay = Math.min(1000 * 2 ** (attempt - 1), 60_000);
      this.logger.warn(`Job schedulers not registered yet (${(err as Error).message}); retrying in ${delay} ms`);
      this.scheduleRetry = setTimeout(() => void this.applySchedules(attempt + 1), delay);
    }
  }

  private startWorker(name: QueueName): void {
    const worker = this.backend.createWorker(
      name,
      async (job: Job) => {
        const byName = this.handlers.get(name);
        const handler = byName?.get(job.name) ?? byName?.get(ANY_JOB);
        if (!handler) {
          // No retry can help: the job stays failed and visible in the dashboard.
          throw new UnrecoverableError(
            new QueueError('QUEUE_UNKNOWN_JOB', `no processor for job '${job.name}' on queue '${name}'`).message,
          );
        }
        return handler(job);
      },
      { concurrency: QUEUE_SETTINGS[name].concurrency },
    );
    worker.on('failed', (job: Job | undefined, err: Error) => {
      const attempts = job?.opts.attempts ?? 1;
      const final = !job || job.attemptsMade >= attempts || err instanceof UnrecoverableError;
      const what = `job ${job?.id ?? '?'} (${name}/${job?.name ?? '?'}) attempt ${job?.attemptsMade ?? '?'}/${attempts}`;
      if (final) this.logger.error(`${what} failed for good: ${err.message}`);
      else this.logger.warn(`${what} failed, will retry: ${err.message}`);
    });
    worker.on('error', throttledWarn(this.logger, `worker ${name}`));
    this.workers.set(name, worker);
  }

  /**
   * Workers first (while the database and producers are still open): stop fetching, let in-flight
   * jobs finish within the budget, force-close the rest (their jobs become stalled and run again
   * elsewhere: delivery is at-least-once).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.scheduleRetry);
    this.scheduleRetry = undefined;
    const budget = Math.max(100, Math.floor(this.config.shutdownTimeoutMs * 0.6));
    await Promise.all(
      [...this.workers.entries()].map(async ([name, worker]) => {
        const drained = await settlesWithin(worker.pause(), budget);
        if (!drained)
          this.logger.warn(
            `queue ${name}: the worker did not stop within ${budget} ms (jobs still running, or the datastore unreachable); closing anyway`,
          );
        await worker.close(!drained).catch((err: Error) => this.logger.warn(`closing worker ${name}: ${err.message}`));
      }),
    );
    this.workers.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.all().map((q) => q.close().catch((err: Error) => this.logger.warn(`closing queue ${q.name}: ${err.message}`))));
    await this.backend.close();
  }
}
