import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { createProduct } from '../../factories/catalog.js';
import { createCoupon } from '../../factories/coupon.js';
import { createUser } from '../../factories/user.js';
import type { RunningShop } from '../../../server/main.js';

/**
 * Coupon codes cannot be guessed by the thousand: wrong codes count per client address and per
 * cart (per account when signed in) in the shared rate-limit store; once a budget is spent, every
 * code is refused with 429 and Retry-After. The shop trusts one proxy hop, so each client speaks
 * from an address of its own (X-Forwarded-For).
 */
describe('coupon guessing', () => {
  let shop: RunningShop & { url: string };
  let db: DataSource;
  const PER_CART = 5;
  const PER_IP = 8;

  beforeAll(async () => {
    shop = await startShop({
      env: {
        TRUST_PROXY: 'true',
        COUPON_GUESS_LIMIT_PER_CART: String(PER_CART),
        COUPON_GUESS_LIMIT_PER_IP: String(PER_IP),
        AUTH_RATE_LIMIT_PER_IP: '1000',
      },
    });
    db = shop.app.get(DataSource);
  });
  afterAll(async () => {
    await shop?.stop();
  });

  /** A client at address `ip` whose every request goes through the trusted proxy. */
  async function client(ip: string, language = 'en'): Promise<Shopper> {
    const s = await shopper(shop.url, language);
    const call: Shopper['call'] = (method, path, body) => s.call(method, path, body).set('X-Forwarded-For', ip);
    return { ...s, call, cart: async () => (await call('get', '/api/cart').expect(200)).body.data };
  }
  const guess = (s: Shopper, code: string) => s.call('put', '/api/cart/coupon', { code });
  let seq = 0;
  const wrong = () => `NOPE${Date.now().toString(36).toUpperCase()}${seq++}`;

  async function withCart(ip: string, language = 'en'): Promise<Shopper> {
    const s = await client(ip, language);
    const product = await createProduct(shop.app, { price: 2000 });
    await s.call('post', '/api/cart/items', { product_code: product.code, quantity: 1 }).expect(200);
    return s;
  }

  function expectCouponLimited(res: request.Response, message: RegExp): void {
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(res.body.errors).toEqual([{ code: 'COUPON_RATE_LIMITED', field: 'code', message: expect.stringMatching(message) }]);
    expect(Number(/(\d+) s/.exec(res.body.errors[0].message)![1])).toBe(retryAfter);
  }

  it('refuses the next guess after the cart spent its budget, with Retry-After; a real code works before that', async () => {
    const coupon = await createCoupon(shop.app, { kind: 'fixed', amount: 300 });
    const s = await withCart('203.0.113.70', 'hr');
    for (let i = 1; i <= PER_CART; i++) {
      if (i === 3) {
        // a real code in between is taken (and does not count)
        const ok = await guess(s, coupon.code.toLowerCase()).expect(200);
        expect(ok.body.data.coupon).toMatchObject({ code: coupon.code, valid: true, discount: 300 });
        await s.call('delete', '/api/cart/coupon').expect(200);
      }
      const res = await guess(s, wrong());
      expect([i, res.status, res.body.errors[0].code]).toEqual([i, 422, 'COUPON_UNKNOWN']);
    }
    expectCouponLimited(await guess(s, wrong()), /^Previše pogrešnih kodova kupona\. Pokušajte ponovno za \d+ s\.$/);
    // now even the real code is refused for this cart: a hit must look like every other answer
    expectCouponLimited(await guess(s, coupon.code), /^Previše/);
    expect((await s.cart()).coupon).toBeNull();

    // the same cart from another address: the cart's budget is spent, whoever asks
    const elsewhere = await s
      .call('put', '/api/cart/coupon', { code: coupon.code })
      .set('X-Forwarded-For', '198.51.100.70')
      .set('Accept-Language', 'de');
    expectCouponLimited(elsewhere, /^Zu viele falsche Gutscheincodes\. Bitte versuchen Sie es in \d+ s erneut\.$/);

    // another cart on another address is not affected
    const other = await withCart('198.51.100.71');
    await guess(other, coupon.code).expect(200);
  });

  it('counts wrong codes per address across fresh carts, and per account across devices', async () => {
    // a new cart for every guess does not help: the address's budget (8) holds
    const ip = '203.0.113.80';
    for (let i = 1; i <= PER_IP; i++) {
      const res = await guess(await withCart(ip), wrong());
      expect([i, res.status]).toEqual([i, 422]);
    }
    const fresh = await withCart(ip, 'sl');
    expectCouponLimited(await guess(fresh, wrong()), /^Preveč napačnih kod kuponov\. Poskusite znova čez \d+ s\.$/);
    // ... and guests without any cart (no cookie at all) count on it too
    expectCouponLimited(await guess(await client(ip, 'en'), wrong()), /^Too many wrong coupon codes\. Please try again in \d+ s\.$/);

    // a signed-in user's budget follows the account across devices and addresses
    const user = await createUser(db);
    const devices: Shopper[] = [];
    for (const [n, deviceIp] of ['192.0.2.81', '192.0.2.82'].entries()) {
      const d = await withCart(deviceIp);
      await d.call('post', '/api/auth/login', { email: user.email, password: user.password }).expect(200);
      devices[n] = d;
    }
    for (let i = 1; i <= PER_CART; i++) await guess(devices[i % 2], wrong()).expect(422);
    expectCouponLimited(await guess(devices[0], wrong()), /^Too many/);
    expectCouponLimited(await guess(devices[1], wrong()), /^Too many/);
  });
});
