// The API answers what contract/api says it answers, and /api/docs is generated from the same
// schemas (issue 9): every GET route and a set of writes is called on the real shop and each JSON
// answer is checked against its contract schema, so neither the documentation nor the client's
// types can drift from the server.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { CartResponse } from '../../../contract/api/cart.js';
import { CategoriesResponse, ProductDetailResponse, ProductPageResponse } from '../../../contract/api/catalog.js';
import { BotCheckVerifyBody, BotCheckVerifyResponse } from '../../../contract/api/bot-check.js';
import { ErrorResponseSchema } from '../../../contract/api/fields.js';
import { LivenessResponse, ReadinessResponse } from '../../../contract/api/health.js';
import { NewsletterAcceptedResponse, NewsletterUnsubscribedResponse } from '../../../contract/api/newsletter.js';
import {
  AcceptedResponse,
  MeResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  ProvidersResponse,
  RegistrationBody,
  SessionResponse,
  SignedOutResponse,
  TokenPairResponse,
} from '../../../contract/api/identity.js';
import {
  OrderDetailResponse,
  OrderListResponse,
  OrderTotalChangedError,
  PlaceOrderAnswer,
  PlaceOrderBody,
} from '../../../contract/api/order.js';
import { ContactAcceptedResponse } from '../../../contract/api/contact.js';
import type { RunningShop } from '../../../server/main.js';
import { openApiSchema } from '../../../server/platform/http/zod-validation.openapi.js';
import { createProduct } from '../../factories/catalog.js';
import { createOrder } from '../../factories/order.js';
import { createUser, signIn, uniqueEmail } from '../../factories/user.js';
import { startShop } from '../../support/app.js';
import { deleteRedisKeys } from '../../support/redis-keys.js';
import { shopper } from '../../support/shopper.js';

/**
 * The body is exactly what the schema describes: it parses, and parsing drops nothing (an object
 * schema strips keys it does not know, so an undocumented key in the answer fails here).
 */
