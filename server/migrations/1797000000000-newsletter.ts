import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The newsletter (issue 13, docs/newsletter.md): one row per address (normalized lower-case,
 * unique), its language and status (double opt-in: pending until the mailed link is confirmed),
 * the consent record of the request that is pending or was confirmed (time, client address, the
 * exact sentence shown and its version, which form), when it was confirmed or unsubscribed, and the
 * link tokens as SHA-256 hashes only (the confirmation token with its expiry; the unsubscribe token
 * is derived from the row's nonce with the server secret, so later mails can carry it again).
 */
export class Newsletter1797000000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE newsletter_subscription (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
        locale text NOT NULL CHECK (locale IN ('hr', 'en', 'de', 'sl')),
        status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
        source text NOT NULL CHECK (source IN ('home', 'footer', 'registration', 'profile')),
        consent_at timestamptz NOT NULL,
        consent_ip text,
        consent_text text NOT NULL,
        consent_version text NOT NULL,
        confirm_requested_at timestamptz NOT NULL,
        confirm_token_hash text UNIQUE,
        confirm_expires_at timestamptz,
        confirmed_at timestamptz,
        confirmed_ip text,
        unsubscribe_nonce text NOT NULL,
        unsubscribe_token_hash text NOT NULL UNIQUE,
        unsubscribed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The operators' export: confirmed subscribers of one language, oldest first.
    await q.query(
      `CREATE INDEX newsletter_subscription_confirmed_idx ON newsletter_subscription (locale, confirmed_at) WHERE status = 'confirmed'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE newsletter_subscription`);
  }
}
