import 'reflect-metadata';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { type Job, UnrecoverableError } from 'bullmq';
import type { AppConfig } from '../../config/index.js';
import { backendOf } from './queue-backend.js';
import { QueueName } from './queue-name.js';
import { QueueError } from './queue.errors.js';
import type { QueueService } from './queue.service.js';
import { ScheduledJob, ScheduledJobsProcessor } from './scheduled-jobs.js';

class Cleaner {
  runs = 0;
  @ScheduledJob('test.clean', { every: 60_000 })
  async clean(): Promise<string> {
    this.runs++;
    return `cleaned ${this.runs}`;
  }
}

class Greeter {
  @ScheduledJob('test.greet', { pattern: '5 0 * * *', tz: 'Europe/Zagreb' })
  async greet(): Promise<void> {}
  /** Not scheduled: ignored. */
  async other(): Promise<void> {}
}

class AlsoCleaner {
  @ScheduledJob('test.clean', { every: 1000 })
  async clean(): Promise<void> {}
}

function processorFor(instances: object[], role: AppConfig['role'] = 'worker') {
  const discovery = {
    getProviders: () => instances.map((instance) => ({ instance, metatype: instance.constructor })),
  } as unknown as DiscoveryService;
  const upserts: Array<{ id: string; repeat: unknown; template: unknown }> = [];
  const queue = {
    upsertJobScheduler: async (id: string, repeat: unknown, template: unknown) => {
      upserts.push({ id, repeat, template });
    },
  };
  const queues = { queue: (name: QueueName) => (name === QueueName.Scheduled ? queue : undefined) } as unknown as QueueService;
  const processor = new ScheduledJobsProcessor(discovery, new MetadataScanner(), queues, { role } as AppConfig);
  processor.onModuleInit();
  return { processor, upserts };
}

const job = (name: string) => ({ name }) as Job;

describe('@ScheduledJob and ScheduledJobsProcessor', () => {
  it('finds the decorated methods and runs each by its job name, on its own instance', async () => {
    const cleaner = new Cleaner();
    const { processor } = processorFor([cleaner, new Greeter()]);
    expect(processor.names.sort()).toEqual(['test.clean', 'test.greet']);
    await expect(processor.process(job('test.clean'))).resolves.toBe('cleaned 1');
    expect(cleaner.runs).toBe(1);
  });

  it('fails a job no method takes at once (no retry helps)', async () => {
    const { processor } = processorFor([new Cleaner()]);
    const failure = processor.process(job('nobody.does-this'));
    await expect(failure).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(failure).rejects.toThrow(/QUEUE_UNKNOWN_JOB/);
  });

  it('refuses two methods with one name at boot', () => {
    expect(() => processorFor([new Cleaner(), new AlsoCleaner()])).toThrow(QueueError);
    expect(() => processorFor([new Cleaner(), new AlsoCleaner()])).toThrow(/QUEUE_PROCESSOR_DUPLICATE/);
  });

  it("refuses a name BullMQ cannot take as a scheduler id (':')", () => {
    expect(() => ScheduledJob('test:clean', { every: 1000 })).toThrow(/QUEUE_INVALID_JOB_ID/);
  });

  it('upserts one job scheduler per method in the roles that run workers, none in the web role', async () => {
    const worker = processorFor([new Cleaner(), new Greeter()], 'worker');
    await worker.processor.applySchedules();
    expect(worker.upserts.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'test.clean', repeat: { every: 60_000 }, template: { name: 'test.clean', data: {} } },
      { id: 'test.greet', repeat: { pattern: '5 0 * * *', tz: 'Europe/Zagreb' }, template: { name: 'test.greet', data: {} } },
    ]);
    const web = processorFor([new Cleaner()], 'web');
    await web.processor.applySchedules();
    expect(web.upserts).toEqual([]);
  });
});

describe('backendOf', () => {
  it('refuses a connection no QueueBackend created (a queue built outside QueueModule)', () => {
    expect(() => backendOf({ host: 'localhost' })).toThrow(/without the connection of a QueueBackend/);
    expect(() => backendOf(undefined)).toThrow(/without the connection of a QueueBackend/);
  });
});
