// Invoices and fiscalization on the real shop (role all: relay, workers, SMTP to an in-process mailbox, the
// payment sandbox, the CIS sandbox emulator over HTTP), real PostgreSQL and Redis (docs/invoicing.md):
// - a card order paid -> exactly one invoice, fiscalized (JIR stored), its PDF in the buyer's mail and behind
//   the order's view token; a consumer invoice has no e-invoice;
// - cash on delivery -> no invoice at placement, one when shipped;
// - CIS away -> the invoice issued with its ZKI and mailed, attempts retried with NakDost, fiscalized once CIS is
//   back, one JIR, no second invoice;
// - refunds -> a partial and then the rest as stornos, never more than the invoice;
// - an R1 order -> a UBL e-invoice valid against the UBL XSD, EN 16931 and HR-CIUS;
// - numbers gapless under concurrency; invoices outlive their buyer's account data.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { RunningShop } from '../../../server/main.js';
import { guestOrder } from '../../factories/checkout.js';
import { approveAtSandbox } from '../../factories/payment.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { startMailbox, type Mailbox } from '../../support/mailbox.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import type { Shopper } from '../../support/shopper.js';
import { validateEInvoice } from '../../support/einvoice-validation.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface InvoiceDbRow {
  id: string;
  kind: string;
  number: string;
  sequence: number;
  total: number;
  jir: string | null;
  zki: string;
  fiscal_state: string;
  fiscal_attempts: number;
  storno_of: string | null;
  cis_payment_code: string;
}

