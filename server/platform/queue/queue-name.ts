/**
 * Every BullMQ queue of the shop, in one place. Producers and consumers name a queue only through
 * this enum. Names must not contain ':' (BullMQ's key separator).
 */
export enum QueueName {
  /** One job per (domain event, subscriber), added by the outbox relay. */
  Events = 'events',
  /** Outgoing mail: render in the recipient's language and send. */
  Mail = 'mail',
  /** Repeatable maintenance jobs (BullMQ job schedulers). */
  Scheduled = 'scheduled',
  /** Payment work: the sandbox's signed callbacks to the shop (later also settling the provider's callbacks). */
  Payments = 'payments',
  /** Invoicing work: fiscalizing invoices with the Tax Administration (CIS), one job per attempt. */
  Invoicing = 'invoicing',
  /** Newsletter campaigns: one job per recipient, delayed so that the send keeps NEWSLETTER_RATE_PER_MINUTE. */
  Newsletter = 'newsletter',
}

export interface QueueSettings {
  /** Jobs one worker process runs at once on this queue. */
  concurrency: number;
  /** Tries per job before it stays failed (visible in /admin/queues); exponential backoff between them. */
  attempts: number;
}

/**
 * Per-queue defaults. With QUEUE_RETRY_DELAY_MS = 2 s, 10 attempts wait 2 s, 4 s, ... 512 s:
 * about 17 minutes of retries before a job is left failed for an operator.
 */
export const QUEUE_SETTINGS: Readonly<Record<QueueName, QueueSettings>> = {
  [QueueName.Events]: { concurrency: 5, attempts: 10 },
  [QueueName.Mail]: { concurrency: 5, attempts: 10 },
  [QueueName.Scheduled]: { concurrency: 1, attempts: 3 },
  [QueueName.Payments]: { concurrency: 5, attempts: 10 },
  // the runner keeps its own attempts and backoff in the invoice (NakDost, law art. 21); a job's retry covers a crash
  [QueueName.Invoicing]: { concurrency: 4, attempts: 5 },
  // one at a time: the delays pace the send, a second worker would not send faster than they allow
  [QueueName.Newsletter]: { concurrency: 1, attempts: 6 },
};

/** Completed jobs are trimmed; failed ones are kept (bounded) for the dashboard. Ages in seconds. */
export const KEEP_COMPLETED = { age: 24 * 3600, count: 1000 } as const;
export const KEEP_FAILED = { age: 30 * 24 * 3600, count: 5000 } as const;
