/* eslint-disable local/import-boundaries -- a medium test builds the module's inner services by hand (docs/architecture.md, 'Tests') */
import type { DataSource } from 'typeorm';
import { mediumDataSource } from '../../support/medium.js';
import { createOrder } from '../../factories/order.js';
import { OrderStateService } from '../../../server/modules/order/order-state.service.js';
import { OrderRepository } from '../../../server/modules/order/order.repository.js';

/** Status changes on real PostgreSQL: the machines' tables enforced, one change at a time per order. */
describe('OrderStateService (real PostgreSQL)', () => {
  let db: DataSource;
  let states: OrderStateService;
  beforeAll(async () => {
    db = await mediumDataSource();
    states = new OrderStateService(new OrderRepository(db));
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const penne = { productCode: 'ZZ-PEN-500', name: 'Penne 500 g', unitPrice: 299, quantity: 1 };
  const statusOf = async (number: string) =>
    (
      (await db.query(`SELECT payment_status, fulfilment_status FROM shop_order WHERE number = $1`, [number])) as Array<
        Record<string, string>
      >
    )[0];

  it('walks both machines along their tables', async () => {
    const number = await createOrder(db, { email: 's@example.hr', lines: [penne] });
    expect(await db.transaction((m) => states.changePaymentStatus(m, number, 'failed'))).toEqual({
      number,
      from: 'awaiting_payment',
      to: 'failed',
      changed: true,
    });
    await db.transaction((m) => states.changePaymentStatus(m, number, 'awaiting_payment'));
    await db.transaction((m) => states.changePaymentStatus(m, number, 'paid'));
    await db.transaction((m) => states.changeFulfilmentStatus(m, number, 'shipped'));
    await db.transaction((m) => states.changeFulfilmentStatus(m, number, 'delivered'));
    await db.transaction((m) => states.changePaymentStatus(m, number, 'refunded'));
    expect(await statusOf(number)).toEqual({ payment_status: 'refunded', fulfilment_status: 'delivered' });
  });

  it('refuses a step outside the table with 409 ORDER_TRANSITION_REFUSED and changes nothing', async () => {
    const number = await createOrder(db, { email: 's@example.hr', status: 'paid', lines: [penne] });
    await expect(db.transaction((m) => states.changePaymentStatus(m, number, 'failed'))).rejects.toMatchObject({
      code: 'ORDER_TRANSITION_REFUSED',
      kind: 'conflict',
      params: { machine: 'payment', from: 'paid', to: 'failed' },
    });
    await db.transaction((m) => states.changeFulfilmentStatus(m, number, 'cancelled'));
    await expect(db.transaction((m) => states.changeFulfilmentStatus(m, number, 'shipped'))).rejects.toMatchObject({
      code: 'ORDER_TRANSITION_REFUSED',
    });
    expect(await statusOf(number)).toEqual({ payment_status: 'paid', fulfilment_status: 'cancelled' });
  });

  it('treats the state the order is already in as done, not as an error (a repeated callback)', async () => {
    const number = await createOrder(db, { email: 's@example.hr', status: 'paid', lines: [penne] });
    expect(await db.transaction((m) => states.changePaymentStatus(m, number, 'paid'))).toEqual({
      number,
      from: 'paid',
      to: 'paid',
      changed: false,
    });
  });

  it('judges concurrent changes of one order one after the other: paid and failed together, exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const number = await createOrder(db, { email: 's@example.hr', lines: [penne] });
      const outcomes = await Promise.allSettled(
        (['paid', 'failed'] as const).map((to) =>
          db.transaction(async (m) => {
            const change = await states.changePaymentStatus(m, number, to);
            // keep the row locked a moment, so the other change has to wait for this one
            await m.query(`SELECT pg_sleep(0.02)`);
            return change;
          }),
        ),
      );
      const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.to] : []));
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { code: string }).code] : []));
      expect(won).toHaveLength(1);
      expect(refused).toEqual(['ORDER_TRANSITION_REFUSED']);
      expect((await statusOf(number)).payment_status).toBe(won[0]);
    }
  });

  it('answers 404 ORDER_NOT_FOUND for an unknown number and needs a transaction', async () => {
    await expect(db.transaction((m) => states.changePaymentStatus(m, 'ZZ-1999-000001', 'paid'))).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
      kind: 'not_found',
    });
    const number = await createOrder(db, { email: 's@example.hr', lines: [penne] });
    await expect(states.changePaymentStatus(db.manager, number, 'paid')).rejects.toThrow(/needs a transaction/);
  });
});
