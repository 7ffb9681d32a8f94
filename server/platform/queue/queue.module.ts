import { type DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { DATABASE_URL } from '../database/index.js';
import { createPostgresQueueBackend, createRedisQueueBackend } from './queue-backend.js';
import { QueueHealthCheck } from './queue-health.check.js';
import { JobDataSealer } from './sealed-data.js';
import { QUEUE_BACKEND, QueueService } from './queue.service.js';

/**
 * BullMQ queues on Redis when REDIS_URL is set, otherwise on BullMQ's PostgreSQL backend in the
 * shop's database (schema bullmq). Global: any module injects QueueService.
 */
@Module({})
export class QueueModule {
  static forRoot(): DynamicModule {
    return {
      module: QueueModule,
      global: true,
      providers: [
        {
          provide: QUEUE_BACKEND,
          inject: [APP_CONFIG, DATABASE_URL],
          useFactory: (config: AppConfig, databaseUrl: string) =>
            config.redis.url ? createRedisQueueBackend(config.redis.url, config.queue.prefix) : createPostgresQueueBackend(databaseUrl),
        },
        QueueService,
        QueueHealthCheck,
        { provide: JobDataSealer, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new JobDataSealer(config.secretKey) },
      ],
      exports: [QueueService, QueueHealthCheck, JobDataSealer],
    };
  }
}
