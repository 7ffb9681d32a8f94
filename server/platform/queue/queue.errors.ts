export type QueueErrorCode =
  | 'QUEUE_UNKNOWN'
  | 'QUEUE_INVALID_JOB_ID'
  | 'QUEUE_PROCESSOR_DUPLICATE'
  | 'QUEUE_UNKNOWN_JOB'
  | 'QUEUE_UNAVAILABLE'
  | 'QUEUE_SEALED_DATA_INVALID';

/** A queue misuse or failure with a stable code (programming errors surface at boot). */
export class QueueError extends Error {
  override name = 'QueueError';
  constructor(
    public readonly code: QueueErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}
