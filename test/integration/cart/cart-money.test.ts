import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startShop } from '../../support/app.js';
import { shopper, type Shopper } from '../../support/shopper.js';
import { createProduct } from '../../factories/catalog.js';
import { createCoupon } from '../../factories/coupon.js';
import { CartService, CouponService, CartError, DELIVERY_CONFIG } from '../../../server/modules/cart/index.js';
import { PriceService } from '../../../server/modules/catalog/index.js';
import type { RunningShop } from '../../../server/main.js';

const DAY = 86_400_000;

describe('cart money: totals, delivery, coupons (API, real PostgreSQL)', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.stop();
  });

  async function cartWith(
    lines: Array<{ price: number; quantity: number; vatRate?: 5 | 13 | 25; weight?: number }>,
    language = 'en',
  ): Promise<Shopper> {
    const s = await shopper(shop.url, language);
    for (const l of lines) {
      const p = await createProduct(shop.app, { price: l.price, vatRate: l.vatRate ?? 5, weight: l.weight ?? 400 });
      await s.call('post', '/api/cart/items', { product_code: p.code, quantity: l.quantity }).expect(200);
    }
    return s;
  }

  function expectConsistent(c: {
    subtotal: number;
    discount: number;
    delivery: number;
    total: number;
    vat_base: number;
    vat_total: number;
    vat_by_rate: Array<{ base: number; vat: number }>;
  }) {
    expect(c.total).toBe(c.subtotal - c.discount + c.delivery);
    expect(c.vat_base + c.vat_total).toBe(c.total);
    expect(c.vat_by_rate.reduce((s, r) => s + r.base, 0)).toBe(c.vat_base);
    expect(c.vat_by_rate.reduce((s, r) => s + r.vat, 0)).toBe(c.vat_total);
  }

  describe('unit prices', () => {
    it('charges what the product page shows now: the price in force, the cheapest running offer, never an ended or future one', async () => {
      const prices = shop.app.get(PriceService);
      const db = shop.app.get(DataSource);
      const now = Date.now();
      // Each case: the price history (oldest first), offers, and the price the cart must charge.
      const cases: Array<{ history: Array<[number, number]>; offers: Array<[number, number, number]>; expected: number }> = [
        // raised yesterday; a price from tomorrow on must not count yet
        {
          history: [
            [500, -10 * DAY],
            [550, -DAY],
            [600, DAY],
          ],
          offers: [],
          expected: 550,
        },
        // two offers running, the cheaper one wins; an ended and a future offer are ignored
        {
          history: [[500, -10 * DAY]],
          offers: [
            [450, -2 * DAY, 2 * DAY],
            [420, -DAY, DAY],
            [300, -5 * DAY, -DAY],
            [200, DAY, 3 * DAY],
          ],
          expected: 420,
        },
        // an offer above the regular price never raises it
        {
          history: [
            [500, -10 * DAY],
            [400, -DAY],
          ],
          offers: [[450, -2 * DAY, 2 * DAY]],
          expected: 400,
        },
        // two rows taking effect at the same moment: the later one counts
        {
          history: [
            [500, -3 * DAY],
            [520, -3 * DAY],
          ],
          offers: [],
          expected: 520,
        },
      ];
      const s = await shopper(shop.url, 'en');
      for (const c of cases) {
        const p = await createProduct(shop.app, { price: c.history[0]![0], priceSince: new Date(now + c.history[0]![1]) });
        for (const [cents, at] of c.history.slice(1)) {
          // The service records changes as they happen; a row dated ahead (another process's clock) is written directly.
          if (at > 0)
            await db.query(
              `INSERT INTO product_price (product_id, amount_cents, valid_from) SELECT id, $2, $3 FROM product WHERE code = $1`,
              [p.code, cents, new Date(now + at)],
            );
          else await prices.changePrice(p.code, cents, { at: new Date(now + at) });
        }
        for (const [cents, from, to] of c.offers)
          await prices.addOffer(p.code, { priceCents: cents, startsAt: new Date(now + from), endsAt: new Date(now + to) });
        const shown = (await s.call('get', `/api/catalog/products/${p.slugs.en}`).expect(200)).body.data.price.amount;
        expect(shown).toBe(c.expected);
        const cart = (await s.call('post', '/api/cart/items', { product_code: p.code, quantity: 2 }).expect(200)).body.data;
        expect(cart.lines.find((l: { product_code: string }) => l.product_code === p.code)).toMatchObject({
          unit_price: c.expected,
          line_total: 2 * c.expected,
        });
      }
    });
  });

  describe('totals', () => {
    it('splits VAT per rate, with delivery at 25 % and the discount reducing the bases proportionally', async () => {
      // 2 x 4.00 at 5 %, 1 x 12.00 at 25 %; coupon 2.00 off; delivery 0.8 + 0.4 kg in Croatia -> minimum 4.00
      const s = await cartWith([
        { price: 400, quantity: 2, vatRate: 5, weight: 400 },
        { price: 1200, quantity: 1, vatRate: 25, weight: 400 },
      ]);
      const coupon = await createCoupon(shop.app, { kind: 'fixed', amount: 200 });
      const c = (await s.call('put', '/api/cart/coupon', { code: coupon.code }).expect(200)).body.data;
      expect(c).toMatchObject({
        subtotal: 2000,
        discount: 200,
        delivery: 400,
        total: 2200,
        free_delivery: { applies: true, missing: 3200 },
        state: 'has_items',
      });
      // 5 %: 800 - 80 = 720 -> VAT 34; 25 %: 1200 - 120 + 400 = 1480 -> VAT 296
      expect(c.vat_by_rate).toEqual([
        { rate: 5, base: 686, vat: 34 },
        { rate: 25, base: 1184, vat: 296 },
      ]);
      expect(c).toMatchObject({ vat_base: 1870, vat_total: 330 });
      expectConsistent(c);
    });
  });

  describe('delivery', () => {
    it('charges the minimum fee per parcel for a light parcel in Croatia and counts down to free delivery', async () => {
      const s = await cartWith([{ price: 249, quantity: 1, weight: 420 }]);
      const c = await s.cart();
      expect(c).toMatchObject({
        delivery: DELIVERY_CONFIG.minimumFeePerParcel,
        free_delivery: { applies: true, missing: 5000 - 249 },
        shipping: { zone: 'HR', parcels: 1, weight_grams: 420 },
      });
      expectConsistent(c);
    });

    it('splits heavy orders into parcels of at most 20 kg, each charged by weight with the minimum', async () => {
      // 25 x 1 kg at 1.00 = 25.00 (below the threshold): parcels of 20 kg (3.00 + 20 x 0.15 = 6.00) and 5 kg (3.75 -> 4.00)
      const s = await cartWith([{ price: 100, quantity: 25, weight: 1000 }]);
      const c = await s.cart();
      expect(c).toMatchObject({ delivery: 1000, shipping: { parcels: 2, weight_grams: 25_000 } });
      expectConsistent(c);
    });

    it('is free within Croatia at the threshold, not a cent below, and never abroad', async () => {
      const below = await cartWith([{ price: 4999, quantity: 1 }]);
      expect(await below.cart()).toMatchObject({ delivery: 400, free_delivery: { applies: true, missing: 1 }, state: 'has_items' });
      const at = await cartWith([{ price: 2500, quantity: 2 }]);
      const free = await at.cart();
      expect(free).toMatchObject({ delivery: 0, free_delivery: { applies: true, missing: 0 }, state: 'free_delivery' });
      expectConsistent(free);

      // the same cart to Slovenia (EU zone 1): 0.8 kg -> 9.00 + 1 x 0.60
      const si = (await at.call('put', '/api/cart/destination', { country: 'si', postal_code: 'SI-1000' }).expect(200)).body.data;
      expect(si).toMatchObject({
        delivery: 960,
        free_delivery: { applies: false, missing: null },
        state: 'has_items',
        destination: { country: 'SI', postal_code: '1000' },
        shipping: { zone: 'EU1' },
      });
      expectConsistent(si);
      // France (EU zone 2): 14.00 + 1 x 0.90
      const fr = (await at.call('put', '/api/cart/destination', { country: 'FR', postal_code: '75001' }).expect(200)).body.data;
      expect(fr).toMatchObject({ delivery: 1490, shipping: { zone: 'EU2' } });
      // back home
      const hr = (await at.call('put', '/api/cart/destination', { country: 'HR', postal_code: '10 000' }).expect(200)).body.data;
      expect(hr).toMatchObject({ delivery: 0, destination: { country: 'HR', postal_code: '10000' }, state: 'free_delivery' });
    });

    it('counts the threshold after the discount', async () => {
      const s = await cartWith([{ price: 2500, quantity: 2 }]);
      const coupon = await createCoupon(shop.app, { kind: 'fixed', amount: 100 });
      const c = (await s.call('put', '/api/cart/coupon', { code: coupon.code }).expect(200)).body.data;
      expect(c).toMatchObject({ discount: 100, delivery: 400, free_delivery: { missing: 100 }, state: 'has_items' });
    });

    it('refuses countries outside the zones and malformed postal codes, clearly and changing nothing', async () => {
      const s = await cartWith([{ price: 300, quantity: 1 }], 'hr');
      const before = await s.cart();
      const ba = await s.call('put', '/api/cart/destination', { country: 'BA', postal_code: '71000' }).expect(422);
      expect(ba.body.errors).toEqual([
        {
          code: 'CART_DESTINATION_UNSUPPORTED',
          field: 'country',
          message: 'Dostava u državu Bosna i Hercegovina zasad nije moguća. Dostavljamo u Hrvatsku i zemlje Europske unije.',
        },
      ]);
      const bad = await s.call('put', '/api/cart/destination', { country: 'HR', postal_code: '1000' }).expect(422);
      expect(bad.body.errors).toEqual([
        {
          code: 'CART_POSTAL_CODE_INVALID',
          field: 'postal_code',
          message: 'Poštanski broj ne odgovara državi Hrvatska: upišite ga u obliku 10000.',
        },
      ]);
      await s.call('put', '/api/cart/destination', { country: 'DE', postal_code: '1011' }).expect(422);
      await s.call('put', '/api/cart/destination', { country: 'HU', postal_code: '10511' }).expect(422);
      await s.call('put', '/api/cart/destination', { country: 'NL', postal_code: '<b>' }).expect(422);
      const none = await s.call('put', '/api/cart/destination', { country: 'Croatia' }).expect(422);
      expect(none.body.errors.map((e: { field: string }) => e.field)).toEqual(['country', 'postal_code']);
      expect(await s.cart()).toEqual(before);
    });
  });

  describe('coupons', () => {
    async function refusal(s: Shopper, code: string) {
      const before = await s.cart();
      const res = await s.call('put', '/api/cart/coupon', { code }).expect(422);
      expect(await s.cart()).toEqual(before);
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0].field).toBe('code');
      return res.body.errors[0] as { code: string; message: string };
    }

    it('applies percent coupons case-insensitively, and can be removed', async () => {
      const s = await cartWith([{ price: 1995, quantity: 1 }]);
      const coupon = await createCoupon(shop.app, { percent: 10 });
      const c = (await s.call('put', '/api/cart/coupon', { code: `  ${coupon.code.toLowerCase()} ` }).expect(200)).body.data;
      expect(c.coupon).toEqual({
        code: coupon.code,
        kind: 'percent',
        percent: 10,
        amount: null,
        discount: 200,
        valid: true,
        problem: null,
      });
      expect(c).toMatchObject({ subtotal: 1995, discount: 200, total: 1995 - 200 + 400 });
      expectConsistent(c);
      const removed = (await s.call('delete', '/api/cart/coupon').expect(200)).body.data;
      expect(removed).toMatchObject({ coupon: null, discount: 0 });
    });

    it('refuses unknown, not yet valid and expired coupons with their own messages', async () => {
      const s = await cartWith([{ price: 3000, quantity: 1 }]);
      expect(await refusal(s, 'NO-SUCH-COUPON')).toEqual({
        code: 'COUPON_UNKNOWN',
        field: 'code',
        message: 'There is no coupon with this code. Please check the spelling.',
      });
      const later = await createCoupon(shop.app, { validFrom: new Date('2099-06-01T10:00:00Z') });
      expect(await refusal(s, later.code)).toMatchObject({
        code: 'COUPON_NOT_YET_VALID',
        message: 'This coupon is valid from 1 June 2099.',
      });
      const past = await createCoupon(shop.app, {
        validFrom: new Date('2024-01-01T00:00:00Z'),
        validUntil: new Date('2024-03-15T12:00:00Z'),
      });
      expect(await refusal(s, past.code)).toMatchObject({ code: 'COUPON_EXPIRED', message: 'This coupon expired on 15 March 2024.' });
      const now = await createCoupon(shop.app, { validFrom: new Date(Date.now() - DAY), validUntil: new Date(Date.now() + DAY) });
      await s.call('put', '/api/cart/coupon', { code: now.code }).expect(200);
      const empty = await s.call('put', '/api/cart/coupon', { code: '   ' }).expect(422);
      expect(empty.body.errors[0].code).toBe('CART_COUPON_CODE_INVALID');
    });

    it('names the minimum order value, and flags an applied coupon that falls below it', async () => {
      const s = await cartWith([{ price: 1500, quantity: 1 }], 'hr');
      const coupon = await createCoupon(shop.app, { kind: 'fixed', amount: 500, minimumOrder: 2000 });
      const below = await refusal(s, coupon.code);
      expect(below.code).toBe('COUPON_BELOW_MINIMUM');
      // Intl puts a no-break space before the euro sign
      expect(below.message.replace(/\s/g, ' ')).toBe('Ovaj kupon vrijedi za narudžbe od najmanje 20,00 €; dodajte još 5,00 €.');
      const c = (await s.call('patch', `/api/cart/items/${(await s.cart()).lines[0].product_code}`, { quantity: 2 }).expect(200)).body.data;
      expect(c.subtotal).toBe(3000);
      const applied = (await s.call('put', '/api/cart/coupon', { code: coupon.code }).expect(200)).body.data;
      expect(applied).toMatchObject({ discount: 500, coupon: { valid: true } });
      const lowered = (await s.call('patch', `/api/cart/items/${c.lines[0].product_code}`, { quantity: 1 }).expect(200)).body.data;
      expect(lowered).toMatchObject({
        discount: 0,
        coupon: { code: coupon.code, valid: false, discount: 0, problem: { code: 'COUPON_BELOW_MINIMUM' } },
      });
      expect(lowered.coupon.problem.message.replace(/\s/g, ' ')).toBe(
        'Ovaj kupon vrijedi za narudžbe od najmanje 20,00 €; dodajte još 5,00 €.',
      );
      expectConsistent(lowered);
    });

    it('enforces the total usage limit and the per-customer limit, counting redemptions', async () => {
      const db = shop.app.get(DataSource);
      const coupons = shop.app.get(CouponService);
      const carts = shop.app.get(CartService);
      const s = await cartWith([{ price: 3000, quantity: 1 }]);

      const once = await createCoupon(shop.app, { usageLimit: 1 });
      await db.transaction((m) => coupons.redeem(m, once.code, 'email:ana@example.com', randomUUID()));
      expect(await refusal(s, once.code)).toMatchObject({ code: 'COUPON_USED_UP', message: 'This coupon has been used up.' });

      const perCustomer = await createCoupon(shop.app, { perCustomerLimit: 1, usageLimit: 10 });
      const userId = randomUUID();
      await db.transaction((m) => coupons.redeem(m, perCustomer.code, `user:${userId}`, randomUUID()));
      const p = await createProduct(shop.app, { price: 3000 });
      await carts.addItem({ userId }, { productCode: p.code, quantity: 1 }, 'en');
      const before = (await carts.get({ userId }, 'en')).cart;
      const err = await carts.applyCoupon({ userId }, perCustomer.code.toLowerCase(), 'en').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CartError);
      expect((err as CartError).code).toBe('COUPON_ALREADY_USED');
      expect((await carts.get({ userId }, 'en')).cart).toEqual(before);
      // another user, and a guest (known only at checkout), may still use it
      await carts.addItem({ userId: randomUUID() }, { productCode: p.code, quantity: 1 }, 'en');
      await s.call('put', '/api/cart/coupon', { code: perCustomer.code }).expect(200);
      // and the redemption itself refuses the same customer a second time
      const again = await db
        .transaction((m) => coupons.redeem(m, perCustomer.code, `user:${userId}`, randomUUID()))
        .catch((e: unknown) => e);
      expect((again as CartError).code).toBe('COUPON_ALREADY_USED');
    });
  });

  it('documents the cart API and the CSRF endpoint in OpenAPI', async () => {
    const s = await shopper(shop.url);
    const doc = (await s.agent.get('/api/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/cart',
        '/api/cart/items',
        '/api/cart/items/{product_code}',
        '/api/cart/coupon',
        '/api/cart/destination',
        '/api/csrf',
      ]),
    );
  });
});
