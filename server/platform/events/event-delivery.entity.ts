import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The inbox: one row per (event, subscriber) whose handler committed. Written in the handler's own
 * transaction, so a redelivered job (at-least-once queues) finds it and is skipped.
 */
@Entity({ name: 'event_delivery' })
export class EventDelivery {
  @PrimaryColumn('uuid')
  eventId: string;

  @PrimaryColumn('text')
  subscriberId: string;

  @Column('timestamptz')
  processedAt: Date;
}
