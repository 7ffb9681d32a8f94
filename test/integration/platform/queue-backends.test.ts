// The same @nestjs/bullmq processors on both queue backends: Redis (REDIS_URL set) and BullMQ's
// PostgreSQL backend (REDIS_URL ''). Each backend gets a worker-role AppModule on a database of its
// own; a mail job, an event delivery job and a scheduled job each run there, and the jobs are found
// in that backend's datastore (Redis keys under the prefix, or rows of the schema bullmq).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Injectable, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createDatabase, dropDatabase } from '../../support/global-setup.mjs';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { waitFor } from '../../support/wait.js';
import { startTestApp, type TestApp } from '../../support/worker-app.js';
import { z } from 'zod';
import { defineEvent } from '../../../contract/events/event-contract.js';
import {
  domainEvent,
  deliveryJobId,
  EventDeliveryProcessor,
  type EventContext,
  EventPublisher,
  OnEvent,
} from '../../../server/platform/events/index.js';
import { MailProcessor, MailQueue, SEND_TEMPLATE_JOB } from '../../../server/platform/mail/index.js';
import { QueueName, QueueService, ScheduledJobsProcessor } from '../../../server/platform/queue/index.js';

const parcel = z.object({ version: z.literal(1), parcel: z.string() });
class ParcelPacked extends domainEvent(defineEvent('test.parcel-packed', 1, parcel)) {}
class ParcelWeighed extends domainEvent(defineEvent('test.parcel-weighed', 1, parcel)) {}

@Injectable()
class PackingLog {
  slowStarted = false;

  @OnEvent(ParcelPacked, 'log-packing')
  async log(event: ParcelPacked, ctx: EventContext): Promise<void> {
    await ctx.manager.query(`INSERT INTO test_packed (event_id, parcel) VALUES ($1, $2)`, [ctx.eventId, event.payload.parcel]);
  }

  /** Takes half a second: still running when the test closes the application. */
  @OnEvent(ParcelWeighed, 'log-weighing')
  async weigh(event: ParcelWeighed, ctx: EventContext): Promise<void> {
    this.slowStarted = true;
    await new Promise((r) => setTimeout(r, 500));
    await ctx.manager.query(`INSERT INTO test_packed (event_id, parcel) VALUES ($1, $2)`, [ctx.eventId, event.payload.parcel]);
  }
}

@Module({ providers: [PackingLog] })
class PackingModule {}

/** The job once it is completed (state first, then the job, so its fields are the final ones). */
async function completed(queue: Queue, jobId: string): Promise<Job | undefined> {
  if ((await queue.getJobState(jobId)) !== 'completed') return undefined;
  return queue.getJob(jobId);
}

const backends = [
  { kind: 'redis' as const, env: (prefix: string) => ({ QUEUE_PREFIX: prefix }) },
  { kind: 'postgres' as const, env: () => ({ REDIS_URL: '' }) },
];

