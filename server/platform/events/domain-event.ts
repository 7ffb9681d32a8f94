import { EventsError } from './events.errors.js';

/** Plain JSON: what a payload may hold (ids, strings, numbers, flags; dates as ISO strings). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A domain event: something that happened, named in the past tense (`UserRegistered`). Its
 * payload carries ids, never entities; subscribers reload what they need. Each event class has a
 * static, stable `eventName` ('<module>.<what-happened>', e.g. 'identity.user-registered'): it is
 * stored in the outbox and in job ids, so never rename it once events exist.
 *
 * ```ts
 * export class UserRegistered extends DomainEvent<{ userId: string }> {
 *   static readonly eventName = 'identity.user-registered';
 * }
 * ```
 */
export abstract class DomainEvent<P extends object = Record<string, JsonValue>> {
  constructor(public readonly payload: Readonly<P>) {}
}

/** The class of a domain event, as @OnEvent and the registry see it. */
export interface DomainEventClass<E extends DomainEvent = DomainEvent> {
  readonly eventName: string;
  new (payload: E['payload']): E;
}

const EVENT_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(\.[a-z][a-z0-9]*(-[a-z0-9]+)*)+$/;

/** Returns the validated static eventName of an event class. */
export function eventNameOf(eventClass: Partial<DomainEventClass> & { name?: string }): string {
  const name = eventClass.eventName;
  if (typeof name !== 'string' || !EVENT_NAME.test(name)) {
    throw new EventsError(
      'EVENT_NAME_INVALID',
      `${eventClass.name ?? 'an event class'} needs a static eventName like 'identity.user-registered' (lowercase, dot-separated, no ':'), got ${JSON.stringify(name)}`,
    );
  }
  return name;
}

/** Refuses what would not survive the trip through jsonb unchanged (Dates, class instances, undefined, NaN). */
export function assertPlainJson(value: unknown, path = 'payload'): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new EventsError('EVENT_PAYLOAD_NOT_JSON', `${path} is ${value}`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertPlainJson(v, `${path}[${i}]`));
    return;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      throw new EventsError(
        'EVENT_PAYLOAD_NOT_JSON',
        `${path} is a ${(value as object).constructor?.name ?? 'non-plain object'}; use plain JSON (ids, ISO date strings)`,
      );
    }
    for (const [k, v] of Object.entries(value)) assertPlainJson(v, `${path}.${k}`);
    return;
  }
  throw new EventsError('EVENT_PAYLOAD_NOT_JSON', `${path} is ${typeof value}`);
}
