import { Injectable, Logger } from '@nestjs/common';
import { ScheduledJob } from '../../../platform/queue/index.js';
import { InvoiceMails } from '../invoice-mails.js';
import { InvoiceRepository } from '../invoice.repository.js';

export const UNFISCALIZED_ALERT_JOB = 'invoicing.alert-unfiscalized';
/** Operators hear of an invoice still without a JIR this long after issue; the law allows 2 working days (art. 21). */
export const ALERT_AFTER_MS = 24 * 3600_000;
const EVERY_MS = 10 * 60_000;

/** Every 10 minutes: one mail to the order inbox listing the invoices that passed 24 hours without a JIR (each told once). */
@Injectable()
export class UnfiscalizedAlert {
  private readonly logger = new Logger('invoicing');

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly mails: InvoiceMails,
  ) {}

  @ScheduledJob(UNFISCALIZED_ALERT_JOB, { every: EVERY_MS })
  async alert(now = new Date()): Promise<{ alerted: string[] }> {
    const rows = await this.invoices.takeUnalerted(new Date(now.getTime() - ALERT_AFTER_MS), now, 200);
    if (!rows.length) return { alerted: [] };
    this.logger.error(`${rows.length} invoice(s) not fiscalized within 24 hours: ${rows.map((r) => r.number).join(', ')}`);
    await this.mails.queueAlert(rows, now);
    return { alerted: rows.map((r) => r.number) };
  }
}
