export { EventsModule } from './events.module.js';
export { DomainEvent, domainEvent } from './domain-event.js';
export type { EventPayload } from '../../../contract/events/event-contract.js';
export { EventPublisher, OUTBOX_CHANNEL } from './event-publisher.service.js';
export { OnEvent, type EventContext } from './on-event.decorator.js';
export { OutboxRelay } from './outbox-relay.service.js';
export { OutboxRedelivery } from './outbox-redelivery.js';
export { EventDeliveryProcessor } from './event-dispatcher.service.js';
export { deliveryJobId, type DeliveryJobData } from './delivery-job.js';
