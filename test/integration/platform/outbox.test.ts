// The transactional outbox end to end, on real PostgreSQL and real Redis (and once on BullMQ's
// PostgreSQL backend): AppModule booted as the worker role, with test subscribers whose effect is
// a row written through the handler's transaction. Each describe gets a database of its own, so
// no other relay (another test's shop) can take its events.
import { randomUUID } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createDatabase, dropDatabase } from '../../support/global-setup.mjs';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { TestRedisServer } from '../../support/redis-server.js';
import { waitFor } from '../../support/wait.js';
import { startTestApp, type TestApp } from '../../support/worker-app.js';
import { z } from 'zod';
import { defineEvent } from '../../../contract/events/event-contract.js';
import {
  type DomainEvent,
  domainEvent,
  deliveryJobId,
  type EventContext,
  EventPublisher,
  OnEvent,
  OutboxRedelivery,
  OutboxRelay,
} from '../../../server/platform/events/index.js';
import { QueueHealthCheck, QueueName, QueueService } from '../../../server/platform/queue/index.js';

const thing = z.object({ version: z.literal(1), thingId: z.string() });
class ThingHappened extends domainEvent(defineEvent('test.thing-happened', 1, thing)) {}
class FlakyThingHappened extends domainEvent(defineEvent('test.flaky-thing-happened', 1, thing)) {}
class SlowThingHappened extends domainEvent(defineEvent('test.slow-thing-happened', 1, thing)) {}

/** Test subscribers: each invocation is counted in memory; the effect is a row in test_effect. */
@Injectable()
class Recorder {
  readonly calls: Array<{ subscriber: string; eventId: string; attempt: number }> = [];
  slowStarted = false;

  private async record(subscriber: string, event: { payload: { thingId: string } }, ctx: EventContext): Promise<void> {
    this.calls.push({ subscriber, eventId: ctx.eventId, attempt: ctx.attempt });
    await ctx.manager.query(`INSERT INTO test_effect (event_id, subscriber_id, thing_id, attempt) VALUES ($1, $2, $3, $4)`, [
      ctx.eventId,
      subscriber,
      event.payload.thingId,
      ctx.attempt,
    ]);
  }

  @OnEvent(ThingHappened, 'record-a')
  a(event: ThingHappened, ctx: EventContext): Promise<void> {
    return this.record('record-a', event, ctx);
  }

  @OnEvent(ThingHappened, 'record-b')
  b(event: ThingHappened, ctx: EventContext): Promise<void> {
    return this.record('record-b', event, ctx);
  }

  /** Writes its effect, then fails on attempts 1 and 2: those writes must roll back. */
  @OnEvent(FlakyThingHappened, 'flaky')
  async flaky(event: FlakyThingHappened, ctx: EventContext): Promise<void> {
    await this.record('flaky', event, ctx);
    if (ctx.attempt < 3) throw new Error(`flaky failure on attempt ${ctx.attempt}`);
  }

  @OnEvent(SlowThingHappened, 'slow')
  async slow(event: SlowThingHappened, ctx: EventContext): Promise<void> {
    this.slowStarted = true;
    await new Promise((r) => setTimeout(r, 500));
    await this.record('slow', event, ctx);
  }
}

@Module({ providers: [Recorder] })
class RecorderModule {}

// ---------------------------------------------------------------------------------------------

async function freshDatabase(): Promise<{ url: string; name: string; sql: pg.Pool }> {
  const db = await createDatabase('shop_outbox');
  const sql = new pg.Pool({ connectionString: db.url, max: 2 });
  // No unique key on purpose: a duplicated effect would show up as a second row.
  await sql.query(
    `CREATE TABLE test_effect (id bigserial PRIMARY KEY, event_id uuid NOT NULL, subscriber_id text NOT NULL, thing_id text NOT NULL, attempt int NOT NULL)`,
  );
  return { ...db, sql };
}

const dataSource = (t: TestApp) => t.app.get<DataSource>(getDataSourceToken());

