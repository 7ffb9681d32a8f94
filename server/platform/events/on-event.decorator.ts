import type { EntityManager } from 'typeorm';
import type { DomainEvent, DomainEventClass } from './domain-event.js';

/** What a subscriber's handler gets beside the event. */
export interface EventContext {
  /**
   * The handler's transaction. Write the handler's effects through it: they commit together with
   * the inbox row that marks this (event, subscriber) as processed, or not at all.
   */
  manager: EntityManager;
  eventId: string;
  occurredAt: Date;
  subscriberId: string;
  /** 1 on the first try, 2 on the first retry, ... */
  attempt: number;
}

export type EventHandler<E extends DomainEvent = DomainEvent> = (event: E, ctx: EventContext) => Promise<void>;

export const ON_EVENT_METADATA = Symbol('on-event');

export interface OnEventMetadata {
  eventClass: DomainEventClass;
  subscriberId: string;
}

/**
 * Subscribes a provider method to a domain event. `subscriberId` is stable and unique per event
 * (kebab case, e.g. 'send-activation-mail'): it names the delivery job and the inbox row, so
 * renaming it makes a new subscriber. A method may carry several @OnEvent.
 *
 * ```ts
 * @OnEvent(UserRegistered, 'send-activation-mail')
 * async sendActivationMail(event: UserRegistered, { manager }: EventContext) { ... }
 * ```
 */
export function OnEvent<E extends DomainEvent>(eventClass: DomainEventClass<E>, subscriberId: string) {
  return <H extends EventHandler<E>>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<H>): void => {
    const method = descriptor.value;
    if (!method) return;
    const existing = (Reflect.getMetadata(ON_EVENT_METADATA, method) as OnEventMetadata[] | undefined) ?? [];
    Reflect.defineMetadata(
      ON_EVENT_METADATA,
      [...existing, { eventClass: eventClass as unknown as DomainEventClass, subscriberId }],
      method,
    );
  };
}
