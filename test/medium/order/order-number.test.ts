/* eslint-disable local/import-boundaries -- a medium test builds the module's inner services by hand (docs/architecture.md, 'Tests') */
import { randomBytes, randomInt } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { mediumDataSource } from '../../support/medium.js';
import { OrderNumberService, provisionalOrderNumber } from '../../../server/modules/order/order-number.js';
import { OrderRepository } from '../../../server/modules/order/order.repository.js';

/** Gapless order numbers per year on real PostgreSQL (docs/orders.md, 'Order numbers'). */
describe('order numbers (real PostgreSQL)', () => {
  let db: DataSource;
  let numbers: OrderNumberService;
  beforeAll(async () => {
    // the pool of the shop's web process (10): the concurrency tests run up to 50 transactions through it
    db = await mediumDataSource([], 10);
    numbers = new OrderNumberService(new OrderRepository(db));
  });
  afterAll(async () => {
    await db?.destroy();
  });

  // each test counts in a year of its own, far from real orders, so tests and runs do not share a counter
  const usedYears = new Set<number>();
  function freshYear(): number {
    let year: number;
    do year = randomInt(3000, 9000);
    while (usedYears.has(year));
    usedYears.add(year);
    return year;
  }
  const midYear = (year: number) => new Date(`${year}-06-15T12:00:00.000Z`);
  const number = (year: number, n: number) => `ZZ-${year}-${String(n).padStart(6, '0')}`;

  /** A minimal valid order with that number, written in the same transaction that took it. */
  async function insertOrder(m: EntityManager, orderNumber: string): Promise<void> {
    await m.query(
      `INSERT INTO shop_order (number, email, payment_status, payment_method, subtotal, discount, delivery, total, vat_base, vat_total,
         delivery_address, phone, locale, view_secret)
       VALUES ($1, 'n@example.hr', 'awaiting_payment', 'cod', 1000, 0, 0, 1000, 952, 48, '{}', '', 'hr', $2)`,
      [orderNumber, randomBytes(32).toString('base64url')],
    );
  }

  it('gives 50 concurrent placing transactions 50 distinct consecutive numbers', async () => {
    const year = freshYear();
    const now = midYear(year);
    const taken = await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (m) => {
          const n = await numbers.nextOrderNumber(m, now);
          // hold the transaction open a little, so the others really queue behind it
          await m.query(`SELECT pg_sleep(0.002)`);
          await insertOrder(m, n);
          return n;
        }),
      ),
    );
    expect(new Set(taken).size).toBe(50);
    expect([...taken].sort()).toEqual(Array.from({ length: 50 }, (_, i) => number(year, i + 1)));
    const stored = (await db.query(`SELECT number FROM shop_order WHERE number LIKE $1 ORDER BY number`, [`ZZ-${year}-%`])) as Array<{
      number: string;
    }>;
    expect(stored.map((r) => r.number)).toEqual([...taken].sort());
  });

  it('numbers orders written with a provisional number last (numberOrder): consecutive under concurrency, no gap after a rollback', async () => {
    const year = freshYear();
    const now = midYear(year);
    const place = (fail: boolean) =>
      db.transaction(async (m) => {
        const provisional = provisionalOrderNumber();
        expect(provisional).toMatch(/^ZZ-0000-\d{20}$/);
        await insertOrder(m, provisional);
        const [{ id }] = (await m.query(`SELECT id FROM shop_order WHERE number = $1`, [provisional])) as Array<{ id: string }>;
        await m.query(`SELECT pg_sleep(0.002)`);
        const n = await numbers.numberOrder(m, id, now);
        if (fail) throw new Error('placement refused after numbering');
        return n;
      });
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => place(i % 5 === 0)));
    const taken = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(taken).toHaveLength(24);
    expect([...taken].sort()).toEqual(Array.from({ length: 24 }, (_, i) => number(year, i + 1)));
    const stored = (await db.query(
      `SELECT number FROM shop_order WHERE number LIKE $1 OR number IN (SELECT number FROM shop_order WHERE number LIKE 'ZZ-0000-%') ORDER BY number`,
      [`ZZ-${year}-%`],
    )) as Array<{ number: string }>;
    expect(stored.map((r) => r.number)).toEqual([...taken].sort());
    await expect(numbers.numberOrder(db.manager, '00000000-0000-0000-0000-000000000000', now)).rejects.toThrow(/placing transaction/);
  });

  it('gives the number of a rolled-back placement to the next one (no gap)', async () => {
    const year = freshYear();
    const now = midYear(year);
    const first = await db.transaction((m) => numbers.nextOrderNumber(m, now));
    expect(first).toBe(number(year, 1));

    let lost = '';
    await expect(
      db.transaction(async (m) => {
        lost = await numbers.nextOrderNumber(m, now);
        await insertOrder(m, lost);
        throw new Error('payment provider down: placement rolls back');
      }),
    ).rejects.toThrow('placement rolls back');
    expect(lost).toBe(number(year, 2));

    expect(await db.transaction((m) => numbers.nextOrderNumber(m, now))).toBe(number(year, 2));
    expect(await db.transaction((m) => numbers.nextOrderNumber(m, now))).toBe(number(year, 3));
    expect(await db.query(`SELECT count(*)::int AS n FROM shop_order WHERE number = $1`, [lost])).toEqual([{ n: 0 }]);
  });

  it('leaves no gap when some of many concurrent placements roll back', async () => {
    const year = freshYear();
    const now = midYear(year);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        db.transaction(async (m) => {
          const n = await numbers.nextOrderNumber(m, now);
          await m.query(`SELECT pg_sleep(0.002)`);
          if (i % 3 === 0) throw new Error('rolled back');
          await insertOrder(m, n);
          return n;
        }),
      ),
    );
    const committed = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    expect(committed).toHaveLength(20);
    // the 20 committed placements hold exactly 1..20: every rolled-back number went to a later placement
    expect([...committed].sort()).toEqual(Array.from({ length: 20 }, (_, i) => number(year, i + 1)));
    expect(await db.transaction((m) => numbers.nextOrderNumber(m, now))).toBe(number(year, 21));
  });

  it('counts each year of Europe/Zagreb on its own', async () => {
    const year = freshYear();
    usedYears.add(year + 1);
    // 23:30 UTC on New Year's Eve is already the next year in Zagreb
    expect(await db.transaction((m) => numbers.nextOrderNumber(m, new Date(`${year}-12-31T22:30:00.000Z`)))).toBe(number(year, 1));
    expect(await db.transaction((m) => numbers.nextOrderNumber(m, new Date(`${year}-12-31T23:30:00.000Z`)))).toBe(number(year + 1, 1));
    expect(await db.transaction((m) => numbers.nextOrderNumber(m, new Date(`${year}-12-31T22:59:00.000Z`)))).toBe(number(year, 2));
  });

  it('refuses to count outside a transaction (a failed placement would leave a gap)', async () => {
    await expect(numbers.nextOrderNumber(db.manager, midYear(freshYear()))).rejects.toThrow(/placing transaction/);
  });
});
