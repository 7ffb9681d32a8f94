import { Injectable } from '@nestjs/common';
import { invoiceIssued } from '../../../../contract/events/invoice.js';
import { type DomainEvent, type EventPayload, OnEvent } from '../../../platform/events/index.js';
import { FiscalizationRunner } from '../fiscalization/fiscalization-runner.js';

/** A new invoice goes to the invoicing queue for its first fiscalization attempt (a lost job is queued again by the sweep). */
@Injectable()
export class FiscalizationQueueListener {
  constructor(private readonly runner: FiscalizationRunner) {}

  @OnEvent(invoiceIssued, 'queue-fiscalization')
  async issued(event: DomainEvent<EventPayload<typeof invoiceIssued>>): Promise<void> {
    await this.runner.schedule(event.payload.invoiceId, 1);
  }
}
