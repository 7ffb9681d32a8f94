// The order mails that tell the truth (issue 19), on the real shop (role all: relay, workers, SMTP to an
// in-process mailbox, the payment sandbox), real PostgreSQL and Redis:
// - a card order's confirmation says paid and is sent only once the order is paid (order.paid), with the
//   order inbox's 'card order paid' notice; while the order row is held, nothing is mailed (on the code
//   before, the confirmation went out in parallel with the status change and read 'awaiting payment');
// - an abandoned card payment gets 'payment not completed' once, after PAYMENT_REMINDER_DELAY_MINUTES,
//   not for a paid order, and not a second time when a decline comes too (nor the other way round);
// - the expiry job's cancellation mails 'cancelled, not paid' once;
// - an operator's cancel mails the buyer, a buyer's own cancel does not; every refund mails the amount.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { paymentDeclined } from '../../../contract/events/payment.js';
import type { RunningShop } from '../../../server/main.js';
import { domainEvent, EventPublisher } from '../../../server/platform/events/index.js';
import { OrderCancelled, PaymentReminder, UnpaidOrderExpiry } from '../../../server/modules/order/index.js';
import { guestOrder } from '../../factories/checkout.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';

const INBOX = 'orders-truth-inbox@zlatnozrno.test';
/** A decline as the payment module publishes it (reconciliation), for the order module's subscribers. */
class PaymentDeclinedEvent extends domainEvent(paymentDeclined) {}

