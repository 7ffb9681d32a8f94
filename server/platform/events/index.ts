export { EventsModule } from './events.module.js';
export {
  DomainEvent,
  type DomainEventClass,
  type ContractEventClass,
  type JsonValue,
  eventNameOf,
  domainEvent,
  contractOf,
  decodeEvent,
  parseEventPayload,
} from './domain-event.js';
export type { EventContract, EventPayload, CurrentPayload, PayloadInput } from '../../../contract/events/event-contract.js';
export { EventPublisher, OUTBOX_CHANNEL } from './event-publisher.service.js';
export { OnEvent, type EventContext, type EventHandler } from './on-event.decorator.js';
export { SubscriberRegistry, type Subscription } from './subscriber-registry.js';
export { OutboxRelay, RELAY_BATCH_SIZE } from './outbox-relay.service.js';
export { OutboxRedelivery, REDELIVERY_BATCH_SIZE, type RedeliveryScan } from './outbox-redelivery.js';
export { EventDeliveryProcessor, EventDispatcher, type DeliveryOutcome } from './event-dispatcher.service.js';
export { deliveryJob, deliveryJobId, deliveryJobName, type DeliveryJobData } from './delivery-job.js';
export { OutboxEvent } from './outbox-event.entity.js';
export { EventDelivery } from './event-delivery.entity.js';
export { EventsError, type EventsErrorCode } from './events.errors.js';
