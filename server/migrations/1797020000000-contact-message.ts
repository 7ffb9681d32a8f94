import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The contact form's messages (docs/contact.md): what the visitor wrote, in which language, the
 * consent they gave (the version of the sentence shown and when) and the address it came from. The
 * `contact.message-received` event is written in the same transaction; its mails read this row.
 */
export class ContactMessage1797020000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contact_message (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT now(),
        locale text NOT NULL CHECK (locale IN ('hr', 'en', 'de', 'sl')),
        name text NOT NULL,
        email text NOT NULL,
        phone text,
        subject text NOT NULL,
        message text NOT NULL,
        consent_version text NOT NULL,
        consent_at timestamptz NOT NULL,
        ip text NOT NULL
      )`);
    // Operators read the newest first; a sender's messages by address (their data, on request).
    await q.query(`CREATE INDEX contact_message_created_idx ON contact_message (created_at DESC)`);
    await q.query(`CREATE INDEX contact_message_email_idx ON contact_message (email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE contact_message`);
  }
}