function publish(t: TestApp, ...events: DomainEvent[]): Promise<string[]> {
  const publisher = t.app.get(EventPublisher);
  return dataSource(t).transaction((manager) => publisher.publishAll(manager, events));
}

async function effectsOf(sql: pg.Pool, eventIds: string[]): Promise<Array<{ event_id: string; subscriber_id: string; n: number }>> {
  const { rows } = await sql.query(
    `SELECT event_id, subscriber_id, count(*)::int AS n FROM test_effect WHERE event_id = ANY($1::uuid[]) GROUP BY 1, 2 ORDER BY 1, 2`,
    [eventIds],
  );
  return rows;
}

async function unpublishedCount(sql: pg.Pool, eventIds: string[]): Promise<number> {
  const { rows } = await sql.query(`SELECT count(*)::int AS n FROM outbox_event WHERE id = ANY($1::uuid[]) AND published_at IS NULL`, [
    eventIds,
  ]);
  return rows[0].n;
}

/** The job once it is completed (state first, then the job, so its fields are the final ones). */
async function completedJob(t: TestApp, jobId: string): Promise<Job | undefined> {
  const queue = t.app.get(QueueService).queue(QueueName.Events);
  if ((await queue.getJobState(jobId)) !== 'completed') return undefined;
  return queue.getJob(jobId);
}

async function queueIdle(t: TestApp): Promise<boolean> {
  const c = await t.app.get(QueueService).queue(QueueName.Events).getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return Object.values(c).every((n) => n === 0);
}

const callsFor = (apps: TestApp[], eventIds: string[]) =>
  apps.flatMap((t) => t.app.get(Recorder).calls).filter((c) => eventIds.includes(c.eventId));

// ---------------------------------------------------------------------------------------------

