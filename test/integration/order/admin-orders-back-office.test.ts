// The back office's order routes (docs/admin.md 'Orders in the back office') on the real shop: role
// all (relay, workers), real PostgreSQL and Redis, SMTP to an in-process mailbox, PAYMENT_PROVIDER=sandbox.
// Notes, sending a mail again, refunds by line (card through the sandbox's partial refund, cash on
// delivery recorded as a bank transfer), packing slips as PDF (read with poppler's pdftotext), the
// list's ready-made views and sort, roles, audit rows and hostile input. The cases of the removed
// server-rendered /admin/orders page live on here and in test/integration/order/admin-orders.test.ts.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { AdminOrderFullResponse, AdminOrderListResponse, type AdminOrderFull } from '../../../contract/api/admin-orders.js';
import type { RunningShop } from '../../../server/main.js';
import { guestOrder } from '../../factories/checkout.js';
import { createOrder } from '../../factories/order.js';
import { approveAtSandbox } from '../../factories/payment.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';

const INBOX = 'orders-inbox-backoffice@zlatnozrno.test';

/** A PDF answer's bytes (supertest would otherwise try to read them as text). */
function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

describe('the back office order routes (/api/admin/orders/...)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let mailbox: Mailbox;
  let admin: Shopper;
  let staff: Shopper;
  let customer: Shopper;
  let adminEmail: string;
  let staffEmail: string;

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
    db = shop.app.get(DataSource);
    const a = await createUser(db, { role: 'admin' });
    const s = await createUser(db, { role: 'staff' });
    const c = await createUser(db);
    adminEmail = a.email;
    staffEmail = s.email;
    admin = await signIn(shop.url, a.email, a.password);
    staff = await signIn(shop.url, s.email, s.password);
    customer = await signIn(shop.url, c.email, c.password);
  });
  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  async function detail(number: string, who: Shopper = admin): Promise<AdminOrderFull> {
    return AdminOrderFullResponse.parse((await who.call('get', `/api/admin/orders/${number}`).expect(200)).body).data;
  }
  const post = (number: string, route: string, body: unknown, who: Shopper = admin) =>
    who.call('post', `/api/admin/orders/${number}/${route}`, body);
  const auditRows = async (number: string, action: string) =>
    (await db.query(
      `SELECT actor_label, actor_role, before, after FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = $2 ORDER BY id`,
      [number, action],
    )) as Array<{ actor_label: string; actor_role: string; before: Record<string, unknown> | null; after: Record<string, unknown> }>;

  /** A cash-on-delivery order of two lines (3 × 2,00 € at 5 %, 1 × 10,00 € at 25 %), paid and shipped: refundable. */
  async function paidCodOrder(): Promise<string> {
    const number = await createOrder(db, {
      email: `kupac-${Date.now()}@example.test`,
      status: 'paid',
      fulfilmentStatus: 'shipped',
      paymentMethod: 'cod',
      lines: [
        { productCode: 'ZZ-TEST-A', name: 'Tjestenina A', unitPrice: 200, quantity: 3, vatRate: 5 },
        { productCode: 'ZZ-TEST-B', name: 'Ulje B', unitPrice: 1000, quantity: 1, vatRate: 25 },
      ],
    });
    return number;
  }

  describe('roles', () => {
    it('anonymous 401, customers 403; staff may note, resend and print slips but never refund', async () => {
      const number = await paidCodOrder();
      const guest = await shopper(shop.url);
      for (const [route, body] of [
        ['notes', { body: 'x' }],
        ['resend-mail', { mail: 'shipped' }],
        ['refund-lines', { lines: [{ product_code: 'ZZ-TEST-A', quantity: 1 }] }],
      ] as const) {
        expect((await post(number, route, body, guest)).status).toBe(401);
        expect((await post(number, route, body, customer)).body.errors[0].code).toBe('AUTH_FORBIDDEN');
      }
      await guest.call('get', `/api/admin/orders/packing-slips.pdf?numbers=${number}`).expect(401);
      await customer.call('get', `/api/admin/orders/packing-slips.pdf?numbers=${number}`).expect(403);

      await post(number, 'notes', { body: 'Kupac zove poslije 16 h.' }, staff).expect(201);
      const refused = await post(number, 'refund-lines', { lines: [{ product_code: 'ZZ-TEST-A', quantity: 1 }] }, staff).expect(403);
      expect(refused.body.errors[0].code).toBe('AUTH_FORBIDDEN');
      const seen = await detail(number, staff);
      expect(seen.refundable).toBe(false); // the screen hides the refund from staff
      expect(seen.actions).not.toContain('refund');
      expect((await detail(number)).refundable).toBe(true);
      await staff.call('get', `/api/admin/orders/packing-slips.pdf?numbers=${number}`).buffer(true).parse(binary).expect(200);
      expect(await auditRows(number, 'order.refund_lines')).toEqual([]);
    }, 60_000);
  });

  describe('notes', () => {
    it('adds, lists newest first with author and time, audits, and never shows them to the buyer', async () => {
      const placed = await guestOrder(shop, { method: 'cod', language: 'en' });
      const number = placed.answer.order.number;
      const first = await post(number, 'notes', { body: '  Pakirati zajedno s poklonom.  ' }).expect(201);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.body.data).toMatchObject({ author: adminEmail, body: 'Pakirati zajedno s poklonom.' });
      await post(number, 'notes', { body: 'Druga bilješka' }, staff).expect(201);
      const order = await detail(number);
      expect(order.notes.map((n) => [n.body, n.author])).toEqual([
        ['Druga bilješka', staffEmail],
        ['Pakirati zajedno s poklonom.', adminEmail],
      ]);
      expect(Date.parse(order.notes[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
      const rows = await auditRows(number, 'order.note');
      expect(rows.map((r) => [r.actor_label, r.after])).toEqual([
        [adminEmail, { note: 'Pakirati zajedno s poklonom.' }],
        [staffEmail, { note: 'Druga bilješka' }],
      ]);
      // the buyer's own view of the order knows nothing of them
      const buyer = await shopper(shop.url);
      const own = await buyer.call('get', `/api/orders/${number}?view_token=${encodeURIComponent(placed.answer.view_token)}`).expect(200);
      expect(JSON.stringify(own.body)).not.toContain('poklonom');
      expect(own.body.data.notes).toBeUndefined();
    }, 60_000);

    it('refuses empty, too long and malformed notes (422 in the caller language), unknown orders 404, never a 500', async () => {
      const number = await paidCodOrder();
      for (const body of [
        {},
        { body: '' },
        { body: '   ' },
        { body: 'x'.repeat(2001) },
        { body: 5 },
        { body: ['a'] },
        { body: { $gt: '' } },
      ]) {
        const res = await post(number, 'notes', body);
        expect([JSON.stringify(body).slice(0, 30), res.status]).toEqual([JSON.stringify(body).slice(0, 30), 422]);
        expect(res.body.errors[0].field).toBe('body');
      }
      expect((await post(number, 'notes', { body: '' })).body.errors[0].message).toBe('Write a note.');
      expect((await post('ZZ-2026-99999999', 'notes', { body: 'x' })).status).toBe(404);
      for (const bad of ['..%2F..%2Fetc', 'ZZ-2026-1', '%00', "ZZ' OR 1=1"]) {
        const res = await post(bad, 'notes', { body: 'x' });
        expect([bad, [404, 422].includes(res.status)]).toEqual([bad, true]);
      }
      expect(await auditRows(number, 'order.note')).toEqual([]);
    }, 60_000);
  });

  describe('sending a mail again', () => {
    it("sends the shipped mail again in the order's language, records it, and refuses what the order does not call for", async () => {
      const placed = await guestOrder(shop, { method: 'cod', language: 'de' });
      const number = placed.answer.order.number;
      await mailbox.next(placed.email); // the confirmation at placement
      const before = await detail(number);
      expect(before.mails).toEqual(['confirmation']);
      const early = await post(number, 'resend-mail', { mail: 'shipped' }).expect(409);
      expect(early.body.errors[0].code).toBe('ORDER_MAIL_NOT_APPLICABLE');
      await post(number, 'ship', { tracking_number: 'RR123456789HR' }).expect(200);
      const shipped = await mailbox.next(placed.email, 30_000);
      expect(shipped.text).toContain('RR123456789HR');

      const again = AdminOrderFullResponse.parse((await post(number, 'resend-mail', { mail: 'shipped' }, staff).expect(200)).body).data;
      expect(again.mails).toEqual(['confirmation', 'shipped']);
      expect(again.history.at(-1)).toMatchObject({ action: 'mail_resent', actor: staffEmail, detail: 'shipped' });
      const resent = await mailbox.next(placed.email, 30_000);
      expect(resent.subject).toBe(shipped.subject); // the same mail, in German
      expect(resent.text).toContain('RR123456789HR');
      expect((await auditRows(number, 'order.resend_mail')).map((r) => [r.actor_label, r.actor_role, r.after])).toEqual([
        [staffEmail, 'staff', { mail: 'shipped' }],
      ]);
      // the confirmation again
      await post(number, 'resend-mail', { mail: 'confirmation' }).expect(200);
      expect((await mailbox.next(placed.email, 30_000)).text).toContain(number);

      for (const body of [{}, { mail: 'invoice' }, { mail: ['shipped'] }, { mail: null }]) {
        const res = await post(number, 'resend-mail', body).expect(422);
        expect(res.body.errors[0].field).toBe('mail');
      }
      expect((await post(number, 'resend-mail', { mail: 'payment_link' }).expect(409)).body.errors[0].code).toBe(
        'ORDER_MAIL_NOT_APPLICABLE',
      );
    }, 90_000);
  });

  describe('refunds by line', () => {
    it('cash on delivery: the amount with VAT per line, recorded as a bank transfer; refused above what is left; the last one refunds the order', async () => {
      const number = await paidCodOrder(); // 6,00 € at 5 % + 10,00 € at 25 % = 16,00 €
      const one = AdminOrderFullResponse.parse(
        (await post(number, 'refund-lines', { lines: [{ product_code: 'ZZ-TEST-A', quantity: 2 }], expected_amount: 400 }).expect(200))
          .body,
      ).data;
      expect(one.payment_status).toBe('paid');
      expect(one.refunded).toEqual({ amount: 400, shipping: false, quantities: { 'ZZ-TEST-A': 2 } });
      expect(one.refunds).toEqual([
        expect.objectContaining({
          amount: 400,
          vat: 19,
          shipping: false,
          method: 'bank_transfer',
          actor: adminEmail,
          lines: [{ product_code: 'ZZ-TEST-A', quantity: 2, amount: 400 }],
        }),
      ]);
      expect(one.history.at(-1)).toMatchObject({
        action: 'refunded',
        detail: expect.stringContaining('4,00 €, bank_transfer: 2 × ZZ-TEST-A'),
      });

      // more packs than are left, unknown lines, nothing chosen, a stale preview: refused, nothing changes
      const tooMany = await post(number, 'refund-lines', { lines: [{ product_code: 'ZZ-TEST-A', quantity: 2 }] }).expect(409);
      expect(tooMany.body.errors[0]).toMatchObject({ code: 'ORDER_REFUND_TOO_MANY', field: 'lines' });
      expect(
        (await post(number, 'refund-lines', { lines: [{ product_code: 'ZZ-NOPE', quantity: 1 }] }).expect(422)).body.errors[0].code,
      ).toBe('ORDER_REFUND_LINE_UNKNOWN');
      expect((await post(number, 'refund-lines', { lines: [] }).expect(422)).body.errors[0].code).toBe('ORDER_REFUND_EMPTY');
      const stale = await post(number, 'refund-lines', {
        lines: [{ product_code: 'ZZ-TEST-B', quantity: 1 }],
        expected_amount: 999,
      }).expect(409);
      expect(stale.body.errors[0].code).toBe('ORDER_REFUND_CHANGED');
      for (const body of [
        { lines: 'all' },
        { lines: [{ product_code: 'ZZ-TEST-A', quantity: -1 }] },
        { lines: [{ product_code: 'ZZ-TEST-A', quantity: 1.5 }] },
        { lines: [{ product_code: 'ZZ-TEST-A', quantity: '1' }] },
        { lines: [{ product_code: 'x'.repeat(100), quantity: 1 }] },
        { lines: Array.from({ length: 201 }, () => ({ product_code: 'ZZ-TEST-A', quantity: 1 })) },
        { shipping: 'yes' },
        { expected_amount: -1 },
      ]) {
        expect([JSON.stringify(body).slice(0, 40), (await post(number, 'refund-lines', body)).status]).toEqual([
          JSON.stringify(body).slice(0, 40),
          422,
        ]);
      }
      expect((await detail(number)).refunds).toHaveLength(1);

      const rest = AdminOrderFullResponse.parse(
        (
          await post(number, 'refund-lines', {
            lines: [
              { product_code: 'ZZ-TEST-A', quantity: 1 },
              { product_code: 'ZZ-TEST-B', quantity: 1 },
            ],
          }).expect(200)
        ).body,
      ).data;
      expect(rest.payment_status).toBe('refunded');
      expect(rest.refunded.amount).toBe(1600);
      expect(rest.refundable).toBe(false);
      expect(rest.refunds[1]).toMatchObject({ amount: 1200, vat: 10 + 200 });
      // refunded: nothing more goes back
      expect(
        (await post(number, 'refund-lines', { lines: [{ product_code: 'ZZ-TEST-A', quantity: 1 }] }).expect(409)).body.errors[0].code,
      ).toBe('ORDER_TRANSITION_REFUSED');
      const audit = await auditRows(number, 'order.refund_lines');
      expect(audit.map((r) => [r.before, r.after])).toEqual([
        [
          { payment_status: 'paid', refunded_amount: 0 },
          {
            payment_status: 'paid',
            refunded_amount: 400,
            refund_amount: 400,
            refund_vat: 19,
            refund_method: 'bank_transfer',
            refund_lines: '2 × ZZ-TEST-A',
          },
        ],
        [
          { payment_status: 'paid', refunded_amount: 400 },
          {
            payment_status: 'refunded',
            refunded_amount: 1600,
            refund_amount: 1200,
            refund_vat: 210,
            refund_method: 'bank_transfer',
            refund_lines: '1 × ZZ-TEST-A, 1 × ZZ-TEST-B',
          },
        ],
      ]);
    }, 60_000);

    it('card: a partial refund through the sandbox, then the rest with the delivery; the provider holds exactly what went back', async () => {
      const placed = await guestOrder(shop, { method: 'card', language: 'en', quantity: 2 });
      await approveAtSandbox(shop.url, placed.answer.payment!);
      const number = placed.answer.order.number;
      for (let i = 0; i < 200 && (await detail(number)).payment_status !== 'paid'; i++) await new Promise((r) => setTimeout(r, 100));
      await post(number, 'ship', { tracking_number: 'RR987654321HR' }).expect(200); // captures
      const order = await detail(number);
      expect(order.refundable).toBe(true);
      const code = placed.code;
      const one = AdminOrderFullResponse.parse(
        (await post(number, 'refund-lines', { lines: [{ product_code: code, quantity: 1 }] }).expect(200)).body,
      ).data;
      expect(one.refunds[0]).toMatchObject({ amount: 450, method: 'card', shipping: false });
      expect(one.payment_status).toBe('paid');
      const sandbox = async () =>
        (
          (await db.query(
            `SELECT refunded_amount FROM payment_sandbox_transaction WHERE order_number LIKE $1 || '\\_%' AND status = 'approved'`,
            [number],
          )) as Array<{ refunded_amount: number }>
        )[0]!.refunded_amount;
      expect(await sandbox()).toBe(450);
      const rest = AdminOrderFullResponse.parse(
        (await post(number, 'refund-lines', { lines: [{ product_code: code, quantity: 1 }], shipping: true }).expect(200)).body,
      ).data;
      expect(rest.payment_status).toBe('refunded');
      expect(rest.refunds[1]).toMatchObject({ amount: 450 + order.delivery, shipping: true });
      expect(await sandbox()).toBe(order.total);
    }, 90_000);
  });

  describe('packing slips', () => {
    it("one PDF page per order, in the order's language: number, address, lines, courier note, the cash to collect", async () => {
      const cod = await guestOrder(shop, { method: 'cod', language: 'de' });
      const other = await paidCodOrder();
      const res = await admin
        .call('get', `/api/admin/orders/packing-slips.pdf?numbers=${cod.answer.order.number},${other}`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('no-store');
      const text = pdfText(res.body as Buffer);
      const pages = text.split('\f').filter((p) => p.trim());
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain(`Bestellung ${cod.answer.order.number}`);
      expect(pages[0]).toContain('Lieferschein');
      expect(pages[0]).toContain('Ilica 1');
      expect(pages[0]).toContain(cod.code);
      expect(pages[0]).toMatch(/Nachnahme – zu kassieren: [0-9.,]+ €/);
      expect(pages[1]).toContain(`Narudžba ${other}`);
      expect(pages[1]).toContain('Tjestenina A');
      expect(pages[1]).toMatch(/ZZ-TEST-A\s+Tjestenina A\s+3/);
      expect(pages[1]).toContain('Pouzeće – naplatiti: 16,00 €');
    }, 60_000);

    it("'to ship': every order that can be shipped now, oldest first; bad lists are 422, unknown numbers 404", async () => {
      const ready = await guestOrder(shop, { method: 'cod', language: 'en' });
      const res = await staff.call('get', '/api/admin/orders/packing-slips.pdf?view=to_ship').buffer(true).parse(binary).expect(200);
      const numbers = String(res.headers['x-order-numbers']).split(',');
      expect(numbers).toContain(ready.answer.order.number);
      const list = AdminOrderListResponse.parse(
        (await admin.call('get', '/api/admin/orders?view=to_ship&sort=placed_at').expect(200)).body,
      ).data;
      for (const o of list.orders) expect(o.actions).toContain('ship');
      expect(pdfText(res.body as Buffer)).toContain(ready.answer.order.number);

      for (const q of [
        '',
        'numbers=',
        'numbers=ZZ-2026-1',
        'numbers=../../etc/passwd',
        `numbers=${Array.from({ length: 101 }, (_, i) => `ZZ-2026-${String(900000 + i)}`).join(',')}`,
        'view=all',
        `numbers=${ready.answer.order.number}&view=to_ship`,
        'numbers[]=x',
      ]) {
        const r = await admin.call('get', `/api/admin/orders/packing-slips.pdf?${q}`);
        expect([q.slice(0, 40), r.status]).toEqual([q.slice(0, 40), 422]);
      }
      expect(
        (await admin.call('get', '/api/admin/orders/packing-slips.pdf?numbers=ZZ-2026-99999998').expect(404)).body.errors[0].code,
      ).toBe('ORDER_NOT_FOUND');
    }, 60_000);
  });

  describe('the list', () => {
    it('ready-made views and sort; unknown values are 422, never a 500', async () => {
      const cancelled = await createOrder(db, {
        email: 'storno@example.test',
        status: 'awaiting_payment',
        fulfilmentStatus: 'cancelled',
        paymentMethod: 'card',
        lines: [{ productCode: 'ZZ-TEST-C', name: 'C', unitPrice: 100, quantity: 1 }],
      });
      const view = async (v: string) =>
        AdminOrderListResponse.parse((await staff.call('get', `/api/admin/orders?view=${v}`).expect(200)).body).data.orders;
      expect((await view('cancelled')).map((o) => o.number)).toContain(cancelled);
      for (const o of await view('cancelled')) expect(o.fulfilment_status).toBe('cancelled');
      for (const o of await view('cash_to_collect')) expect([o.payment_method, o.payment_status]).toEqual(['cod', 'awaiting_payment']);
      for (const o of await view('card_pending')) expect([o.payment_method, o.payment_status]).toEqual(['card', 'awaiting_payment']);
      const byTotal = AdminOrderListResponse.parse((await admin.call('get', '/api/admin/orders?sort=-total').expect(200)).body).data.orders;
      expect(byTotal.map((o) => o.total)).toEqual([...byTotal.map((o) => o.total)].sort((a, b) => b - a));
      for (const q of ['view=everything', 'sort=price', 'view=to_ship&view=cancelled', "sort=' OR 1=1--"]) {
        expect([q, (await admin.call('get', `/api/admin/orders?${q}`)).status]).toEqual([q, 422]);
      }
    }, 60_000);
  });
});
