import { startShop } from '../../support/app.js';
import { shopper } from '../../support/shopper.js';
import type { RunningShop } from '../../../server/main.js';

// The demo data a newcomer gets with `npm start`: the seeded catalogue plus demo coupons.
describe('demo coupons on the demo catalogue', () => {
  let shop: RunningShop & { url: string };
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it('DOBRODOSLI10 takes 10 % from 20 EUR; the expired LJETO2025 is refused in the shopper language', async () => {
    const s = await shopper(shop.url, 'de');
    const add = await s.call('post', '/api/cart/items', { product_code: 'ZZ-SPAG-400', quantity: 10 }).expect(200);
    const subtotal = add.body.data.subtotal as number;
    expect(subtotal).toBeGreaterThanOrEqual(2000);

    const applied = await s.call('put', '/api/cart/coupon', { code: 'dobrodosli10' }).expect(200);
    expect(applied.body.data.coupon).toMatchObject({ code: 'DOBRODOSLI10', valid: true });
    expect(applied.body.data.discount).toBe(Math.floor(subtotal / 10 + 0.5));

    const expired = await s.call('put', '/api/cart/coupon', { code: 'LJETO2025' });
    expect(expired.status).toBeGreaterThanOrEqual(400);
    expect(expired.body.errors[0].code).toMatch(/EXPIRED/);
    expect(expired.body.errors[0].message).toMatch(/abgelaufen|nicht mehr/i);
    expect((await s.cart()).coupon.code).toBe('DOBRODOSLI10'); // a refusal changes nothing
  });
});