describe('transactional outbox on Redis, two relays at once', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestApp;
  let b: TestApp;
  const prefix = `tob${process.pid}${Date.now().toString(36)}`;

  beforeAll(async () => {
    db = await freshDatabase();
    const env = {
      DATABASE_URL: db.url,
      QUEUE_PREFIX: prefix,
      QUEUE_RETRY_DELAY_MS: '50',
      OUTBOX_POLL_MS: '250',
    };
    [a, b] = await Promise.all([startTestApp({ env, imports: [RecorderModule] }), startTestApp({ env, imports: [RecorderModule] })]);
    expect(a.app.get(QueueService).backendKind).toBe('redis');
    expect(a.app.get(OutboxRelay).isRunning).toBe(true);
    expect(b.app.get(OutboxRelay).isRunning).toBe(true);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await deleteRedisKeys(prefix);
    await db?.sql.end();
    if (db) await dropDatabase(db.name);
  });

  it('never delivers an event written in a rolled-back transaction', async () => {
    const publisher = a.app.get(EventPublisher);
    const rolledBack = randomUUID();
    await expect(
      dataSource(a).transaction(async (manager) => {
        await publisher.publish(manager, new ThingHappened({ thingId: rolledBack }));
        throw new Error('a business rule failed after the event was written');
      }),
    ).rejects.toThrow('a business rule failed');

    // An event committed afterwards goes all the way through: the relays had their chance.
    const [marker] = await publish(a, new ThingHappened({ thingId: randomUUID() }));
    await waitFor('the committed event delivered to both subscribers', async () => (await effectsOf(db.sql, [marker!])).length === 2);

    const outbox = await db.sql.query(`SELECT count(*)::int AS n FROM outbox_event WHERE payload->>'thingId' = $1`, [rolledBack]);
    expect(outbox.rows[0].n).toBe(0);
    const effects = await db.sql.query(`SELECT count(*)::int AS n FROM test_effect WHERE thing_id = $1`, [rolledBack]);
    expect(effects.rows[0].n).toBe(0);
    const jobs = await a.app.get(QueueService).queue(QueueName.Events).getJobs(['completed', 'failed', 'waiting', 'active', 'delayed']);
    expect(jobs.filter((j) => j?.data?.payload?.thingId === rolledBack)).toHaveLength(0);
    expect(
      jobs
        .filter((j) => j?.data?.eventId === marker)
        .map((j) => j.id)
        .sort(),
    ).toEqual([deliveryJobId(marker!, 'record-a'), deliveryJobId(marker!, 'record-b')].sort());
  });

  it('refuses to publish outside a transaction', async () => {
    await expect(a.app.get(EventPublisher).publish(dataSource(a).manager, new ThingHappened({ thingId: 'x' }))).rejects.toMatchObject({
      code: 'EVENT_OUTSIDE_TRANSACTION',
    });
  });

  it('delivers each committed event to each subscriber exactly once as an effect, with two relays running', async () => {
    const relayedBefore = a.app.get(OutboxRelay).relayed + b.app.get(OutboxRelay).relayed;
    // 40 separate transactions at once, committed through both processes.
    const ids = (
      await Promise.all(Array.from({ length: 40 }, (_, i) => publish(i % 2 ? a : b, new ThingHappened({ thingId: `thing-${i}` }))))
    ).flat();

    await waitFor('every event relayed', async () => (await unpublishedCount(db.sql, ids)) === 0);
    await waitFor('both subscribers ran for every event', async () => (await effectsOf(db.sql, ids)).length === 80);
    await waitFor('the events queue idle', () => queueIdle(a));

    const effects = await effectsOf(db.sql, ids);
    expect(effects).toHaveLength(80);
    expect(effects.every((e) => e.n === 1)).toBe(true);
    // Each row was taken by exactly one relay, once (FOR UPDATE SKIP LOCKED).
    const attempts = await db.sql.query(
      `SELECT attempts, count(*)::int AS n FROM outbox_event WHERE id = ANY($1::uuid[]) GROUP BY attempts`,
      [ids],
    );
    expect(attempts.rows).toEqual([{ attempts: 1, n: 40 }]);
    expect(a.app.get(OutboxRelay).relayed + b.app.get(OutboxRelay).relayed - relayedBefore).toBe(40);
    const deliveries = await db.sql.query(`SELECT count(*)::int AS n FROM event_delivery WHERE event_id = ANY($1::uuid[])`, [ids]);
    expect(deliveries.rows[0].n).toBe(80);
    expect(callsFor([a, b], ids)).toHaveLength(80);

    // A relay that crashed after adding the jobs but before marking its rows: the rows come back.
    const again = ids.slice(0, 5);
    const jobIds = again.flatMap((id) => [deliveryJobId(id, 'record-a'), deliveryJobId(id, 'record-b')]);
    const firstRun = await Promise.all(jobIds.map((id) => completedJob(a, id)));
    expect(firstRun.every((j) => j?.returnvalue === 'delivered')).toBe(true);
    await db.sql.query(`UPDATE outbox_event SET published_at = NULL WHERE id = ANY($1::uuid[])`, [again]);
    await waitFor('the rows relayed a second time', async () => {
      const { rows } = await db.sql.query(
        `SELECT count(*)::int AS n FROM outbox_event WHERE id = ANY($1::uuid[]) AND published_at IS NOT NULL AND attempts = 2`,
        [again],
      );
      return rows[0].n === 5;
    });
    // Same deterministic job ids: BullMQ ignored the second add; the jobs are the ones that ran.
    for (const [i, id] of jobIds.entries()) {
      const job = await completedJob(a, id);
      expect(job?.timestamp).toBe(firstRun[i]!.timestamp);
      expect(job?.attemptsMade).toBe(1);
    }

    // The completed jobs were trimmed meanwhile: now the relay's add creates them anew, they run,
    // find the inbox row and skip the handler.
    await Promise.all(firstRun.map((j) => j!.remove()));
    await db.sql.query(`UPDATE outbox_event SET published_at = NULL WHERE id = ANY($1::uuid[])`, [again]);
    const rerun = await waitFor('the re-added jobs completed', async () => {
      const jobs = await Promise.all(jobIds.map((id) => completedJob(a, id)));
      return jobs.every(Boolean) ? jobs : undefined;
    });
    expect(rerun.map((j) => j!.returnvalue)).toEqual(jobIds.map(() => 'skipped'));
    expect(await effectsOf(db.sql, ids)).toEqual(effects);
    expect(callsFor([a, b], ids)).toHaveLength(80);
  });

  it('retries a subscriber that fails twice, and keeps only the effect of the attempt that succeeded', async () => {
    const [id] = await publish(a, new FlakyThingHappened({ thingId: 'flaky-thing' }));
    const job = await waitFor('the flaky job completed', () => completedJob(a, deliveryJobId(id!, 'flaky')));
    expect(job.attemptsMade).toBe(3);
    expect(job.returnvalue).toBe('delivered');
    expect(
      callsFor([a, b], [id!])
        .map((c) => c.attempt)
        .sort(),
    ).toEqual([1, 2, 3]);
    const { rows } = await db.sql.query(`SELECT subscriber_id, attempt FROM test_effect WHERE event_id = $1`, [id]);
    expect(rows).toEqual([{ subscriber_id: 'flaky', attempt: 3 }]);
  });
});

