import { randomInt, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { OrderStatus } from '../../server/modules/order/index.js';

export interface OrderLineInput {
  productCode: string;
  name: string;
  /** Gross cents per pack. */
  unitPrice: number;
  /** 1 to 99. */
  quantity: number;
}

export interface OrderInput {
  userId?: string | null;
  email: string;
  status?: OrderStatus;
  placedAt?: Date;
  lines: OrderLineInput[];
}

/**
 * Jest gives each test file its own module instance in one process (runInBand), so a per-module
 * counter alone repeats across files sharing the run's database: a random start keeps them apart.
 */
let seq = randomInt(0, 9_000_000);

/**
 * Inserts an order and its lines (positions in the given order; total = the sum of the lines)
 * straight into `shop_order` / `shop_order_line`, until the checkout places real ones. Returns the
 * order number, unique per call (`ZZ-<year of placedAt>-<8-digit sequence>`).
 */
export async function createOrder(dataSource: DataSource, input: OrderInput): Promise<string> {
  seq += 1;
  const placedAt = input.placedAt ?? new Date();
  const number = `ZZ-${placedAt.getUTCFullYear()}-${String(seq).padStart(8, '0')}`;
  const total = input.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const id = randomUUID();
  await dataSource.transaction(async (m) => {
    await m.query(`INSERT INTO shop_order (id, number, user_id, email, status, total, placed_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      id,
      number,
      input.userId ?? null,
      input.email,
      input.status ?? 'awaiting_payment',
      total,
      placedAt,
    ]);
    for (const [position, l] of input.lines.entries()) {
      await m.query(
        `INSERT INTO shop_order_line (order_id, position, product_code, name, unit_price, quantity) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, position, l.productCode, l.name, l.unitPrice, l.quantity],
      );
    }
  });
  return number;
}
