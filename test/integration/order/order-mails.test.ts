// The order mails on the real shop (role all: relay, workers, SMTP to an in-process mailbox,
// PAYMENT_PROVIDER=sandbox): a cash-on-delivery order mails its confirmation at once and the shop's
// order inbox a notice; a card order's confirmation waits for the payment's approval; a declined card
// payment mails 'payment not completed' with a link to try again. Each mail is sent once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { RunningShop } from '../../../server/main.js';
import { PaymentSettlement } from '../../../server/modules/payment/index.js';
import { DataSource } from 'typeorm';
import { guestOrder } from '../../factories/checkout.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper } from '../../support/shopper.js';

const INBOX = 'orders-inbox@zlatnozrno.test';

describe('order mails', () => {
  let shop: RunningShop & { url: string };
  let mailbox: Mailbox;

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
      },
      role: 'all',
    });
  });
  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  /** A guest (page language `language`) places an order of one pack; the API's answer. */
  async function placeOrder(email: string, method: 'cod' | 'card', language: string) {
    return (await guestOrder(shop, { email, method, language })).answer;
  }

  /**
   * The inbox's next mail about order `number`: the inbox also gets other orders' notices (a card order's
   * 'paid', and events an earlier suite's shop left in the shared outbox), so others are passed over.
   */
  async function noticeOf(number: string) {
    let notice = await mailbox.next(INBOX, 30_000);
    while (!notice.subject.includes(number)) notice = await mailbox.next(INBOX, 30_000);
    return notice;
  }

  /** Posts the payment form to the sandbox and presses `choice` on its page. */
  async function pay(form: { action: string; fields: Record<string, string> }, choice: 'approve' | 'decline') {
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
    // An approval returns the browser to the shop; a decline keeps the buyer on the page (Monri calls back
    // no decline), and the buyer cancels back to the shop: reconciliation then finds the decline.
    expect(decided.status).toBe(choice === 'approve' ? 302 : 200);
    if (choice === 'decline') {
      expect(
        (
          await fetch(`${shop.url}${posted.headers.get('location')!}/cancel`, {
            method: 'POST',
            headers: { origin: shop.url },
            redirect: 'manual',
          })
        ).status,
      ).toBe(302);
      const db = shop.app.get(DataSource);
      await db.query(`UPDATE payment_attempt SET created_at = now() - interval '10 minutes' WHERE reference = $1`, [
        form.fields.order_number,
      ]);
      await shop.app.get(PaymentSettlement).reconcile();
    }
  }

  it('cash on delivery: the buyer gets the confirmation in the order language, the order inbox a notice, once each', async () => {
    const email = `cod-${randomUUID().slice(0, 8)}@example.com`;
    const { order } = await placeOrder(email, 'cod', 'de');
    const confirmation = await mailbox.next(email);
    expect(confirmation.subject).toContain(order.number);
    expect(confirmation.text).toMatch(/Bestellung/); // the order's language, not the shop's default
    expect(confirmation.text).toContain('9,00');
    // the first link opens the order's page, whose token reads the order without a sign-in
    const link = new URL(confirmation.links[0]);
    expect(link.pathname).toBe('/de/payment-success');
    expect(link.searchParams.get('order')).toBe(order.number);
    await request(shop.url)
      .get(`/api/orders/${order.number}`)
      .query({ view_token: link.searchParams.get('token') })
      .expect(200);

    const notice = await noticeOf(order.number);
    expect(notice.text).toContain(email);
    expect(await mailbox.quiet(email)).toBe(0);
  }, 60_000);

  it('card: the confirmation waits for the approval; a declined payment mails "payment not completed" with a retry link', async () => {
    const paid = `card-${randomUUID().slice(0, 8)}@example.com`;
    const first = await placeOrder(paid, 'card', 'en');
    await noticeOf(first.order.number);
    expect(await mailbox.quiet(paid)).toBe(0); // nothing for the buyer before the money is there
    await pay(first.payment!, 'approve');
    const confirmation = await mailbox.next(paid, 30_000);
    expect(confirmation.subject).toContain(first.order.number);
    expect(new URL(confirmation.links[0]).pathname).toBe('/en/payment-success');

    const declined = `declined-${randomUUID().slice(0, 8)}@example.com`;
    const second = await placeOrder(declined, 'card', 'en');
    await noticeOf(second.order.number);
    await pay(second.payment!, 'decline');
    const notCompleted = await mailbox.next(declined, 30_000);
    expect(notCompleted.subject).toContain(second.order.number);
    const retry = new URL(notCompleted.links[0]);
    expect(retry.pathname).toBe('/en/payment-fail');
    expect(retry.searchParams.get('order')).toBe(second.order.number);
    expect(await mailbox.quiet(declined)).toBe(0);

    // 'try again' from that link: a new attempt for the same order, approved -> paid and confirmed
    const retryToken = retry.searchParams.get('token')!;
    const s = await shopper(shop.url, 'en');
    const again = await s.call('post', `/api/orders/${second.order.number}/payment`, { view_token: retryToken }).expect(201);
    expect(again.body.data.payment.fields.order_number).toBe(`${second.order.number}_2`); // each attempt its own order_number at Monri
    await pay(again.body.data.payment, 'approve');
    const confirmed = await mailbox.next(declined, 30_000);
    expect(confirmed.subject).toContain(second.order.number);
    const read = await request(shop.url).get(`/api/orders/${second.order.number}`).query({ view_token: retryToken }).expect(200);
    expect(read.body.data.payment_status).toBe('paid');
    // a paid order, a cash-on-delivery order and a stranger without the token cannot start a payment
    expect(
      (await s.call('post', `/api/orders/${second.order.number}/payment`, { view_token: retryToken }).expect(409)).body.errors[0].code,
    ).toBe('ORDER_PAYMENT_NOT_RETRYABLE');
    await s.call('post', `/api/orders/${second.order.number}/payment`, {}).expect(404);
    const cod = await placeOrder(`cod-retry-${randomUUID().slice(0, 8)}@example.com`, 'cod', 'en');
    await s.call('post', `/api/orders/${cod.order.number}/payment`, { view_token: cod.view_token }).expect(409);
  }, 90_000);
});
