import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { DATABASE_URL } from '../database/index.js';
import { BackendQueue, BackendWorker } from './backend-classes.js';
import { createPostgresQueueBackend, createRedisQueueBackend, type QueueBackend } from './queue-backend.js';
import { QueueHealthCheck } from './queue-health.check.js';
import { KEEP_COMPLETED, KEEP_FAILED, QUEUE_SETTINGS, QueueName } from './queue-name.js';
import { ScheduledJobsProcessor } from './scheduled-jobs.js';
import { JobDataSealer } from './sealed-data.js';
import { QUEUE_BACKEND, QueueService } from './queue.service.js';

// @nestjs/bullmq builds every Queue and Worker from these classes: they add the backend factory it
// cannot pass (see BackendQueue). Process-wide, as the classes pick the backend per instance.
BullModule.queueClass = BackendQueue;
BullModule.workerClass = BackendWorker;

/** The datastore of the queues: Redis when REDIS_URL is set, otherwise BullMQ's PostgreSQL backend. */
@Module({
  providers: [
    {
      provide: QUEUE_BACKEND,
      inject: [APP_CONFIG, DATABASE_URL],
      useFactory: (config: AppConfig, databaseUrl: string): QueueBackend =>
        config.redis.url ? createRedisQueueBackend(config.redis.url, config.queue.prefix) : createPostgresQueueBackend(databaseUrl),
    },
  ],
  exports: [QUEUE_BACKEND],
})
class QueueBackendModule {}

/**
 * BullMQ queues through @nestjs/bullmq: BullModule's shared options come from the backend (on
 * Redis when REDIS_URL is set, otherwise on BullMQ's PostgreSQL backend in the shop's database,
 * schema bullmq), each queue of QueueName is registered with its retry defaults, and the
 * processors' workers start only where the role runs workers (QueueService, not @nestjs/bullmq's
 * automatic registration). Global: any module injects QueueService, and @Processor classes
 * anywhere find their queue.
 */
@Module({})
export class QueueModule {
  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      imports: [
        DiscoveryModule,
        QueueBackendModule,
        BullModule.forRootAsync({
          imports: [QueueBackendModule],
          inject: [QUEUE_BACKEND],
          useFactory: (backend: QueueBackend) => ({ ...backend.sharedOptions }) as never,
          extraOptions: { manualRegistration: true },
        }),
        BullModule.registerQueueAsync(
          ...Object.values(QueueName).map((name) => ({
            name,
            inject: [APP_CONFIG],
            useFactory: (config: AppConfig) => ({
              defaultJobOptions: {
                attempts: QUEUE_SETTINGS[name].attempts,
                backoff: { type: 'exponential', delay: config.queue.retryDelayMs },
                removeOnComplete: KEEP_COMPLETED,
                removeOnFail: KEEP_FAILED,
              },
            }),
          })),
        ),
      ],
      providers: [
        QueueService,
        QueueHealthCheck,
        ScheduledJobsProcessor,
        { provide: JobDataSealer, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new JobDataSealer(config.secretKey) },
      ],
      exports: [BullModule, QueueService, QueueHealthCheck, JobDataSealer],
    };
  }
}
