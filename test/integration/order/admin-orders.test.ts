// The operators' order API (docs/orders.md 'Operators') on the real shop: role all (relay, workers),
// real PostgreSQL and Redis, SMTP to an in-process mailbox, PAYMENT_PROVIDER=sandbox. The sandbox's
// server-to-server API (status inquiry, refund) is reached through a TCP proxy of the test's own, so
// one test can make the provider unreachable for this shop.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AdminOrderDetailResponse, AdminOrderListResponse, type AdminOrderDetail } from '../../../contract/api/admin-orders.js';
import type { RunningShop } from '../../../server/main.js';
import { UnpaidOrderExpiry } from '../../../server/modules/order/index.js';
import { PaymentSettlement } from '../../../server/modules/payment/index.js';
import { guestOrder } from '../../factories/checkout.js';
import { approveAtSandbox } from '../../factories/payment.js';
import { createOrder } from '../../factories/order.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { TcpProxy } from '../../support/tcp-proxy.js';

const INBOX = 'orders-inbox-admin@zlatnozrno.test';

describe("operators' order API (/api/admin/orders)", () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let mailbox: Mailbox;
  let provider: TcpProxy;
  let admin: Shopper;
  let adminEmail: string;

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    provider = await TcpProxy.start({ host: '127.0.0.1', port });
    shop = await startShop({
      env: {
        SMTP_URL: mailbox.url,
        ORDERS_EMAIL: INBOX,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        MONRI_API_URL: `http://127.0.0.1:${provider.port}/sandbox/monri`,
        QUEUE_RETRY_DELAY_MS: '50',
        AUTH_RATE_LIMIT_PER_IP: '1000',
      },
      role: 'all',
    });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin' });
    adminEmail = operator.email;
    admin = await signIn(shop.url, operator.email, operator.password);
  });
  afterAll(async () => {
    await shop?.stop();
    await provider?.close();
    await mailbox?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  const stockOf = async (code: string) =>
    ((await db.query(`SELECT stock FROM product WHERE code = $1`, [code])) as Array<{ stock: number }>)[0].stock;

  /** A guest (page language `language`) orders `quantity` packs of a new product at 4,50 €; the order, its view token and the product code. */
  async function placeOrder(method: 'cod' | 'card', language = 'en', quantity = 2) {
    const { answer, email, code } = await guestOrder(shop, { method, language, quantity });
    return { ...answer, email, code };
  }

  /** Pays a card order on the sandbox's page and waits until the worker settled it paid. */
  async function placePaidCardOrder(language = 'en') {
    const placed = await placeOrder('card', language);
    await approveAtSandbox(shop.url, placed.payment!);
    for (let i = 0; i < 200; i++) {
      if ((await detail(placed.order.number)).payment_status === 'paid') return placed;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`order ${placed.order.number} was not settled paid`);
  }

  async function detail(number: string): Promise<AdminOrderDetail> {
    return AdminOrderDetailResponse.parse((await admin.call('get', `/api/admin/orders/${number}`).expect(200)).body).data;
  }

  const act = (number: string, action: string, body?: unknown) => admin.call('post', `/api/admin/orders/${number}/${action}`, body ?? {});

  /** The sandbox's record of an order's approved payment (its attempt reference is `<number>_<n>`): amount, captured, refunded, voided. */
  async function sandboxPayment(number: string) {
    return (
      (await db.query(
        `SELECT amount, captured_amount, refunded_amount, voided_at IS NOT NULL AS voided FROM payment_sandbox_transaction WHERE order_number LIKE $1 || '\\_%' AND status = 'approved'`,
        [number],
      )) as Array<{
        amount: number;
        captured_amount: number;
        refunded_amount: number;
        voided: boolean;
      }>
    )[0];
  }

  /** How often the sandbox was asked to capture, void or refund an order's payment (its last action, and the ledger). */
  const ledger = async (number: string) =>
    (await db.query(
      `SELECT transaction_type, captured_amount, refunded_amount, voided_at IS NOT NULL AS voided FROM payment_attempt WHERE order_number = $1 AND status = 'approved'`,
      [number],
    )) as Array<{ transaction_type: string; captured_amount: number; refunded_amount: number; voided: boolean }>;

  describe('access', () => {
    it('guests get 401, customers 403, operators 200; answers are never cached', async () => {
      const { order } = await placeOrder('cod');
      const guest = await shopper(shop.url, 'de');
      const g = await guest.call('get', '/api/admin/orders').expect(401);
      expect(g.body.errors[0].code).toBe('AUTH_REQUIRED');
      await guest.call('get', `/api/admin/orders/${order.number}`).expect(401);
      expect((await guest.call('post', `/api/admin/orders/${order.number}/cancel`, {}).expect(401)).body.errors[0].code).toBe(
        'AUTH_REQUIRED',
      );
      const customer = await createUser(db);
      const c = await signIn(shop.url, customer.email, customer.password);
      expect((await c.call('get', '/api/admin/orders').expect(403)).body.errors[0].code).toBe('AUTH_FORBIDDEN');
      await c.call('post', `/api/admin/orders/${order.number}/cancel`, {}).expect(403);
      expect((await detail(order.number)).fulfilment_status).toBe('placed'); // the refused calls changed nothing

      const list = await admin.call('get', '/api/admin/orders').expect(200);
      expect(list.headers['cache-control']).toBe('no-store');
      expect(AdminOrderListResponse.parse(list.body).data.orders.length).toBeGreaterThan(0);
      const one = await admin.call('get', `/api/admin/orders/${order.number}`).expect(200);
      expect(one.headers['cache-control']).toBe('no-store');
    });

    it('a POST without the CSRF token is refused (403) and changes nothing', async () => {
      const { order } = await placeOrder('cod');
      const res = await admin.agent.post(`/api/admin/orders/${order.number}/cancel`).send({});
      expect(res.status).toBe(403);
      const upper = await admin.agent.post(`/API/admin/orders/${order.number}/cancel`).send({});
      expect(upper.status).toBe(403);
      expect((await detail(order.number)).fulfilment_status).toBe('placed');
    });
  });

  describe('list and detail', () => {
    it('filters by fulfilment status, payment status, method and number or e-mail, 25 a page, newest first', async () => {
      const tag = `list-${randomUUID().slice(0, 8)}`;
      const line = { productCode: 'ZZ-TEST-1', name: 'Test', unitPrice: 300, quantity: 1 };
      const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      const numbers: string[] = [];
      for (let i = 0; i < 27; i++)
        numbers.push(
          await createOrder(db, { email: `${tag}-${i}@example.com`, paymentMethod: 'cod', placedAt: at(100 - i), lines: [line] }),
        );
      const shipped = await createOrder(db, {
        email: `${tag}-shipped@example.com`,
        paymentMethod: 'card',
        status: 'paid',
        fulfilmentStatus: 'shipped',
        placedAt: at(200),
        lines: [line],
      });
      const failed = await createOrder(db, {
        email: `${tag}-failed@example.com`,
        paymentMethod: 'card',
        status: 'failed',
        placedAt: at(300),
        lines: [line],
      });

      const list = async (query: Record<string, string>) =>
        AdminOrderListResponse.parse(
          (await admin.call('get', `/api/admin/orders?${new URLSearchParams(query).toString()}`).expect(200)).body,
        ).data;
      const first = await list({ q: tag });
      expect(first).toMatchObject({ page: 1, page_size: 25, total: 29 });
      expect(first.orders.map((o) => o.number)).toEqual(numbers.slice(2).reverse());
      expect(first.orders[0]).toMatchObject({
        email: `${tag}-26@example.com`,
        name: 'Ana Horvat',
        country: 'HR',
        total: 300,
        payment_method: 'cod',
        actions: ['ship', 'cash-received', 'cancel'],
      });
      const second = await list({ q: tag, page: '2' });
      expect(second.orders.map((o) => o.number)).toEqual([numbers[1], numbers[0], shipped, failed]);
      expect((await list({ q: tag, page: '3' })).orders).toEqual([]);

      expect((await list({ q: tag, status: 'shipped' })).orders.map((o) => o.number)).toEqual([shipped]);
      expect((await list({ q: tag, payment_status: 'failed' })).orders.map((o) => o.number)).toEqual([failed]);
      expect((await list({ q: tag, payment_method: 'card' })).total).toBe(2);
      expect((await list({ q: tag, payment_method: 'card', payment_status: 'paid', status: 'shipped' })).orders[0]).toMatchObject({
        number: shipped,
        actions: ['deliver', 'refund'],
      });
      // a form's empty choices mean 'any'; the search finds numbers and e-mails, case-insensitively, wildcards literally
      expect((await list({ q: tag.toUpperCase(), status: '', payment_status: '', payment_method: '', page: '' })).total).toBe(29);
      expect((await list({ q: shipped })).orders.map((o) => o.number)).toEqual([shipped]);
      expect((await list({ q: `${tag}%` })).total).toBe(0);
      expect((await list({ q: '_' })).total).toBe(0);
    });

    it('the detail shows the whole order, its owner, what it allows and its history; unknown or malformed numbers are 404', async () => {
      const { order } = await placeOrder('cod', 'sl');
      const one = await detail(order.number);
      expect(one).toMatchObject({
        number: order.number,
        locale: 'sl',
        payment_method: 'cod',
        user_id: null,
        lines: [{ quantity: 2, unit_price: 450 }],
      });
      expect(one.history).toEqual([
        { at: expect.any(String), action: 'placed', actor: one.email, detail: `cod, ${(one.total / 100).toFixed(2).replace('.', ',')} €` },
      ]);
      for (const number of ['ZZ-1999-000000', 'ZZ-2026-99999999', 'nope', 'ZZ-2026-0001%27%20OR%201=1', '%E2%80%AE', 'x'.repeat(300)]) {
        const res = await admin.call('get', `/api/admin/orders/${number}`).set('Accept-Language', 'de').expect(404);
        expect(res.body.errors[0]).toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'Bestellung nicht gefunden.' });
        expect((await act(number, 'cancel').expect(404)).body.errors[0].code).toBe('ORDER_NOT_FOUND');
      }
    });

    it('hostile queries and bodies are 422 with the field, never 500', async () => {
      const { order } = await placeOrder('cod');
      for (const query of [
        'status=sent',
        'payment_status=PAID',
        'payment_method=bitcoin',
        'page=0',
        'page=-1',
        'page=1e9',
        'page=abc',
        'status=placed&status=shipped',
        `q=${'x'.repeat(300)}`,
        'q=a&q=b',
      ]) {
        const res = await admin.call('get', `/api/admin/orders?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 422 });
        expect(res.body.errors[0].field).toEqual(expect.any(String));
      }
      // a parameter the API does not know (here an operator-injection spelling) is ignored, not interpreted
      const ignored = AdminOrderListResponse.parse(
        (await admin.call('get', '/api/admin/orders?status[$ne]=placed&q=' + order.number).expect(200)).body,
      ).data;
      expect(ignored.orders.map((o) => o.number)).toEqual([order.number]);
      for (const body of [
        {},
        { tracking_number: '' },
        { tracking_number: 42 },
        { tracking_number: ['RR123456789HR'] },
        { tracking_number: 'RR1' },
        { tracking_number: 'R'.repeat(500) },
        { tracking_number: '<b>RR123</b>' },
      ]) {
        const res = await act(order.number, 'ship', body).set('Accept-Language', 'hr');
        expect({ body, status: res.status }).toEqual({ body, status: 422 });
        expect(res.body.errors[0].field).toBe('tracking_number');
        expect(['ORDER_TRACKING_NUMBER_REQUIRED', 'ORDER_TRACKING_NUMBER_INVALID']).toContain(res.body.errors[0].code);
      }
      const required = await act(order.number, 'ship', {}).set('Accept-Language', 'sl').expect(422);
      expect(required.body.errors[0].message).toBe('Vpišite številko za sledenje pošiljke.');
      // a body that is no object, or JSON that does not parse
      await admin.call('post', `/api/admin/orders/${order.number}/ship`).set('Content-Type', 'application/json').send('[1,2]').expect(422);
      const broken = await admin
        .call('post', `/api/admin/orders/${order.number}/cancel`)
        .set('Content-Type', 'application/json')
        .send('{"a":');
      expect(broken.status).toBeGreaterThanOrEqual(400);
      expect(broken.status).toBeLessThan(500);
      expect((await detail(order.number)).fulfilment_status).toBe('placed');
    });

    it("OpenAPI documents every operators' route", async () => {
      const doc = (await request(shop.url).get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
      expect(Object.keys(doc.paths['/api/admin/orders'])).toEqual(['get']);
      expect(Object.keys(doc.paths['/api/admin/orders/{number}'])).toEqual(['get']);
      for (const action of ['ship', 'deliver', 'cash-received', 'cancel', 'refund'])
        expect(Object.keys(doc.paths[`/api/admin/orders/{number}/${action}`])).toEqual(['post']);
    });
  });

  describe('actions', () => {
    it('ship: a cash-on-delivery order gets its tracking number and the buyer the shipped mail in the order language, once', async () => {
      const placed = await placeOrder('cod', 'de');
      await mailbox.next(placed.email); // the confirmation
      const before = await detail(placed.order.number);
      expect(before.actions).toEqual(['ship', 'cash-received', 'cancel']);

      const shipped = AdminOrderDetailResponse.parse(
        (await act(placed.order.number, 'ship', { tracking_number: ' RR123456789HR ' }).expect(200)).body,
      ).data;
      expect(shipped.fulfilment_status).toBe('shipped');
      expect(shipped.tracking_number).toBe('RR123456789HR');
      expect(shipped.actions).toEqual(['deliver', 'cash-received']);
      expect(shipped.history.map((h) => h.action)).toEqual(['placed', 'shipped']);
      expect(shipped.history[1]).toMatchObject({ actor: adminEmail, detail: 'RR123456789HR' });
      // the same click again answers the order unchanged; another tracking number is refused
      await act(placed.order.number, 'ship', { tracking_number: 'RR123456789HR' }).expect(200);
      expect((await act(placed.order.number, 'ship', { tracking_number: 'RR999999999HR' }).expect(409)).body.errors[0].code).toBe(
        'ORDER_TRANSITION_REFUSED',
      );

      const mail = await mailbox.next(placed.email, 30_000);
      expect(mail.subject).toContain(placed.order.number);
      expect(mail.headers['content-language']).toBe('de');
      expect(mail.text).toContain('RR123456789HR');
      const link = new URL(mail.links[0]);
      expect(link.pathname).toBe('/de/payment-success');
      await request(shop.url)
        .get(`/api/orders/${placed.order.number}`)
        .query({ view_token: link.searchParams.get('token') })
        .expect(200);
      expect(await mailbox.quiet(placed.email)).toBe(0);
      const events = (await db.query(`SELECT payload FROM outbox_event WHERE name = 'order.shipped' AND payload->>'orderNumber' = $1`, [
        placed.order.number,
      ])) as Array<{
        payload: Record<string, unknown>;
      }>;
      expect(events).toHaveLength(1);
      expect(events[0].payload).toMatchObject({ trackingNumber: 'RR123456789HR', locale: 'de', actor: adminEmail });

      // deliver, then cash received; nothing further is allowed but a refund of the cash
      const delivered = AdminOrderDetailResponse.parse((await act(placed.order.number, 'deliver').expect(200)).body).data;
      expect(delivered.fulfilment_status).toBe('delivered');
      expect(delivered.actions).toEqual(['cash-received']);
      const paid = AdminOrderDetailResponse.parse((await act(placed.order.number, 'cash-received').expect(200)).body).data;
      expect(paid.payment_status).toBe('paid');
      expect(paid.actions).toEqual(['refund']);
      expect(paid.history.map((h) => h.action)).toEqual(['placed', 'shipped', 'delivered', 'cash_received']);
      for (const action of ['ship', 'cancel']) {
        const refused = await act(placed.order.number, action, { tracking_number: 'RR1' + '2'.repeat(8) + 'HR' }).expect(409);
        expect(refused.body.errors[0].code).toBe('ORDER_TRANSITION_REFUSED');
      }
    }, 90_000);

    it("the shop's new-order notice links to the order on the operators' page", async () => {
      const placed = await placeOrder('cod', 'en');
      let notice = await mailbox.next(INBOX);
      while (!notice.subject.includes(placed.order.number)) notice = await mailbox.next(INBOX);
      expect(notice.links).toContain(`${shop.url}/admin/orders/${placed.order.number}`);
    }, 60_000);

    it('two operators cancelling at once: one cancellation, the stock released once', async () => {
      const placed = await placeOrder('cod', 'en', 4);
      expect(await stockOf(placed.code)).toBe(6);
      const answers = await Promise.all([
        act(placed.order.number, 'cancel'),
        act(placed.order.number, 'cancel'),
        act(placed.order.number, 'cancel'),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(await stockOf(placed.code)).toBe(10);
      expect((await detail(placed.order.number)).history.filter((h) => h.action === 'cancelled')).toHaveLength(1);
    }, 60_000);

    it('history also records a failed card payment and the expiry of an unpaid order', async () => {
      const placed = await placeOrder('card');
      const form = placed.payment!;
      const posted = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url },
        body: new URLSearchParams(form.fields).toString(),
        redirect: 'manual',
      });
      await fetch(`${shop.url}${posted.headers.get('location')!}/decline`, {
        method: 'POST',
        headers: { origin: shop.url },
        redirect: 'manual',
      });
      // Monri calls back no decline: reconciliation finds it (the attempt aged past PAYMENT_RECONCILE_AFTER_MS).
      await db.query(`UPDATE payment_attempt SET created_at = now() - interval '10 minutes' WHERE order_number = $1`, [
        placed.order.number,
      ]);
      await shop.app.get(PaymentSettlement).reconcile();
      for (let i = 0; i < 200 && (await detail(placed.order.number)).payment_status !== 'failed'; i++)
        await new Promise((r) => setTimeout(r, 100));
      await shop.app.get(UnpaidOrderExpiry).expire(new Date(Date.now() + 24 * 60 * 60_000));
      const after = await detail(placed.order.number);
      expect(after).toMatchObject({ payment_status: 'failed', fulfilment_status: 'cancelled', actions: [] });
      expect(after.history.map((h) => [h.action, h.actor])).toEqual([
        ['placed', placed.email],
        ['payment_failed', 'system'],
        ['expired', 'system'],
      ]);
      expect(await stockOf(placed.code)).toBe(10);
    }, 60_000);

    it('cancel: an unpaid order releases its stock exactly once', async () => {
      const placed = await placeOrder('cod', 'en', 3);
      expect(await stockOf(placed.code)).toBe(7);
      const cancelled = AdminOrderDetailResponse.parse((await act(placed.order.number, 'cancel').expect(200)).body).data;
      expect(cancelled.fulfilment_status).toBe('cancelled');
      expect(cancelled.payment_status).toBe('awaiting_payment');
      expect(cancelled.actions).toEqual([]);
      expect(await stockOf(placed.code)).toBe(10);
      await act(placed.order.number, 'cancel').expect(200); // a double click
      expect(await stockOf(placed.code)).toBe(10);
      for (const action of ['ship', 'deliver', 'cash-received', 'refund']) {
        expect((await act(placed.order.number, action, { tracking_number: 'RR123456789HR' }).expect(409)).body.errors[0].code).toBe(
          'ORDER_TRANSITION_REFUSED',
        );
      }
      expect(cancelled.history.map((h) => h.action)).toEqual(['placed', 'cancelled']);
      const events = (await db.query(`SELECT payload FROM outbox_event WHERE name = 'order.cancelled' AND payload->>'orderNumber' = $1`, [
        placed.order.number,
      ])) as Array<{
        payload: Record<string, unknown>;
      }>;
      expect(events.map((e) => e.payload.refunded)).toEqual([false]);
    }, 60_000);

    it('cancel: a paid (authorized, not captured) card order is voided through the provider, once, and its stock released', async () => {
      const placed = await placePaidCardOrder();
      expect(await stockOf(placed.code)).toBe(8);
      const before = await detail(placed.order.number);
      expect(before.actions).toEqual(['ship', 'cancel', 'refund']);
      expect(before.history.map((h) => h.action)).toEqual(['placed', 'payment_paid']);

      const cancelled = AdminOrderDetailResponse.parse((await act(placed.order.number, 'cancel').expect(200)).body).data;
      expect(cancelled).toMatchObject({ fulfilment_status: 'cancelled', payment_status: 'refunded', actions: [] });
      expect(cancelled.history.map((h) => h.action)).toEqual(['placed', 'payment_paid', 'refunded', 'cancelled']);
      expect(cancelled.history.find((h) => h.action === 'refunded')!.detail).toContain('authorization voided');
      const voided = { amount: placed.order.total, captured_amount: 0, refunded_amount: 0, voided: true };
      expect(await sandboxPayment(placed.order.number)).toEqual(voided);
      expect(await ledger(placed.order.number)).toEqual([
        { transaction_type: 'authorize', captured_amount: 0, refunded_amount: 0, voided: true },
      ]);
      expect(await stockOf(placed.code)).toBe(10);
      await act(placed.order.number, 'cancel').expect(200);
      await act(placed.order.number, 'refund').expect(200);
      expect(await sandboxPayment(placed.order.number)).toEqual(voided);
      expect(await stockOf(placed.code)).toBe(10);
    }, 90_000);

    it('refund: a paid card order through the provider; an unreachable provider is a 503 that changes nothing', async () => {
      const placed = await placePaidCardOrder('hr');
      await provider.cut();
      try {
        const refused = await admin
          .call('post', `/api/admin/orders/${placed.order.number}/refund`, {})
          .set('Accept-Language', 'de')
          .expect(503);
        expect(refused.body.errors[0]).toMatchObject({
          code: 'PAYMENT_PROVIDER_UNAVAILABLE',
          message: 'Der Zahlungsdienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
        });
        await act(placed.order.number, 'cancel').expect(503);
      } finally {
        await provider.restore();
      }
      const unchanged = await detail(placed.order.number);
      expect(unchanged).toMatchObject({ payment_status: 'paid', fulfilment_status: 'placed' });
      expect(unchanged.history.map((h) => h.action)).toEqual(['placed', 'payment_paid']);
      expect(await stockOf(placed.code)).toBe(8);
      expect(await sandboxPayment(placed.order.number)).toMatchObject({ refunded_amount: 0, voided: false });

      // Not captured yet (authorize): the refund releases the reservation.
      const refunded = AdminOrderDetailResponse.parse((await act(placed.order.number, 'refund').expect(200)).body).data;
      expect(refunded).toMatchObject({ payment_status: 'refunded', fulfilment_status: 'placed', actions: ['cancel'] });
      expect(refunded.history.at(-1)).toMatchObject({ action: 'refunded', actor: adminEmail });
      expect(await sandboxPayment(placed.order.number)).toMatchObject({ refunded_amount: 0, voided: true });
      // a card order that is refunded is not shipped
      expect((await act(placed.order.number, 'ship', { tracking_number: 'RR123456789HR' }).expect(409)).body.errors[0].code).toBe(
        'ORDER_TRANSITION_REFUSED',
      );
    }, 90_000);

    it('authorize -> ship captures once (twice = once) -> partial refund (a returned line) -> refund of the rest', async () => {
      const placed = await placePaidCardOrder();
      const total = placed.order.total;
      expect(await sandboxPayment(placed.order.number)).toEqual({ amount: total, captured_amount: 0, refunded_amount: 0, voided: false });
      await act(placed.order.number, 'ship', { tracking_number: 'RR123456789HR' }).expect(200);
      expect(await sandboxPayment(placed.order.number)).toMatchObject({ captured_amount: total });
      await act(placed.order.number, 'ship', { tracking_number: 'RR123456789HR' }).expect(200); // a double click
      expect(await ledger(placed.order.number)).toEqual([
        { transaction_type: 'authorize', captured_amount: total, refunded_amount: 0, voided: false },
      ]);

      // One pack of two came back: 4,50 € refunded, the order stays paid.
      const part = AdminOrderDetailResponse.parse((await act(placed.order.number, 'refund', { amount: 450 }).expect(200)).body).data;
      expect(part).toMatchObject({ payment_status: 'paid', fulfilment_status: 'shipped' });
      expect(part.history.at(-1)).toMatchObject({ action: 'refunded', detail: expect.stringContaining('4,50') });
      expect(await sandboxPayment(placed.order.number)).toMatchObject({ captured_amount: total, refunded_amount: 450 });
      // More than is left is refused (nothing changes); bad amounts are 422.
      expect((await act(placed.order.number, 'refund', { amount: total }).expect(409)).body.errors[0].code).toBe(
        'ORDER_TRANSITION_REFUSED',
      );
      for (const amount of [0, -5, 1.5, '100'])
        expect((await act(placed.order.number, 'refund', { amount }).expect(422)).body.errors[0].field).toBe('amount');
      // The rest.
      const rest = AdminOrderDetailResponse.parse((await act(placed.order.number, 'refund').expect(200)).body).data;
      expect(rest.payment_status).toBe('refunded');
      expect(await sandboxPayment(placed.order.number)).toMatchObject({ captured_amount: total, refunded_amount: total, voided: false });
      expect(await ledger(placed.order.number)).toEqual([
        { transaction_type: 'authorize', captured_amount: total, refunded_amount: total, voided: false },
      ]);
    }, 90_000);

    it('a capture the provider already made (the shop crashed before its commit) is not sent twice', async () => {
      const placed = await placePaidCardOrder();
      await db.query(
        `UPDATE payment_sandbox_transaction SET captured_amount = amount, last_action = 'capture' WHERE order_number LIKE $1 || '\\_%' AND status = 'approved'`,
        [placed.order.number],
      );
      await act(placed.order.number, 'ship', { tracking_number: 'RR123456789HR' }).expect(200); // the sandbox would refuse a second capture (406 -> 409)
      expect(await ledger(placed.order.number)).toMatchObject([{ captured_amount: placed.order.total }]);
    }, 90_000);

    it('a refund the provider already made (the shop crashed before its commit) is not sent twice', async () => {
      const placed = await placePaidCardOrder();
      await act(placed.order.number, 'ship', { tracking_number: 'RR123456789HR' }).expect(200);
      // the provider refunded, the shop never recorded it
      await db.query(
        `UPDATE payment_sandbox_transaction SET refunded_amount = amount WHERE order_number LIKE $1 || '\\_%' AND status = 'approved'`,
        [placed.order.number],
      );
      const refunded = AdminOrderDetailResponse.parse((await act(placed.order.number, 'refund').expect(200)).body).data;
      expect(refunded.payment_status).toBe('refunded');
      expect(refunded.history.at(-1)!.detail).toContain('already refunded');
      expect((await sandboxPayment(placed.order.number)).refunded_amount).toBe(placed.order.total);
    }, 90_000);

    it('an unpaid card order cannot be shipped, refunded or marked paid in cash; a cash order cannot be refunded before it is paid', async () => {
      const card = await placeOrder('card');
      expect((await detail(card.order.number)).actions).toEqual(['cancel']);
      for (const action of ['ship', 'deliver', 'cash-received', 'refund']) {
        const res = await act(card.order.number, action, { tracking_number: 'RR123456789HR' }).set('Accept-Language', 'hr').expect(409);
        expect(res.body.errors[0]).toMatchObject({
          code: 'ORDER_TRANSITION_REFUSED',
          message: 'Narudžba u svom trenutačnom stanju ne dopušta tu promjenu.',
        });
      }
      const cod = await placeOrder('cod');
      expect((await act(cod.order.number, 'refund').expect(409)).body.errors[0].code).toBe('ORDER_TRANSITION_REFUSED');
      expect((await act(cod.order.number, 'deliver').expect(409)).body.errors[0].code).toBe('ORDER_TRANSITION_REFUSED');
      // cash received before shipping, then handed back
      await act(cod.order.number, 'cash-received').expect(200);
      const back = AdminOrderDetailResponse.parse((await act(cod.order.number, 'refund').expect(200)).body).data;
      expect(back.payment_status).toBe('refunded');
      expect(back.history.at(-1)!.detail).toContain('cash');
    }, 60_000);
  });
});
