import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { EventsError } from './events.errors.js';
import { ON_EVENT_METADATA, type EventHandler, type OnEventMetadata } from './on-event.decorator.js';
import { SubscriberRegistry } from './subscriber-registry.js';

/** At boot, finds every @OnEvent method on singleton providers and registers it. */
@Injectable()
export class SubscriberDiscovery implements OnModuleInit {
  private readonly logger = new Logger('events');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly registry: SubscriberRegistry,
  ) {}

  onModuleInit(): void {
    let count = 0;
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const { instance, metatype } = wrapper;
      // One instance may be reachable under several tokens (aliases): register it once.
      if (!instance || typeof instance !== 'object' || !metatype || seen.has(instance)) continue;
      seen.add(instance);
      const prototype = Object.getPrototypeOf(instance) as object | null;
      for (const methodName of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[methodName];
        if (typeof method !== 'function') continue;
        const metas = Reflect.getMetadata(ON_EVENT_METADATA, method) as OnEventMetadata[] | undefined;
        if (!metas?.length) continue;
        const source = `${(metatype as { name?: string }).name ?? 'provider'}.${methodName}`;
        if (!wrapper.isDependencyTreeStatic()) {
          throw new EventsError(
            'EVENT_SUBSCRIBER_SCOPED',
            `${source}: @OnEvent needs a singleton provider (not request- or transient-scoped)`,
          );
        }
        const handler = (method as EventHandler).bind(instance) as EventHandler;
        for (const meta of metas) {
          this.registry.register(meta.eventClass, meta.subscriberId, handler, source);
          count++;
        }
      }
    }
    this.logger.log(`${count} event subscriber(s) registered`);
  }
}
