// The operators' server-rendered /admin/orders page (docs/orders.md 'The /admin/orders page') over
// HTTP on the real shop (real PostgreSQL and Redis): who may see it (anonymous -> 303 to the login,
// a customer -> 403 without order data, an operator -> 200), hostile query and path values (never a
// 500, nothing reflected unescaped), the CSRF check of its forms, and every action through its
// urlencoded form with the token in `_csrf`: success -> 303 to the order with the notice, refusal ->
// the order again with the localized message, the right status and the typed tracking number kept.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { RunningShop } from '../../../server/main.js';
import { guestOrder } from '../../factories/checkout.js';
import { createOrder } from '../../factories/order.js';
import { createUser, signIn } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { freePort } from '../../support/free-port.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { csrfCookies, shopper, type Shopper } from '../../support/shopper.js';

describe("the operators' /admin/orders page", () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let admin: Shopper;
  let customer: Shopper;

  beforeAll(async () => {
    const port = await freePort();
    shop = await startShop({
      env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_IP: '1000' },
      role: 'web',
    });
    db = shop.app.get(DataSource);
    const operator = await createUser(db, { role: 'admin' });
    admin = await signIn(shop.url, operator.email, operator.password);
    const buyer = await createUser(db);
    customer = await signIn(shop.url, buyer.email, buyer.password);
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  const stockOf = async (code: string) =>
    ((await db.query(`SELECT stock FROM product WHERE code = $1`, [code])) as Array<{ stock: number }>)[0]!.stock;

  /** A guest's cash-on-delivery order of two packs of a new product. */
  async function placeOrder() {
    const { answer, email, code } = await guestOrder(shop, { method: 'cod', email: `page-${randomUUID().slice(0, 8)}@example.com` });
    return { number: answer.order.number, email, code };
  }

  /** The operator opens the order page; its HTML and the CSRF token of its forms. */
  async function openOrder(number: string, language = 'en') {
    const res = await admin.agent.get(`/admin/orders/${number}`).set('Accept-Language', language).expect(200);
    const token = /name="_csrf" value="([^"]+)"/.exec(res.text)?.[1];
    return { html: res.text, token: token ?? '' };
  }

  /** Posts an action's form as the browser does (urlencoded, token in `_csrf`, no header). */
  function post(number: string, action: string, fields: Record<string, string>, language = 'en') {
    return admin.agent
      .post(`/admin/orders/${number}/${action}`)
      .set('Accept-Language', language)
      .type('form')
      .send(new URLSearchParams(fields).toString())
      .redirects(0);
  }

  const statusOf = async (number: string) =>
    (
      (await db.query(`SELECT payment_status, fulfilment_status, tracking_number FROM shop_order WHERE number = $1`, [number])) as Array<{
        payment_status: string;
        fulfilment_status: string;
        tracking_number: string | null;
      }>
    )[0]!;

  it('sends an anonymous visitor to sign in (in the request language) and back, and shows nothing', async () => {
    const { number, email } = await placeOrder();
    const hr = await request(shop.url).get('/admin/orders?status=placed').redirects(0);
    expect(hr.status).toBe(303);
    expect(hr.headers.location).toBe(`/prijava?redirect=${encodeURIComponent('/admin/orders?status=placed')}`);
    const en = await request(shop.url).get(`/admin/orders/${number}`).set('Accept-Language', 'en').redirects(0);
    expect(en.status).toBe(303);
    expect(en.headers.location).toBe(`/en/login?redirect=${encodeURIComponent(`/admin/orders/${number}`)}`);
    expect(en.text).not.toContain(email);
    // A form post of someone signed out (valid token of an anonymous session): to the login, nothing changed.
    const anon = await shopper(shop.url);
    const posted = await anon.agent
      .post(`/admin/orders/${number}/cancel`)
      .type('form')
      .send(`_csrf=${encodeURIComponent(anon.token)}&confirm=yes`)
      .redirects(0);
    expect(posted.status).toBe(303);
    expect(posted.headers.location).toBe(`/prijava?redirect=${encodeURIComponent(`/admin/orders/${number}`)}`);
    expect((await statusOf(number)).fulfilment_status).toBe('placed');
  });

  it('answers a signed-in customer 403 in their language, without order data, and lets no action through', async () => {
    const { number, email } = await placeOrder();
    for (const path of ['/admin/orders', `/admin/orders/${number}`]) {
      const res = await customer.agent.get(path).set('Accept-Language', 'de').expect(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Zugriff verweigert');
      expect(res.text).not.toContain(number);
      expect(res.text).not.toContain(email);
    }
    const posted = await customer.agent
      .post(`/admin/orders/${number}/cancel`)
      .type('form')
      .send(`_csrf=${encodeURIComponent(customer.token)}&confirm=yes`)
      .expect(403);
    expect(posted.text).not.toContain(number);
    expect((await statusOf(number)).fulfilment_status).toBe('placed');
  });

  it('shows the operator the list (noindex, no-store, nonce-styled) with filters and the order detail', async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    const list = await admin.agent.get('/admin/orders').set('Accept-Language', 'hr').expect(200);
    expect(list.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['x-robots-tag']).toBe('noindex, nofollow');
    const nonce = /'nonce-([^']+)'/.exec(String(list.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(list.text).toContain(`<style nonce="${nonce}">`);
    expect(list.text).toContain('<html lang="hr">');
    expect(list.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(list.text).toContain(`data-order="${a.number}"`);
    expect(list.text).toContain('href="/admin/queues"');

    const filtered = await admin.agent
      .get('/admin/orders')
      .query({ q: a.email, status: 'placed', payment_method: 'cod', payment_status: 'awaiting_payment' })
      .set('Accept-Language', 'en')
      .expect(200);
    expect(filtered.text).toContain(`data-order="${a.number}"`);
    expect(filtered.text).not.toContain(`data-order="${b.number}"`);
    expect(filtered.text).toContain('1 order found.');
    const none = await admin.agent.get('/admin/orders').query({ q: a.email, status: 'shipped' }).set('Accept-Language', 'en').expect(200);
    expect(none.text).toContain('No order matches the filters.');

    const { html, token } = await openOrder(a.number);
    expect(token).not.toBe('');
    for (const part of [`Order ${a.number}`, a.email, 'Ilica 1', 'Cash on delivery', 'Awaiting payment', 'VAT per rate', 'History'])
      expect([part, html.includes(part)]).toEqual([part, true]);
    for (const action of ['ship', 'cash-received', 'cancel']) expect(html).toContain(`action="/admin/orders/${a.number}/${action}"`);
    expect(html).not.toContain(`action="/admin/orders/${a.number}/deliver"`);
    expect(html).not.toContain(`action="/admin/orders/${a.number}/refund"`);
  });

  it('sits beside the queue dashboard: a link there, and one back in the dashboard header menu', async () => {
    const list = await admin.agent.get('/admin/orders').set('Accept-Language', 'en').expect(200);
    expect(list.text).toContain('<a href="/admin/queues">Job queues</a>');
    expect(list.text).toContain('<a href="/admin/invoices">Invoices</a>');
    const dashboard = await request(shop.url).get('/admin/queues').auth('operator', 'operator-dev').expect(200);
    expect(dashboard.text).toMatch(
      /"miscLinks":\[\{"text":"Orders \(\/admin\/orders\)","url":"\/admin\/orders"\},\{"text":"Invoices \(\/admin\/invoices\)","url":"\/admin\/invoices"\}\]/,
    );
  });

  it('pages through the filtered list, newest first, with page links that keep the filters', async () => {
    const tag = randomUUID().slice(0, 8);
    const numbers: string[] = [];
    for (let i = 0; i < 27; i++) {
      numbers.push(
        await createOrder(db, {
          email: `pages-${tag}-${i}@example.com`,
          paymentMethod: 'cod',
          placedAt: new Date(Date.UTC(2026, 10, 1, 8, i)),
          lines: [{ productCode: 'ZZ-SPAG-400', name: 'Špageti', unitPrice: 229, quantity: 1 }],
        }),
      );
    }
    const rows = (text: string) => [...text.matchAll(/data-order="([^"]+)"/g)].map((m) => m[1]);
    const first = await admin.agent
      .get('/admin/orders')
      .query({ q: `pages-${tag}`, payment_method: 'cod' })
      .set('Accept-Language', 'en')
      .expect(200);
    expect(rows(first.text)).toEqual(numbers.slice(2).reverse());
    expect(first.text).toContain('27 orders found.');
    expect(first.text).toContain('<caption>Orders, newest first (page 1 of 2)</caption>');
    const next = `/admin/orders?payment_method=cod&amp;q=pages-${tag}&amp;page=2`;
    expect(first.text).toContain(`<a href="${next}" rel="next">Next</a>`);
    const second = await admin.agent.get(next.replace(/&amp;/g, '&')).set('Accept-Language', 'en').expect(200);
    expect(rows(second.text)).toEqual([numbers[1], numbers[0]]);
    expect(second.text).toContain('aria-current="page" aria-label="Page 2"');
    expect(second.text).toContain(`<a href="/admin/orders?payment_method=cod&amp;q=pages-${tag}" rel="prev">Previous</a>`);
    expect(second.text).not.toContain('rel="next"');
    // Past the last page: an empty page, not an error.
    const past = await admin.agent
      .get('/admin/orders')
      .query({ q: `pages-${tag}`, page: '9' })
      .set('Accept-Language', 'en')
      .expect(200);
    expect(rows(past.text)).toEqual([]);
    expect(past.text).toContain(`<a href="/admin/orders?q=pages-${tag}&amp;page=2" rel="prev">Previous</a>`);
  });

  it('never answers hostile query or path values with a 500, and reflects nothing unescaped', async () => {
    const evil = '<script>alert(1)</script>';
    const queries: Array<Record<string, string | string[]>> = [
      { status: evil },
      { payment_status: 'paid', page: '-1' },
      { page: 'abc' },
      { page: '1e9' },
      { page: '99999' },
      { q: 'x'.repeat(300) },
      { q: ['a', 'b'] },
      { status: ['placed', 'shipped'] },
      { q: `%' OR 1=1 --` },
      { q: evil },
      { q: '\u{1F600}' },
      { 'payment_method[x]': 'card' },
    ];
    for (const query of queries) {
      const res = await admin.agent.get('/admin/orders').query(query);
      expect([JSON.stringify(query), res.status < 500]).toEqual([JSON.stringify(query), true]);
      expect(res.text).not.toContain(evil);
    }
    expect((await admin.agent.get('/admin/orders').query({ status: evil })).status).toBe(400);
    const paths = [
      `/admin/orders/${encodeURIComponent(evil)}`,
      '/admin/orders/ZZ-2026-999999999',
      '/admin/orders/zz-2026-000001',
      '/admin/orders/..%2F..%2Fetc',
      '/admin/orders/%E0%A4%A',
      `/admin/orders/${'9'.repeat(500)}`,
      '/admin/orders/ZZ-2026-000001/ship',
      '/admin/orders/%00',
    ];
    for (const path of paths) {
      const res = await admin.agent.get(path);
      expect([path, res.status < 500, [400, 404, 422].includes(res.status)]).toEqual([path, true, true]);
      expect(res.text).not.toContain(evil);
    }
    const { number } = await placeOrder();
    const { token } = await openOrder(number);
    for (const [path, status] of [
      // no form route: the body is not read, so no token either (and the form body would be a 415)
      [`/admin/orders/${number}/delete`, 403],
      [`/admin/orders/${encodeURIComponent(evil)}/ship`, 403],
      ['/admin/orders/ZZ-2026-999999999/cancel', 404],
    ] as const) {
      const res = await admin.agent
        .post(path)
        .type('form')
        .send(`_csrf=${encodeURIComponent(token)}&confirm=yes`)
        .redirects(0);
      expect([path, res.status]).toEqual([path, status]);
    }
    // JSON with the header reaches the page's route too: an unknown action is the 404 page.
    const json = await admin.agent
      .post(`/admin/orders/${number}/delete`)
      .set('X-CSRF-Token', token)
      .set('Accept-Language', 'en')
      .send({})
      .redirects(0);
    expect(json.status).toBe(404);
    expect(json.text).toContain('Page not found');
    // A hostile tracking number is refused and shown escaped.
    const hostile = await post(number, 'ship', { _csrf: token, tracking_number: evil });
    expect(hostile.status).toBe(422);
    expect(hostile.text).not.toContain(evil);
    expect(hostile.text).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("renews an operator's run-out access token from the refresh cookie, for the page and for a form post", async () => {
    // An operator of their own: renewal rotates the refresh token, which must not disturb the others' session.
    const operator = await createUser(db, { role: 'admin' });
    const signedIn = await signIn(shop.url, operator.email, operator.password);
    const { number } = await placeOrder();
    // Only the refresh cookie is left (the access cookie expires with its token).
    const page = await fetch(`${shop.url}/admin/orders/${number}`, {
      headers: { accept: 'text/html', cookie: `refresh_token=${signedIn.tokens.refresh_token}` },
      redirect: 'manual',
    });
    expect(page.status).toBe(200);
    const renewed = page.headers.getSetCookie();
    const access = renewed.find((c) => c.startsWith('access_token='))?.split(';')[0];
    const refresh = renewed.find((c) => c.startsWith('refresh_token='))?.split(';')[0];
    expect(access).toBeDefined();
    expect(refresh).toBeDefined();
    // The page stood open until the new access token ran out too: the form post renews again and acts.
    const csrf = await csrfCookies(shop.url);
    const shipped = await fetch(`${shop.url}/admin/orders/${number}/ship`, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', cookie: `${csrf.cookies}; ${refresh}` },
      body: new URLSearchParams({ _csrf: csrf.token, tracking_number: 'RR555555555HR' }).toString(),
      redirect: 'manual',
    });
    expect([shipped.status, shipped.headers.get('location')]).toEqual([303, `/admin/orders/${number}?done=ship`]);
    expect(shipped.headers.getSetCookie().some((c) => c.startsWith('access_token='))).toBe(true);
    expect((await statusOf(number)).tracking_number).toBe('RR555555555HR');
  });

  it('refuses a form post without a valid CSRF token (403) and changes nothing', async () => {
    const { number } = await placeOrder();
    const { token } = await openOrder(number);
    const forged = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const attempts: Array<Record<string, string>> = [
      { confirm: 'yes' },
      { _csrf: forged, confirm: 'yes' },
      { _csrf: '', confirm: 'yes' },
      { _csrf: customer.token, confirm: 'yes' },
    ];
    for (const fields of attempts) {
      const res = await post(number, 'cancel', fields);
      expect([JSON.stringify(fields), res.status]).toEqual([JSON.stringify(fields), 403]);
      expect(res.body.errors[0].code).toBe('CSRF_TOKEN_INVALID');
    }
    // From a foreign page: the same.
    const foreign = await admin.agent
      .post(`/admin/orders/${number}/cancel`)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send('confirm=yes');
    expect(foreign.status).toBe(403);
    expect((await statusOf(number)).fulfilment_status).toBe('placed');
  });

  it('ships (tracking number checked and kept on refusal) and delivers through the forms', async () => {
    const { number } = await placeOrder();
    const { token } = await openOrder(number);
    const missing = await post(number, 'ship', { _csrf: token, tracking_number: '' });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain('Enter the tracking number.');
    const bad = await post(number, 'ship', { _csrf: token, tracking_number: 'R!' }, 'de');
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('Eine Sendungsnummer hat 4 bis 40 Buchstaben');
    expect(bad.text).toContain('value="R!"');
    expect((await statusOf(number)).fulfilment_status).toBe('placed');

    const shipped = await post(number, 'ship', { _csrf: token, tracking_number: 'RR123456785HR' });
    expect(shipped.status).toBe(303);
    expect(shipped.headers.location).toBe(`/admin/orders/${number}?done=ship`);
    expect(await statusOf(number)).toMatchObject({ fulfilment_status: 'shipped', tracking_number: 'RR123456785HR' });
    const after = await admin.agent.get(shipped.headers.location!).set('Accept-Language', 'sl').expect(200);
    expect(after.text).toContain('Naročilo je poslano.');
    expect(after.text).toContain('RR123456785HR');
    expect(after.text).toContain(`action="/admin/orders/${number}/deliver"`);

    // Shipping again with another number is refused (409) with the message, the typed number kept.
    const again = await post(number, 'ship', { _csrf: token, tracking_number: 'RR999999999HR' }, 'hr');
    expect(again.status).toBe(409);
    expect(again.text).toContain('Narudžba u svom trenutačnom stanju ne dopušta tu promjenu.');
    expect((await statusOf(number)).tracking_number).toBe('RR123456785HR');

    const delivered = await post(number, 'deliver', { _csrf: token });
    expect(delivered.status).toBe(303);
    expect(delivered.headers.location).toBe(`/admin/orders/${number}?done=deliver`);
    expect((await statusOf(number)).fulfilment_status).toBe('delivered');
    // Delivered, the cash not yet recorded: that is all that is left to do.
    const last = (await openOrder(number)).html;
    expect(last.match(/<form method="post"/g)).toHaveLength(1);
    expect(last).toContain(`action="/admin/orders/${number}/cash-received"`);
  });

  it('records cash received and refunds it (confirmation required), and cancels another order releasing its stock', async () => {
    const paid = await placeOrder();
    const { token } = await openOrder(paid.number);
    expect((await post(paid.number, 'cash-received', { _csrf: token })).headers.location).toBe(
      `/admin/orders/${paid.number}?done=cash-received`,
    );
    expect((await statusOf(paid.number)).payment_status).toBe('paid');
    const unconfirmed = await post(paid.number, 'refund', { _csrf: token });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toContain('Tick the confirmation before you go on.');
    expect((await statusOf(paid.number)).payment_status).toBe('paid');
    const refunded = await post(paid.number, 'refund', { _csrf: token, confirm: 'yes' });
    expect(refunded.status).toBe(303);
    expect((await statusOf(paid.number)).payment_status).toBe('refunded');

    const other = await placeOrder();
    expect(await stockOf(other.code)).toBe(8);
    expect((await post(other.number, 'cancel', { _csrf: token })).status).toBe(422);
    expect((await statusOf(other.number)).fulfilment_status).toBe('placed');
    const cancelled = await post(other.number, 'cancel', { _csrf: token, confirm: 'yes' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe(`/admin/orders/${other.number}?done=cancel`);
    expect((await statusOf(other.number)).fulfilment_status).toBe('cancelled');
    expect(await stockOf(other.code)).toBe(10);
    const page = await admin.agent.get(cancelled.headers.location!).set('Accept-Language', 'en').expect(200);
    expect(page.text).toContain('Order cancelled.');
    expect(page.text).toContain('Cancelled');
    // Shipping a cancelled order: refused, in the caller's language.
    const refused = await post(other.number, 'ship', { _csrf: token, tracking_number: 'RR123456785HR' }, 'sl');
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Te spremembe v trenutnem stanju naročila ni mogoče izvesti.');
  });
});
