import { Injectable, Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, UnrecoverableError } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { inTransactionScope, runAfterCommit } from '../database/index.js';
import { QUEUE_SETTINGS, QueueName } from '../queue/index.js';
import type { DeliveryJobData } from './delivery-job.js';
import { decodeEvent, type DomainEvent } from './domain-event.js';
import { EventsError } from './events.errors.js';
import { SubscriberRegistry, type Subscription } from './subscriber-registry.js';

export type DeliveryOutcome = 'delivered' | 'skipped';

/**
 * Runs one subscriber's handler for one event (a job of the events queue), exactly once as an
 * effect. The inbox row (event_delivery) and the handler's writes share one transaction, so:
 * a redelivered job finds the row and is skipped; a failed handler rolls both back and the job is
 * retried with backoff; two concurrent runs of the same job serialize on the row's primary key.
 */
@Injectable()
export class EventDispatcher {
  private readonly logger = new Logger('events');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly registry: SubscriberRegistry,
  ) {}

  async deliver(data: DeliveryJobData, attempt = 1): Promise<DeliveryOutcome> {
    const subscription = this.registry.get(data.eventName, data.subscriberId);
    if (!subscription) {
      // Retried, not dropped: during a rolling deploy a newer worker may know this subscriber.
      throw new EventsError('EVENT_SUBSCRIBER_UNKNOWN', `no subscriber '${data.subscriberId}' for '${data.eventName}' in this process`);
    }
    let event: DomainEvent;
    try {
      event = decodeEvent(subscription.eventClass, data.payload);
    } catch (err) {
      if (!(err instanceof EventsError) || err.code !== 'EVENT_PAYLOAD_INVALID') throw err; // a newer version: retried
      // A poison message: no retry can make it parse. The job fails at once and stays failed (the
      // dashboard keeps failed jobs 30 days); no inbox row, so a fixed release can retry it.
      this.logger.error(`event ${data.eventId} (${data.eventName}) not delivered to ${data.subscriberId}: ${err.message}`);
      throw new UnrecoverableError(err.message);
    }
    // The handler runs in a transaction scope: helpers that must write in its transaction (MailQueue
    // records its mails there) find the manager, and their after-commit work (adding the mail job)
    // runs once the effect and the inbox row are committed.
    const { result, afterCommit } = await this.db.transaction((manager) =>
      inTransactionScope(manager, () => this.handle(manager, data, subscription, event, attempt)),
    );
    await runAfterCommit(afterCommit, (err) =>
      this.logger.warn(
        `event ${data.eventId} (${data.eventName}), ${data.subscriberId}: after-commit work failed (${err.message}); its own redelivery repairs it`,
      ),
    );
    return result;
  }

  private async handle(
    manager: EntityManager,
    data: DeliveryJobData,
    subscription: Subscription,
    event: DomainEvent,
    attempt: number,
  ): Promise<DeliveryOutcome> {
    const claimed = (await manager.query(
      `INSERT INTO event_delivery (event_id, subscriber_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
      [data.eventId, data.subscriberId],
    )) as unknown[];
    if (!claimed.length) {
      this.logger.debug(`event ${data.eventId} (${data.eventName}) already handled by ${data.subscriberId}; skipped`);
      return 'skipped' as const;
    }
    await subscription.handler(event, {
      manager,
      eventId: data.eventId,
      occurredAt: new Date(data.occurredAt),
      subscriberId: data.subscriberId,
      attempt,
    });
    return 'delivered' as const;
  }
}

/**
 * The events queue's consumer (runs only where the role runs workers): every job on it, whatever
 * its name ('<event>/<subscriber>'), is one delivery.
 */
@Processor(QueueName.Events, { concurrency: QUEUE_SETTINGS[QueueName.Events].concurrency })
@Injectable()
export class EventDeliveryProcessor extends WorkerHost {
  constructor(private readonly dispatcher: EventDispatcher) {
    super();
  }

  process(job: Job<DeliveryJobData>): Promise<DeliveryOutcome> {
    return this.dispatcher.deliver(job.data, job.attemptsMade + 1);
  }
}