describe('transactional outbox while Redis is unreachable', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let redis: TestRedisServer;
  let t: TestApp;

  beforeAll(async () => {
    db = await freshDatabase();
    redis = await TestRedisServer.start();
    t = await startTestApp({
      env: { DATABASE_URL: db.url, REDIS_URL: redis.url, QUEUE_PREFIX: 'down', QUEUE_RETRY_DELAY_MS: '50', OUTBOX_POLL_MS: '250' },
      imports: [RecorderModule],
    });
  });

  afterAll(async () => {
    // Close against a live Redis, whatever happened in the test; then stop what we started.
    await redis?.resume().catch(() => undefined);
    await t?.close();
    await redis?.stop();
    await db?.sql.end();
    if (db) await dropDatabase(db.name);
  });

  it('keeps an event committed while Redis is down and delivers it once Redis is back', async () => {
    await t.app.get(QueueHealthCheck).check();
    await redis.stop();
    await expect(t.app.get(QueueHealthCheck).check()).rejects.toThrow();

    // The business transaction commits: it needs PostgreSQL only.
    const [id] = await publish(t, new ThingHappened({ thingId: 'while-redis-is-down' }));
    const failed = await waitFor('a failed relay attempt recorded on the row', async () => {
      const { rows } = await db.sql.query(`SELECT published_at, attempts, last_error FROM outbox_event WHERE id = $1`, [id]);
      return rows[0]?.attempts >= 1 && rows[0]?.last_error ? rows[0] : undefined;
    });
    expect(failed.published_at).toBeNull();
    expect(failed.last_error).toMatch(/cannot enqueue 2 job\(s\) for 1 event/);
    expect(await effectsOf(db.sql, [id!])).toEqual([]);

    await redis.resume();
    await waitFor('delivery to both subscribers after Redis came back', async () => (await effectsOf(db.sql, [id!])).length === 2, {
      timeoutMs: 30_000,
    });
    expect(await effectsOf(db.sql, [id!])).toEqual([
      { event_id: id, subscriber_id: 'record-a', n: 1 },
      { event_id: id, subscriber_id: 'record-b', n: 1 },
    ]);
    const { rows } = await db.sql.query(`SELECT published_at, last_error FROM outbox_event WHERE id = $1`, [id]);
    expect(rows[0].published_at).not.toBeNull();
    expect(rows[0].last_error).toBeNull();
    await t.app.get(QueueHealthCheck).check();
  });
});

