import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices (docs/invoicing.md): a record of their own, never the order, kept 11 years and never
 * deleted with an account (no foreign key to the user or the order: anonymizing or deleting those
 * leaves every invoice as issued).
 *
 * - `invoice`: one row per invoice or storno. The number's three parts (`sequence`/`premise`/`device`,
 *   law art. 9) are unique per year and numbering scope (`scope`: the premise, or premise/device when
 *   numbered per device), taken from `invoice_counter` in the issuing transaction, so they are
 *   gapless. Exactly one invoice per order (`invoice_one_per_order`); any number of stornos, each
 *   naming the invoice it cancels. Buyer, seller, lines, discount per rate and VAT rows are copied
 *   as issued (jsonb: an invoice never changes after issue; only its fiscalization columns do).
 *   Amounts are signed integer cents (a storno is negative).
 * - `invoice_fiscal_attempt`: every message sent to the Tax Administration (CIS) for an invoice: its
 *   IdPoruke (`message_id`), the time in its header, NakDost, and the outcome (null while in flight:
 *   a crash mid-send is resumed with the same message id).
 * - `outgoing_mail.attachments`: what a mail carries, as references resolved when it is sent
 *   (e.g. the invoice's PDF), so no document sits in the queue.
 */
export class Invoicing1797700000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invoice_counter (
        year integer NOT NULL,
        scope text NOT NULL,
        last_value integer NOT NULL,
        PRIMARY KEY (year, scope)
      )`);
    await q.query(`
      CREATE TABLE invoice (
        id uuid PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('invoice', 'storno')),
        order_id uuid NOT NULL,
        order_number text NOT NULL,
        storno_of uuid REFERENCES invoice (id),
        year integer NOT NULL,
        scope text NOT NULL,
        sequence integer NOT NULL CHECK (sequence > 0),
        premise text NOT NULL,
        device text NOT NULL,
        sequence_mark text NOT NULL CHECK (sequence_mark IN ('P', 'N')),
        number text NOT NULL,
        issued_at timestamptz NOT NULL,
        operator_mark text NOT NULL,
        operator_oib text NOT NULL,
        seller jsonb NOT NULL,
        buyer jsonb NOT NULL,
        lines jsonb NOT NULL,
        discount integer NOT NULL,
        discount_by_rate jsonb NOT NULL,
        delivery integer NOT NULL,
        delivery_vat_rate numeric(5, 2) NOT NULL,
        vat_by_rate jsonb NOT NULL,
        vat_base integer NOT NULL,
        vat_total integer NOT NULL,
        total integer NOT NULL,
        payment_method text NOT NULL,
        cis_payment_code text NOT NULL CHECK (cis_payment_code IN ('G', 'K', 'T', 'O')),
        locale text NOT NULL,
        zki text NOT NULL CHECK (zki ~ '^[0-9a-f]{32}$'),
        jir text,
        fiscal_state text NOT NULL DEFAULT 'pending' CHECK (fiscal_state IN ('pending', 'fiscalized', 'rejected')),
        fiscal_attempts integer NOT NULL DEFAULT 0,
        fiscal_error text,
        fiscalized_at timestamptz,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        alerted_at timestamptz,
        mailed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT invoice_total_check CHECK (total = vat_base + vat_total),
        CONSTRAINT invoice_storno_check CHECK ((kind = 'storno') = (storno_of IS NOT NULL)),
        CONSTRAINT invoice_jir_check CHECK ((fiscal_state = 'fiscalized') = (jir IS NOT NULL)),
        CONSTRAINT invoice_number_unique UNIQUE (year, scope, sequence)
      )`);
    await q.query(`CREATE UNIQUE INDEX invoice_one_per_order ON invoice (order_id) WHERE kind = 'invoice'`);
    await q.query(`CREATE INDEX invoice_order_idx ON invoice (order_id, issued_at)`);
    await q.query(`CREATE INDEX invoice_issued_idx ON invoice (issued_at DESC)`);
    await q.query(`CREATE INDEX invoice_unfiscalized_idx ON invoice (next_attempt_at) WHERE fiscal_state = 'pending'`);
    await q.query(`
      CREATE TABLE invoice_fiscal_attempt (
        message_id uuid PRIMARY KEY,
        invoice_id uuid NOT NULL REFERENCES invoice (id),
        attempt integer NOT NULL,
        sent_at timestamptz NOT NULL,
        late_delivery boolean NOT NULL,
        outcome text CHECK (outcome IN ('jir', 'rejected', 'unavailable')),
        jir text,
        error_code text,
        error_message text,
        answered_at timestamptz,
        UNIQUE (invoice_id, attempt)
      )`);
    await q.query(`ALTER TABLE outgoing_mail ADD COLUMN attachments jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outgoing_mail DROP COLUMN attachments`);
    await q.query(`DROP TABLE invoice_fiscal_attempt`);
    await q.query(`DROP TABLE invoice`);
    await q.query(`DROP TABLE invoice_counter`);
  }
}
