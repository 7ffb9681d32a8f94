import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher } from '../../../platform/events/index.js';
import { QueueName, QueueService } from '../../../platform/queue/index.js';
import { InvoiceFiscalized } from '../events/invoice.events.js';
import { buildRacunZahtjev, CisUnavailableError, isTransientRejection, type FiscalizationGateway } from '../fiscal/index.js';
import { documentOf, InvoiceRepository } from '../invoice.repository.js';
import { InvoiceMails } from '../invoice-mails.js';
import { FISCALIZATION_GATEWAY, FiscalCertificates, INVOICING_SETTINGS, type InvoicingSettings } from '../invoicing-settings.js';

export const FISCALIZE_JOB = 'fiscalize';

/** Waits between attempts while CIS does not answer: `baseMs` (FISCAL_RETRY_BASE_MS, 30 s) doubling, at most 30 minutes. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 30 * 60_000);
}

/** The job id of an invoice's fiscalization run for its n-th attempt (one job per attempt, so a finished one never blocks the next). */
export const fiscalizeJobId = (invoiceId: string, attempt: number) => `fiscalize__${invoiceId}__${attempt}`;

/**
 * Fiscalizes one invoice with the Tax Administration (docs/invoicing.md 'Fiscalization'), run by the
 * invoicing queue's worker, never in a request:
 * 1. claim: a short transaction locks the invoice, records the attempt (a new IdPoruke; NakDost from
 *    the second attempt on, when the invoice was already given to the buyer with its ZKI only) and
 *    leases it for the timeout; an attempt left unanswered by a crash is sent again with its own
 *    message id, so a message is never sent twice under two ids;
 * 2. send the signed RacunZahtjev through the configured gateway (CIS or its sandbox);
 * 3. record: a JIR is stored once (the first wins; `invoice.fiscalized` in the same transaction), an
 *    error answer leaves the invoice `rejected` for an operator, no answer schedules the next attempt
 *    with backoff (law art. 21: within 2 working days; the operators are told after 24 hours).
 * After the first answer (or its absence) the buyer's invoice mail is queued once, with the PDF as it is
 * then (with the JIR, or with the ZKI and its QR code while CIS is away).
 */
@Injectable()
export class FiscalizationRunner {
  private readonly logger = new Logger('invoicing');

  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly certificates: FiscalCertificates,
    private readonly events: EventPublisher,
    private readonly mails: InvoiceMails,
    private readonly queues: QueueService,
    @Inject(FISCALIZATION_GATEWAY) private readonly gateway: FiscalizationGateway,
    @Inject(INVOICING_SETTINGS) private readonly settings: InvoicingSettings,
  ) {}

  /** Queues the next attempt of an invoice (idempotent per attempt number). */
  async schedule(invoiceId: string, attempt: number, delayMs = 0): Promise<void> {
    await this.queues.add(QueueName.Invoicing, FISCALIZE_JOB, { invoiceId }, { jobId: fiscalizeJobId(invoiceId, attempt), delay: delayMs });
  }

  async fiscalize(invoiceId: string, now = new Date()): Promise<'fiscalized' | 'rejected' | 'unavailable' | 'skipped'> {
    const claimed = await this.invoices.claimAttempt(invoiceId, now, this.settings.timeoutMs + 30_000, randomUUID());
    if (!claimed) return 'skipped';
    const { invoice, attempt } = claimed;
    const doc = documentOf(invoice);
    const xml = buildRacunZahtjev(doc, { messageId: attempt.message_id, sentAt: new Date(attempt.sent_at), lateDelivery: attempt.late_delivery }, this.certificates.current());
    let outcome: 'fiscalized' | 'rejected' | 'unavailable';
    try {
      const answer = await this.gateway.send(xml, { timeoutMs: this.settings.timeoutMs });
      const answeredAt = new Date();
      // CIS's own trouble (a system error) is waited out like its silence
      if (answer.kind === 'rejected' && isTransientRejection(answer))
        throw new CisUnavailableError(answer.errors.map((e) => `${e.code} ${e.message}`).join('; '), 'http_status');
      if (answer.kind === 'jir') {
        await this.invoices.transaction(async (manager) => {
          const stored = await this.invoices.recordJir(manager, attempt, answer.jir, answeredAt);
          if (stored)
            await this.events.publish(
              manager,
              new InvoiceFiscalized({ invoiceId, number: invoice.number, jir: answer.jir, late: attempt.late_delivery, fiscalizedAt: answeredAt.toISOString() }),
            );
          await this.mails.queueInvoiceMail(manager, invoiceId, answeredAt);
        });
        outcome = 'fiscalized';
      } else {
        const first = answer.errors[0] ?? { code: 'unknown', message: 'CIS answered an error without a code' };
        this.logger.error(`CIS refused invoice ${invoice.number} (${invoice.order_number}): ${answer.errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
        await this.invoices.recordRejection(attempt, first, answeredAt);
        await this.invoices.transaction((manager) => this.mails.queueInvoiceMail(manager, invoiceId, answeredAt));
        outcome = 'rejected';
      }
    } catch (err) {
      if (!(err instanceof CisUnavailableError)) throw err;
      const failedAt = new Date();
      const delay = retryDelayMs(attempt.attempt, this.settings.retryBaseMs);
      this.logger.warn(`CIS did not answer for invoice ${invoice.number} (attempt ${attempt.attempt}): ${err.message}; next attempt in ${Math.round(delay / 1000)} s`);
      await this.invoices.recordUnavailable(attempt, err.message, failedAt, new Date(failedAt.getTime() + delay));
      await this.invoices.transaction((manager) => this.mails.queueInvoiceMail(manager, invoiceId, failedAt));
      await this.schedule(invoiceId, attempt.attempt + 1, delay).catch((e: Error) =>
        this.logger.warn(`next fiscalization of ${invoice.number} not queued (${e.message}); the sweep will queue it`),
      );
      outcome = 'unavailable';
    }
    return outcome;
  }
}
