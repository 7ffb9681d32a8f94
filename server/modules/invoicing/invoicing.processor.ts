import { Injectable } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { QUEUE_SETTINGS, QueueName } from '../../platform/queue/index.js';
import { FISCALIZE_JOB, FiscalizationRunner } from './fiscalization/fiscalization-runner.js';

/** The invoicing queue's one consumer: fiscalization runs (FiscalizationRunner), one invoice per job. */
@Processor(QueueName.Invoicing, { concurrency: QUEUE_SETTINGS[QueueName.Invoicing].concurrency })
@Injectable()
export class InvoicingProcessor extends WorkerHost {
  constructor(private readonly runner: FiscalizationRunner) {
    super();
  }

  async process(job: Job<{ invoiceId?: string }>): Promise<unknown> {
    if (job.name === FISCALIZE_JOB && typeof job.data.invoiceId === 'string') return this.runner.fiscalize(job.data.invoiceId);
    throw new UnrecoverableError(`no processor for job '${job.name}' on queue '${QueueName.Invoicing}'`);
  }
}
