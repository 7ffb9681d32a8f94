import { z } from 'zod';
import type { EventContract, EventPayload, PayloadInput } from '../../../contract/events/event-contract.js';
import { EventsError } from './events.errors.js';

/** Plain JSON: what a payload may hold (ids, strings, numbers, flags; dates as ISO strings). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A domain event: something that happened, named in the past tense (`UserRegistered`). Its
 * payload carries ids, never entities; subscribers reload what they need. Each event class stands
 * for a contract in contract/events/ (its stable name and versioned zod payload schema) and is
 * made with `domainEvent(contract)`:
 *
 * ```ts
 * export class UserRegistered extends domainEvent(identityUserRegistered) {}
 * await events.publish(manager, new UserRegistered({ userId })); // version filled in, payload checked
 * ```
 */
export abstract class DomainEvent<P extends object = Record<string, JsonValue>> {
  constructor(public readonly payload: Readonly<P>) {}
}

/** The class of a domain event, as @OnEvent and the registry see it. */
export interface DomainEventClass<E extends DomainEvent = DomainEvent> {
  readonly eventName: string;
  /** The payload's contract (contract/events/); publisher and dispatcher parse payloads with it. */
  readonly contract: EventContract;
  new (payload: E['payload']): E;
}

/** The event class of a contract, made once per contract: `class UserRegistered extends domainEvent(identityUserRegistered) {}`. */
export type ContractEventClass<C extends EventContract> = {
  readonly eventName: string;
  readonly contract: EventContract;
  new (payload: PayloadInput<C> | EventPayload<C>): DomainEvent<EventPayload<C>>;
};

const classes = new WeakMap<EventContract, ContractEventClass<EventContract>>();

/**
 * The base class of a contract's event. Its constructor takes the current version's payload
 * without `version` (filled in from the contract) or a complete stored payload (as delivery does).
 */
export function domainEvent<C extends EventContract>(contract: C): ContractEventClass<C> {
  let cls = classes.get(contract);
  if (!cls) {
    cls = class ContractEvent extends DomainEvent<{ version: number }> {
      static readonly eventName = contract.name;
      static readonly contract: EventContract = contract;
      constructor(payload: object) {
        super({ version: contract.version, ...payload });
      }
    };
    classes.set(contract, cls);
  }
  return cls as unknown as ContractEventClass<C>;
}

/** The contract of an event class (every event has one: EVENT_CONTRACT_MISSING otherwise). */
export function contractOf(eventClass: Partial<DomainEventClass> & { name?: string }): EventContract {
  const contract = eventClass.contract;
  if (!contract || typeof contract.name !== 'string' || !contract.schema || typeof contract.version !== 'number') {
    throw new EventsError(
      'EVENT_CONTRACT_MISSING',
      `${eventClass.name ?? 'an event class'} needs a payload contract from contract/events/ (class X extends domainEvent(contract) {})`,
    );
  }
  if (contract.name !== eventClass.eventName) {
    throw new EventsError(
      'EVENT_NAME_CONFLICT',
      `${eventClass.name ?? 'an event class'} is named '${eventClass.eventName}' but its contract '${contract.name}'`,
    );
  }
  return contract;
}

/**
 * Parses a payload with its event's contract. A version newer than this process knows throws
 * EVENT_VERSION_UNKNOWN (a newer worker of a rolling deploy may know it); anything else that does
 * not parse, EVENT_PAYLOAD_INVALID. The message names the fields, never their values.
 */
export function parseEventPayload(contract: EventContract, payload: unknown): { version: number } {
  const result = contract.schema.safeParse(payload);
  if (result.success) return result.data;
  const version = (payload as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && Number.isSafeInteger(version) && version > contract.version) {
    throw new EventsError(
      'EVENT_VERSION_UNKNOWN',
      `'${contract.name}' version ${version} is newer than this process knows (${contract.version})`,
    );
  }
  throw new EventsError(
    'EVENT_PAYLOAD_INVALID',
    `'${contract.name}' payload does not match its contract: ${z.prettifyError(result.error).replace(/\n/g, ' ')}`,
  );
}

/** The event a stored payload stands for, parsed with its contract (as a subscriber receives it). */
export function decodeEvent<E extends DomainEvent>(eventClass: DomainEventClass<E>, payload: unknown): E {
  return new eventClass(parseEventPayload(contractOf(eventClass), payload) as E['payload']);
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