describe('transactional outbox when Redis loses its data', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let redis: TestRedisServer;
  const apps: TestApp[] = [];
  // Redelivery after 300 ms; retries wait 400 ms, 800 ms, ... (longer than that, on purpose).
  const env = () => ({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: 'lost',
    QUEUE_RETRY_DELAY_MS: '400',
    OUTBOX_POLL_MS: '250',
    OUTBOX_REDELIVER_AFTER_MS: '300',
  });

  beforeAll(async () => {
    db = await freshDatabase();
    // A throwaway Redis of this test's own: FLUSHALL never touches the shared one.
    redis = await TestRedisServer.start();
  });

  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await redis?.stop();
    await db?.sql.end();
    if (db) await dropDatabase(db.name);
  });

  async function flushAll(): Promise<void> {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      expect(await client.flushall()).toBe('OK');
    } finally {
      client.disconnect();
    }
  }

  it('adds the jobs Redis lost again (same ids) and handles every event exactly once', async () => {
    // A relay that hands the jobs to Redis while no consumer runs anywhere (the web role has no workers).
    const producer = await startTestApp({ env: env(), role: 'web', imports: [RecorderModule] });
    apps.push(producer);
    producer.app.get(OutboxRelay).start();
    const ids = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => publish(producer, new ThingHappened({ thingId: `lost-${i}` }))))
    ).flat();
    await waitFor('every event handed to Redis', async () => (await unpublishedCount(db.sql, ids)) === 0);
    const queue = producer.app.get(QueueService).queue(QueueName.Events);
    expect(await queue.getJobCounts('waiting')).toEqual({ waiting: 40 });

    // Redis loses everything before a single job ran (the scan may recreate jobs from now on).
    await flushAll();
    expect(await effectsOf(db.sql, ids)).toEqual([]);

    const worker = await startTestApp({ env: env(), role: 'worker', imports: [RecorderModule] });
    apps.push(worker);
    await waitFor('both subscribers ran for every event', async () => (await effectsOf(db.sql, ids)).length === 40, { timeoutMs: 30_000 });
    await waitFor('the events queue idle', () => queueIdle(worker));
    await waitFor('every row settled', async () => {
      const { rows } = await db.sql.query(
        `SELECT count(*)::int AS n FROM outbox_event WHERE id = ANY($1::uuid[]) AND settled_at IS NOT NULL`,
        [ids],
      );
      return rows[0].n === 20;
    });

    const effects = await effectsOf(db.sql, ids);
    expect(effects).toHaveLength(40);
    expect(effects.every((e) => e.n === 1)).toBe(true);
    expect(callsFor(apps, ids)).toHaveLength(40);
    const deliveries = await db.sql.query(`SELECT count(*)::int AS n FROM event_delivery WHERE event_id = ANY($1::uuid[])`, [ids]);
    expect(deliveries.rows[0].n).toBe(40);
    // Redelivered, not relayed again: each row was published once and had its jobs recreated once.
    const rows = await db.sql.query(
      `SELECT attempts, redeliveries, subscriber_ids, count(*)::int AS n FROM outbox_event WHERE id = ANY($1::uuid[]) GROUP BY 1, 2, 3`,
      [ids],
    );
    expect(rows.rows).toEqual([{ attempts: 1, redeliveries: 1, subscriber_ids: ['record-a', 'record-b'], n: 20 }]);
    const recreated = apps.reduce((n, t) => n + t.app.get(OutboxRedelivery).recreated, 0);
    expect(recreated).toBe(40);
    for (const id of ids.slice(0, 3)) {
      const job = await completedJob(worker, deliveryJobId(id, 'record-a'));
      expect(job?.returnvalue).toBe('delivered');
    }
  });

  it('leaves a retrying job alone: its backoff and attempt count are undisturbed', async () => {
    const worker = apps.find((t) => t.config.role === 'worker')!;
    const [id] = await publish(worker, new FlakyThingHappened({ thingId: 'flaky-while-redelivering' }));
    // Attempts 1 and 2 fail; the job then waits 400 ms and 800 ms, while the scan (every 150 ms)
    // sees a published event without its inbox row.
    const job = await waitFor('the flaky job completed', () => completedJob(worker, deliveryJobId(id!, 'flaky')), { timeoutMs: 30_000 });
    expect(job.attemptsMade).toBe(3);
    expect(
      callsFor(apps, [id!])
        .map((c) => c.attempt)
        .sort(),
    ).toEqual([1, 2, 3]);
    const { rows } = await db.sql.query(`SELECT redeliveries, checked_at FROM outbox_event WHERE id = $1`, [id]);
    expect(rows[0].checked_at).not.toBeNull(); // the scan did look at it ...
    expect(rows[0].redeliveries).toBe(0); // ... and added nothing
    expect((await db.sql.query(`SELECT attempt FROM test_effect WHERE event_id = $1`, [id])).rows).toEqual([{ attempt: 3 }]);
  });

  it('gives up (and logs) an event older than OUTBOX_REDELIVER_MAX_AGE_MS instead of re-adding it', async () => {
    const producer = apps.find((t) => t.config.role === 'web')!;
    const worker = apps.find((t) => t.config.role === 'worker')!;
    await producer.app.get(QueueService).queue(QueueName.Events).pause();
    try {
      const [id] = await publish(producer, new ThingHappened({ thingId: 'too-old' }));
      await waitFor('the event handed to Redis', async () => (await unpublishedCount(db.sql, [id!])) === 0);
      await db.sql.query(`UPDATE outbox_event SET published_at = published_at - interval '2 days' WHERE id = $1`, [id]);
      await flushAll();
      const row = await waitFor('the row settled as given up', async () => {
        const { rows } = await db.sql.query(`SELECT settled_at, redeliveries, last_error FROM outbox_event WHERE id = $1`, [id]);
        return rows[0].settled_at ? rows[0] : undefined;
      });
      expect(row.redeliveries).toBe(0);
      expect(row.last_error).toMatch(/not delivered to record-a, record-b within 86400000 ms of publication; no longer redelivered/);
      expect(await worker.app.get(QueueService).queue(QueueName.Events).getJobState(deliveryJobId(id!, 'record-a'))).toBe('unknown');
      expect(await effectsOf(db.sql, [id!])).toEqual([]);
    } finally {
      await producer.app.get(QueueService).queue(QueueName.Events).resume();
    }
  });
});

