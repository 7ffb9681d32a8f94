import type { EntityManager } from 'typeorm';
import type { EventContract, EventPayload } from '../../../contract/events/event-contract.js';
import { type DomainEvent, type DomainEventClass, domainEvent } from './domain-event.js';

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

type HandlerDecorator<E extends DomainEvent> = <H extends EventHandler<E>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<H>,
) => void;

/**
 * Subscribes a provider method to a domain event: its class, or (from another module) just its
 * contract from contract/events/, so the subscriber needs nothing of the publishing module.
 * `subscriberId` is stable and unique per event (kebab case, e.g. 'send-activation-mail'): it
 * names the delivery job and the inbox row, so renaming it makes a new subscriber. A method may
 * carry several @OnEvent. The handler gets the payload parsed with the event's contract.
 *
 * ```ts
 * @OnEvent(UserRegistered, 'send-activation-mail')
 * async sendActivationMail(event: UserRegistered, { manager }: EventContext) { ... }
 *
 * @OnEvent(identityBirthdayDue, 'issue-birthday-coupon')
 * async issue(event: DomainEvent<EventPayload<typeof identityBirthdayDue>>, ctx: EventContext) { ... }
 * ```
 */
export function OnEvent<E extends DomainEvent>(eventClass: DomainEventClass<E>, subscriberId: string): HandlerDecorator<E>;
export function OnEvent<C extends EventContract>(contract: C, subscriberId: string): HandlerDecorator<DomainEvent<EventPayload<C>>>;
export function OnEvent(event: DomainEventClass | EventContract, subscriberId: string): HandlerDecorator<DomainEvent> {
  const eventClass = typeof event === 'function' ? event : (domainEvent(event) as unknown as DomainEventClass);
  return (_target, _key, descriptor): void => {
    const method = descriptor.value;
    if (!method) return;
    const existing = (Reflect.getMetadata(ON_EVENT_METADATA, method) as OnEventMetadata[] | undefined) ?? [];
    Reflect.defineMetadata(ON_EVENT_METADATA, [...existing, { eventClass, subscriberId }], method);
  };
}
