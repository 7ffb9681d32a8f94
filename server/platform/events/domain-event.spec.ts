import { z } from 'zod';
import { defineEvent } from '../../../contract/events/event-contract.js';
import { assertPlainJson, contractOf, decodeEvent, DomainEvent, domainEvent, eventNameOf, parseEventPayload } from './domain-event.js';
import { type EventsError } from './events.errors.js';

class UserRegistered extends DomainEvent<{ userId: string }> {
  static readonly eventName = 'identity.user-registered';
}
class Nameless extends DomainEvent<{ id: string }> {}

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as EventsError).code;
  }
  return undefined;
};

describe('eventNameOf', () => {
  it('returns the static event name', () => {
    expect(eventNameOf(UserRegistered)).toBe('identity.user-registered');
  });

  it.each(['UserRegistered', 'identity', 'identity:user-registered', 'Identity.user-registered', 'identity.user_registered', ''])(
    'refuses %j',
    (name) => {
      class Bad extends DomainEvent<{ id: string }> {
        static readonly eventName = name;
      }
      expect(codeOf(() => eventNameOf(Bad))).toBe('EVENT_NAME_INVALID');
    },
  );

  it('refuses a class without eventName', () => {
    expect(codeOf(() => eventNameOf(Nameless as never))).toBe('EVENT_NAME_INVALID');
  });
});

describe('assertPlainJson', () => {
  it('accepts ids, strings, numbers, flags, nulls, arrays and plain objects', () => {
    expect(() =>
      assertPlainJson({ userId: 'u1', n: 3, ok: true, none: null, list: [1, 'a', { x: 1 }], at: '2026-01-01T00:00:00Z' }),
    ).not.toThrow();
  });

  it.each([
    ['a Date', { at: new Date() }],
    ['undefined', { x: undefined }],
    ['NaN', { n: Number.NaN }],
    ['a Map', { m: new Map() }],
    ['a function', { f: () => 1 }],
    ['a bigint', { b: BigInt(1) }],
  ])('refuses %s', (_what, payload) => {
    expect(codeOf(() => assertPlainJson(payload))).toBe('EVENT_PAYLOAD_NOT_JSON');
  });
});

describe('domainEvent and contracts', () => {
  const contract = defineEvent(
    'test.thing-counted',
    2,
    z.discriminatedUnion('version', [
      z.object({ version: z.literal(1), n: z.number() }),
      z.object({ version: z.literal(2), n: z.number().int(), by: z.string() }),
    ]),
  );
  class ThingCounted extends domainEvent(contract) {}

  it('fills in the current version and keeps a stored payload as it is', () => {
    expect(new ThingCounted({ n: 3, by: 'me' }).payload).toEqual({ version: 2, n: 3, by: 'me' });
    expect(new ThingCounted({ version: 1, n: 2.5 }).payload).toEqual({ version: 1, n: 2.5 });
    expect(eventNameOf(ThingCounted)).toBe('test.thing-counted');
    expect(contractOf(ThingCounted)).toBe(contract);
  });

  it('makes one base class per contract', () => {
    expect(domainEvent(contract)).toBe(domainEvent(contract));
  });

  it('decodes every version the contract knows', () => {
    expect(decodeEvent(ThingCounted, { version: 1, n: 1.5 }).payload).toEqual({ version: 1, n: 1.5 });
    expect(decodeEvent(ThingCounted, { version: 2, n: 1, by: 'x', extra: true }).payload).toEqual({ version: 2, n: 1, by: 'x' });
  });

  it('tells a newer version (retry: a newer worker may know it) from a payload that is wrong (poison)', () => {
    expect(codeOf(() => parseEventPayload(contract, { version: 3, n: 1 }))).toBe('EVENT_VERSION_UNKNOWN');
    expect(codeOf(() => parseEventPayload(contract, { version: 0, n: 1 }))).toBe('EVENT_PAYLOAD_INVALID');
    expect(codeOf(() => parseEventPayload(contract, { version: 2, n: 1.5, by: 'x' }))).toBe('EVENT_PAYLOAD_INVALID');
    expect(codeOf(() => parseEventPayload(contract, { n: 1 }))).toBe('EVENT_PAYLOAD_INVALID');
    expect(codeOf(() => parseEventPayload(contract, 'n=1'))).toBe('EVENT_PAYLOAD_INVALID');
  });

  it('names the field that failed, never its value', () => {
    try {
      parseEventPayload(contract, { version: 2, n: 1, by: 42, secret: 'hunter2' });
      throw new Error('parsed');
    } catch (err) {
      expect((err as EventsError).message).toMatch(/by/);
      expect((err as EventsError).message).not.toMatch(/42|hunter2/);
    }
  });

  it('refuses a class without contract, and one whose contract has another name', () => {
    expect(codeOf(() => contractOf(UserRegistered as never))).toBe('EVENT_CONTRACT_MISSING');
    class Renamed extends domainEvent(contract) {
      static override readonly eventName = 'test.other-name';
    }
    expect(codeOf(() => contractOf(Renamed))).toBe('EVENT_NAME_CONFLICT');
  });
});
