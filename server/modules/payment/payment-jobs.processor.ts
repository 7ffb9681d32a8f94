import { Injectable } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { QUEUE_SETTINGS, QueueName } from '../../platform/queue/index.js';
import { PaymentSettlement, SETTLE_CALLBACK_JOB } from './settlement/payment-settlement.service.js';

/**
 * The payments queue's one consumer (one @Processor per queue: a worker takes every job of its
 * queue), dispatching by job name: the settlement of a stored provider callback. (The sandbox's
 * callbacks go through the events outbox: SandboxCallbackListener.)
 */
@Processor(QueueName.Payments, { concurrency: QUEUE_SETTINGS[QueueName.Payments].concurrency })
@Injectable()
export class PaymentJobsProcessor extends WorkerHost {
  constructor(private readonly settlement: PaymentSettlement) {
    super();
  }

  async process(job: Job<{ callbackId?: string }>): Promise<unknown> {
    if (job.name === SETTLE_CALLBACK_JOB && typeof job.data.callbackId === 'string')
      return this.settlement.settleCallback(job.data.callbackId);
    throw new UnrecoverableError(`no processor for job '${job.name}' on queue '${QueueName.Payments}'`);
  }
}
