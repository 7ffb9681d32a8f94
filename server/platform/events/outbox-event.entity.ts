import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A domain event waiting in (or relayed from) the transactional outbox. Written by
 * EventPublisher in the transaction of the state change it describes; the relay sets
 * published_at once one job per subscriber is in the events queue.
 */
@Entity({ name: 'outbox_event' })
export class OutboxEvent {
  @PrimaryColumn('uuid')
  id: string;

  /** The event class's static eventName, e.g. 'identity.user-registered'. */
  @Column('text')
  name: string;

  @Column('jsonb')
  payload: Record<string, unknown>;

  @Column('timestamptz')
  occurredAt: Date;

  @Column('timestamptz', { nullable: true })
  publishedAt: Date | null;

  /** Relay attempts (successful or not). */
  @Column('integer')
  attempts: number;

  /** Why the last relay attempt failed (queue backend unreachable, ...); null after success. */
  @Column('text', { nullable: true })
  lastError: string | null;

  /** The subscribers the relay enqueued a job for (null on rows relayed before redelivery existed). */
  @Column('text', { array: true, nullable: true })
  subscriberIds: string[] | null;

  /** When the redelivery scan last looked at this row (re-adding the jobs still undelivered). */
  @Column('timestamptz', { nullable: true })
  checkedAt: Date | null;

  /** How often the redelivery scan re-added jobs for this event. */
  @Column('integer')
  redeliveries: number;

  /** Every subscriber has its inbox row, or the event grew too old to redeliver: no longer scanned. */
  @Column('timestamptz', { nullable: true })
  settledAt: Date | null;
}
