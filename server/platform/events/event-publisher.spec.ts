import { jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { defineEvent } from '../../../contract/events/event-contract.js';
import { DomainEvent, domainEvent } from './domain-event.js';
import { EventPublisher } from './event-publisher.service.js';

const counted = defineEvent(
  'test.thing-counted',
  2,
  z.discriminatedUnion('version', [
    z.object({ version: z.literal(1), n: z.number() }),
    z.object({ version: z.literal(2), n: z.number().int(), by: z.string() }),
  ]),
);
class ThingCounted extends domainEvent(counted) {}

function transaction() {
  const query = jest.fn(async (_sql: string, _params?: unknown[]) => [] as unknown[]);
  const manager = { queryRunner: { isTransactionActive: true }, query } as unknown as EntityManager;
  const inserted = () => query.mock.calls.filter(([sql]) => sql.startsWith('INSERT INTO outbox_event')).map(([, params]) => params!);
  return { manager, inserted };
}

describe('EventPublisher', () => {
  it('writes the payload as its contract parses it, with the current version', async () => {
    const { manager, inserted } = transaction();
    const id = await new EventPublisher().publish(manager, new ThingCounted({ n: 3, by: 'me' }));
    expect(inserted()).toEqual([[id, 'test.thing-counted', JSON.stringify({ version: 2, n: 3, by: 'me' })]]);
  });

  it.each([
    ['a payload its contract refuses', new ThingCounted({ n: 1.5, by: 'me' }), 'EVENT_PAYLOAD_INVALID'],
    ['an older version than the current one', new ThingCounted({ version: 1, n: 1 }), 'EVENT_PAYLOAD_INVALID'],
    ['a Date', new ThingCounted({ n: 1, by: new Date() as unknown as string }), 'EVENT_PAYLOAD_NOT_JSON'],
  ])('refuses %s and writes nothing', async (_what, event, code) => {
    const { manager, inserted } = transaction();
    await expect(new EventPublisher().publish(manager, event)).rejects.toMatchObject({ code });
    expect(inserted()).toEqual([]);
  });

  it('refuses an event class without a contract', async () => {
    class Bare extends DomainEvent<{ id: string }> {
      static readonly eventName = 'test.bare';
    }
    const { manager, inserted } = transaction();
    await expect(new EventPublisher().publish(manager, new Bare({ id: 'x' }))).rejects.toMatchObject({ code: 'EVENT_CONTRACT_MISSING' });
    expect(inserted()).toEqual([]);
  });
});
