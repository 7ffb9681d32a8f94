import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders in the back office (docs/admin.md 'Orders in the back office'):
 * - `shop_order_note`: internal notes of the operators on an order (never shown to the buyer): who
 *   (their id and e-mail at the time), when, the text (1 to 2000 characters). Rows go with their order.
 * - `shop_order_refund`: one row per refund by line: the amount and its VAT (gross cents), whether
 *   the delivery fee was part of it, how it went back (`card` through the provider, `bank_transfer`
 *   for cash on delivery), the packs per line (`lines`: [{ product_code, quantity, amount }]) and
 *   who made it. What is left to refund and the packs still refundable are summed from these rows
 *   under the order's row lock.
 */
export class OrderBackOffice1797890000000 implements MigrationInterface {
  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE shop_order_note (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES shop_order (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        author_id uuid,
        author_label text NOT NULL CHECK (length(author_label) BETWEEN 1 AND 254),
        body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000)
      )`);
    await q.query(`CREATE INDEX shop_order_note_order ON shop_order_note (order_id, id)`);
    await q.query(`
      CREATE TABLE shop_order_refund (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES shop_order (id) ON DELETE CASCADE,
        at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL CHECK (length(actor) BETWEEN 1 AND 254),
        amount integer NOT NULL CHECK (amount > 0),
        vat integer NOT NULL CHECK (vat >= 0),
        shipping boolean NOT NULL,
        method text NOT NULL CHECK (method IN ('card', 'bank_transfer')),
        lines jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX shop_order_refund_order ON shop_order_refund (order_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shop_order_refund`);
    await q.query(`DROP TABLE shop_order_note`);
  }
}
