import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every mail the shop decided to send, recorded in PostgreSQL (docs/mail.md 'Durable mail'): the
 * mail job's id is the key (derived from the cause: an event id, a token id), so one cause records
 * one mail. Props and extra headers stay sealed (AES-256-GCM, the job's context) as in the job,
 * because they carry links with tokens. The mail job marks the row sent; the mail redelivery adds
 * the job again (same id) while the row is unsent and the queue does not know the job.
 */
export class OutgoingMail1797500000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outgoing_mail (
        id text PRIMARY KEY,
        template text NOT NULL,
        to_address text NOT NULL,
        locale text NOT NULL,
        reply_to text,
        props jsonb NOT NULL,
        headers jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        message_id text,
        send_attempts integer NOT NULL DEFAULT 0,
        last_error text,
        failed_at timestamptz,
        checked_at timestamptz,
        redeliveries integer NOT NULL DEFAULT 0
      )`);
    // The redelivery scan reads unsent, not failed rows, least recently checked first.
    await q.query(
      `CREATE INDEX outgoing_mail_unsent_idx ON outgoing_mail ((coalesce(checked_at, created_at))) WHERE sent_at IS NULL AND failed_at IS NULL`,
    );
    // Retention prunes sent rows by age.
    await q.query(`CREATE INDEX outgoing_mail_sent_idx ON outgoing_mail (sent_at) WHERE sent_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outgoing_mail`);
  }
}
