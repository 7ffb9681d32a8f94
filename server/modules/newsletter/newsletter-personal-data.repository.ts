import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { NewsletterSubscription } from './newsletter.entity.js';

/** The SQL of a person's subscription (`newsletter_subscription`) for NewsletterPersonalData; a method taking a manager runs in the caller's transaction. */
@Injectable()
export class NewsletterPersonalDataRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The address's subscription (in `m` when given). */
  ofEmail(email: string, m: EntityManager = this.db.manager): Promise<NewsletterSubscription | null> {
    return m.findOne(NewsletterSubscription, { where: { email } });
  }

  /** Pauses the address's confirmed subscription; how many were paused. */
  async suspend(m: EntityManager, email: string, at: Date): Promise<number> {
    const rows = (await m.query(
      `UPDATE newsletter_subscription SET status = 'unsubscribed', suspended_at = $2, updated_at = $2
        WHERE email = $1 AND status = 'confirmed' RETURNING id`,
      [email, at],
    )) as [unknown[], number];
    return rows[1];
  }

  /** Confirms again the address's subscription paused by a block; how many were resumed. */
  async resume(m: EntityManager, email: string, at: Date): Promise<number> {
    const rows = (await m.query(
      `UPDATE newsletter_subscription SET status = 'confirmed', suspended_at = NULL, updated_at = $2
        WHERE email = $1 AND suspended_at IS NOT NULL AND status = 'unsubscribed' AND unsubscribed_at IS NULL RETURNING id`,
      [email, at],
    )) as [unknown[], number];
    return rows[1];
  }

  /** Deletes the address's subscription; how many. */
  async deleteOfEmail(m: EntityManager, email: string): Promise<number> {
    const rows = (await m.query(`DELETE FROM newsletter_subscription WHERE email = $1 RETURNING id`, [email])) as [unknown[], number];
    return rows[1];
  }
}