describe('order mails that tell the truth', () => {
  let shop: RunningShop & { url: string };
  let mailbox: Mailbox;
  let db: DataSource;
  let admin: Shopper;

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    shop = await startShop({
      env: {
        SMTP_URL: mailbox.url,
        ORDERS_EMAIL: INBOX,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        QUEUE_RETRY_DELAY_MS: '50',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        PAYMENT_REMINDER_DELAY_MINUTES: '15',
      },
      role: 'all',
    });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin' });
    admin = await signIn(shop.url, operator.email, operator.password);
  });
  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  /** A guest (page language `language`) orders two packs at 4,50 € (13,00 € with delivery); the answer and the buyer's address. */
  async function placeOrder(method: 'cod' | 'card', language: string) {
    const { answer, email } = await guestOrder(shop, { method, language, email: `truth-${randomUUID().slice(0, 8)}@example.com` });
    return { ...answer, email };
  }

  /** Posts the payment form to the sandbox and presses `choice` on its page. */
  async function pay(form: { action: string; fields: Record<string, string> }, choice: 'approve' | 'decline' | 'abandon') {
    const posted = await fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
      body: new URLSearchParams(form.fields).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    const decided = await fetch(`${shop.url}${posted.headers.get('location')!}/${choice}`, {
      method: 'POST',
      headers: { origin: shop.url },
      redirect: 'manual',
    });
    expect(decided.status).toBe(choice === 'abandon' ? 200 : 302);
  }

  const paymentStatus = async (number: string) =>
    ((await db.query(`SELECT payment_status FROM shop_order WHERE number = $1`, [number])) as Array<{ payment_status: string }>)[0]
      .payment_status;

  async function waitForStatus(number: string, status: string): Promise<void> {
    for (let i = 0; i < 300; i++) {
      if ((await paymentStatus(number)) === status) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`order ${number} did not become ${status}`);
  }

  /** The next mail to the inbox about order `number` (the inbox gets every order's notices). */
  async function inboxMail(number: string, subject: RegExp) {
    for (;;) {
      const mail = await mailbox.next(INBOX, 30_000);
      if (mail.subject.includes(number) && subject.test(mail.subject)) return mail;
    }
  }

  /** Moves an order's placement back in time (as if `minutes` had passed since). */
  const placedAgo = (number: string, minutes: number, extra = '') =>
    db.query(`UPDATE shop_order SET placed_at = now() - make_interval(mins => $2)${extra} WHERE number = $1`, [number, minutes]);

  const publish = (event: InstanceType<typeof PaymentDeclinedEvent> | OrderCancelled) =>
    db.transaction((m) => shop.app.get(EventPublisher).publish(m, event));

  it('card: the confirmation says paid and leaves only after the order is paid; the inbox hears of the payment; once each', async () => {
    const placed = await placeOrder('card', 'en');
    const number = placed.order.number;
    await inboxMail(number, /^Nova narudžba/);

    // Hold the order row as a slow transaction would: the status cannot become paid meanwhile.
    const holder = db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(`SELECT 1 FROM shop_order WHERE number = $1 FOR UPDATE`, [number]);
      await pay(placed.payment!, 'approve');
      // the approval is settled and its event delivered; no mail may read the order before it is paid
      expect(await mailbox.quiet(placed.email, 4000)).toBe(0);
      expect(await paymentStatus(number)).toBe('awaiting_payment');
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }

    const confirmation = await mailbox.next(placed.email, 30_000);
    expect(confirmation.subject).toContain(number);
    expect(confirmation.text).toContain('Card – paid');
    expect(confirmation.text).not.toContain('awaiting payment');
    expect(await paymentStatus(number)).toBe('paid');
    expect(new URL(confirmation.links[0]).pathname).toBe('/en/payment-success');

    const notice = await inboxMail(number, /^Plaćena narudžba/);
    expect(notice.headers['content-language']).toBe('hr');
    expect(notice.subject).toBe(`Plaćena narudžba ${number}: Ana Horvat`);
    expect(notice.text).toContain('Karticom – plaćeno');
    expect(notice.links[0]).toBe(`${shop.url}/admin/orders/${number}`);
    expect(await mailbox.quiet(placed.email)).toBe(0);
    const events = (await db.query(`SELECT payload FROM outbox_event WHERE name = 'order.paid' AND payload->>'orderNumber' = $1`, [
      number,
    ])) as unknown[];
    expect(events).toHaveLength(1);
  }, 90_000);

  it('cash on delivery: confirmed at placement; the cash received publishes order.paid but mails nobody again', async () => {
    const placed = await placeOrder('cod', 'hr');
    const number = placed.order.number;
    expect((await mailbox.next(placed.email)).subject).toContain(number);
    await admin.call('post', `/api/admin/orders/${number}/cash-received`, {}).expect(200);
    const events = (await db.query(`SELECT payload FROM outbox_event WHERE name = 'order.paid' AND payload->>'orderNumber' = $1`, [
      number,
    ])) as Array<{
      payload: Record<string, unknown>;
    }>;
    expect(events.map((e) => e.payload)).toEqual([expect.objectContaining({ paymentMethod: 'cod', total: placed.order.total })]);
    expect(await mailbox.quiet(placed.email, 3000)).toBe(0);
    expect(mailbox.to(INBOX).filter((m) => m.subject.includes(number) && !m.subject.startsWith('Nova narudžba'))).toEqual([]);
  }, 60_000);

  it('abandoned: "payment not completed" once after the delay, in the order language, with the retry link; a later decline sends no second one', async () => {
    const placed = await placeOrder('card', 'de');
    const number = placed.order.number;
    await pay(placed.payment!, 'abandon');
    const reminder = shop.app.get(PaymentReminder);
    await reminder.remind();
    expect(await mailbox.quiet(placed.email, 1500)).toBe(0); // not due yet

    await placedAgo(number, 16);
    await reminder.remind();
    const mail = await mailbox.next(placed.email, 30_000);
    expect(mail.subject).toBe(`Die Zahlung für Ihre Bestellung ${number} wurde nicht abgeschlossen`);
    expect(mail.headers['content-language']).toBe('de');
    const retry = new URL(mail.links[0]);
    expect(retry.pathname).toBe('/de/payment-fail');
    expect(retry.searchParams.get('order')).toBe(number);
    const read = await fetch(`${shop.url}/api/orders/${number}?view_token=${encodeURIComponent(retry.searchParams.get('token')!)}`);
    expect(read.status).toBe(200);

    // the job again, the job at the same moment, and a decline discovered afterwards: nothing more
    await Promise.all([reminder.remind(), reminder.remind()]);
    await publish(new PaymentDeclinedEvent({ orderNumber: number, transactionId: null, responseCode: null }));
    await waitForStatus(number, 'failed');
    expect(await mailbox.quiet(placed.email, 3000)).toBe(0);
    const rows = (await db.query(
      `SELECT count(*)::int AS n FROM outbox_event WHERE name = 'order.payment-abandoned' AND payload->>'orderNumber' = $1`,
      [number],
    )) as Array<{
      n: number;
    }>;
    expect(rows[0].n).toBe(1);
  }, 90_000);

  it('declined first: one "payment not completed"; the reminder job later sends none; a paid order gets none', async () => {
    const declined = await placeOrder('card', 'sl');
    await publish(new PaymentDeclinedEvent({ orderNumber: declined.order.number, transactionId: 'tx-1', responseCode: '1005' }));
    const mail = await mailbox.next(declined.email, 30_000);
    expect(mail.subject).toBe(`Plačilo naročila ${declined.order.number} ni bilo dokončano`);
    // a second decline (another attempt) does not mail again either
    await publish(new PaymentDeclinedEvent({ orderNumber: declined.order.number, transactionId: 'tx-2', responseCode: '1005' }));

    const paid = await placeOrder('card', 'en');
    await pay(paid.payment!, 'approve');
    await waitForStatus(paid.order.number, 'paid');
    expect((await mailbox.next(paid.email, 30_000)).subject).toContain(paid.order.number); // its confirmation

    await placedAgo(declined.order.number, 20);
    await placedAgo(paid.order.number, 20);
    await shop.app.get(PaymentReminder).remind();
    expect(await mailbox.quiet(declined.email, 3000)).toBe(0);
    expect(await mailbox.quiet(paid.email, 0)).toBe(0);
  }, 90_000);

  it('expiry: the unpaid card order cancelled by the job mails "cancelled, not paid" once, in the order language', async () => {
    const placed = await placeOrder('card', 'hr');
    const number = placed.order.number;
    // long unpaid, and reminded already (so only the expiry's mail is expected)
    await placedAgo(number, 61, ', payment_reminder_sent_at = now()');
    const expiry = shop.app.get(UnpaidOrderExpiry);
    expect((await expiry.expire()).cancelled).toContain(number);
    const mail = await mailbox.next(placed.email, 30_000);
    expect(mail.subject).toBe(`Narudžba ${number} je otkazana jer nije plaćena`);
    expect(mail.text).toContain('nismo primili nikakvu uplatu');
    expect(new URL(mail.links[0]).pathname).toBe('/proizvodi');
    await expiry.expire();
    expect(await mailbox.quiet(placed.email, 3000)).toBe(0);
  }, 60_000);

  it("an operator's cancel mails the buyer; a buyer's own cancel does not", async () => {
    const placed = await placeOrder('cod', 'en');
    const number = placed.order.number;
    await mailbox.next(placed.email); // the confirmation
    await admin.call('post', `/api/admin/orders/${number}/cancel`, {}).expect(200);
    const mail = await mailbox.next(placed.email, 30_000);
    expect(mail.subject).toBe(`Your order ${number} has been cancelled`);
    expect(mail.text).toContain('You have not paid anything for this order');
    expect(new URL(mail.links[0]).pathname).toBe('/en/payment-success');
    expect(await mailbox.quiet(placed.email)).toBe(0);

    const own = await placeOrder('cod', 'en');
    await mailbox.next(own.email);
    await db.transaction(async (m) => {
      await m.query(`UPDATE shop_order SET fulfilment_status = 'cancelled', cancelled_at = now() WHERE number = $1`, [own.order.number]);
      const [{ id }] = (await m.query(`SELECT id FROM shop_order WHERE number = $1`, [own.order.number])) as Array<{ id: string }>;
      await shop.app.get(EventPublisher).publish(
        m,
        new OrderCancelled({
          orderId: id,
          orderNumber: own.order.number,
          paymentMethod: 'cod',
          refunded: false,
          cancelledAt: new Date().toISOString(),
          actor: own.email,
          cancelledBy: 'buyer',
        }),
      );
    });
    expect(await mailbox.quiet(own.email, 4000)).toBe(0);
  }, 60_000);

  it('refunds: a paid card order cancelled by an operator mails the cancellation and the refund with its amount; a cash refund says so', async () => {
    const placed = await placeOrder('card', 'en');
    const number = placed.order.number;
    await pay(placed.payment!, 'approve');
    await waitForStatus(number, 'paid');
    await mailbox.next(placed.email, 30_000); // the confirmation
    await admin.call('post', `/api/admin/orders/${number}/cancel`, {}).expect(200);
    const mails = [await mailbox.next(placed.email, 30_000), await mailbox.next(placed.email, 30_000)];
    const cancelled = mails.find((m) => m.subject === `Your order ${number} has been cancelled`);
    const refunded = mails.find((m) => m.subject === `Refund for your order ${number}`);
    expect(cancelled?.text).toContain('We have refunded the €13.00 you paid');
    expect(refunded?.text).toMatch(/Amount refunded +€13\.00/);
    expect(refunded?.text).toContain('the card you paid with');
    expect(refunded?.text).toContain('within 5 to 10 working days');
    expect(await mailbox.quiet(placed.email)).toBe(0);

    const cod = await placeOrder('cod', 'de');
    await mailbox.next(cod.email);
    await admin.call('post', `/api/admin/orders/${cod.order.number}/cash-received`, {}).expect(200);
    await admin.call('post', `/api/admin/orders/${cod.order.number}/refund`, {}).expect(200);
    await admin.call('post', `/api/admin/orders/${cod.order.number}/refund`, {}).expect(200); // a double click
    const cash = await mailbox.next(cod.email, 30_000);
    expect(cash.subject).toBe(`Erstattung für Ihre Bestellung ${cod.order.number}`);
    expect(cash.text).toMatch(/Erstatteter Betrag +13,00 €/);
    expect(cash.text).toContain('wie mit Ihnen vereinbart');
    expect(await mailbox.quiet(cod.email)).toBe(0);
  }, 90_000);

  it('a pending card order switched to cash on delivery by its buyer gets the cash confirmation once; its own cancel mails nothing', async () => {
    const placed = await placeOrder('card', 'en');
    const number = placed.order.number;
    const other = await shopper(shop.url, 'en'); // the mail link's browser: only the view token
    await other.call('post', `/api/orders/${number}/cash-on-delivery`, { view_token: placed.view_token }).expect(200);
    await other.call('post', `/api/orders/${number}/cash-on-delivery`, { view_token: placed.view_token }).expect(200); // a double click
    const mail = await mailbox.next(placed.email, 30_000);
    expect(mail.subject).toBe(`Your Zlatno zrno order ${number}`);
    expect(mail.text).toContain('Cash on delivery');
    expect(await mailbox.quiet(placed.email, 3000)).toBe(0);

    const again = await placeOrder('card', 'en');
    await other.call('post', `/api/orders/${again.order.number}/cancel`, { view_token: again.view_token }).expect(200);
    expect(await mailbox.quiet(again.email, 3000)).toBe(0);
  }, 60_000);
});