describe.each(backends)('@nestjs/bullmq processors on the $kind backend', ({ kind, env }) => {
  const prefix = `tqb${process.pid}${Date.now().toString(36)}`;
  let db: { url: string; name: string };
  let sql: pg.Pool;
  let mailDir: string;
  let shop: TestApp;
  let queues: QueueService;

  /** Whether the backend's datastore itself holds this job (not just some cache of the client). */
  async function storedInBackend(queue: QueueName, jobId: string): Promise<boolean> {
    if (kind === 'postgres') {
      const { rows } = await sql.query(`SELECT 1 FROM bullmq.job WHERE queue = $1 AND id = $2`, [queue, jobId]);
      return rows.length === 1;
    }
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      return (await redis.exists(`${prefix}:${queue}:${jobId}`)) === 1;
    } finally {
      redis.disconnect();
    }
  }

  beforeAll(async () => {
    db = await createDatabase('shop_queue_backends');
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
    await sql.query(`CREATE TABLE test_packed (event_id uuid NOT NULL, parcel text NOT NULL)`);
    mailDir = await mkdtemp(path.join(os.tmpdir(), 'shop-mail-backends-'));
    shop = await startTestApp({
      env: {
        DATABASE_URL: db.url,
        QUEUE_RETRY_DELAY_MS: '50',
        OUTBOX_POLL_MS: '250',
        SMTP_URL: undefined,
        MAIL_DIR: mailDir,
        ...env(prefix),
      },
      imports: [PackingModule],
    });
    queues = shop.app.get(QueueService);
  });

  afterAll(async () => {
    await shop?.close();
    if (kind === 'redis') await deleteRedisKeys(prefix);
    await sql?.end();
    if (db) await dropDatabase(db.name);
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  it('runs on the chosen backend, with a worker for each @Processor class', () => {
    expect(queues.backendKind).toBe(kind);
    // WorkerHost.worker throws unless @nestjs/bullmq created the processor's worker.
    expect(shop.app.get(MailProcessor).worker.name).toBe(QueueName.Mail);
    expect(shop.app.get(EventDeliveryProcessor).worker.name).toBe(QueueName.Events);
    expect(shop.app.get(ScheduledJobsProcessor).worker.name).toBe(QueueName.Scheduled);
    expect([...queues.consumedQueues()].sort()).toEqual(
      [QueueName.Events, QueueName.Mail, QueueName.Scheduled, QueueName.Payments, QueueName.Invoicing, QueueName.Newsletter].sort(),
    );
  });

  it('runs a mail job: the mail processor renders and sends it', async () => {
    const jobId = `activation__backend-${kind}`;
    const props = { firstName: 'Iva', activationUrl: `https://shop.example.hr/aktivacija?token=${kind}-t0k3n`, expiresInHours: 24 };
    await shop.app.get(MailQueue).enqueue('account-activation', props, { to: 'iva@example.com', locale: 'hr' }, jobId);
    const job = await waitFor('the mail job completed', () => completed(queues.queue(QueueName.Mail), jobId));
    expect(job.name).toBe(SEND_TEMPLATE_JOB);
    expect(job.attemptsMade).toBe(1);
    expect(job.returnvalue).toEqual({ messageId: expect.any(String) });
    expect(await storedInBackend(QueueName.Mail, jobId)).toBe(true);
    const files = await readdir(mailDir);
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(mailDir, files[0]!), 'utf8')).toContain(`${kind}-t0k3n`);
  });

  it('runs an event delivery job: the event processor hands the event to its subscriber once', async () => {
    const dataSource = shop.app.get<DataSource>(getDataSourceToken());
    const [eventId] = await dataSource.transaction((m) => shop.app.get(EventPublisher).publishAll(m, [new ParcelPacked({ parcel: kind })]));
    const jobId = deliveryJobId(eventId!, 'log-packing');
    const job = await waitFor('the delivery job completed', () => completed(queues.queue(QueueName.Events), jobId));
    expect(job.returnvalue).toBe('delivered');
    expect(await storedInBackend(QueueName.Events, jobId)).toBe(true);
    const { rows } = await sql.query(`SELECT parcel FROM test_packed WHERE event_id = $1`, [eventId]);
    expect(rows).toEqual([{ parcel: kind }]);
  });

  it('keeps the job schedulers of the scheduled work there, and runs a scheduled job by its name', async () => {
    const scheduled = queues.queue(QueueName.Scheduled);
    const names = shop.app.get(ScheduledJobsProcessor).names;
    expect(names).toEqual(expect.arrayContaining(['events.prune', 'identity.birthday-benefits']));
    const schedulers = await waitFor('the job schedulers upserted', async () => {
      const found = await scheduled.getJobSchedulers();
      return found.length >= names.length ? found : undefined;
    });
    expect(schedulers.map((s) => s.key).sort()).toEqual([...names].sort());
    expect(schedulers.find((s) => s.key === 'identity.birthday-benefits')).toMatchObject({ pattern: '5 0 * * *', tz: 'Europe/Zagreb' });

    await queues.add(QueueName.Scheduled, 'events.prune', {}, { jobId: `prune-now-${kind}` });
    const job = await waitFor('the prune job completed', () => completed(scheduled, `prune-now-${kind}`));
    expect(job.returnvalue).toEqual({ outbox: 0, deliveries: 0 });
    expect(await storedInBackend(QueueName.Scheduled, `prune-now-${kind}`)).toBe(true);

    // A job no @ScheduledJob method takes fails at once and stays visible.
    await queues.add(QueueName.Scheduled, 'nobody.does-this', {}, { jobId: `orphan-${kind}` });
    await waitFor('the orphan job failed', async () => (await scheduled.getJobState(`orphan-${kind}`)) === 'failed');
    const orphan = (await scheduled.getJob(`orphan-${kind}`))!;
    expect(orphan.attemptsMade).toBe(1);
    expect(orphan.failedReason).toMatch(/QUEUE_UNKNOWN_JOB/);
  });

  // Last: it closes the application.
  it('lets the worker finish its in-flight job when the application closes', async () => {
    const dataSource = shop.app.get<DataSource>(getDataSourceToken());
    const [eventId] = await dataSource.transaction((m) =>
      shop.app.get(EventPublisher).publishAll(m, [new ParcelWeighed({ parcel: `slow-${kind}` })]),
    );
    await waitFor('the slow subscriber started', () => shop.app.get(PackingLog).slowStarted);
    await shop.close();
    const { rows } = await sql.query(
      `SELECT e.parcel, d.subscriber_id FROM test_packed e JOIN event_delivery d USING (event_id) WHERE e.event_id = $1`,
      [eventId],
    );
    expect(rows).toEqual([{ parcel: `slow-${kind}`, subscriber_id: 'log-weighing' }]);
  });
});

describe("the web role on BullMQ's PostgreSQL backend", () => {
  let db: { url: string; name: string };
  let web: TestApp;

  beforeAll(async () => {
    db = await createDatabase('shop_queue_web');
    web = await startTestApp({ env: { DATABASE_URL: db.url, REDIS_URL: '' }, role: 'web' });
  });

  afterAll(async () => {
    await web?.close();
    if (db) await dropDatabase(db.name);
  });

  it('produces but consumes nothing and registers no job schedulers', async () => {
    const queues = web.app.get(QueueService);
    expect(queues.backendKind).toBe('postgres');
    expect(queues.consumedQueues()).toEqual([]);
    expect(() => web.app.get(MailProcessor).worker).toThrow(/has not yet been initialized/);
    await queues.add(QueueName.Mail, SEND_TEMPLATE_JOB, { nothing: true }, { jobId: 'web-only' });
    await new Promise((r) => setTimeout(r, 300)); // a worker would have taken it by now
    expect(await queues.queue(QueueName.Mail).getJobState('web-only')).toBe('waiting');
    expect(await queues.queue(QueueName.Scheduled).getJobSchedulers()).toEqual([]);
  });
});
