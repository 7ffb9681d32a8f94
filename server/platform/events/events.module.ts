import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventDelivery } from './event-delivery.entity.js';
import { EventDeliveryProcessor, EventDispatcher } from './event-dispatcher.service.js';
import { EventPublisher } from './event-publisher.service.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { OutboxRedelivery } from './outbox-redelivery.js';
import { OutboxRelay } from './outbox-relay.service.js';
import { OutboxRetentionJob } from './outbox-retention.job.js';
import { SubscriberDiscovery } from './subscriber-discovery.service.js';
import { SubscriberRegistry } from './subscriber-registry.js';

/**
 * Domain events through a transactional outbox (ARCHITECTURE.md section 3). Global: services
 * inject EventPublisher; subscribers are @OnEvent methods on any provider. Needs QueueModule.
 */
@Module({})
export class EventsModule {
  static forRoot(): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      imports: [DiscoveryModule, TypeOrmModule.forFeature([OutboxEvent, EventDelivery])],
      providers: [
        { provide: SubscriberRegistry, useValue: new SubscriberRegistry() },
        SubscriberDiscovery,
        EventPublisher,
        EventDispatcher,
        EventDeliveryProcessor,
        OutboxRedelivery,
        OutboxRelay,
        OutboxRetentionJob,
      ],
      exports: [EventPublisher, SubscriberRegistry, OutboxRelay, OutboxRedelivery, EventDispatcher],
    };
  }
}
