import { Injectable } from '@nestjs/common';
import type { HealthCheck } from '../health/index.js';
import { QueueService } from './queue.service.js';

/** Readiness of the queue datastore (Redis PING, or a count query on the PostgreSQL backend). */
@Injectable()
export class QueueHealthCheck implements HealthCheck {
  readonly name = 'queue';
  constructor(private readonly queues: QueueService) {}

  // An arrow property: the health controller calls check() detached from this object.
  readonly check = (): Promise<void> => this.queues.ping();
}
