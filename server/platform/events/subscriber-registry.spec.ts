import 'reflect-metadata';
import { Injectable, Module, Scope, type Type } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { z } from 'zod';
import { defineEvent } from '../../../contract/events/event-contract.js';
import { DomainEvent, domainEvent } from './domain-event.js';
import { EventsError } from './events.errors.js';
import { type EventContext, OnEvent } from './on-event.decorator.js';
import { SubscriberDiscovery } from './subscriber-discovery.service.js';
import { SubscriberRegistry } from './subscriber-registry.js';

const userRegistered = defineEvent('identity.user-registered', 1, z.object({ version: z.literal(1), userId: z.string() }));
class UserRegistered extends domainEvent(userRegistered) {}
class OrderPlaced extends domainEvent(defineEvent('order.order-placed', 1, z.object({ version: z.literal(1), orderId: z.string() }))) {}
/** Another contract with the same name. */
class AlsoUserRegistered extends domainEvent(
  defineEvent('identity.user-registered', 1, z.object({ version: z.literal(1), userId: z.string() })),
) {}

const noop = async () => undefined;

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(EventsError);
    return (err as EventsError).code;
  }
  return undefined;
}

describe('SubscriberRegistry', () => {
  it('lists the subscribers of an event by id and finds one by (event, id)', () => {
    const r = new SubscriberRegistry();
    r.register(UserRegistered, 'send-activation-mail', noop, 'A.x');
    r.register(UserRegistered, 'add-to-newsletter', noop, 'B.y');
    r.register(OrderPlaced, 'send-activation-mail', noop, 'C.z');
    expect(r.subscribersOf('identity.user-registered').map((s) => s.subscriberId)).toEqual(['add-to-newsletter', 'send-activation-mail']);
    expect(r.subscribersOf('order.order-placed').map((s) => s.source)).toEqual(['C.z']);
    expect(r.subscribersOf('catalog.nothing')).toEqual([]);
    expect(r.get('identity.user-registered', 'send-activation-mail')?.source).toBe('A.x');
    expect(r.get('identity.user-registered', 'nope')).toBeUndefined();
    expect(r.all()).toHaveLength(3);
  });

  it('refuses the same subscriber id twice for one event', () => {
    const r = new SubscriberRegistry();
    r.register(UserRegistered, 'send-activation-mail', noop, 'A.x');
    expect(codeOf(() => r.register(UserRegistered, 'send-activation-mail', noop, 'B.y'))).toBe('EVENT_SUBSCRIBER_DUPLICATE');
  });

  it('refuses two event classes with one event name', () => {
    const r = new SubscriberRegistry();
    r.register(UserRegistered, 'a', noop, 'A.x');
    expect(codeOf(() => r.register(AlsoUserRegistered, 'b', noop, 'B.y'))).toBe('EVENT_NAME_CONFLICT');
  });

  it("takes the publisher's class and a class made from the same contract for one event", () => {
    const r = new SubscriberRegistry();
    r.register(UserRegistered, 'a', noop, 'A.x');
    r.register(domainEvent(userRegistered), 'b', noop, 'B.y');
    expect(r.subscribersOf('identity.user-registered').map((s) => s.subscriberId)).toEqual(['a', 'b']);
  });

  it('refuses an event class without a payload contract', () => {
    class Bare extends DomainEvent<{ id: string }> {
      static readonly eventName = 'test.bare';
    }
    expect(codeOf(() => new SubscriberRegistry().register(Bare as never, 'a', noop, 'A.x'))).toBe('EVENT_CONTRACT_MISSING');
  });

  it.each(['Send-Mail', 'send_mail', 'send:mail', 'send mail', '', '-x', 'x'.repeat(101)])('refuses the subscriber id %j', (id) => {
    expect(codeOf(() => new SubscriberRegistry().register(UserRegistered, id, noop, 'A.x'))).toBe('EVENT_SUBSCRIBER_ID_INVALID');
  });
});

describe('SubscriberDiscovery', () => {
  async function boot(...providers: Type[]) {
    @Module({
      imports: [DiscoveryModule],
      providers: [SubscriberDiscovery, { provide: SubscriberRegistry, useValue: new SubscriberRegistry() }, ...providers],
    })
    class TestModule {}
    return NestFactory.createApplicationContext(TestModule, { logger: false, abortOnError: false });
  }

  it('registers every @OnEvent method of singleton providers, bound to its instance', async () => {
    @Injectable()
    class IdentityListener {
      readonly seen: string[] = [];
      @OnEvent(UserRegistered, 'send-activation-mail')
      @OnEvent(OrderPlaced, 'note-order')
      @OnEvent(userRegistered, 'by-contract')
      async onEvent(event: UserRegistered | OrderPlaced, ctx: EventContext): Promise<void> {
        this.seen.push(`${ctx.subscriberId}:${JSON.stringify(event.payload)}`);
      }
      notASubscriber() {}
    }
    const app = await boot(IdentityListener);
    try {
      const registry = app.get(SubscriberRegistry);
      expect(registry.all().map((s) => `${s.eventName}/${s.subscriberId} <- ${s.source}`)).toEqual([
        'identity.user-registered/by-contract <- IdentityListener.onEvent',
        'identity.user-registered/send-activation-mail <- IdentityListener.onEvent',
        'order.order-placed/note-order <- IdentityListener.onEvent',
      ]);
      const sub = registry.get('identity.user-registered', 'send-activation-mail')!;
      await sub.handler(new UserRegistered({ userId: 'u1' }), { subscriberId: sub.subscriberId } as EventContext);
      expect(app.get(IdentityListener).seen).toEqual(['send-activation-mail:{"version":1,"userId":"u1"}']);
    } finally {
      await app.close();
    }
  });

  it('refuses @OnEvent on a request-scoped provider', async () => {
    @Injectable({ scope: Scope.REQUEST })
    class ScopedListener {
      @OnEvent(UserRegistered, 'scoped')
      async on(): Promise<void> {}
    }
    await expect(boot(ScopedListener)).rejects.toMatchObject({ code: 'EVENT_SUBSCRIBER_SCOPED' });
  });

  it('refuses a duplicate subscriber across providers at boot', async () => {
    @Injectable()
    class One {
      @OnEvent(UserRegistered, 'same-id')
      async on(): Promise<void> {}
    }
    @Injectable()
    class Two {
      @OnEvent(UserRegistered, 'same-id')
      async on(): Promise<void> {}
    }
    await expect(boot(One, Two)).rejects.toMatchObject({ code: 'EVENT_SUBSCRIBER_DUPLICATE' });
  });
});
