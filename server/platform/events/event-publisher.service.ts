import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { assertPlainJson, contractOf, type DomainEvent, type DomainEventClass, eventNameOf, parseEventPayload } from './domain-event.js';
import { EventsError } from './events.errors.js';

/** The NOTIFY channel that wakes the outbox relay (PostgreSQL delivers it only at commit). */
export const OUTBOX_CHANNEL = 'outbox_event';

/**
 * Writes domain events into the transactional outbox. Call it with the EntityManager of the
 * transaction that makes the state change: the event exists if and only if that transaction
 * commits. Nothing reaches a queue here; the relay does that after commit.
 *
 * ```ts
 * await this.db.transaction(async (manager) => {
 *   const user = await manager.save(User, ...);
 *   await this.events.publish(manager, new UserRegistered({ userId: user.id }));
 * });
 * ```
 */
@Injectable()
export class EventPublisher {
  /** Returns the new event's id. */
  async publish(manager: EntityManager, event: DomainEvent): Promise<string> {
    const [id] = await this.publishAll(manager, [event]);
    return id!;
  }

  async publishAll(manager: EntityManager, events: DomainEvent[]): Promise<string[]> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new EventsError(
        'EVENT_OUTSIDE_TRANSACTION',
        'publish events through the EntityManager of the transaction that makes the state change (dataSource.transaction(async (manager) => ...))',
      );
    }
    const ids: string[] = [];
    for (const event of events) {
      const eventClass = event.constructor as Partial<DomainEventClass>;
      const name = eventNameOf(eventClass);
      // The contract's check, before anything is written: a payload subscribers could not parse never exists.
      const contract = contractOf(eventClass);
      assertPlainJson(event.payload);
      const payload = parseEventPayload(contract, event.payload);
      if (payload.version !== contract.version) {
        throw new EventsError('EVENT_PAYLOAD_INVALID', `'${name}' is published as version ${contract.version}, not ${payload.version}`);
      }
      const id = randomUUID();
      await manager.query(`INSERT INTO outbox_event (id, name, payload) VALUES ($1, $2, $3::jsonb)`, [id, name, JSON.stringify(payload)]);
      ids.push(id);
    }
    // One notification per transaction is enough (PostgreSQL folds identical ones anyway).
    if (ids.length) await manager.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
    return ids;
  }
}
