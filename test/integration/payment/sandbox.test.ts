// The payment sandbox (PAYMENT_PROVIDER=sandbox) driven over HTTP with the real Monri adapter, as a
// browser and the shop would: form in, hosted page, approve/decline/close, signed redirect, signed
// callback (retried until a 200), status inquiry and refund.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { waitFor } from '../../support/wait.js';
import type { RunningShop } from '../../../server/main.js';
import { CSRF_EXEMPT_ROUTES } from '../../../server/platform/http/csrf.js';
import { SANDBOX_MONRI_KEY } from '../../../server/config/config.js';
import {
  PAYMENT_CALLBACK_ROUTE,
  PAYMENT_PROVIDER,
  SANDBOX_CAPTURE_PATH,
  SANDBOX_FORM_PATH,
  SANDBOX_REFUND_PATH,
  SANDBOX_STATUS_PATH,
  SANDBOX_VOID_PATH,
  type PaymentProvider,
  type PaymentRequest,
} from '../../../server/modules/payment/index.js';

/** Monri's form digest, computed here independently of the module: hex SHA-512 of key + text. */
const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
/** Monri's transaction-management digests, computed here independently of the module: hex SHA-1 of key + text. */
const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');
/** A transaction-management request document, written here by hand (dasherized names). */
const xml = (root: string, fields: Record<string, string | number>) =>
  `<?xml version="1.0" encoding="UTF-8"?><${root}>${Object.entries(fields)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</${root}>`;
const refundPath = (number: string) => SANDBOX_REFUND_PATH.replace(':order_number', encodeURIComponent(number));

interface Received {
  raw: string;
  authorization: string | undefined;
  answered: number;
}

