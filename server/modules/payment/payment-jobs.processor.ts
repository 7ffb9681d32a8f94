import { Injectable } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { QUEUE_SETTINGS, QueueName } from '../../platform/queue/index.js';
import { SANDBOX_CALLBACK_JOB, SandboxEmulator } from './sandbox/sandbox-emulator.service.js';

/**
 * The payments queue's one consumer (one @Processor per queue: a worker takes every job of its
 * queue), dispatching by job name. Today: the sandbox's callback deliveries, retried with the
 * queue's exponential backoff until the shop answers 200. The settlement of the provider's
 * callbacks will be a second job name here.
 */
@Processor(QueueName.Payments, { concurrency: QUEUE_SETTINGS[QueueName.Payments].concurrency })
@Injectable()
export class PaymentJobsProcessor extends WorkerHost {
  constructor(private readonly sandbox: SandboxEmulator) {
    super();
  }

  async process(job: Job<{ transactionId: string }>): Promise<unknown> {
    if (job.name === SANDBOX_CALLBACK_JOB) return this.sandbox.deliverCallback(job.data.transactionId);
    throw new UnrecoverableError(`no processor for job '${job.name}' on queue '${QueueName.Payments}'`);
  }
}
