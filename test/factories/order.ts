import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { vatOfGross } from '../../contract/money.js';
import type { FulfilmentStatus, PaymentMethod, PaymentStatus } from '../../contract/orders.js';

export interface OrderLineInput {
  productCode: string;
  name: string;
  /** Gross cents per pack. */
  unitPrice: number;
  /** 1 to 99. */
  quantity: number;
  /** Percent; 5 unless given. */
  vatRate?: number;
}

export interface OrderInput {
  userId?: string | null;
  email: string;
  /** The payment status; awaiting_payment unless given. */
  status?: PaymentStatus;
  fulfilmentStatus?: FulfilmentStatus;
  paymentMethod?: PaymentMethod;
  placedAt?: Date;
  /** The delivery address's country; HR unless given. */
  country?: string;
  lines: OrderLineInput[];
}

/**
 * Jest gives each test file its own module instance in one process (runInBand), so a per-module
 * counter alone repeats across files sharing the run's database: a random start keeps them apart.
 */
let seq = randomInt(0, 9_000_000);

/**
 * Inserts an order and its lines (positions in the given order; total = subtotal = the sum of the
 * lines, no discount or delivery, VAT per rate of the lines) straight into `shop_order`,
 * `shop_order_line` and `shop_order_vat`, until the checkout places real ones. Returns the order
 * number, unique per call (`ZZ-<year of placedAt>-<8-digit sequence>`: 8 digits, so never one of
 * the counter's 6-digit numbers).
 */
export async function createOrder(dataSource: DataSource, input: OrderInput): Promise<string> {
  seq += 1;
  const placedAt = input.placedAt ?? new Date();
  const number = `ZZ-${placedAt.getUTCFullYear()}-${String(seq).padStart(8, '0')}`;
  const total = input.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const grossByRate = new Map<number, number>();
  for (const l of input.lines) grossByRate.set(l.vatRate ?? 5, (grossByRate.get(l.vatRate ?? 5) ?? 0) + l.unitPrice * l.quantity);
  const vatRows = [...grossByRate].map(([rate, gross]) => ({ rate, vat: vatOfGross(gross, rate), base: gross - vatOfGross(gross, rate) }));
  const vatTotal = vatRows.reduce((sum, r) => sum + r.vat, 0);
  const id = randomUUID();
  await dataSource.transaction(async (m) => {
    await m.query(
      `INSERT INTO shop_order (id, number, user_id, email, payment_status, fulfilment_status, payment_method, subtotal, discount, delivery,
         total, vat_base, vat_total, delivery_address, phone, locale, view_secret, placed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, $8, $9, $10, $11, '+385 91 123 4567', 'hr', $12, $13)`,
      [
        id,
        number,
        input.userId ?? null,
        input.email,
        input.status ?? 'awaiting_payment',
        input.fulfilmentStatus ?? 'placed',
        input.paymentMethod ?? 'card',
        total,
        total - vatTotal,
        vatTotal,
        { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: input.country ?? 'HR' },
        randomBytes(32).toString('base64url'),
        placedAt,
      ],
    );
    for (const [position, l] of input.lines.entries()) {
      await m.query(
        `INSERT INTO shop_order_line (order_id, position, product_code, name, unit_price, quantity, vat_rate) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, position, l.productCode, l.name, l.unitPrice, l.quantity, l.vatRate ?? 5],
      );
    }
    for (const r of vatRows)
      await m.query(`INSERT INTO shop_order_vat (order_id, rate, base, vat) VALUES ($1, $2, $3, $4)`, [id, r.rate, r.base, r.vat]);
  });
  return number;
}
