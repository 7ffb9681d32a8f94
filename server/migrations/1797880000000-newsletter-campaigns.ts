import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter campaigns written and sent in the back office (docs/admin.md 'Newsletter'):
 * - `newsletter_campaign`: the operators' name, the versions by language (`content`, jsonb: hr always),
 *   what happens to subscribers of a language not written (`other_languages`: skip or hr), the state
 *   (draft -> sending -> sent) and when the send started and finished;
 * - `newsletter_delivery`: one row per recipient of a sent campaign, the snapshot of the confirmed
 *   subscribers at the moment of sending; unique per (campaign, subscription), so nobody gets one
 *   campaign twice whatever the queue repeats. `position` orders the paced send; `locale` is the
 *   version the recipient gets (null when skipped).
 */
export class NewsletterCampaigns1797880000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE newsletter_campaign (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        content jsonb NOT NULL,
        other_languages text NOT NULL DEFAULT 'skip' CHECK (other_languages IN ('skip', 'hr')),
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sending', 'sent')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        send_started_at timestamptz,
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX newsletter_campaign_created_idx ON newsletter_campaign (created_at DESC)`);
    await q.query(`
      CREATE TABLE newsletter_delivery (
        id uuid PRIMARY KEY,
        campaign_id uuid NOT NULL REFERENCES newsletter_campaign (id),
        subscription_id uuid NOT NULL REFERENCES newsletter_subscription (id) ON DELETE CASCADE,
        locale text,
        position integer NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'skipped', 'stopped')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        message_id text,
        sent_at timestamptz,
        CONSTRAINT newsletter_delivery_once UNIQUE (campaign_id, subscription_id)
      )`);
    await q.query(`CREATE INDEX newsletter_delivery_queued_idx ON newsletter_delivery (campaign_id, position) WHERE status = 'queued'`);
    await q.query(`CREATE INDEX newsletter_delivery_subscription_idx ON newsletter_delivery (subscription_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE newsletter_delivery`);
    await q.query(`DROP TABLE newsletter_campaign`);
  }
}