describe('invoices and fiscalization', () => {
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
        ORDERS_EMAIL: 'invoices-inbox@zlatnozrno.test',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        QUEUE_RETRY_DELAY_MS: '50',
        AUTH_RATE_LIMIT_PER_IP: '1000',
        FISCAL_RETRY_BASE_MS: '300',
        FISCAL_TIMEOUT_MS: '1500',
      },
      role: 'all',
    });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin' });
    admin = await signIn(shop.url, operator.email, operator.password);
  });
  afterAll(async () => {
    await cis('reset');
    await shop?.stop();
    await mailbox?.close();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  /** Tells the CIS emulator what to do with the next messages (sandbox only). */
  async function cis(mode: 'reset' | 'down' | 'timeout', count?: number) {
    const res = await fetch(`${shop.url}/sandbox/cis/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop.url },
      body: JSON.stringify(mode === 'reset' ? { action: 'reset' } : { action: mode, ...(count ? { count } : {}) }),
    });
    expect(res.status).toBeLessThan(300);
  }

  const invoicesOf = async (number: string) =>
    (await db.query(
      `SELECT id, kind, number, sequence, total, jir, zki, fiscal_state, fiscal_attempts, storno_of, cis_payment_code
         FROM invoice WHERE order_number = $1 ORDER BY issued_at, sequence`,
      [number],
    )) as InvoiceDbRow[];

  async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const fiscalized = (number: string, count = 1) =>
    waitFor(`${count} fiscalized invoice(s) of ${number}`, async () => {
      const rows = await invoicesOf(number);
      return rows.length === count && rows.every((r) => r.fiscal_state === 'fiscalized') && rows;
    });

  async function paidCardOrder(extra: Parameters<typeof guestOrder>[1] = { method: 'card' }) {
    const { answer, email } = await guestOrder(shop, { ...extra, method: 'card' });
    await approveAtSandbox(shop.url, answer.payment!);
    return { number: answer.order.number, token: answer.view_token, email, total: answer.order.total };
  }

  it('card: paid -> one invoice, fiscalized, its PDF in the mail and behind the view token', async () => {
    const { number, token, email, total } = await paidCardOrder({ method: 'card', language: 'de' });
    const [invoice] = await fiscalized(number);
    expect(invoice.kind).toBe('invoice');
    expect(invoice.total).toBe(total);
    expect(invoice.jir).toMatch(UUID);
    expect(invoice.zki).toMatch(/^[0-9a-f]{32}$/);
    expect(invoice.cis_payment_code).toBe('K');
    expect(invoice.number).toMatch(/^[1-9][0-9]*\/ZZ1\/1$/);

    // the buyer's mail: the order confirmation first, then the invoice with its PDF
    const mail = await waitFor('the invoice mail', async () => mailbox.invoices(email)[0]);
    expect(mail.subject).toContain(invoice.number);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].mimeType).toBe('application/pdf');
    expect(mail.attachments[0].filename).toBe(`racun-${invoice.number.replace(/\//g, '-')}.pdf`);
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');

    // the API, by view token
    const list = await fetch(`${shop.url}/api/orders/${number}/invoices?view_token=${encodeURIComponent(token)}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toContain('no-store');
    const { data } = (await list.json()) as {
      data: Array<{ id: string; number: string; fiscal_state: string; pdf_path: string; ubl_path: string | null }>;
    };
    expect(data).toEqual([expect.objectContaining({ id: invoice.id, number: invoice.number, fiscal_state: 'fiscalized', ubl_path: null })]);
    const pdf = await fetch(`${shop.url}${data[0].pdf_path}?view_token=${encodeURIComponent(token)}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // a consumer's invoice has no e-invoice
    const ubl = await fetch(`${shop.url}/api/orders/${number}/invoices/${invoice.id}/ubl?view_token=${encodeURIComponent(token)}`);
    expect(ubl.status).toBe(404);

    // nobody else: no token, a wrong one, another order's invoice id, junk ids -> 404, never 500
    expect((await fetch(`${shop.url}/api/orders/${number}/invoices`)).status).toBe(404);
    expect((await fetch(`${shop.url}/api/orders/${number}/invoices?view_token=x`)).status).toBe(404);
    expect(
      (await fetch(`${shop.url}/api/orders/${number}/invoices/${randomUUID()}/pdf?view_token=${encodeURIComponent(token)}`)).status,
    ).toBe(404);
    for (const junk of ['..%2F..', '%00', 'x'.repeat(500), "1'--"]) {
      const res = await fetch(`${shop.url}/api/orders/${number}/invoices/${junk}/pdf?view_token=${encodeURIComponent(token)}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }

    // a repeated delivery of the payment's event issues nothing more
    await new Promise((r) => setTimeout(r, 500));
    expect(await invoicesOf(number)).toHaveLength(1);
  });

  it('cash on delivery: no invoice when placed, one when handed over for delivery', async () => {
    const { answer } = await guestOrder(shop, { method: 'cod' });
    const number = answer.order.number;
    await new Promise((r) => setTimeout(r, 1000));
    expect(await invoicesOf(number)).toEqual([]);
    await admin.call('post', `/api/admin/orders/${number}/ship`, { tracking_number: 'HP123456789HR' }).expect(200);
    const [invoice] = await fiscalized(number);
    expect(invoice.total).toBe(answer.order.total);
    expect(['G', 'T', 'O']).toContain(invoice.cis_payment_code);
    // the cash recorded afterwards issues nothing more
    await admin.call('post', `/api/admin/orders/${number}/cash-received`, {}).expect(200);
    await new Promise((r) => setTimeout(r, 800));
    expect(await invoicesOf(number)).toHaveLength(1);
  });

  it('CIS away: the invoice is issued with its ZKI and mailed, retried with NakDost, fiscalized once back, one JIR', async () => {
    await cis('down');
    try {
      const { number, email } = await paidCardOrder();
      const [pending] = await waitFor('an invoice waiting for CIS', async () => {
        const rows = await invoicesOf(number);
        return rows.length === 1 && rows[0].fiscal_attempts >= 2 && rows;
      });
      expect(pending.fiscal_state).toBe('pending');
      expect(pending.jir).toBeNull();
      // mailed at once, with the ZKI (the JIR follows)
      const mail = await waitFor('the invoice mail', async () => mailbox.invoices(email)[0]);
      expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
      await cis('reset');
      const [done] = await fiscalized(number);
      expect(done.id).toBe(pending.id);
      expect(done.jir).toMatch(UUID);
      const attempts = (await db.query(
        `SELECT attempt, late_delivery, outcome FROM invoice_fiscal_attempt WHERE invoice_id = $1 ORDER BY attempt`,
        [done.id],
      )) as Array<{ attempt: number; late_delivery: boolean; outcome: string }>;
      expect(attempts[0]).toMatchObject({ attempt: 1, late_delivery: false, outcome: 'unavailable' });
      expect(attempts.at(-1)).toMatchObject({ late_delivery: true, outcome: 'jir' });
      expect(attempts.filter((a) => a.outcome === 'jir')).toHaveLength(1);
      expect(new Set(attempts.map((a) => a.attempt)).size).toBe(attempts.length);
      // only one buyer mail for the invoice
      expect(mailbox.invoices(email)).toHaveLength(1);
    } finally {
      await cis('reset');
    }
  });

  it('refunds: a partial storno, then the rest; never more than the invoice', async () => {
    const { number, total } = await paidCardOrder();
    const [invoice] = await fiscalized(number);
    // the card payment is authorized at settlement and captured when shipped: only captured money is refunded in part
    await admin.call('post', `/api/admin/orders/${number}/ship`, { tracking_number: 'HP987654321HR' }).expect(200);
    await admin.call('post', `/api/admin/orders/${number}/refund`, { amount: 300 }).expect(200);
    const rows = await fiscalized(number, 2);
    const partial = rows.find((r) => r.kind === 'storno')!;
    expect(partial.total).toBe(-300);
    expect(partial.storno_of).toBe(invoice.id);
    await admin.call('post', `/api/admin/orders/${number}/refund`, {}).expect(200);
    const all = await fiscalized(number, 3);
    const stornos = all.filter((r) => r.kind === 'storno');
    expect(stornos.reduce((s, r) => s + r.total, 0)).toBe(-total);
    expect(new Set(all.map((r) => r.sequence)).size).toBe(3);
  });

  it('an R1 order gets a UBL e-invoice that passes the UBL XSD, EN 16931 and HR-CIUS', async () => {
    const { number, token } = await paidCardOrder({
      method: 'card',
      r1: {
        company_name: 'Bistro Zrno d.o.o.',
        tax_id: '69827451031',
        street: 'Savska cesta 18',
        postal_code: '10000',
        city: 'Zagreb',
        country: 'HR',
      },
    });
    const [invoice] = await fiscalized(number);
    const res = await fetch(`${shop.url}/api/orders/${number}/invoices/${invoice.id}/ubl?view_token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain(invoice.number);
    const report = await validateEInvoice(xml);
    expect(report.errors).toEqual([]);
  }, 120_000);

  it('numbers are gapless under 50 concurrent issues, rollbacks giving their number back', async () => {
    const { InvoiceRepository } = await import('../../../server/modules/invoicing/index.js');
    const repo = shop.app.get(InvoiceRepository);
    const scope = `T${randomUUID().slice(0, 6)}`;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        db.transaction(async (m) => {
          const n = await repo.nextSequence(m, 2031, scope);
          if (i % 5 === 0) throw new Error('rolled back');
          return n;
        }),
      ),
    );
    const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('an invoice outlives its buyer: the account and the order data anonymized, the invoice stays as issued', async () => {
    const buyer = await createUser(db, {});
    const { number, token } = await paidCardOrder({ method: 'card', email: buyer.email });
    const [invoice] = await fiscalized(number);
    const before = (await db.query(`SELECT buyer, lines, total FROM invoice WHERE id = $1`, [invoice.id])) as unknown[];
    await db.query(`UPDATE shop_order SET email = 'anonymized@invalid', delivery_address = '{}'::jsonb WHERE number = $1`, [number]);
    await db.query(`DELETE FROM app_user WHERE id = $1`, [buyer.id]);
    expect(await db.query(`SELECT buyer, lines, total FROM invoice WHERE id = $1`, [invoice.id])).toEqual(before);
    const pdf = await fetch(`${shop.url}/api/orders/${number}/invoices/${invoice.id}/pdf?view_token=${encodeURIComponent(token)}`);
    expect(pdf.status).toBe(200);
  });
});