describe("transactional outbox on BullMQ's PostgreSQL backend (no REDIS_URL)", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await freshDatabase();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: '',
      QUEUE_RETRY_DELAY_MS: '50',
      OUTBOX_POLL_MS: '250',
      OUTBOX_REDELIVER_AFTER_MS: '300',
    };
    a = await startTestApp({ env, imports: [RecorderModule] });
    b = await startTestApp({ env, imports: [RecorderModule] });
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db?.sql.end();
    if (db) await dropDatabase(db.name);
  });

  it('runs the queues in the schema bullmq of the same database', async () => {
    expect(a.app.get(QueueService).backendKind).toBe('postgres');
    const { rows } = await db.sql.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'bullmq'`);
    expect(rows[0].n).toBeGreaterThan(0);
    await a.app.get(QueueHealthCheck).check();
  });

  it('delivers each committed event to each subscriber exactly once, with two relays, and retries a failing one', async () => {
    const ids = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => publish(i % 2 ? a : b, new ThingHappened({ thingId: `pg-${i}` }))))
    ).flat();
    const [flakyId] = await publish(b, new FlakyThingHappened({ thingId: 'pg-flaky' }));
    await waitFor('both subscribers ran for every event', async () => (await effectsOf(db.sql, ids)).length === 40);
    const flaky = await waitFor('the flaky job completed', () => completedJob(a, deliveryJobId(flakyId!, 'flaky')));
    await waitFor('the events queue idle', () => queueIdle(a));

    const effects = await effectsOf(db.sql, ids);
    expect(effects).toHaveLength(40);
    expect(effects.every((e) => e.n === 1)).toBe(true);
    const attempts = await db.sql.query(
      `SELECT attempts, count(*)::int AS n FROM outbox_event WHERE id = ANY($1::uuid[]) GROUP BY attempts`,
      [ids],
    );
    expect(attempts.rows).toEqual([{ attempts: 1, n: 20 }]);
    expect(callsFor([a, b], ids)).toHaveLength(40);

    expect(flaky.attemptsMade).toBe(3);
    const { rows } = await db.sql.query(`SELECT attempt FROM test_effect WHERE event_id = $1`, [flakyId]);
    expect(rows).toEqual([{ attempt: 3 }]);
  });

  it('recreates jobs lost from the PostgreSQL backend as well, and delivers them once', async () => {
    const queue = a.app.get(QueueService).queue(QueueName.Events);
    await queue.pause();
    let id: string | undefined;
    try {
      [id] = await publish(a, new ThingHappened({ thingId: 'pg-lost' }));
      await waitFor('the event handed to the queue', async () => (await unpublishedCount(db.sql, [id!])) === 0);
      // The queue's rows are gone (say, BullMQ's schema restored from an older backup).
      const deleted = await db.sql.query(`DELETE FROM bullmq.job WHERE queue = $1 AND id LIKE $2`, [QueueName.Events, `${id}\\_\\_%`]);
      expect(deleted.rowCount).toBe(2);
    } finally {
      await queue.resume();
    }
    await waitFor('both subscribers ran', async () => (await effectsOf(db.sql, [id!])).length === 2, { timeoutMs: 30_000 });
    await waitFor('the events queue idle', () => queueIdle(a));
    expect(await effectsOf(db.sql, [id!])).toEqual([
      { event_id: id, subscriber_id: 'record-a', n: 1 },
      { event_id: id, subscriber_id: 'record-b', n: 1 },
    ]);
    expect(callsFor([a, b], [id!])).toHaveLength(2);
    const { rows } = await db.sql.query(`SELECT attempts, redeliveries FROM outbox_event WHERE id = $1`, [id]);
    expect(rows).toEqual([{ attempts: 1, redeliveries: 1 }]);
  });
});

describe('roles and graceful shutdown', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const prefix = `trl${process.pid}${Date.now().toString(36)}`;
  const apps: TestApp[] = [];
  const env = () => ({ DATABASE_URL: db.url, QUEUE_PREFIX: prefix, QUEUE_RETRY_DELAY_MS: '50', OUTBOX_POLL_MS: '250' });

  beforeAll(async () => {
    db = await freshDatabase();
  });

  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await deleteRedisKeys(prefix);
    await db?.sql.end();
    if (db) await dropDatabase(db.name);
  });

  it('publishes from the web role, which runs no relay and no workers; a worker delivers', async () => {
    const web = await startTestApp({ env: env(), role: 'web', imports: [RecorderModule] });
    apps.push(web);
    expect(web.app.get(OutboxRelay).isRunning).toBe(false);
    expect(web.app.get(QueueService).consumedQueues()).toEqual([]);

    const [id] = await publish(web, new ThingHappened({ thingId: 'from-web' }));
    expect(await unpublishedCount(db.sql, [id!])).toBe(1);

    const worker = await startTestApp({ env: env(), role: 'worker', imports: [RecorderModule] });
    apps.push(worker);
    expect(worker.app.get(OutboxRelay).isRunning).toBe(true);
    expect(worker.app.get(QueueService).consumedQueues()).toEqual(expect.arrayContaining([QueueName.Events, QueueName.Scheduled]));
    await waitFor('the worker delivered the web-published event', async () => (await effectsOf(db.sql, [id!])).length === 2);
    expect(web.app.get(Recorder).calls).toEqual([]);
  });

  it('finishes an in-flight job before the worker shuts down', async () => {
    // Only this worker runs now.
    await Promise.all(apps.map((t) => t.close()));
    const worker = await startTestApp({ env: env(), role: 'worker', imports: [RecorderModule] });
    apps.push(worker);
    const [id] = await publish(worker, new SlowThingHappened({ thingId: 'slow' }));
    await waitFor('the slow handler started', () => worker.app.get(Recorder).slowStarted);
    await worker.close();
    const { rows } = await db.sql.query(`SELECT subscriber_id FROM event_delivery WHERE event_id = $1`, [id]);
    expect(rows).toEqual([{ subscriber_id: 'slow' }]);
    expect((await effectsOf(db.sql, [id!])).map((e) => e.subscriber_id)).toEqual(['slow']);
  });
});
