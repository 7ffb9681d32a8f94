import { Injectable, Logger } from '@nestjs/common';
import { ScheduledJob } from '../../../platform/queue/index.js';
import { FiscalizationRunner } from '../fiscalization/fiscalization-runner.js';
import { InvoiceRepository } from '../invoice.repository.js';

export const FISCALIZATION_SWEEP_JOB = 'invoicing.fiscalize-due';
const EVERY_MS = 30_000;
const BATCH = 100;

/**
 * Every 30 s: every invoice whose fiscalization is due (a new one whose job the queue lost, a retry
 * whose delayed job is gone, an operator's 'retry now') gets its job for the next attempt. The job id
 * names the attempt, so an invoice already queued is not queued twice.
 */
@Injectable()
export class FiscalizationSweep {
  private readonly logger = new Logger('invoicing');

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly runner: FiscalizationRunner,
  ) {}

  @ScheduledJob(FISCALIZATION_SWEEP_JOB, { every: EVERY_MS })
  async sweep(now = new Date()): Promise<{ queued: number }> {
    const due = await this.invoices.due(now, BATCH);
    for (const d of due) await this.runner.schedule(d.id, d.fiscal_attempts + 1);
    if (due.length) this.logger.log(`${due.length} invoice(s) due for fiscalization queued`);
    return { queued: due.length };
  }
}