function expectContract(schema: z.ZodType, body: unknown, what: string): void {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${what}: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`);
  expect([what, parsed.data]).toEqual([what, body]);
}

type Operation = {
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  parameters?: Array<{ name: string; in: string; schema?: unknown }>;
};
type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

describe('API contract (real shop)', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  let product: { code: string; slugs: Record<string, string> };

  beforeAll(async () => {
    shop = await startShop({ env: { AUTH_RATE_LIMIT_PER_IP: '10000' } });
    db = shop.app.get(DataSource);
    product = await createProduct(shop.app, { price: 329, offer: { price: 279 }, stock: 40 });
  });
  afterAll(async () => {
    await shop?.stop();
    if (shop?.config.redis.url) await deleteRedisKeys(shop.config.queue.prefix);
  });

  it('answers every GET route with its contract schema', async () => {
    const get = async (path: string, schema: z.ZodType, status = 200, agent = request(shop.url)) => {
      const res = await agent.get(path).set('Accept-Language', 'en');
      expect([path, res.status]).toEqual([path, status]);
      expectContract(schema, res.body, `GET ${path}`);
    };
    await get('/api/health', LivenessResponse);
    await get('/api/health/ready', ReadinessResponse);
    await get('/api/catalog/products?locale=en&page_size=48', ProductPageResponse);
    await get(`/api/catalog/products?locale=de&q=${encodeURIComponent(product.code)}`, ProductPageResponse);
    await get(`/api/catalog/products/${product.slugs.en}?locale=en`, ProductDetailResponse);
    await get('/api/catalog/categories?locale=sl', CategoriesResponse);
    await get('/api/cart', CartResponse);
    await get('/api/auth/session', SessionResponse);
    await get('/api/auth/providers', ProvidersResponse);

    const user = await createUser(db, { country: 'HR', companyName: 'Zrno d.o.o.', username: `u${Date.now().toString(36)}` });
    await createOrder(db, {
      userId: user.id,
      email: user.email,
      lines: [{ productCode: product.code, name: 'Pasta', unitPrice: 279, quantity: 2 }],
    });
    const signedIn = await signIn(shop.url, user.email, user.password);
    const session = (await signedIn.call('get', '/api/auth/session').expect(200)).body;
    expectContract(SessionResponse, session, 'GET /api/auth/session (signed in)');
    expect(session.data.user.email).toBe(user.email);
    expectContract(MeResponse, (await signedIn.call('get', '/api/users/me').expect(200)).body, 'GET /api/users/me');
    expectContract(
      MeResponse,
      (await signedIn.call('get', '/api/users/me?fields=email,role').expect(200)).body,
      'GET /api/users/me?fields',
    );
    const orders = (await signedIn.call('get', '/api/orders').expect(200)).body;
    expectContract(OrderListResponse, orders, 'GET /api/orders');
    expect(orders.data).toHaveLength(1);
    expectContract(
      CartResponse,
      await signedIn
        .call('get', '/api/cart')
        .expect(200)
        .then((r) => r.body),
      'GET /api/cart (signed in)',
    );
  });

  it('answers the writes with their contract schemas, and their refusals with the error schema', async () => {
    const s = await shopper(shop.url);
    const answer = async (method: 'post' | 'patch' | 'put' | 'delete', path: string, body: unknown, schema: z.ZodType, status = 200) => {
      const res = await s.call(method, path, body);
      expect([method, path, res.status, res.body]).toEqual([method, path, status, expect.anything()]);
      expectContract(schema, res.body, `${method.toUpperCase()} ${path}`);
      return res.body;
    };
    const added = await answer(
      'post',
      '/api/cart/items',
      { product_code: product.code, quantity: 2, expected_unit_price: 279 },
      CartResponse,
    );
    expect(added.data.item_count).toBe(2);
    await answer('patch', `/api/cart/items/${product.code}`, { quantity: 3 }, CartResponse);
    await answer('put', '/api/cart/destination', { country: 'SI', postal_code: '1000' }, CartResponse);
    await answer('put', '/api/cart/coupon', { code: 'NO-SUCH-COUPON' }, ErrorResponseSchema, 422);
    await answer('delete', `/api/cart/items/${product.code}`, undefined, CartResponse);
    await answer('post', '/api/cart/items', { product_code: ['x'], quantity: 100 }, ErrorResponseSchema, 422);
    await answer('post', '/api/auth/password/request', { email: uniqueEmail('nobody') }, AcceptedResponse, 202);
    await answer('post', '/api/users', { email: 'x' }, ErrorResponseSchema, 422);
    // The bot check is off here (no keys): every token passes.
    await answer('post', '/api/recaptcha', { token: 'any' }, BotCheckVerifyResponse);
    await answer('post', '/api/recaptcha', { token: 7 }, ErrorResponseSchema, 422);
    await answer('post', '/api/auth/login', { email: 'nobody@example.com', password: 'wrong-one' }, ErrorResponseSchema, 401);
    const readerEmail = uniqueEmail('reader');
    await answer('post', '/api/newsletter/subscriptions', { email: readerEmail, locale: 'de' }, NewsletterAcceptedResponse, 202);
    await answer('post', '/api/newsletter/subscriptions', { email: 'x' }, ErrorResponseSchema, 422);
    await answer('post', '/api/newsletter/confirm', { token: 'A'.repeat(43) }, ErrorResponseSchema, 422);
    await answer('post', `/api/newsletter/unsubscribe?token=${'A'.repeat(43)}`, undefined, ErrorResponseSchema, 422);
    const [reader] = (await db.query(`SELECT id, unsubscribe_nonce FROM newsletter_subscription WHERE email = $1`, [
      readerEmail,
    ])) as Array<{ id: string; unsubscribe_nonce: string }>;
    const unsubscribeToken = createHmac('sha256', shop.config.secretKey)
      .update(`newsletter-unsubscribe|${reader.id}|${reader.unsubscribe_nonce}`)
      .digest('base64url');
    await answer('post', `/api/newsletter/unsubscribe?token=${unsubscribeToken}`, undefined, NewsletterUnsubscribedResponse);
    const message = { name: 'Ana', email: uniqueEmail('contact'), subject: 'Pitanje', message: 'Pozdrav!', consent: true, locale: 'hr' };
    await answer('post', '/api/mail', message, ContactAcceptedResponse, 202);
    await answer('post', '/api/mail', { ...message, consent: false }, ErrorResponseSchema, 422);
    await answer('post', '/api/mail', { ...message, message: 'ž'.repeat(5000), subject: 'š'.repeat(200) }, ErrorResponseSchema, 413);

    const user = await createUser(db, { country: 'HR' });
    const signedIn = await signIn(shop.url, user.email, user.password);
    expectContract(TokenPairResponse, { data: signedIn.tokens }, 'POST /api/auth/login');
    const updated = await signedIn
      .call('patch', '/api/users/me', { city: '  Zagreb  ', vat_number: 'HR 69435151530', newsletter: true })
      .expect(200);
    expectContract(ProfileUpdateResponse, updated.body, 'PATCH /api/users/me');
    expect(updated.body.data).toMatchObject({ city: 'Zagreb', vat_number: 'HR69435151530', newsletter: true, pending_email: null });
    expectContract(TokenPairResponse, (await signedIn.call('post', '/api/auth/refresh', {}).expect(200)).body, 'POST /api/auth/refresh');
    expectContract(SignedOutResponse, (await signedIn.call('post', '/api/auth/logout', {}).expect(200)).body, 'POST /api/auth/logout');
  });

  it('answers placing and reading an order with their contract schemas', async () => {
    const s = await shopper(shop.url);
    await s.call('post', '/api/cart/items', { product_code: product.code, quantity: 1 }).expect(200);
    const { total } = await s.cart();
    const body = {
      email: uniqueEmail('buyer'),
      phone: '+385 91 234 5678',
      delivery_address: { first_name: 'Ana', last_name: 'Horvat', street: 'Ilica 1', postal_code: '10000', city: 'Zagreb', country: 'HR' },
      payment_method: 'cod',
      terms_accepted: true,
      expected_total: total,
    };
    const changed = await s
      .call('post', '/api/orders', { ...body, expected_total: total + 1 })
      .set('Idempotency-Key', 'contract-key-0')
      .expect(409);
    expectContract(OrderTotalChangedError, changed.body, 'POST /api/orders (409 ORDER_TOTAL_CHANGED)');
    const placed = await s.call('post', '/api/orders', body).set('Idempotency-Key', 'contract-key-1').expect(201);
    expectContract(PlaceOrderAnswer, placed.body, 'POST /api/orders');
    const again = await s.call('post', '/api/orders', body).set('Idempotency-Key', 'contract-key-1').expect(200);
    expectContract(PlaceOrderAnswer, again.body, 'POST /api/orders (same key)');
    const { order, view_token } = placed.body.data;
    const read = await request(shop.url).get(`/api/orders/${order.number}`).set('X-Order-Token', view_token).expect(200);
    expectContract(OrderDetailResponse, read.body, 'GET /api/orders/{number}');
    expectContract(
      ErrorResponseSchema,
      (await request(shop.url).get(`/api/orders/${order.number}`).expect(404)).body,
      'GET /api/orders/{number} (404)',
    );
    expectContract(ErrorResponseSchema, (await s.call('post', '/api/orders', body).expect(422)).body, 'POST /api/orders (no key)');
  });

  it('refuses hostile input with 422 or 400, never a 500', async () => {
    const s = await shopper(shop.url);
    const hostile: unknown[] = [['a', 'b'], { nested: { deeper: [1, { $ne: null }] } }, 'x'.repeat(20_000), 1e308, true, null];
    const bodies: Array<[string, 'post' | 'patch' | 'put', (v: unknown) => unknown]> = [
      ['/api/cart/items', 'post', (v) => ({ product_code: v, quantity: v, expected_unit_price: v })],
      [`/api/cart/items/${encodeURIComponent('x'.repeat(300))}`, 'patch', (v) => ({ quantity: v })],
      ['/api/cart/destination', 'put', (v) => ({ country: v, postal_code: v })],
      ['/api/cart/coupon', 'put', (v) => ({ code: v })],
      [
        '/api/users',
        'post',
        (v) => ({
          first_name: v,
          last_name: v,
          birthday: v,
          email: v,
          password: v,
          password_confirmation: v,
          terms_accepted: v,
          locale: v,
          recaptcha_token: v,
        }),
      ],
      ['/api/recaptcha', 'post', (v) => ({ token: v, action: v })],
      ['/api/auth/login', 'post', (v) => ({ email: v, password: v })],
      ['/api/mail', 'post', (v) => ({ name: v, email: v, phone: v, subject: v, message: v, consent: v, recaptcha_token: v, locale: v })],
      ['/api/auth/magic-link', 'post', (v) => ({ email: v, redirect: v, locale: v })],
      ['/api/auth/password/reset', 'post', (v) => ({ token: v, password: v, password_confirmation: v })],
      ['/api/users/invite/accept', 'post', (v) => ({ token: v, first_name: v, last_name: v, password: v, terms_accepted: v })],
      [
        '/api/orders',
        'post',
        (v) => ({
          email: v,
          phone: v,
          delivery_address: v,
          billing_address: { first_name: v, postal_code: v, country: v },
          r1_invoice: { tax_id: v, country: v },
          courier_note: v,
          remark: v,
          payment_method: v,
          terms_accepted: v,
          expected_total: v,
        }),
      ],
    ];
    const seen: string[] = [];
    for (const [path, method, body] of bodies) {
      for (const value of hostile) {
        const res = await s.call(method, path, body(value));
        seen.push(`${method} ${path.slice(0, 40)} ${JSON.stringify(value).slice(0, 20)} -> ${res.status}`);
        expect([path, value, res.status < 500]).toEqual([path, value, true]);
        if (res.status === 422 || res.status === 413) expectContract(ErrorResponseSchema, res.body, `${method} ${path}`);
      }
    }
    for (const query of [
      'page=1&page=2',
      'locale=en&locale=de',
      'q=a&q=b',
      'page_size=3&page_size=4',
      'category=' + 'a'.repeat(5000),
      'page=1e3',
    ]) {
      const res = await request(shop.url).get(`/api/catalog/products?${query}`);
      expect([query, res.status]).toEqual([query, 422]);
      expectContract(ErrorResponseSchema, res.body, query);
    }
    expect(seen.length).toBe(bodies.length * hostile.length);
  });

  it("answers a validation failure in the caller's language, with the same codes", async () => {
    const body = {
      first_name: ' ',
      last_name: 'Horvat',
      birthday: '2999-01-01',
      email: 'ana@',
      password: '123',
      password_confirmation: '123',
      terms_accepted: false,
    };
    const de = await (await shopper(shop.url, 'de')).call('post', '/api/users', body).expect(422);
    const en = await (await shopper(shop.url, 'en')).call('post', '/api/users', body).expect(422);
    const fields = (res: { body: { errors: Array<{ code: string; field?: string }> } }) => res.body.errors.map((e) => [e.field, e.code]);
    expect(fields(de)).toEqual([
      ['first_name', 'USER_FIELD_REQUIRED'],
      ['birthday', 'USER_BIRTHDAY_INVALID'],
      ['email', 'USER_EMAIL_INVALID'],
      ['password', 'USER_PASSWORD_TOO_SHORT'],
      ['terms_accepted', 'USER_TERMS_REQUIRED'],
    ]);
    expect(fields(en)).toEqual(fields(de));
    expect(en.body.errors[3].message).toBe('Password must contain at least 6 characters');
    expect(de.body.errors[3].message).toBe('Das Passwort muss mindestens 6 Zeichen enthalten');
  });

  it('documents every route of the API with the schemas of contract/api', async () => {
    const doc = (await request(shop.url).get('/api/docs-json').expect(200)).body as OpenApiDoc;
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const redirectsOnly = new Set([
      'GET /api/auth/login/google',
      'GET /api/auth/callback/google',
      'GET /api/newsletter/unsubscribe',
      // the links of older account mails: 303 to their page (docs/identity.md, 'Links in mails')
      'GET /api/users/activate',
      'GET /api/auth/magic-link/verify',
      'GET /api/users/email/confirm',
      // the browser's return from the payment page: 303 to the order's success or failure page (docs/payments.md)
      'GET /api/payments/return/{reference}/{outcome}',
    ]);
    // Routes whose body is a form by protocol (RFC 8058's one-click POST), not JSON.
    const formBodies = new Set(['POST /api/newsletter/unsubscribe']);
    // Routes that take a file upload (platform/http/upload-bodies.ts): multipart/form-data.
    const uploadBodies = new Set(['POST /api/admin/products/{code}/photos']);
    const missing: string[] = [];
    for (const { key, op } of operations) {
      if (!key.includes(' /api/') || key.endsWith(' /api/csrf')) continue;
      const responses = Object.entries(op.responses ?? {});
      const documented = responses.some(
        ([status, r]) =>
          /^[23]/.test(status) &&
          // JSON answers, the downloadable PDFs and the video posters (a binary schema), the newsletter's and the
          // accountant's CSV, the e-invoices' XML, the operators' invoice view (HTML), or a redirect
          (r.content?.['application/json']?.schema ||
            r.content?.['application/pdf']?.schema ||
            r.content?.['application/xml']?.schema ||
            r.content?.['text/html']?.schema ||
            r.content?.['image/jpeg']?.schema ||
            r.content?.['text/csv']?.schema ||
            redirectsOnly.has(key)),
      );
      if (!documented) missing.push(`${key}: no answer schema`);
      const method = key.split(' ')[0];
      const bodyType = formBodies.has(key)
        ? 'application/x-www-form-urlencoded'
        : uploadBodies.has(key)
          ? 'multipart/form-data'
          : 'application/json';
      if (['POST', 'PUT', 'PATCH'].includes(method) && !op.requestBody?.content?.[bodyType]?.schema) missing.push(`${key}: no body schema`);
    }
    expect(missing).toEqual([]);

    // The documentation is the schema itself, not a copy of it.
    const registration = doc.paths['/api/users'].post;
    expect(registration.requestBody?.content?.['application/json']?.schema).toEqual(openApiSchema(RegistrationBody, 'input'));
    expect(doc.paths['/api/recaptcha'].post.requestBody?.content?.['application/json']?.schema).toEqual(
      openApiSchema(BotCheckVerifyBody, 'input'),
    );
    expect(doc.paths['/api/recaptcha'].post.responses?.['200']?.content?.['application/json']?.schema).toEqual(
      openApiSchema(BotCheckVerifyResponse, 'output'),
    );
    expect(doc.paths['/api/users/me'].patch.requestBody?.content?.['application/json']?.schema).toEqual(
      openApiSchema(ProfileUpdateBody, 'input'),
    );
    expect(doc.paths['/api/cart'].get.responses?.['200']?.content?.['application/json']?.schema).toEqual(
      openApiSchema(CartResponse, 'output'),
    );
    const listParams = doc.paths['/api/catalog/products'].get.parameters?.map((p) => `${p.in}:${p.name}`);
    expect(listParams).toEqual(expect.arrayContaining(['query:locale', 'query:category', 'query:q', 'query:page', 'query:page_size']));
    expect(doc.paths['/api/cart/items/{product_code}'].patch.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:product_code']),
    );
    expect(doc.paths['/api/orders'].post.requestBody?.content?.['application/json']?.schema).toEqual(
      openApiSchema(PlaceOrderBody, 'input'),
    );
    expect(doc.paths['/api/orders'].post.responses?.['201']?.content?.['application/json']?.schema).toEqual(
      openApiSchema(PlaceOrderAnswer, 'output'),
    );
    expect(doc.paths['/api/orders/{number}'].get.responses?.['200']?.content?.['application/json']?.schema).toEqual(
      openApiSchema(OrderDetailResponse, 'output'),
    );
    expect(doc.paths['/api/orders/{number}'].get.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:number', 'query:view_token', 'header:X-Order-Token']),
    );
    expect(doc.paths['/api/orders'].post.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['header:Idempotency-Key']),
    );
  });
});
