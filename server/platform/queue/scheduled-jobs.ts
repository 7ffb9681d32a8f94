import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { assertJobId } from './job-id.js';
import { QUEUE_SETTINGS, QueueName } from './queue-name.js';
import { QueueError } from './queue.errors.js';
import { QueueService } from './queue.service.js';
import { settlesWithin } from './settles-within.js';

export interface ScheduleOptions {
  /** Repeat every N ms ... */
  every?: number;
  /** ... or on a cron pattern (UTC unless `tz`). */
  pattern?: string;
  /** IANA time zone of the pattern, e.g. 'Europe/Zagreb' (daylight saving handled). */
  tz?: string;
}

export const SCHEDULED_JOB_METADATA = Symbol('scheduled-job');

interface ScheduledJobMetadata {
  name: string;
  repeat: ScheduleOptions;
}

/** A scheduled job's work: no arguments (the job carries no data), idempotent (a run may repeat). */
type ScheduledWork = () => Promise<unknown>;

/**
 * Makes a provider method repeatable work: a BullMQ job scheduler on the scheduled queue (id and
 * job name `name`, no ':'), upserted by every worker process at boot, and run by the
 * ScheduledJobsProcessor on one worker of the fleet each time. The method takes no arguments and
 * must be idempotent (a run can repeat after a crash).
 *
 * ```ts
 * @ScheduledJob('events.prune', { every: 3_600_000 })
 * async prune() { ... }
 * ```
 */
export function ScheduledJob(name: string, repeat: ScheduleOptions) {
  assertJobId(name);
  return <W extends ScheduledWork>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<W>): void => {
    if (descriptor.value) Reflect.defineMetadata(SCHEDULED_JOB_METADATA, { name, repeat } satisfies ScheduledJobMetadata, descriptor.value);
  };
}

/** How long one upsert may take before the datastore counts as away. */
const UPSERT_WAIT_MS = 5000;

/**
 * The consumer of the scheduled queue: finds every @ScheduledJob method at boot, runs a job by its
 * name, and (in the roles that run workers) upserts the job schedulers, retrying in the background
 * while the datastore is away. A datastore that loses its data (a Redis flushed, or restarted
 * without persistence) loses the schedulers with it: so each worker checks them again on every
 * reconnect and every QUEUE_SCHEDULE_CHECK_MS, and re-creates the ones missing (`ensureSchedules`).
 * A job without a method fails at once (no retry helps) and stays visible in the dashboard.
 */
@Processor(QueueName.Scheduled, { concurrency: QUEUE_SETTINGS[QueueName.Scheduled].concurrency })
@Injectable()
export class ScheduledJobsProcessor extends WorkerHost implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('queue');
  private readonly jobs = new Map<string, { repeat: ScheduleOptions; run: ScheduledWork }>();
  private retry: NodeJS.Timeout | undefined;
  private check: NodeJS.Timeout | undefined;
  private checking: Promise<string[]> | undefined;
  private stopping = false;
  /** Job schedulers this process re-created after they were lost (for logs and tests). */
  recreated = 0;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly queues: QueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** The scheduled jobs found, by name. */
  get names(): string[] {
    return [...this.jobs.keys()];
  }

  onModuleInit(): void {
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const { instance, metatype } = wrapper;
      if (!instance || typeof instance !== 'object' || !metatype || seen.has(instance)) continue;
      seen.add(instance);
      for (const methodName of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object | null)) {
        const method = (instance as Record<string, unknown>)[methodName];
        if (typeof method !== 'function') continue;
        const meta = Reflect.getMetadata(SCHEDULED_JOB_METADATA, method) as ScheduledJobMetadata | undefined;
        if (!meta) continue;
        if (this.jobs.has(meta.name)) {
          throw new QueueError('QUEUE_PROCESSOR_DUPLICATE', `a scheduled job '${meta.name}' is already registered`);
        }
        this.jobs.set(meta.name, { repeat: meta.repeat, run: () => (method as ScheduledWork).call(instance) });
      }
    }
  }

  async process(job: Job): Promise<unknown> {
    const scheduled = this.jobs.get(job.name);
    if (!scheduled) {
      throw new UnrecoverableError(
        new QueueError('QUEUE_UNKNOWN_JOB', `no processor for job '${job.name}' on queue '${QueueName.Scheduled}'`).message,
      );
    }
    return scheduled.run();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.applySchedules();
    if (this.config.role === 'web' || !this.jobs.size) return;
    this.queues.onReconnect(() => void this.ensureSchedules().catch(() => undefined));
    this.check = setInterval(() => void this.ensureSchedules().catch(() => undefined), this.config.queue.scheduleCheckMs);
  }

  /**
   * Re-creates every job scheduler the datastore no longer has (and only those: an existing one
   * keeps its next run). Returns the names re-created. One check at a time; failures are logged
   * and the next check (or reconnect) tries again.
   */
  ensureSchedules(): Promise<string[]> {
    if (this.stopping || this.config.role === 'web') return Promise.resolve([]);
    this.checking ??= this.missingSchedules().finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async missingSchedules(): Promise<string[]> {
    const queue = this.queues.queue(QueueName.Scheduled);
    const recreated: string[] = [];
    try {
      for (const [name, { repeat }] of this.jobs) {
        const known = queue.getJobScheduler(name);
        if (!(await settlesWithin(known, UPSERT_WAIT_MS))) throw new Error(`no answer within ${UPSERT_WAIT_MS} ms`);
        if (await known) continue;
        if (this.stopping) break;
        const upsert = queue.upsertJobScheduler(name, repeat, { name, data: {} });
        if (!(await settlesWithin(upsert, UPSERT_WAIT_MS))) throw new Error(`no answer within ${UPSERT_WAIT_MS} ms`);
        await upsert;
        recreated.push(name);
      }
    } catch (err) {
      this.logger.warn(
        `Checking the job schedulers failed (${(err as Error).message}); checked again in ${this.config.queue.scheduleCheckMs} ms or on reconnect`,
      );
    }
    if (recreated.length) {
      this.recreated += recreated.length;
      this.logger.warn(`Re-created ${recreated.length} job scheduler(s) the queue datastore had lost: ${recreated.join(', ')}`);
    }
    return recreated;
  }

  /** Upserts every job scheduler (idempotent), in the roles that run workers. */
  async applySchedules(attempt = 1): Promise<void> {
    this.retry = undefined;
    if (this.stopping || this.config.role === 'web' || !this.jobs.size) return;
    const queue = this.queues.queue(QueueName.Scheduled);
    try {
      for (const [name, { repeat }] of this.jobs) {
        const upsert = queue.upsertJobScheduler(name, repeat, { name, data: {} });
        if (!(await settlesWithin(upsert, UPSERT_WAIT_MS))) throw new Error(`no answer within ${UPSERT_WAIT_MS} ms`);
        await upsert;
      }
    } catch (err) {
      if (this.stopping) return;
      const delay = Math.min(1000 * 2 ** (attempt - 1), 60_000);
      this.logger.warn(`Job schedulers not registered yet (${(err as Error).message}); retrying in ${delay} ms`);
      this.retry = setTimeout(() => void this.applySchedules(attempt + 1), delay);
    }
  }

  beforeApplicationShutdown(): void {
    this.stopping = true;
    clearInterval(this.check);
    this.check = undefined;
    clearTimeout(this.retry);
    this.retry = undefined;
  }
}
