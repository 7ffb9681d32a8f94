import { assertJobId } from '../queue/index.js';

/** What the relay puts in the events queue: one job per (event, subscriber). */
export interface DeliveryJobData {
  eventId: string;
  eventName: string;
  subscriberId: string;
  occurredAt: string;
  payload: Record<string, unknown>;
}

/**
 * Deterministic, so a relay that adds the same event twice (it crashed before marking the row
 * published, or two relays raced) adds nothing the second time: BullMQ ignores a known job id.
 * Event ids are UUIDs and subscriber ids are kebab/dot case, so the id never contains ':'.
 */
export function deliveryJobId(eventId: string, subscriberId: string): string {
  return assertJobId(`${eventId}__${subscriberId}`);
}

/** The job name shown in the dashboard: '<event name>/<subscriber id>'. */
export function deliveryJobName(eventName: string, subscriberId: string): string {
  return `${eventName}/${subscriberId}`;
}

/** The job that delivers one outbox row to one subscriber (the relay's add and the redelivery's). */
export function deliveryJob(
  row: { id: string; name: string; payload: Record<string, unknown>; occurred_at: Date },
  subscriberId: string,
): { name: string; data: DeliveryJobData; opts: { jobId: string } } {
  return {
    name: deliveryJobName(row.name, subscriberId),
    data: {
      eventId: row.id,
      eventName: row.name,
      subscriberId,
      occurredAt: row.occurred_at.toISOString(),
      payload: row.payload,
    },
    opts: { jobId: deliveryJobId(row.id, subscriberId) },
  };
}
