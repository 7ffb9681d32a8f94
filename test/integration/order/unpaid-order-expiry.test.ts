import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { createOrder, type OrderInput } from '../../factories/order.js';
import { createProduct } from '../../factories/catalog.js';
import { UnpaidOrderExpiry } from '../../../server/modules/order/index.js';
import type { RunningShop } from '../../../server/main.js';

/** The scheduled expiry of unpaid card orders (UNPAID_CARD_ORDER_EXPIRY_MINUTES, default 60) on real PostgreSQL. */
describe('unpaid card orders expire (real PostgreSQL)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let expiry: UnpaidOrderExpiry;
  beforeAll(async () => {
    shop = await startShop();
    db = shop.app.get(DataSource);
    expiry = shop.app.get(UnpaidOrderExpiry);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  const HOUR = 3_600_000;
  const stockOf = async (code: string) =>
    ((await db.query(`SELECT stock FROM product WHERE code = $1`, [code])) as Array<{ stock: number | null }>)[0]!.stock;
  const statusOf = async (number: string) =>
    (
      (await db.query(`SELECT payment_status, fulfilment_status FROM shop_order WHERE number = $1`, [number])) as Array<
        Record<string, string>
      >
    )[0];

  it('cancels card orders unpaid after the configured time and releases their stock once; leaves every other order alone', async () => {
    const tracked = await createProduct(shop.app, { stock: 5 });
    const untracked = await createProduct(shop.app, { stock: null });
    const lines = [
      { productCode: tracked.code, name: 'Penne', unitPrice: 299, quantity: 2 },
      { productCode: untracked.code, name: 'Fusilli', unitPrice: 199, quantity: 1 },
    ];
    const old = new Date(Date.now() - 2 * HOUR);
    const order = (over: Partial<OrderInput>) => createOrder(db, { email: 'e@example.hr', lines, placedAt: old, ...over });
    const unpaid = await order({});
    const failed = await order({ status: 'failed' });
    const fresh = await order({ placedAt: new Date(Date.now() - 30 * 60_000) });
    const paid = await order({ status: 'paid' });
    const cod = await order({ paymentMethod: 'cod' });
    const shipped = await order({ fulfilmentStatus: 'shipped' });

    const first = await expiry.expire();
    expect(first.cancelled).toEqual(expect.arrayContaining([unpaid, failed]));
    for (const n of [fresh, paid, cod, shipped]) expect(first.cancelled).not.toContain(n);
    expect(await statusOf(unpaid)).toEqual({ payment_status: 'awaiting_payment', fulfilment_status: 'cancelled' });
    expect(await statusOf(failed)).toEqual({ payment_status: 'failed', fulfilment_status: 'cancelled' });
    expect(await statusOf(fresh)).toEqual({ payment_status: 'awaiting_payment', fulfilment_status: 'placed' });
    expect(await statusOf(paid)).toEqual({ payment_status: 'paid', fulfilment_status: 'placed' });
    expect(await statusOf(cod)).toEqual({ payment_status: 'awaiting_payment', fulfilment_status: 'placed' });
    expect(await stockOf(tracked.code)).toBe(5 + 2 + 2); // two orders of two packs each back on the shelf
    expect(await stockOf(untracked.code)).toBeNull();

    // A second run (and a run at the same moment) changes nothing: stock comes back once.
    const [again, parallel] = await Promise.all([expiry.expire(), expiry.expire()]);
    for (const n of [unpaid, failed]) {
      expect(again.cancelled).not.toContain(n);
      expect(parallel.cancelled).not.toContain(n);
    }
    expect(await stockOf(tracked.code)).toBe(9);

    // The fresh one expires once its time has come.
    const later = await expiry.expire(new Date(Date.now() + 2 * HOUR));
    expect(later.cancelled).toContain(fresh);
    expect(await stockOf(tracked.code)).toBe(11);
  }, 30_000);
});
