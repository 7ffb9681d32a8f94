import { QueueError } from './queue.errors.js';

/**
 * Custom BullMQ job ids: BullMQ ignores a second add of the same id, which is what makes retried
 * producers (the outbox relay) harmless. ':' is BullMQ's key separator and is refused; a purely
 * numeric id could collide with BullMQ's own counter ids.
 */
const JOB_ID = /^[A-Za-z0-9._-]{1,200}$/;

export function assertJobId(id: string): string {
  if (!JOB_ID.test(id) || /^\d+$/.test(id)) {
    throw new QueueError('QUEUE_INVALID_JOB_ID', `job id ${JSON.stringify(id)} must be 1-200 of A-Z a-z 0-9 . _ - and not only digits`);
  }
  return id;
}
