import { contractOf, type DomainEvent, type DomainEventClass, eventNameOf } from './domain-event.js';
import { EventsError } from './events.errors.js';
import type { EventHandler } from './on-event.decorator.js';

export interface Subscription {
  eventName: string;
  eventClass: DomainEventClass;
  subscriberId: string;
  handler: EventHandler;
  /** Where it was declared ('IdentityListener.sendActivationMail'), for logs and errors. */
  source: string;
}

const SUBSCRIBER_ID = /^[a-z0-9]+([.-][a-z0-9]+)*$/;

/**
 * Who listens to which event. Filled at boot from @OnEvent methods (SubscriberDiscovery); the
 * relay asks it for the subscribers of each outbox row, the dispatcher for the handler of a job.
 */
export class SubscriberRegistry {
  private readonly byEvent = new Map<string, Map<string, Subscription>>();
  private readonly classes = new Map<string, DomainEventClass>();

  register<E extends DomainEvent>(
    eventClass: DomainEventClass<E>,
    subscriberId: string,
    handler: EventHandler<E>,
    source: string,
  ): Subscription {
    const eventName = eventNameOf(eventClass);
    const contract = contractOf(eventClass);
    if (!SUBSCRIBER_ID.test(subscriberId) || subscriberId.length > 100) {
      throw new EventsError(
        'EVENT_SUBSCRIBER_ID_INVALID',
        `${source}: subscriber id ${JSON.stringify(subscriberId)} must be lowercase kebab case (a-z 0-9 - .), at most 100 characters`,
      );
    }
    const known = this.classes.get(eventName);
    // Several classes may stand for one event (the publisher's, and a subscriber's made from the
    // contract alone), as long as they share its contract.
    if (known && contractOf(known) !== contract) {
      throw new EventsError('EVENT_NAME_CONFLICT', `${known.name} and ${eventClass.name} both use the event name '${eventName}'`);
    }
    const subs = this.byEvent.get(eventName) ?? new Map<string, Subscription>();
    const existing = subs.get(subscriberId);
    if (existing) {
      throw new EventsError(
        'EVENT_SUBSCRIBER_DUPLICATE',
        `subscriber '${subscriberId}' of '${eventName}' is declared twice (${existing.source} and ${source})`,
      );
    }
    const subscription: Subscription = {
      eventName,
      eventClass: eventClass as unknown as DomainEventClass,
      subscriberId,
      handler: handler as EventHandler,
      source,
    };
    subs.set(subscriberId, subscription);
    this.byEvent.set(eventName, subs);
    this.classes.set(eventName, eventClass as unknown as DomainEventClass);
    return subscription;
  }

  /** Subscribers of an event name, in a stable order (by id). */
  subscribersOf(eventName: string): Subscription[] {
    return [...(this.byEvent.get(eventName)?.values() ?? [])].sort((a, b) => a.subscriberId.localeCompare(b.subscriberId));
  }

  get(eventName: string, subscriberId: string): Subscription | undefined {
    return this.byEvent.get(eventName)?.get(subscriberId);
  }

  all(): Subscription[] {
    return [...this.byEvent.keys()].sort().flatMap((name) => this.subscribersOf(name));
  }
}