describe('payment sandbox: the Monri WebPay emulator, end to end over HTTP', () => {
  let shop: RunningShop & { url: string };
  let provider: PaymentProvider;
  let db: DataSource;
  let callbacks: Server;
  let callbackBase: string;
  const received: Received[] = [];
  /** Status codes the callback receiver answers, one per request; 200 once they run out. */
  const answers: number[] = [];

  beforeAll(async () => {
    callbacks = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answered = answers.shift() ?? 200;
        received.push({ raw: Buffer.concat(chunks).toString('utf8'), authorization: req.headers.authorization, answered });
        res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered === 200 ? 'ok' : 'not now');
      });
    });
    await new Promise<void>((done) => callbacks.listen(0, '127.0.0.1', done));
    callbackBase = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}`;
    const port = await freePort();
    // A known port, so the configured sandbox URLs (from PUBLIC_URL) reach this very shop; fast retries.
    shop = await startShop({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, QUEUE_RETRY_DELAY_MS: '50' } });
    provider = shop.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    db = shop.app.get(DataSource);
  });

  afterAll(async () => {
    await shop?.stop();
    await new Promise((done) => callbacks?.close(done));
  });

  const orderNumber = () => `ZZ-2026-${randomBytes(4).toString('hex')}`;
  const paymentRequest = (number: string, over: Partial<PaymentRequest> = {}): PaymentRequest => ({
    orderNumber: number,
    transactionType: 'purchase',
    amountCents: 1250,
    currency: 'EUR',
    locale: 'hr',
    description: `Zlatno zrno, narudžba ${number}`,
    buyer: {
      fullName: 'Ana Horvat',
      street: 'Ilica 1',
      city: 'Zagreb',
      postalCode: '10000',
      country: 'HR',
      phone: '+385912345678',
      email: 'ana@example.hr',
    },
    successUrl: `${shop.url}/hr/placanje/uspjeh?attempt=1`,
    cancelUrl: `${shop.url}/hr/placanje/neuspjeh`,
    callbackUrl: `${callbackBase}/callback`,
    ...over,
  });

  /** The browser posts the form (cross-site in real life: no Origin of the provider, no token) and follows to the page. */
  async function postForm(fields: Record<string, string>, action = `${shop.url}${SANDBOX_FORM_PATH}`) {
    return fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://shop.elsewhere.example' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  }

  async function openPage(number: string, over: Partial<PaymentRequest> = {}) {
    const form = provider.startPayment(paymentRequest(number, over));
    expect(form.action).toBe(`${shop.url}${SANDBOX_FORM_PATH}`);
    const posted = await postForm(form.fields, form.action);
    expect(posted.status).toBe(303);
    const pagePath = posted.headers.get('location')!;
    expect(pagePath).toMatch(/^\/sandbox\/monri\/v2\/pay\/[0-9a-f]{32}$/);
    const page = await fetch(`${shop.url}${pagePath}`);
    return { pagePath, page, html: await page.text() };
  }

  /** A choice on the provider's page: a same-origin POST without a body (the action path says it). */
  const choose = (pagePath: string, choice: string, origin: string | null = shop.url) =>
    fetch(`${shop.url}${pagePath}/${choice}`, { method: 'POST', headers: origin ? { origin } : {}, redirect: 'manual' });

  it('keeps its five provider endpoints and the callback, and nothing else, in the exact CSRF exemptions', () => {
    // Besides the payment's: the newsletter's one-click unsubscribe (RFC 8058, docs/newsletter.md) and the CIS
    // sandbox's SOAP endpoint (a raw body; docs/invoicing/fiscal.md).
    expect(CSRF_EXEMPT_ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        `POST ${PAYMENT_CALLBACK_ROUTE}`,
        `POST ${SANDBOX_FORM_PATH}`,
        `POST ${SANDBOX_REFUND_PATH}`,
        `POST ${SANDBOX_CAPTURE_PATH}`,
        `POST ${SANDBOX_VOID_PATH}`,
        `POST ${SANDBOX_STATUS_PATH}`,
        'POST /api/newsletter/unsubscribe',
        'POST /sandbox/cis',
      ].sort(),
    );
  });

  it('form -> page -> approve: a signed redirect to the success URL, a signed callback retried until 200, inquiry and refunds', async () => {
    const number = orderNumber();
    const { pagePath, page, html } = await openPage(number);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/style-src 'self' 'nonce-/);
    expect(html).toContain('<html lang="hr">');
    expect(html).toContain('Testno plaćanje karticom');
    expect(html).toContain(number);
    expect(html).toMatch(/12,50\s€/);
    expect(html).not.toMatch(/<script/i);
    for (const choice of ['approve', 'decline', 'abandon']) expect(html).toContain(`action="${pagePath}/${choice}"`);
    expect(html).toContain('Odobri plaćanje');

    // The choice is no CSRF exemption: without the browser's same-origin proof it is refused, and nothing is decided.
    expect((await choose(pagePath, 'approve', null)).status).toBe(403);
    expect((await choose(pagePath, 'approve', 'https://evil.example')).status).toBe(403);

    answers.push(500); // the shop's first answer fails: the sandbox must retry
    const before = received.length;
    const approved = await choose(pagePath, 'approve');
    expect(approved.status).toBe(302);
    const location = approved.headers.get('location')!;
    // As Monri does: '?' and its parameters appended even to an override that has a query (a second '?').
    expect(location.startsWith(`${shop.url}/hr/placanje/uspjeh?attempt=1?acquirer=sandbox&`)).toBe(true);
    expect(provider.verifyReturn(location)).toEqual({ ok: true, value: { orderNumber: number, responseCode: '0000', amountCents: 1250 } });
    expect(provider.verifyReturn(location.replace('amount=1250', 'amount=125'))).toEqual({ ok: false, reason: 'bad_signature' });

    const [first, second] = await waitFor('the callback, retried after a 500', () =>
      received.length >= before + 2 ? received.slice(before) : undefined,
    );
    expect(first!.answered).toBe(500);
    expect(second!.answered).toBe(200);
    expect(second!.raw).toBe(first!.raw); // the same bytes and signature every attempt
    expect(second!.authorization).toBe(first!.authorization);
    const callback = provider.verifyCallback(second!.raw, second!.authorization);
    if (!callback.ok) throw new Error(`callback refused: ${callback.reason}`);
    expect(callback.value).toMatchObject({
      orderNumber: number,
      amountCents: 1250,
      currency: 'EUR',
      approved: true,
      status: 'approved',
      responseCode: '0000',
    });
    expect(provider.verifyCallback(second!.raw.replace('"amount":1250', '"amount":1'), second!.authorization)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(provider.verifyCallback(second!.raw, undefined)).toEqual({ ok: false, reason: 'missing_signature' });
    await waitFor('the delivery recorded', async () => {
      const [row] = await db.query<Array<{ callback_attempts: number; callback_delivered_at: Date | null }>>(
        `SELECT callback_attempts, callback_delivered_at FROM payment_sandbox_transaction WHERE order_number = $1`,
        [number],
      );
      return row?.callback_delivered_at && row.callback_attempts === 2;
    });

    // Decided once: a decline after it is refused; the same approve again (a retry after a lost answer) only redirects again.
    expect((await choose(pagePath, 'decline')).status).toBe(409);
    const twice = await choose(pagePath, 'approve');
    expect([twice.status, twice.headers.get('location')]).toEqual([302, location]);
    // Monri's 1822: an order_number is used once.
    const again = await postForm(provider.startPayment(paymentRequest(number)).fields);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('1822');

    expect(await provider.inquire(number)).toEqual({
      orderNumber: number,
      status: 'approved',
      transactionType: 'purchase',
      transactionId: callback.value.transactionId,
      amountCents: 1250,
      currency: 'EUR',
      refundedCents: 0,
    });
    expect(await provider.refund(number, 250)).toEqual({ orderNumber: number, status: 'refunded', refundedCents: 250, message: null });
    expect(await provider.inquire(number)).toMatchObject({ status: 'approved', refundedCents: 0 }); // partly refunded: still the purchase
    expect(await provider.refund(number, 2000)).toEqual({
      orderNumber: number,
      status: 'refused',
      refundedCents: 0,
      message: 'Amount exceeds what is left of the captured transaction',
    });
    expect(await provider.refund(number, 1000)).toMatchObject({ status: 'refunded', refundedCents: 1000 });
    expect(await provider.inquire(number)).toMatchObject({ status: 'refunded', amountCents: 1250, refundedCents: 1250 });
  });

  it('decline: the buyer stays on the page (no callback, the inquiry says declined), tries again and pays; or cancels back to the shop', async () => {
    const number = orderNumber();
    const { pagePath } = await openPage(number, { locale: 'de' });
    const before = received.length;
    const declined = await choose(pagePath, 'decline');
    expect(declined.status).toBe(200);
    const html = await declined.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('Die Karte wurde abgelehnt');
    for (const choice of ['approve', 'decline', 'cancel', 'abandon']) expect(html).toContain(`action="${pagePath}/${choice}"`);
    // Monri calls back only approved transactions: nothing owed, nothing stored to send.
    const id = pagePath.split('/').pop()!;
    const owed = () =>
      db.query(`SELECT id FROM outbox_event WHERE name = 'payment.sandbox-callback-owed' AND payload->>'transactionId' = $1`, [id]);
    expect(await owed()).toEqual([]);
    expect(await provider.inquire(number)).toMatchObject({ status: 'declined', amountCents: 1250 });
    expect((await choose(pagePath, 'decline')).status).toBe(200); // declined again, still on the page
    // Try again on the same page (same order_number): approved, and now the callback comes.
    const approved = await choose(pagePath, 'approve');
    expect(approved.status).toBe(302);
    expect(provider.verifyReturn(approved.headers.get('location')!)).toEqual({
      ok: true,
      value: { orderNumber: number, responseCode: '0000', amountCents: 1250 },
    });
    const [delivered] = await waitFor('the approval callback', () => (received.length > before ? received.slice(before) : undefined));
    expect(provider.verifyCallback(delivered!.raw, delivered!.authorization)).toMatchObject({
      ok: true,
      value: { orderNumber: number, approved: true },
    });
    expect(received.slice(before)).toHaveLength(1);
    expect(await owed()).toHaveLength(1);
    expect(await provider.inquire(number)).toMatchObject({ status: 'approved' });

    // Declined, then 'cancel and return to the shop': the signed cancel URL; the page is closed; no callback.
    const other = orderNumber();
    const second = await openPage(other, { locale: 'en' });
    expect((await choose(second.pagePath, 'decline')).status).toBe(200);
    const count = received.length;
    const cancelled = await choose(second.pagePath, 'cancel');
    expect(cancelled.status).toBe(302);
    const back = cancelled.headers.get('location')!;
    expect(back.startsWith(`${shop.url}/hr/placanje/neuspjeh?acquirer=sandbox&`)).toBe(true);
    expect(provider.verifyReturn(back)).toEqual({ ok: true, value: { orderNumber: other, responseCode: '1005', amountCents: 1250 } });
    expect((await choose(second.pagePath, 'approve')).status).toBe(409);
    expect(await provider.inquire(other)).toMatchObject({ status: 'declined' });
    // The same order_number cannot be paid again (1822): the shop's 'try again' starts a new attempt with its own.
    expect(await (await postForm(provider.startPayment(paymentRequest(other, { locale: 'en' })).fields)).text()).toContain('1822');
    expect(received.length).toBe(count);
  });

  it('a form posted again while its page is open (the back button) opens the same page', async () => {
    const number = orderNumber();
    const first = await openPage(number);
    const again = await openPage(number);
    expect(again.pagePath).toBe(first.pagePath);
  });

  it("'close the tab': no redirect and no callback; the provider knows no transaction, the payment stays pending here", async () => {
    const number = orderNumber();
    // Monri's page has no Slovenian: a Slovenian shopper's form asks for English.
    const { pagePath } = await openPage(number, { locale: 'sl' });
    const before = received.length;
    const closed = await choose(pagePath, 'abandon');
    expect(closed.status).toBe(200);
    const html = await closed.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('you can close this browser tab now');
    expect(html).not.toContain('<form');
    // As at Monri: no card was sent, so the order status knows no transaction (reconciliation leaves the order waiting).
    expect(await provider.inquire(number)).toMatchObject({ status: 'not_found', amountCents: null });
    expect((await choose(pagePath, 'approve')).status).toBe(409);
    // Nothing to send and nothing queued (no fixed wait: the job id is deterministic).
    const id = pagePath.split('/').pop()!;
    const [row] = await db.query<Array<{ status: string; callback_body: string | null }>>(
      `SELECT status, callback_body FROM payment_sandbox_transaction WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'abandoned', callback_body: null });
    expect(
      await db.query(`SELECT id FROM outbox_event WHERE name = 'payment.sandbox-callback-owed' AND payload->>'transactionId' = $1`, [id]),
    ).toEqual([]);
    expect(received.length).toBe(before);
  });

  it('refuses a form with a bad digest, a wrong token or a missing field with an error page, and records nothing', async () => {
    const number = orderNumber();
    const fields = provider.startPayment(paymentRequest(number, { locale: 'en' })).fields;
    const tampered = await postForm({ ...fields, amount: '1251' });
    expect(tampered.status).toBe(400);
    const html = await tampered.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Payment request refused');
    expect(html).toContain('digest does not match');
    const inGerman = await postForm({ ...provider.startPayment(paymentRequest(number, { locale: 'de' })).fields, amount: '1251' });
    // Monri's amount: 3 to 11 digits.
    expect(await (await postForm({ ...fields, amount: '99' })).text()).toContain('amount must be 3 to 11 digits');
    expect(await inGerman.text()).toMatch(
      /<html lang="de">[\s\S]*Zahlungsanfrage abgelehnt[\s\S]*Kehren Sie zum Shop zurück[\s\S]*<span lang="en">The digest does not match/,
    );
    expect((await postForm({ ...fields, authenticity_token: 'someone-else' })).status).toBe(400);
    const { ch_email: _omitted, ...missing } = fields;
    expect(await (await postForm(missing)).text()).toContain('ch_email is missing');
    const nul = await postForm({ ...fields, ch_full_name: 'Ana\u0000Horvat' });
    expect([nul.status, await nul.text()]).toEqual([400, expect.stringContaining('ch_full_name contains control characters')]);
    const json = await fetch(`${shop.url}${SANDBOX_FORM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect(json.status).toBe(415);
    const huge = await postForm({ ...fields, order_info: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(await provider.inquire(number)).toMatchObject({ status: 'not_found' });
    expect((await fetch(`${shop.url}/sandbox/monri/v2/pay/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${shop.url}/sandbox/monri/v2/pay/nope`)).status).toBe(404);
  });

  it('answers order status and refund (XML) only with a valid digest, and bad input with 4xx, never 500', async () => {
    const number = orderNumber();
    const token = 'sandbox-authenticity-token';
    const call = async (path: string, body: string, type = 'application/xml') => {
      const res = await fetch(`${shop.url}${path}`, { method: 'POST', headers: { 'content-type': type, accept: 'application/xml' }, body });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const status = await call(
      SANDBOX_STATUS_PATH,
      xml('order', { 'order-number': number, 'authenticity-token': token, digest: 'f'.repeat(40) }),
    );
    expect(status).toEqual({
      status: 401,
      type: expect.stringMatching(/^application\/xml/),
      text: expect.stringContaining('<errors><error>Invalid authenticity-token or digest</error></errors>'),
    });
    expect(
      (
        await call(
          SANDBOX_STATUS_PATH,
          xml('order', { 'order-number': number, 'authenticity-token': 'someone-else', digest: sha1(`${SANDBOX_MONRI_KEY}${number}`) }),
        )
      ).status,
    ).toBe(401);
    // Signed correctly, but no card was decided for this order: Monri knows no transaction.
    expect(
      (
        await call(
          SANDBOX_STATUS_PATH,
          xml('order', { 'order-number': number, 'authenticity-token': token, digest: sha1(`${SANDBOX_MONRI_KEY}${number}`) }),
        )
      ).status,
    ).toBe(404);
    expect((await call(SANDBOX_STATUS_PATH, xml('transaction', { 'order-number': number }))).status).toBe(406);
    expect((await call(SANDBOX_STATUS_PATH, 'order_number=x', 'application/x-www-form-urlencoded')).status).toBe(406);
    expect((await call(SANDBOX_STATUS_PATH, JSON.stringify({ order_number: number }), 'application/json')).status).toBe(406);
    expect((await call(SANDBOX_STATUS_PATH, '<order><order-number>broken')).status).toBe(406);
    expect((await call(SANDBOX_STATUS_PATH, '')).status).toBe(406);
    // No DOCTYPE, so no entity expansion or external reference is ever followed.
    const xxe = `<?xml version="1.0"?><!DOCTYPE order [<!ENTITY n SYSTEM "file:///etc/passwd">]><order><order-number>&n;</order-number></order>`;
    expect((await call(SANDBOX_STATUS_PATH, xxe)).status).toBe(406);
    // Correctly signed, so only the input check stands between a NUL and PostgreSQL.
    const nul = { 'order-number': 'ZZ\u0000', 'authenticity-token': token, digest: sha1(`${SANDBOX_MONRI_KEY}ZZ\u0000`) };
    expect((await call(SANDBOX_STATUS_PATH, xml('order', nul))).status).toBe(406);
    const refund = (fields: Record<string, string | number>, path = refundPath(number)) => call(path, xml('transaction', fields));
    const signed = (amount: number | string, currency = 'EUR') => ({
      amount,
      currency,
      'order-number': number,
      'authenticity-token': token,
      digest: sha1(`${SANDBOX_MONRI_KEY}${number}${amount}${currency}`),
    });
    expect((await refund({ ...signed(100), digest: 'f'.repeat(40) })).status).toBe(401);
    expect((await refund(signed(-1))).status).toBe(406);
    expect((await refund(signed('1e3'))).status).toBe(406);
    expect((await refund(signed(100), refundPath('ZZ-2026-999999'))).status).toBe(406); // the document names another order than the URL
    expect((await refund(signed(100))).status).toBe(404); // nothing approved to refund
    // An order number the API would never accept is no exempt path: the CSRF check refuses it before the sandbox.
    expect((await refund(signed(100), refundPath('ZZ.1'))).status).toBe(403);
    expect(await provider.refund(number, 100)).toEqual({
      orderNumber: number,
      status: 'refused',
      refundedCents: 0,
      message: 'Order not found',
    });
  });
});

describe('with PAYMENT_PROVIDER=monri', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop({
      env: { PAYMENT_PROVIDER: 'monri', MONRI_KEY: 'merchant-key-0123456789', MONRI_AUTHENTICITY_TOKEN: 'merchant-token-0123' },
    });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('serves no emulator, and the adapter points at Monri', async () => {
    const provider = shop.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const form = provider.startPayment({
      orderNumber: 'ZZ-2026-000001',
      transactionType: 'authorize',
      amountCents: 100,
      currency: 'EUR',
      locale: 'en',
      description: 'Order ZZ-2026-000001',
      buyer: {
        fullName: 'Ana Horvat',
        street: 'Ilica 1',
        city: 'Zagreb',
        postalCode: '10000',
        country: 'HR',
        phone: '+385912345678',
        email: 'ana@example.hr',
      },
      successUrl: `${shop.url}/ok`,
      cancelUrl: `${shop.url}/no`,
      callbackUrl: `${shop.url}/api/payments/monri/callback`,
    });
    expect(form.action).toBe('https://ipg.monri.com/v2/form');
    expect(form.fields.authenticity_token).toBe('merchant-token-0123');
    expect(form.fields.digest).toBe(sha512('merchant-key-0123456789ZZ-2026-000001100EUR'));
    const posted = await fetch(`${shop.url}${SANDBOX_FORM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(404);
    expect((await fetch(`${shop.url}/sandbox/monri/v2/pay/${'a'.repeat(32)}`)).status).toBe(404);
  });
});
