import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Redelivery of published events whose jobs the queue lost (Redis without persistence, flushed or
 * replaced): the relay records which subscribers it enqueued, and checks published rows until
 * every one of them has its inbox row (settled) or the event is too old to send (given up).
 */
export class OutboxRedelivery1796230000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_event ADD COLUMN subscriber_ids text[]`);
    await q.query(`ALTER TABLE outbox_event ADD COLUMN checked_at timestamptz`);
    await q.query(`ALTER TABLE outbox_event ADD COLUMN redeliveries integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE outbox_event ADD COLUMN settled_at timestamptz`);
    // Rows relayed before this migration are not watched: whom they were relayed to is unknown, and
    // today's subscribers could include one added later that never was meant to get them.
    await q.query(`UPDATE outbox_event SET settled_at = published_at WHERE published_at IS NOT NULL`);
    // The redelivery scan: published rows not yet settled (few: most settle within a minute).
    await q.query(
      `CREATE INDEX outbox_event_unsettled_idx ON outbox_event (coalesce(checked_at, published_at), id) WHERE published_at IS NOT NULL AND settled_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX outbox_event_unsettled_idx`);
    await q.query(
      `ALTER TABLE outbox_event DROP COLUMN settled_at, DROP COLUMN redeliveries, DROP COLUMN checked_at, DROP COLUMN subscriber_ids`,
    );
  }
}
