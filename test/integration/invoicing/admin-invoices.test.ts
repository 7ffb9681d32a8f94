// The operators' invoices (docs/invoicing/operators.md) on the real shop: role all (relay, workers,
// the fiscalization queue), real PostgreSQL and Redis, the CIS sandbox. Invoices are issued the way
// the shop issues them (InvoiceIssuer in a transaction, its invoice.issued event queuing the
// fiscalization), then listed, retried, reversed, exported and booked through the API and the pages.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import {
  AdminInvoiceDetailResponse,
  AdminInvoiceListResponse,
  InvoiceBookResponse,
  type AdminInvoiceDetail,
} from '../../../contract/api/admin-invoices.js';
import { AdminOrderDetailResponse } from '../../../contract/api/admin-orders.js';
import type { RunningShop } from '../../../server/main.js';
import { InvoiceIssuer } from '../../../server/modules/invoicing/index.js';
import { guestOrder } from '../../factories/checkout.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper, type Shopper } from '../../support/shopper.js';

describe("operators' invoices (/api/admin/invoices, /admin/invoices)", () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let mailbox: Mailbox;
  let admin: Shopper;
  let adminEmail: string;
  let customer: Shopper;
  let anon: Shopper;

  beforeAll(async () => {
    mailbox = await startMailbox();
    // the CIS sandbox is served by the shop itself at PUBLIC_URL/sandbox/cis
    const port = await freePort();
    shop = await startShop({
      env: {
        SMTP_URL: mailbox.url,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        FISCALIZATION_PROVIDER: 'sandbox',
        FISCAL_RETRY_BASE_MS: '200',
        QUEUE_RETRY_DELAY_MS: '50',
        AUTH_RATE_LIMIT_PER_IP: '1000',
      },
      role: 'all',
    });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin' });
    adminEmail = operator.email;
    admin = await signIn(shop.url, operator.email, operator.password);
    const someone = await createUser(db);
    customer = await signIn(shop.url, someone.email, someone.password);
    anon = await shopper(shop.url);
  });
  afterAll(async () => {
    await shop?.stop();
    await mailbox?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  /** A guest's cash-on-delivery order and its invoice, issued now as the shop issues it. */
  async function invoicedOrder(): Promise<{ number: string; invoiceId: string }> {
    const { answer } = await guestOrder(shop, { method: 'cod', email: `inv-${randomUUID().slice(0, 8)}@example.com` });
    const issuer = shop.app.get(InvoiceIssuer);
    const row = await db.transaction((m) => issuer.invoiceForOrder(m, answer.order.number, new Date()));
    return { number: answer.order.number, invoiceId: row!.id };
  }

  async function detail(id: string): Promise<AdminInvoiceDetail> {
    return AdminInvoiceDetailResponse.parse((await admin.call('get', `/api/admin/invoices/${id}`).expect(200)).body).data;
  }

  async function until(id: string, state: AdminInvoiceDetail['fiscal_state']): Promise<AdminInvoiceDetail> {
    for (let i = 0; i < 200; i++) {
      const d = await detail(id);
      if (d.fiscal_state === state) return d;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`invoice ${id} did not become ${state}`);
  }

  const thisMonth = () => {
    const p = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb', year: 'numeric', month: '2-digit' }).format(new Date());
    return p.slice(0, 7);
  };

  describe('access', () => {
    it('guests get 401, customers 403, operators 200 on every route; answers are never cached', async () => {
      const { invoiceId } = await invoicedOrder();
      const gets = [
        '/api/admin/invoices',
        `/api/admin/invoices/${invoiceId}`,
        `/api/admin/invoices/${invoiceId}/pdf`,
        `/api/admin/invoices/${invoiceId}/html`,
        `/api/admin/invoices/export.csv?month=${thisMonth()}`,
        `/api/admin/invoices/book?year=${thisMonth().slice(0, 4)}`,
      ];
      for (const path of gets) {
        expect((await anon.call('get', path).expect(401)).body.errors[0].code).toBe('AUTH_REQUIRED');
        expect((await customer.call('get', path).expect(403)).body.errors[0].code).toBe('AUTH_FORBIDDEN');
        const ok = await admin.call('get', path).expect(200);
        expect(ok.headers['cache-control']).toBe('no-store');
      }
      for (const action of ['retry', 'storno']) {
        await anon.call('post', `/api/admin/invoices/${invoiceId}/${action}`, { reason: 'x' }).expect(401);
        await customer.call('post', `/api/admin/invoices/${invoiceId}/${action}`, { reason: 'x' }).expect(403);
      }
      for (const path of ['/admin/invoices', `/admin/invoices/${invoiceId}`, '/admin/invoices/export', '/admin/invoices/book']) {
        const g = await anon.agent.get(path).redirects(0);
        expect(g.status).toBe(303);
        expect(g.headers.location).toContain('redirect=');
        expect((await customer.agent.get(path)).status).toBe(403);
        const page = await admin.agent.get(path).expect(200);
        expect(page.headers['content-type']).toContain('text/html');
      }
      expect((await detail(invoiceId)).left_to_reverse).toBeGreaterThan(0); // nothing was reversed by the refused calls
    });

    it('a POST without the CSRF token is refused (403) and changes nothing', async () => {
      const { invoiceId } = await invoicedOrder();
      const before = await detail(invoiceId);
      expect((await admin.agent.post(`/api/admin/invoices/${invoiceId}/storno`).send({ reason: 'x' })).status).toBe(403);
      expect((await admin.agent.post(`/api/admin/invoices/${invoiceId}/retry`).send({})).status).toBe(403);
      const form = await admin.agent
        .post(`/admin/invoices/${invoiceId}/storno`)
        .type('form')
        .send('reason=x&confirm=yes&_csrf=forged')
        .redirects(0);
      expect(form.status).toBe(403);
      expect((await detail(invoiceId)).left_to_reverse).toBe(before.left_to_reverse);
    });
  });

  describe('list and detail', () => {
    it('lists with the fiscal state, JIR and attempts, filtered by state, kind, month and number', async () => {
      const { number, invoiceId } = await invoicedOrder();
      const fiscalized = await until(invoiceId, 'fiscalized');
      expect(fiscalized.jir).toMatch(/^[0-9a-f-]{36}$/);
      expect(fiscalized.attempts_log[0]).toMatchObject({ attempt: 1, late_delivery: false, outcome: 'jir', jir: fiscalized.jir });

      const byOrder = AdminInvoiceListResponse.parse((await admin.call('get', `/api/admin/invoices?q=${number}`).expect(200)).body).data;
      expect(byOrder.total).toBe(1);
      expect(byOrder.invoices[0]).toMatchObject({
        id: invoiceId,
        order_number: number,
        fiscal_state: 'fiscalized',
        kind: 'invoice',
        attempts: 1,
      });
      const byState = AdminInvoiceListResponse.parse(
        (await admin.call('get', `/api/admin/invoices?q=${number}&fiscal_state=rejected`).expect(200)).body,
      ).data;
      expect(byState.total).toBe(0);
      const byKind = AdminInvoiceListResponse.parse(
        (await admin.call('get', `/api/admin/invoices?q=${number}&kind=storno`).expect(200)).body,
      ).data;
      expect(byKind.total).toBe(0);
      const inMonth = AdminInvoiceListResponse.parse(
        (await admin.call('get', `/api/admin/invoices?q=${number}&month=${thisMonth()}`).expect(200)).body,
      ).data;
      expect(inMonth.total).toBe(1);
      const otherMonth = AdminInvoiceListResponse.parse(
        (await admin.call('get', `/api/admin/invoices?q=${number}&month=2001-01`).expect(200)).body,
      ).data;
      expect(otherMonth.total).toBe(0);
      // a % or _ in the search is taken literally
      expect(AdminInvoiceListResponse.parse((await admin.call('get', '/api/admin/invoices?q=%25').expect(200)).body).data.total).toBe(0);

      const page = await admin.agent.get(`/admin/invoices?q=${number}`).expect(200);
      expect(page.text).toContain(fiscalized.jir);
      expect(page.text).toContain(fiscalized.number);
      const one = await admin.agent.get(`/admin/invoices/${invoiceId}`).expect(200);
      expect(one.text).toContain('data-testid="attempts"');
      expect(one.text).toContain(`/api/admin/invoices/${invoiceId}/html`);
      const pdf = await admin.agent.get(`/api/admin/invoices/${invoiceId}/pdf`).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await admin.call('get', `/api/admin/invoices/${invoiceId}/ubl`).expect(404)).body.errors[0].code).toBe('INVOICE_NO_EINVOICE');
      // the order's screen (the back-office app) leads to its invoices: client/admin/orders/orders.spec.tsx
    });

    it('refuses hostile ids and queries with a 4xx, never a 500', async () => {
      for (const q of [
        'month=2026-13',
        'month=x',
        'page=0',
        'page=abc',
        'fiscal_state=paid',
        'kind=x',
        'month=2026-01&month=2026-02',
        `q=${'x'.repeat(65)}`,
      ]) {
        const res = await admin.call('get', `/api/admin/invoices?${q}`);
        expect({ q, status: res.status }).toEqual({ q, status: 422 });
        expect(res.body.errors[0].field).toBeTruthy();
        const page = await admin.agent.get(`/admin/invoices?${q}`);
        expect({ q, status: page.status }).toEqual({ q, status: 400 });
      }
      for (const q of ['', 'month=', 'month=2026-1', "month=' OR 1=1", 'month[]=2026-01'])
        await admin.call('get', `/api/admin/invoices/export.csv?${q}`).expect(422);
      for (const q of ['', 'year=26', 'year=abcd', 'year=1999']) await admin.call('get', `/api/admin/invoices/book?${q}`).expect(422);
      for (const id of ['not-a-uuid', randomUUID(), '..%2F..%2Fetc', "1' OR '1'='1", 'x'.repeat(2000)]) {
        for (const suffix of ['', '/pdf', '/ubl', '/html'])
          expect((await admin.call('get', `/api/admin/invoices/${id}${suffix}`)).status).toBe(404);
        expect((await admin.call('post', `/api/admin/invoices/${id}/retry`, {})).status).toBe(404);
        expect((await admin.call('post', `/api/admin/invoices/${id}/storno`, { reason: 'x' })).status).toBe(404);
        expect((await admin.agent.get(`/admin/invoices/${id}`)).status).toBe(404);
      }
      const { invoiceId } = await invoicedOrder();
      for (const body of [
        { amount: 'abc', reason: 'x' },
        { amount: -5, reason: 'x' },
        { amount: 1.5, reason: 'x' },
        { amount: 100 },
        { reason: '' },
        [],
      ])
        expect((await admin.call('post', `/api/admin/invoices/${invoiceId}/storno`, body)).status).toBe(422);
      expect((await detail(invoiceId)).left_to_reverse).toBeGreaterThan(0);
    });
  });

  describe('retry now', () => {
    it('a refused invoice is sent again at once, with NakDost, and gets its JIR; a fiscalized one answers 409', async () => {
      const { invoiceId } = await invoicedOrder();
      await until(invoiceId, 'fiscalized');
      // as CIS refusing the first message leaves it (the sandbox answered a JIR: the refusal is written here)
      await db.query(
        `UPDATE invoice SET jir = NULL, fiscal_state = 'rejected', fiscal_error = 's005: Neispravan OIB', fiscalized_at = NULL WHERE id = $1`,
        [invoiceId],
      );
      await db.query(
        `UPDATE invoice_fiscal_attempt SET outcome = 'rejected', jir = NULL, error_code = 's005', error_message = 'Neispravan OIB' WHERE invoice_id = $1`,
        [invoiceId],
      );
      const refused = await detail(invoiceId);
      expect(refused).toMatchObject({ fiscal_state: 'rejected', jir: null, last_error: 's005: Neispravan OIB' });
      const page = await admin.agent.get(`/admin/invoices/${invoiceId}`).expect(200);
      expect(page.text).toContain('s005: Neispravan OIB');
      const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
      const posted = await admin.agent
        .post(`/admin/invoices/${invoiceId}/retry`)
        .type('form')
        .send(`_csrf=${encodeURIComponent(token)}`)
        .redirects(0);
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe(`/admin/invoices/${invoiceId}?done=retry`);
      const done = await until(invoiceId, 'fiscalized');
      expect(done.attempts_log).toHaveLength(2);
      expect(done.attempts_log[1]).toMatchObject({ attempt: 2, late_delivery: true, outcome: 'jir' });
      expect((await admin.call('post', `/api/admin/invoices/${invoiceId}/retry`, {}).expect(409)).body.errors[0].code).toBe(
        'INVOICE_ALREADY_FISCALIZED',
      );
      // the audit log has the one retry that went through, not the refused one (docs/admin.md 'Audit log')
      const audit = (await db.query(
        `SELECT action, actor_role, before, after FROM audit_log WHERE entity_type = 'invoice' AND entity_id = $1 ORDER BY id`,
        [invoiceId],
      )) as Array<{ action: string; actor_role: string; before: Record<string, unknown>; after: Record<string, unknown> }>;
      expect(audit).toMatchObject([
        { action: 'invoice.retry', actor_role: 'admin', before: { fiscal_state: 'rejected' }, after: { fiscal_state: 'pending' } },
      ]);
    });
  });

  describe('storno, export and book', () => {
    it("reverses part and then the rest, writes who did it into the order's history, refuses more; the month's CSV and the year's book show them", async () => {
      const { number, invoiceId } = await invoicedOrder();
      const original = await until(invoiceId, 'fiscalized');
      const part = await admin
        .call('post', `/api/admin/invoices/${invoiceId}/storno`, { amount: 100, reason: 'Oštećeno pakiranje' })
        .expect(201);
      const first = AdminInvoiceDetailResponse.parse(part.body).data;
      expect(first).toMatchObject({ kind: 'storno', storno_of: original.number, total: -100, order_number: number, left_to_reverse: 0 });
      const [logged] = (await db.query(`SELECT action, after FROM audit_log WHERE entity_type = 'invoice' AND entity_id = $1`, [
        invoiceId,
      ])) as Array<{ action: string; after: Record<string, unknown> }>;
      expect(logged).toMatchObject({
        action: 'invoice.storno',
        after: { storno_number: first.number, storno_total: -100, reason: 'Oštećeno pakiranje' },
      });
      expect((await detail(invoiceId)).left_to_reverse).toBe(original.total - 100);
      expect(
        (await admin.call('post', `/api/admin/invoices/${invoiceId}/storno`, { amount: original.total, reason: 'x' }).expect(422)).body
          .errors[0].code,
      ).toBe('INVOICE_STORNO_AMOUNT_TOO_HIGH');
      expect((await admin.call('post', `/api/admin/invoices/${first.id}/storno`, { reason: 'x' }).expect(409)).body.errors[0].code).toBe(
        'INVOICE_NOT_REVERSIBLE',
      );

      // the rest through the page's form, with its confirmation step
      const page = await admin.agent.get(`/admin/invoices/${invoiceId}`).expect(200);
      const token = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
      const unconfirmed = await admin.agent
        .post(`/admin/invoices/${invoiceId}/storno`)
        .type('form')
        .send(`_csrf=${encodeURIComponent(token)}&reason=Odustanak`)
        .redirects(0);
      expect(unconfirmed.status).toBe(422);
      const confirmed = await admin.agent
        .post(`/admin/invoices/${invoiceId}/storno`)
        .type('form')
        .send(`_csrf=${encodeURIComponent(token)}&reason=Odustanak&confirm=yes&amount=`)
        .redirects(0);
      expect(confirmed.status).toBe(303);
      expect(confirmed.headers.location).toMatch(/^\/admin\/invoices\/[0-9a-f-]{36}\?done=storno$/);
      expect((await detail(invoiceId)).left_to_reverse).toBe(0);
      expect((await admin.call('post', `/api/admin/invoices/${invoiceId}/storno`, { reason: 'x' }).expect(409)).body.errors[0].code).toBe(
        'INVOICE_NOTHING_LEFT',
      );

      const order = AdminOrderDetailResponse.parse((await admin.call('get', `/api/admin/orders/${number}`).expect(200)).body).data;
      const entries = order.history.filter((h) => h.action === 'invoice_storno');
      expect(entries).toHaveLength(2);
      expect(entries.every((h) => h.actor === adminEmail)).toBe(true);
      expect(entries[0]!.detail).toContain('Oštećeno pakiranje');

      const list = AdminInvoiceListResponse.parse(
        (await admin.call('get', `/api/admin/invoices?q=${number}&kind=storno`).expect(200)).body,
      ).data;
      expect(list.total).toBe(2);

      const csv = await admin.agent
        .get(`/api/admin/invoices/export.csv?month=${thisMonth()}`)
        .buffer(true)
        .parse((res, cb) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="racuni-${thisMonth()}.csv"`);
      const text = (csv.body as Buffer).toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = text.slice(1).split('\r\n');
      const ours = rows.filter((r) => r.includes(`;${number};`));
      expect(ours).toHaveLength(3);
      expect(ours.filter((r) => r.includes(';Storno;'))).toHaveLength(2);
      expect(ours.some((r) => r.includes(';-1,00;'))).toBe(true);
      expect(rows.filter(Boolean).at(-1)!.startsWith('UKUPNO;')).toBe(true);

      const book = InvoiceBookResponse.parse(
        (await admin.call('get', `/api/admin/invoices/book?year=${thisMonth().slice(0, 4)}`).expect(200)).body,
      ).data;
      const numbers = book.sequences.flatMap((s) => s.entries.flatMap((e) => (e.type === 'invoice' ? [e.number] : [])));
      expect(numbers).toContain(original.number);
      expect(numbers).toContain(first.number);
      for (const s of book.sequences) {
        const missing = s.entries.reduce((n, e) => n + (e.type === 'gap' ? e.to - e.from + 1 : 0), 0);
        expect(s.gaps).toBe(missing);
      }
      const bookPage = await admin.agent.get(`/admin/invoices/book?year=${thisMonth().slice(0, 4)}`).expect(200);
      expect(bookPage.text).toContain(original.number);
    });
  });
});
