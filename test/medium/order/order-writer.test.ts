/* eslint-disable local/import-boundaries -- a medium test builds the module's inner services by hand (docs/architecture.md, 'Tests') */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { mediumDataSource } from '../../support/medium.js';
import { Order, OrderLine, OrderVat } from '../../../server/modules/order/order.entity.js';
import { OrderNumberService } from '../../../server/modules/order/order-number.js';
import { OrderRepository } from '../../../server/modules/order/order.repository.js';
import { OrderReadService } from '../../../server/modules/order/order.service.js';
import { OrderWriter, type OrderDraft } from '../../../server/modules/order/order-writer.js';

/** Writing a placed order (number, row, lines, VAT per rate) inside a transaction, on real PostgreSQL. */
describe('OrderWriter (real PostgreSQL)', () => {
  let db: DataSource;
  let writer: OrderWriter;
  let reader: OrderReadService;
  beforeAll(async () => {
    db = await mediumDataSource([Order, OrderLine, OrderVat]);
    const orders = new OrderRepository(db);
    writer = new OrderWriter(new OrderNumberService(orders), orders);
    reader = new OrderReadService(db, orders);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const address = { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' };
  const draft = (changes: Partial<OrderDraft> = {}): OrderDraft => ({
    userId: randomUUID(),
    email: 'ana@example.hr',
    paymentMethod: 'cod',
    lines: [
      { productCode: 'ZZ-SPAG-400', name: 'Špageti 400 g', unitPrice: 249, quantity: 3, vatRate: 5 },
      { productCode: 'ZZ-SAUCE-1', name: 'Umak', unitPrice: 1200, quantity: 1, vatRate: 13 },
    ],
    discount: 200,
    couponCode: 'DOBRODOSLI',
    delivery: 400,
    deliveryAddress: address,
    billingAddress: null,
    r1Invoice: {
      company_name: 'Tvrtka d.o.o.',
      tax_id: '69435151530',
      street: 'Vukovarska 2',
      postal_code: '21000',
      city: 'Split',
      country: 'HR',
    },
    phone: '+385 91 123 4567',
    courierNote: 'Zvono 2',
    remark: null,
    locale: 'de',
    idempotencyScope: `cart:${randomUUID()}`,
    idempotencyKey: randomUUID(),
    ...changes,
  });

  it('stores the order in its initial states with its money, lines and VAT per rate; the profile reads it', async () => {
    const d = draft();
    const placedAt = new Date('2031-03-04T10:00:00.000Z');
    const written = await db.transaction((m) => writer.insert(m, d, placedAt));
    expect(written.number).toMatch(/^ZZ-2031-\d{6}$/);
    expect(written.viewSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = (await db.query(
      `SELECT payment_status, fulfilment_status, payment_method, subtotal, discount, coupon_code, delivery, total, vat_base, vat_total,
              delivery_address, billing_address, r1_invoice, phone, courier_note, remark, locale, view_secret, idempotency_scope, idempotency_key
       FROM shop_order WHERE id = $1`,
      [written.id],
    )) as Array<Record<string, unknown>>;
    // the same money as orderMoney's unit test: 1947 - 200 + 400
    expect(row).toEqual({
      payment_status: 'awaiting_payment',
      fulfilment_status: 'placed',
      payment_method: 'cod',
      subtotal: 1947,
      discount: 200,
      coupon_code: 'DOBRODOSLI',
      delivery: 400,
      total: 2147,
      vat_base: 1911,
      vat_total: 236,
      delivery_address: address,
      billing_address: null,
      r1_invoice: d.r1Invoice,
      phone: '+385 91 123 4567',
      courier_note: 'Zvono 2',
      remark: null,
      locale: 'de',
      view_secret: written.viewSecret,
      idempotency_scope: d.idempotencyScope,
      idempotency_key: d.idempotencyKey,
    });
    expect(await db.query(`SELECT rate, base, vat FROM shop_order_vat WHERE order_id = $1 ORDER BY rate`, [written.id])).toEqual([
      { rate: 5, base: 638, vat: 32 },
      { rate: 13, base: 953, vat: 124 },
      { rate: 25, base: 320, vat: 80 },
    ]);
    expect(await reader.listForUser(d.userId!)).toEqual([
      {
        number: written.number,
        placed_at: placedAt.toISOString(),
        status: 'awaiting_payment',
        payment_status: 'awaiting_payment',
        fulfilment_status: 'placed',
        total: 2147,
        currency: 'EUR',
        lines: [
          { product_code: 'ZZ-SPAG-400', name: 'Špageti 400 g', unit_price: 249, quantity: 3 },
          { product_code: 'ZZ-SAUCE-1', name: 'Umak', unit_price: 1200, quantity: 1 },
        ],
      },
    ]);
  });

  it('takes consecutive numbers, and a rolled-back placement leaves neither an order nor a gap', async () => {
    const now = new Date('2032-05-05T10:00:00.000Z');
    const a = await db.transaction((m) => writer.insert(m, draft(), now));
    const failing = draft();
    await expect(
      db.transaction(async (m) => {
        await writer.insert(m, failing, now);
        throw new Error('stock ran out: placement rolls back');
      }),
    ).rejects.toThrow('rolls back');
    const b = await db.transaction((m) => writer.insert(m, draft(), now));
    expect(Number(b.number.slice(-6))).toBe(Number(a.number.slice(-6)) + 1);
    expect(await db.query(`SELECT count(*)::int AS n FROM shop_order WHERE idempotency_key = $1`, [failing.idempotencyKey])).toEqual([
      { n: 0 },
    ]);
  });

  it('refuses a second order with the same Idempotency-Key from the same caller (the placement answers the first)', async () => {
    const first = draft();
    await db.transaction((m) => writer.insert(m, first));
    await expect(
      db.transaction((m) => writer.insert(m, draft({ idempotencyScope: first.idempotencyScope, idempotencyKey: first.idempotencyKey }))),
    ).rejects.toThrow(/shop_order_idempotency_key/);
    expect(await db.query(`SELECT count(*)::int AS n FROM shop_order WHERE idempotency_key = $1`, [first.idempotencyKey])).toEqual([
      { n: 1 },
    ]);
  });

  it('refuses drafts that cannot be an order, before taking a number', async () => {
    await expect(db.transaction((m) => writer.insert(m, draft({ lines: [] })))).rejects.toThrow(RangeError);
    await expect(db.transaction((m) => writer.insert(m, draft({ couponCode: null })))).rejects.toThrow(/coupon code/);
  });
});
