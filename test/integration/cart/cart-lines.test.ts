import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { cartCookie, csrfCookies, shopper, type Shopper } from '../../support/shopper.js';
import { createProduct } from '../../factories/catalog.js';
import { createCoupon } from '../../factories/coupon.js';
import { createUser, signIn } from '../../factories/user.js';
import { CartService, CouponService } from '../../../server/modules/cart/index.js';
import type { RunningShop } from '../../../server/main.js';

describe('cart lines (API, real PostgreSQL)', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.stop();
  });

  /** Every refusal must leave the cart exactly as it was. */
  async function expectRefused(s: Shopper, send: () => PromiseLike<request.Response>, status: number, code: string, field?: string) {
    const before = await s.cart();
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.errors[0].code).toBe(code);
    if (field) expect(res.body.errors[0].field).toBe(field);
    expect(await s.cart()).toEqual(before);
    return res;
  }

  it('gives a new guest an empty cart without creating one', async () => {
    const s = await shopper(shop.url);
    const res = await s.call('get', '/api/cart').expect(200);
    expect(cartCookie(res)).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      data: {
        lines: [],
        unavailable_lines: [],
        subtotal: 0,
        discount: 0,
        delivery: 0,
        total: 0,
        vat_base: 0,
        vat_total: 0,
        vat_by_rate: [],
        vat_country: 'HR',
        free_delivery: { applies: true, missing: 5000 },
        coupon: null,
        notices: [],
        currency: 'EUR',
        state: 'empty',
        item_count: 0,
        destination: { country: 'HR', postal_code: null },
        shipping: { carrier: expect.any(String), zone: 'HR', parcels: 0, weight_grams: 0, delivery_days: { min: 3, max: 5 } },
      },
    });
  });

  it('adds, changes and removes lines, with names in the request language and a signed cookie', async () => {
    const a = await createProduct(shop.app, { price: 249, vatRate: 5, weight: 420 });
    const b = await createProduct(shop.app, { price: 1199, vatRate: 25, weight: 1050 });
    const s = await shopper(shop.url);

    const added = await s.call('post', '/api/cart/items', { product_code: a.code, quantity: 2 }).expect(200);
    const cookie = added.headers['set-cookie'] as unknown as string[];
    const set = cookie.find((c) => c.startsWith('cart='))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Max-Age=2592000/);
    expect(set).not.toMatch(/Secure/);
    expect(added.body.data.lines).toEqual([
      { product_code: a.code, name: a.names.en, slug: a.slugs.en, quantity: 2, unit_price: 249, line_total: 498, vat_rate: 5, stock: null },
    ]);
    expect(added.body.data.state).toBe('has_items');

    await s.call('post', '/api/cart/items', { product_code: a.code, quantity: 3, expected_unit_price: 249 }).expect(200);
    const two = (await s.call('post', '/api/cart/items', { product_code: b.code, quantity: 1 }).expect(200)).body.data;
    expect(two.lines.map((l: { product_code: string; quantity: number }) => [l.product_code, l.quantity])).toEqual([
      [a.code, 5],
      [b.code, 1],
    ]);
    expect(two).toMatchObject({ subtotal: 5 * 249 + 1199, item_count: 6 });

    const hr = (await s.call('get', '/api/cart?locale=hr').expect(200)).body.data;
    expect(hr.lines[0].name).toBe(a.names.hr);
    const de = (await s.agent.get('/api/cart').set('Accept-Language', 'de-AT,de;q=0.9').expect(200)).body.data;
    expect(de.lines[1].name).toBe(b.names.de);

    const patched = (await s.call('patch', `/api/cart/items/${a.code}`, { quantity: 1 }).expect(200)).body.data;
    expect(patched.lines[0]).toMatchObject({ product_code: a.code, quantity: 1, line_total: 249 });

    const removed = (await s.call('delete', `/api/cart/items/${a.code}`).expect(200)).body.data;
    expect(removed.lines.map((l: { product_code: string }) => l.product_code)).toEqual([b.code]);
    // removing an absent line answers the cart as it is
    expect((await s.call('delete', `/api/cart/items/${a.code}`).expect(200)).body.data).toEqual(removed);
    const empty = (await s.call('delete', `/api/cart/items/${b.code}`).expect(200)).body.data;
    expect(empty).toMatchObject({ lines: [], state: 'empty', total: 0 });
  });

  it('refuses every out-of-bounds change with a localized error and changes nothing', async () => {
    const p = await createProduct(shop.app, { price: 249, stock: 5 });
    const gone = await createProduct(shop.app, { availability: 'soon_available_again' });
    const big = await createProduct(shop.app, { price: 100 });
    const s = await shopper(shop.url);
    await s.call('post', '/api/cart/items', { product_code: p.code, quantity: 2 }).expect(200);
    await s.call('post', '/api/cart/items', { product_code: big.code, quantity: 60 }).expect(200);

    for (const quantity of [0, 100, -1, 1.5, '2', null]) {
      await expectRefused(
        s,
        () => s.call('post', '/api/cart/items', { product_code: p.code, quantity }),
        422,
        'CART_QUANTITY_INVALID',
        'quantity',
      );
      await expectRefused(s, () => s.call('patch', `/api/cart/items/${p.code}`, { quantity }), 422, 'CART_QUANTITY_INVALID', 'quantity');
    }
    const unknown = await expectRefused(
      s,
      () => s.call('post', '/api/cart/items', { product_code: 'NO-SUCH-CODE', quantity: 1 }),
      404,
      'CART_PRODUCT_NOT_FOUND',
      'product_code',
    );
    expect(unknown.body.errors[0].message).toBe('There is no product with the code NO-SUCH-CODE.');
    const soon = await expectRefused(
      s,
      () => s.call('post', '/api/cart/items', { product_code: gone.code, quantity: 1 }),
      409,
      'CART_PRODUCT_UNAVAILABLE',
    );
    expect(soon.body.errors[0].message).toBe(`${gone.names.en} is soon available again and cannot be added to the cart right now.`);
    const soonHr = await s.agent
      .post('/api/cart/items')
      .set('X-CSRF-Token', s.token)
      .set('Accept-Language', 'hr')
      .send({ product_code: gone.code, quantity: 1 })
      .expect(409);
    expect(soonHr.body.errors[0].message).toBe(
      `Proizvod ${gone.names.hr} uskoro je ponovno dostupan i trenutačno se ne može dodati u košaricu.`,
    );

    // stock 5, 2 in the cart: 4 more is too many, and so is setting 6
    const stock = await expectRefused(
      s,
      () => s.call('post', '/api/cart/items', { product_code: p.code, quantity: 4 }),
      409,
      'CART_STOCK_EXCEEDED',
      'quantity',
    );
    expect(stock.body.errors[0].message).toBe(`Only 5 packs of ${p.names.en} are in stock.`);
    await expectRefused(s, () => s.call('patch', `/api/cart/items/${p.code}`, { quantity: 6 }), 409, 'CART_STOCK_EXCEEDED');
    // 60 in the cart + 40 > 99
    const limit = await expectRefused(
      s,
      () => s.call('post', '/api/cart/items', { product_code: big.code, quantity: 40 }),
      422,
      'CART_QUANTITY_LIMIT',
      'quantity',
    );
    expect(limit.body.errors[0].message).toContain('your cart already holds 60 packs');
    // stale price: the shopper saw 1.99, it is 2.49 now
    const stale = await expectRefused(
      s,
      () => s.call('post', '/api/cart/items', { product_code: p.code, quantity: 1, expected_unit_price: 199 }),
      409,
      'CART_PRICE_CHANGED',
      'expected_unit_price',
    );
    expect(stale.body.errors[0].message).toBe(`The price of ${p.names.en} has changed to €2.49. Please confirm the new price.`);
    const staleDe = await s.agent
      .post('/api/cart/items')
      .set('X-CSRF-Token', s.token)
      .set('Accept-Language', 'de')
      .send({ product_code: p.code, quantity: 1, expected_unit_price: 199 })
      .expect(409);
    expect(staleDe.body.errors[0].message).toMatch(/hat sich auf 2,49\s€ geändert/);
    await expectRefused(s, () => s.call('patch', `/api/cart/items/${gone.code}`, { quantity: 1 }), 404, 'CART_LINE_NOT_FOUND');

    // every field problem at once, in the caller's language
    const both = await s.agent
      .post('/api/cart/items')
      .set('X-CSRF-Token', s.token)
      .set('Accept-Language', 'sl')
      .send({ quantity: 0 })
      .expect(422);
    expect(both.body.errors).toEqual([
      { code: 'CART_PRODUCT_CODE_INVALID', field: 'product_code', message: 'Izberite izdelek: šifra izdelka manjka ali ni pravilna.' },
      { code: 'CART_QUANTITY_INVALID', field: 'quantity', message: 'Količina mora biti celo število od 1 do 99.' },
    ]);
    // a stale price with the right expectation passes
    await s.call('post', '/api/cart/items', { product_code: p.code, quantity: 1, expected_unit_price: 249 }).expect(200);
  });

  it('creates no cart (and no cookie) when a first change is refused', async () => {
    const s = await shopper(shop.url);
    const res = await s.call('post', '/api/cart/items', { product_code: 'NO-SUCH-CODE', quantity: 1 }).expect(404);
    expect(cartCookie(res)).toBeUndefined();
  });

  it('needs the CSRF token for changes; unknown cart routes stay JSON 404s', async () => {
    const p = await createProduct(shop.app);
    await request(shop.url).post('/api/cart/items').send({ product_code: p.code, quantity: 1 }).expect(403);
    const res = await request(shop.url).get('/api/cart/nothing-here').expect(404);
    expect(res.body.errors[0].code).toBe('NOT_FOUND');
  });

  it('never lets a forged or altered cookie reach someone else’s cart', async () => {
    const p = await createProduct(shop.app);
    const victim = await shopper(shop.url);
    const res = await victim.call('post', '/api/cart/items', { product_code: p.code, quantity: 3 }).expect(200);
    const genuine = cartCookie(res)!;
    const [id, mac] = genuine.split('.');
    const victimCart = await victim.cart();

    const forgeries = [
      `${id}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      `${id}.`,
      id,
      `${id}.${Buffer.from('x'.repeat(32)).toString('base64url')}`,
      `${randomUUID()}.${mac}`,
    ];
    for (const forged of forgeries) {
      const { token, cookies } = await csrfCookies(shop.url);
      const cookie = `${cookies}; cart=${encodeURIComponent(forged)}`;
      const seen = await request(shop.url).get('/api/cart').set('Cookie', cookie).expect(200);
      expect(seen.body.data).toMatchObject({ lines: [], state: 'empty' });
      const changed = await request(shop.url)
        .post('/api/cart/items')
        .set('Cookie', cookie)
        .set('X-CSRF-Token', token)
        .send({ product_code: p.code, quantity: 1 })
        .expect(200);
      expect(changed.body.data.lines).toEqual([expect.objectContaining({ product_code: p.code, quantity: 1 })]);
      expect(cartCookie(changed)!.split('.')[0]).not.toBe(id);
    }
    expect(await victim.cart()).toEqual(victimCart);
  });

  it('loses nothing when one cart gets concurrent adds', async () => {
    const products = await Promise.all(Array.from({ length: 5 }, () => createProduct(shop.app, { price: 100 })));
    const s = await shopper(shop.url);
    await s.call('post', '/api/cart/items', { product_code: products[0].code, quantity: 1 }).expect(200);
    const results = await Promise.all([
      ...products.slice(1).map((p) => s.call('post', '/api/cart/items', { product_code: p.code, quantity: 1 })),
      ...Array.from({ length: 4 }, () => s.call('post', '/api/cart/items', { product_code: products[0].code, quantity: 2 })),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const cart = await s.cart();
    const quantities = Object.fromEntries(cart.lines.map((l: { product_code: string; quantity: number }) => [l.product_code, l.quantity]));
    expect(quantities).toEqual({ [products[0].code]: 9, ...Object.fromEntries(products.slice(1).map((p) => [p.code, 1])) });
  });

  it('keeps lines of products that became unavailable apart from the totals', async () => {
    const p = await createProduct(shop.app, { price: 300 });
    const q = await createProduct(shop.app, { price: 500 });
    const s = await shopper(shop.url);
    await s.call('post', '/api/cart/items', { product_code: p.code, quantity: 1 }).expect(200);
    await s.call('post', '/api/cart/items', { product_code: q.code, quantity: 2 }).expect(200);
    // the operator marks q 'soon available again' (no service for that yet: a direct update)
    await shop.app.get(DataSource).query(`UPDATE product SET availability = 'soon_available_again' WHERE code = $1`, [q.code]);
    const cart = await s.cart();
    expect(cart.lines.map((l: { product_code: string }) => l.product_code)).toEqual([p.code]);
    expect(cart.unavailable_lines).toEqual([{ product_code: q.code, name: q.names.en, quantity: 2 }]);
    expect(cart.subtotal).toBe(300);
  });

  describe('merging a guest cart into the account at login', () => {
    it('adds quantities up (capped at 99), keeps a valid coupon, and removes the guest cart', async () => {
      const carts = shop.app.get(CartService);
      const [a, b, c] = await Promise.all([
        createProduct(shop.app, { price: 100 }),
        createProduct(shop.app, { price: 200 }),
        createProduct(shop.app, { price: 300 }),
      ]);
      const coupon = await createCoupon(shop.app, { kind: 'fixed', amount: 500, minimumOrder: 1000 });
      const userId = randomUUID();
      await carts.addItem({ userId }, { productCode: a.code, quantity: 50 }, 'en');
      await carts.addItem({ userId }, { productCode: c.code, quantity: 2 }, 'en');

      const guest = await shopper(shop.url);
      const added = await guest.call('post', '/api/cart/items', { product_code: a.code, quantity: 60 }).expect(200);
      await guest.call('post', '/api/cart/items', { product_code: b.code, quantity: 1 }).expect(200);
      await guest.call('put', '/api/cart/coupon', { code: coupon.code.toLowerCase() }).expect(200);
      await guest.call('put', '/api/cart/destination', { country: 'SI', postal_code: '1000' }).expect(200);
      const guestCartId = cartCookie(added)!.split('.')[0];

      const mergedId = await carts.mergeGuestCart(guestCartId, userId);
      const merged = (await carts.get({ userId }, 'en')).cart;
      expect(mergedId).toBe((await carts.get({ userId }, 'en')).cartId);
      expect(Object.fromEntries(merged.lines.map((l) => [l.product_code, l.quantity]))).toEqual({ [a.code]: 99, [b.code]: 1, [c.code]: 2 });
      // the shopper is told that 50 + 60 did not fit
      expect(merged.notices).toEqual([
        {
          code: 'CART_MERGE_QUANTITY_CAPPED',
          product_code: a.code,
          quantity: 99,
          requested: 110,
          message: `“${a.names.en}”: your cart from before signing in was added to your account’s cart; one cart holds at most 99 packs, so it holds 99 instead of 110.`,
        },
      ]);
      expect(merged.coupon).toMatchObject({ code: coupon.code, valid: true, discount: 500 });
      expect(merged.destination).toEqual({ country: 'SI', postal_code: '1000' });
      // the guest cookie now names no cart: an empty one
      expect(await guest.cart()).toMatchObject({ lines: [], state: 'empty', coupon: null });
      // merging again is harmless
      expect(await carts.mergeGuestCart(guestCartId, userId)).toBe(mergedId);
      expect((await carts.get({ userId }, 'en')).cart).toEqual(merged);
    });

    it('caps a merged line to the stock (8 + 8 of 8 in stock is 8) and tells the shopper until the next change', async () => {
      const eight = await createProduct(shop.app, { price: 500, stock: 8 });
      const plenty = await createProduct(shop.app, { price: 100, stock: 500 });
      const user = await createUser(shop.app.get(DataSource));
      const phone = await signIn(shop.url, user.email, user.password);
      await phone.call('post', '/api/cart/items', { product_code: eight.code, quantity: 8 }).expect(200);
      await phone.call('post', '/api/cart/items', { product_code: plenty.code, quantity: 2 }).expect(200);

      // on the laptop, not signed in yet, the owner fills a guest cart, then signs in
      const laptop = await shopper(shop.url, 'hr');
      await laptop.call('post', '/api/cart/items', { product_code: eight.code, quantity: 8 }).expect(200);
      await laptop.call('post', '/api/cart/items', { product_code: plenty.code, quantity: 3 }).expect(200);
      await laptop.call('post', '/api/auth/login', { email: user.email, password: user.password }).expect(200);

      const cart = await laptop.cart();
      expect(Object.fromEntries(cart.lines.map((l: { product_code: string; quantity: number }) => [l.product_code, l.quantity]))).toEqual({
        [eight.code]: 8,
        [plenty.code]: 5,
      });
      expect(cart.subtotal).toBe(8 * 500 + 5 * 100);
      expect(cart.notices).toEqual([
        {
          code: 'CART_MERGE_STOCK_CAPPED',
          product_code: eight.code,
          quantity: 8,
          requested: 16,
          message: `„${eight.names.hr}”: košarica prije prijave spojena je s košaricom vašeg računa, no na zalihi je samo 8 kom, pa ih je u košarici 8 umjesto 16.`,
        },
      ]);
      // in the language of each request, on every device of the account
      const de = (await phone.agent.get('/api/cart').set('Accept-Language', 'de').expect(200)).body.data;
      expect(de.notices.map((n: { message: string }) => n.message)).toEqual([
        `„${eight.names.de}“: Ihr Warenkorb von vor der Anmeldung wurde mit dem Ihres Kontos zusammengeführt, aber nur 8 Stück sind auf Lager, daher enthält der Warenkorb 8 statt 16.`,
      ]);
      // a line of 16 could never be ordered: the stock check on the next change agrees with the cap
      const more = await laptop.call('patch', `/api/cart/items/${eight.code}`, { quantity: 9 }).expect(409);
      expect(more.body.errors[0].code).toBe('CART_STOCK_EXCEEDED');
      expect((await laptop.cart()).notices).toHaveLength(1);
      // the shopper's next change clears the notice
      await laptop.call('patch', `/api/cart/items/${plenty.code}`, { quantity: 4 }).expect(200);
      expect((await laptop.cart()).notices).toEqual([]);
      expect((await phone.cart()).notices).toEqual([]);
    });

    it('hands the guest cart over when the account has none, dropping a coupon the user already used', async () => {
      const carts = shop.app.get(CartService);
      const p = await createProduct(shop.app, { price: 1000 });
      const coupon = await createCoupon(shop.app, { percent: 10, perCustomerLimit: 1 });
      const userId = randomUUID();
      await shop.app.get(DataSource).transaction((m) => shop.app.get(CouponService).redeem(m, coupon.code, `user:${userId}`, 'order-1'));

      const guest = await shopper(shop.url);
      const added = await guest.call('post', '/api/cart/items', { product_code: p.code, quantity: 3 }).expect(200);
      expect((await guest.call('put', '/api/cart/coupon', { code: coupon.code }).expect(200)).body.data.discount).toBe(300);
      const guestCartId = cartCookie(added)!.split('.')[0];

      expect(await carts.mergeGuestCart(guestCartId, userId)).toBe(guestCartId);
      const mine = (await carts.get({ userId }, 'en')).cart;
      expect(mine.lines).toEqual([expect.objectContaining({ product_code: p.code, quantity: 3 })]);
      expect(mine.coupon).toBeNull();
      expect(mine.discount).toBe(0);
      expect(await guest.cart()).toMatchObject({ lines: [] });
    });
  });
});
