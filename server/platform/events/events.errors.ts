export type EventsErrorCode =
  | 'EVENT_NAME_INVALID'
  | 'EVENT_NAME_CONFLICT'
  | 'EVENT_PAYLOAD_NOT_JSON'
  | 'EVENT_CONTRACT_MISSING'
  | 'EVENT_PAYLOAD_INVALID'
  | 'EVENT_VERSION_UNKNOWN'
  | 'EVENT_OUTSIDE_TRANSACTION'
  | 'EVENT_SUBSCRIBER_ID_INVALID'
  | 'EVENT_SUBSCRIBER_DUPLICATE'
  | 'EVENT_SUBSCRIBER_UNKNOWN'
  | 'EVENT_SUBSCRIBER_SCOPED';

/** A misuse of the event system (most surface at boot) or an undeliverable job, with a stable code. */
export class EventsError extends Error {
  override name = 'EventsError';
  constructor(
    public readonly code: EventsErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}
