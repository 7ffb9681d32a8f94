import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Transactional outbox (outbox_event) and the subscribers' inbox (event_delivery). */
export class Outbox1795400000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox_event (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    // The relay's queue: small, because published rows leave it.
    await q.query(`CREATE INDEX outbox_event_unpublished_idx ON outbox_event (occurred_at, id) WHERE published_at IS NULL`);
    await q.query(`CREATE INDEX outbox_event_published_at_idx ON outbox_event (published_at) WHERE published_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE event_delivery (
        event_id uuid NOT NULL,
        subscriber_id text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, subscriber_id)
      )`);
    await q.query(`CREATE INDEX event_delivery_processed_at_idx ON event_delivery (processed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE event_delivery`);
    await q.query(`DROP TABLE outbox_event`);
  }
}
