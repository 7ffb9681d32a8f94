import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { waitFor } from '../../support/wait.js';
import { createProduct } from '../../factories/catalog.js';
import { createUser } from '../../factories/user.js';
import {
  cartBirthdayCouponIssued,
  catalogAvailabilityChanged,
  catalogPriceChanged,
  identityBirthdayDue,
} from '../../../contract/events/index.js';
import { CatalogService, PriceService } from '../../../server/modules/catalog/index.js';
import { BirthdayBenefits } from '../../../server/modules/identity/index.js';
import { deliveryJobId, EventPublisher, domainEvent, OUTBOX_CHANNEL } from '../../../server/platform/events/index.js';
import { QueueName, QueueService } from '../../../server/platform/queue/index.js';
import type { RunningShop } from '../../../server/main.js';

const DAY_MS = 86_400_000;

/**
 * Events between modules on the real shop (role all: relay, workers, SMTP to an in-process
 * mailbox): identity announces a birthday, the cart issues the coupon, identity mails it; the
 * catalogue publishes price and stock changes; payloads follow their contracts both ways.
 */
describe('events between modules (real PostgreSQL, Redis, SMTP)', () => {
  let shop: RunningShop & { url: string };
  let mailbox: Mailbox;
  let db: DataSource;

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    shop = await startShop({
      env: { SMTP_URL: mailbox.url, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, QUEUE_RETRY_DELAY_MS: '50' },
      role: 'all',
    });
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
  });

  const outbox = async (name: string, key: string, value: string | number) =>
    (await db.query(`SELECT id, payload FROM outbox_event WHERE name = $1 AND payload->>$2 = $3 ORDER BY occurred_at`, [
      name,
      key,
      String(value),
    ])) as Array<{ id: string; payload: unknown }>;
  const handled = async (eventId: string, subscriberId: string) =>
    (await db.query(`SELECT 1 FROM event_delivery WHERE event_id = $1 AND subscriber_id = $2`, [eventId, subscriberId])).length > 0;
  const couponsOf = async (userId: string) =>
    (await db.query(`SELECT code, percent, usage_limit, valid_from, valid_until, issue_key FROM coupon WHERE customer_key = $1`, [
      `user:${userId}`,
    ])) as Array<{ code: string; percent: number; usage_limit: number; valid_from: Date; valid_until: Date; issue_key: string }>;

  describe('birthday: identity.birthday-due -> cart coupon -> cart.birthday-coupon-issued -> mail', () => {
    it('issues one coupon and one mail per user and year, however often the job runs or the birthday is announced', async () => {
      const now = new Date('2031-07-19T08:00:00Z');
      const user = await createUser(db, { birthDate: '1991-07-19', firstName: 'Marija', locale: 'en' });
      const benefits = shop.app.get(BirthdayBenefits);

      // two workers at once, and once more later
      const runs = await Promise.all([benefits.runDue(now), benefits.runDue(now)]);
      expect(runs.map((r) => r.date)).toEqual(['2031-07-19', '2031-07-19']);
      await benefits.runDue(now);

      const mail = await mailbox.next(user.email);
      expect(mail.subject).toBe('Happy birthday, Marija! A little gift from Zlatno zrno');

      // identity published exactly one birthday-due, as its contract says
      const due = await outbox('identity.birthday-due', 'userId', user.id);
      expect(due).toHaveLength(1);
      expect(identityBirthdayDue.schema.parse(due[0].payload)).toEqual({
        version: 1,
        userId: user.id,
        year: 2031,
        date: '2031-07-19',
        dueAt: now.toISOString(),
      });
      await waitFor('the cart subscriber to have handled it', () => handled(due[0].id, 'issue-birthday-coupon'));

      // the cart issued one personal coupon, valid 30 days from when the birthday was due
      const coupons = await couponsOf(user.id);
      expect(coupons).toEqual([
        {
          code: expect.stringMatching(/^ROD-[0-9A-F]{8}$/),
          percent: 10,
          usage_limit: 1,
          valid_from: now,
          valid_until: new Date(now.getTime() + 30 * DAY_MS),
          issue_key: `birthday:${user.id}:2031`,
        },
      ]);
      expect(mail.text).toContain(coupons[0].code);
      const issued = await outbox('cart.birthday-coupon-issued', 'userId', user.id);
      expect(issued).toHaveLength(1);
      expect(cartBirthdayCouponIssued.schema.parse(issued[0].payload)).toEqual({
        version: 1,
        userId: user.id,
        year: 2031,
        couponCode: coupons[0].code,
        percent: 10,
        validUntil: '2031-08-18',
      });
      await waitFor('the mail subscriber to have handled it', () => handled(issued[0].id, 'send-birthday-coupon-mail'));

      // the same birthday announced again (identity's guard row lost): the cart issues nothing new, nobody mails
      await db.query(`DELETE FROM birthday_benefit WHERE user_id = $1`, [user.id]);
      expect((await benefits.runDue(now)).due).toBeGreaterThanOrEqual(1);
      const dueAgain = await outbox('identity.birthday-due', 'userId', user.id);
      expect(dueAgain).toHaveLength(2);
      await waitFor('the repeated announcement to be handled', () => handled(dueAgain[1].id, 'issue-birthday-coupon'));
      expect(await couponsOf(user.id)).toHaveLength(1);
      expect(await outbox('cart.birthday-coupon-issued', 'userId', user.id)).toHaveLength(1);
      expect(await mailbox.quiet(user.email, 1500)).toBe(0);

      // next year is another birthday
      await benefits.runDue(new Date('2032-07-19T08:00:00Z'));
      const nextMail = await mailbox.next(user.email);
      const both = await couponsOf(user.id);
      expect(both.map((c) => c.issue_key).sort()).toEqual([`birthday:${user.id}:2031`, `birthday:${user.id}:2032`]);
      expect(nextMail.text).toContain(both.find((c) => c.issue_key.endsWith(':2032'))!.code);
    });

    it('dead-letters a birthday-due whose payload breaks its contract: failed at once, logged, nothing issued', async () => {
      const user = await createUser(db, { birthDate: '1990-01-02' });
      const eventId = randomUUID();
      // what a buggy or foreign publisher could have written: a year that is no year
      await db.transaction(async (m) => {
        await m.query(`INSERT INTO outbox_event (id, name, payload) VALUES ($1, 'identity.birthday-due', $2::jsonb)`, [
          eventId,
          JSON.stringify({ version: 1, userId: user.id, year: 'this one', date: '2031-01-02', dueAt: new Date().toISOString() }),
        ]);
        await m.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
      });
      const events = shop.app.get(QueueService).queue(QueueName.Events);
      const job = await waitFor('the delivery to fail', async () => {
        const j = await events.getJob(deliveryJobId(eventId, 'issue-birthday-coupon'));
        return j && (await j.getState()) === 'failed' ? j : null;
      });
      expect(job.attemptsMade).toBe(1); // not retried: no retry can make it parse
      expect(job.failedReason).toMatch(/EVENT_PAYLOAD_INVALID: 'identity.birthday-due' payload does not match its contract/);
      expect(job.failedReason).toMatch(/year/);
      expect(await handled(eventId, 'issue-birthday-coupon')).toBe(false);
      expect(await couponsOf(user.id)).toEqual([]);
    });

    it('retries a payload of a newer version than this process knows (a newer worker may)', async () => {
      const user = await createUser(db);
      const eventId = randomUUID();
      await db.transaction(async (m) => {
        await m.query(`INSERT INTO outbox_event (id, name, payload) VALUES ($1, 'identity.birthday-due', $2::jsonb)`, [
          eventId,
          JSON.stringify({ version: 2, userId: user.id, year: 2031, date: '2031-01-02', dueAt: new Date().toISOString() }),
        ]);
        await m.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
      });
      const events = shop.app.get(QueueService).queue(QueueName.Events);
      const job = await waitFor('a retry', async () => {
        const j = await events.getJob(deliveryJobId(eventId, 'issue-birthday-coupon'));
        return j && j.attemptsMade >= 2 ? j : null;
      });
      expect(job.failedReason).toMatch(/EVENT_VERSION_UNKNOWN/);
      expect(await couponsOf(user.id)).toEqual([]);
      await job.remove().catch(() => undefined); // stop its retries
    });

    it('refuses to publish a payload its contract refuses, and writes nothing', async () => {
      const BirthdayDue = domainEvent(identityBirthdayDue);
      const publisher = shop.app.get(EventPublisher);
      const userId = randomUUID();
      await expect(
        db.transaction((m) =>
          publisher.publish(m, new BirthdayDue({ userId, year: 2031, date: '19.07.2031.', dueAt: new Date().toISOString() })),
        ),
      ).rejects.toMatchObject({ code: 'EVENT_PAYLOAD_INVALID' });
      await expect(
        db.transaction((m) =>
          publisher.publish(
            m,
            new BirthdayDue({ version: 0, userId, year: 2031, date: '2031-07-19', dueAt: new Date().toISOString() } as never),
          ),
        ),
      ).rejects.toMatchObject({ code: 'EVENT_PAYLOAD_INVALID' });
      expect(await outbox('identity.birthday-due', 'userId', userId)).toEqual([]);
    });
  });

  describe('catalogue: catalog.price-changed and catalog.availability-changed', () => {
    it('writes exactly one price-changed per change of the price in force, with a payload that parses', async () => {
      const { code } = await createProduct(shop.app, { price: 300, priceSince: new Date(Date.now() - 90 * DAY_MS) });
      const [{ id: productId }] = await db.query(`SELECT id FROM product WHERE code = $1`, [code]);
      // creating a product is not a change
      expect(await outbox('catalog.price-changed', 'productCode', code)).toEqual([]);

      const at = new Date(Date.now() - 5 * DAY_MS);
      await shop.app.get(PriceService).changePrice(code, 279, { at });
      const rows = await outbox('catalog.price-changed', 'productCode', code);
      expect(rows).toHaveLength(1);
      expect(catalogPriceChanged.schema.parse(rows[0].payload)).toEqual({
        version: 1,
        productId,
        productCode: code,
        oldPriceCents: 300,
        newPriceCents: 279,
        effectiveAt: at.toISOString(),
      });

      // back-dated behind the change above: the price in force stays 279, nothing is published
      await shop.app.get(PriceService).changePrice(code, 310, { at: new Date(Date.now() - 20 * DAY_MS) });
      expect(await outbox('catalog.price-changed', 'productCode', code)).toHaveLength(1);
      // a change in a transaction that rolls back leaves no event
      await expect(
        db.transaction(async (m) => {
          await shop.app.get(PriceService).changePrice(code, 199, { manager: m });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await outbox('catalog.price-changed', 'productCode', code)).toHaveLength(1);
      // relayed like any event (no subscriber yet)
      await waitFor(
        'the relay to publish it',
        async () => (await db.query(`SELECT published_at FROM outbox_event WHERE id = $1`, [rows[0].id]))[0].published_at,
      );
    });

    it('writes availability-changed for each tracked stock an order takes, in its transaction', async () => {
      const limited = await createProduct(shop.app, { price: 249, stock: 3 });
      const untracked = await createProduct(shop.app, { price: 249, stock: null });
      const catalog = shop.app.get(CatalogService);
      await db.transaction((m) =>
        catalog.reserveStock(m, [
          { code: limited.code, quantity: 2 },
          { code: untracked.code, quantity: 5 },
        ]),
      );
      await db.transaction((m) => catalog.reserveStock(m, [{ code: limited.code, quantity: 1 }]));
      // refused (nothing left): rolled back, no event
      await expect(db.transaction((m) => catalog.reserveStock(m, [{ code: limited.code, quantity: 1 }]))).rejects.toMatchObject({
        code: 'CATALOG_OUT_OF_STOCK',
      });

      const rows = await outbox('catalog.availability-changed', 'productCode', limited.code);
      const payloads = rows.map((r) => catalogAvailabilityChanged.schema.parse(r.payload));
      expect(payloads).toEqual([
        expect.objectContaining({ version: 1, oldStock: 3, newStock: 1, oldAvailability: 'available', newAvailability: 'available' }),
        expect.objectContaining({
          version: 1,
          oldStock: 1,
          newStock: 0,
          oldAvailability: 'available',
          newAvailability: 'soon_available_again',
        }),
      ]);
      expect(Date.parse(payloads[1].effectiveAt)).toBeGreaterThanOrEqual(Date.parse(payloads[0].effectiveAt));
      expect(await outbox('catalog.availability-changed', 'productCode', untracked.code)).toEqual([]);
    });
  });
});
