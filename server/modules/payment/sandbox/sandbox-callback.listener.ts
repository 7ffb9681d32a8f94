import { Injectable } from '@nestjs/common';
import { paymentSandboxCallbackOwed } from '../../../../contract/events/payment.js';
import { type DomainEvent, type EventPayload, OnEvent } from '../../../platform/events/index.js';
import { SandboxEmulator } from './sandbox-emulator.service.js';

/**
 * Delivers the callbacks the sandbox owes (payment.sandbox-callback-owed, published in the
 * transaction that approved). A delivery that does not get a 200 throws: the events queue retries
 * it with backoff, and the outbox's redelivery scan recreates it if the queue lost it (Redis
 * flushed), so an approved sandbox payment always reaches the shop (docs/payments.md).
 */
@Injectable()
export class SandboxCallbackListener {
  constructor(private readonly emulator: SandboxEmulator) {}

  @OnEvent(paymentSandboxCallbackOwed, 'deliver-sandbox-callback')
  async deliver(event: DomainEvent<EventPayload<typeof paymentSandboxCallbackOwed>>): Promise<void> {
    await this.emulator.deliverCallback(event.payload.transactionId);
  }
}
