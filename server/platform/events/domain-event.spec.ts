import { assertPlainJson, DomainEvent, eventNameOf } from './domain-event.js';
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
