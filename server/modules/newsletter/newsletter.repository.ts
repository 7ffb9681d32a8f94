import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { Locale } from '../../../contract/locales.js';
import { NewsletterSubscription } from './newsletter.entity.js';

/** Which subscription, by a unique column. */
export type SubscriptionKey = { id: string } | { email: string } | { confirmTokenHash: string } | { unsubscribeTokenHash: string };

/** The TypeORM calls of newsletter subscriptions (`newsletter_subscription`); a method taking a manager runs in the caller's transaction. */
@Injectable()
export class NewsletterRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The subscription, locked until the transaction ends. */
  lock(m: EntityManager, key: SubscriptionKey): Promise<NewsletterSubscription | null> {
    return m.findOne(NewsletterSubscription, { where: key, lock: { mode: 'pessimistic_write' } });
  }

  /** The subscription, read without a lock (in `m` when given). */
  find(key: SubscriptionKey, m: EntityManager = this.db.manager): Promise<NewsletterSubscription | null> {
    return m.findOne(NewsletterSubscription, { where: key });
  }

  async insert(m: EntityManager, row: QueryDeepPartialEntity<NewsletterSubscription>): Promise<void> {
    await m.insert(NewsletterSubscription, row);
  }

  async update(m: EntityManager, id: string, patch: QueryDeepPartialEntity<NewsletterSubscription>): Promise<void> {
    await m.update(NewsletterSubscription, { id }, patch);
  }

  /** Confirmed subscriptions (of one language, or all), oldest confirmation first. */
  confirmed(locale: Locale | undefined): Promise<NewsletterSubscription[]> {
    return this.db.manager.find(NewsletterSubscription, {
      where: { status: 'confirmed', ...(locale ? { locale } : {}) },
      order: { confirmedAt: 'ASC', email: 'ASC' },
    });
  }
}
