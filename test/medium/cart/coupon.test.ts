/* eslint-disable local/import-boundaries -- a medium test builds the module's inner services by hand (docs/architecture.md, 'Tests') */
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { mediumDataSource } from '../../support/medium.js';
import { Coupon, CouponRedemption } from '../../../server/modules/cart/coupon.entity.js';
import { CouponRepository } from '../../../server/modules/cart/coupon.repository.js';
import { CouponService, type NewCoupon } from '../../../server/modules/cart/coupon.service.js';
import type { CartError } from '../../../server/modules/cart/cart.errors.js';
import type { ProfileService } from '../../../server/modules/identity/index.js';

/** The identity module's profiles, as far as coupons ask: every user here is a consumer. */
const consumers = { get: (id: string) => Promise.resolve({ id, role: 'customer' }) } as unknown as ProfileService;

/** Coupons on real PostgreSQL: checks counting redemptions, redemption under the coupon's row lock, grants once per key. */
describe('CouponService (real PostgreSQL)', () => {
  let db: DataSource;
  let coupons: CouponService;
  beforeAll(async () => {
    db = await mediumDataSource([Coupon, CouponRedemption]);
    coupons = new CouponService(db, new CouponRepository(db), consumers);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  let seq = 0;
  const create = (over: Partial<NewCoupon> = {}) =>
    coupons.create({ code: `M${Date.now().toString(36)}${++seq}`.toUpperCase(), kind: 'percent', percent: 10, ...over });
  const redeem = (code: string, customerKey: string, orderId = randomUUID()) =>
    db.transaction((m) => coupons.redeem(m, code, customerKey, orderId));
  const refusalOf = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e as CartError).code,
    );

  it('finds a coupon by any spelling of its code and evaluates it for a subtotal; unknown codes are null', async () => {
    const c = await create({ percent: 20, minimumOrder: 1000 });
    const checked = await coupons.check(` ${c.code.toLowerCase()} `, { subtotal: 2500, customerKey: null });
    expect(checked?.coupon.id).toBe(c.id);
    expect(checked?.verdict).toEqual({ ok: true, discount: 500 });
    expect((await coupons.check(c.code, { subtotal: 999, customerKey: null }))?.verdict).toMatchObject({
      ok: false,
      refusal: { code: 'COUPON_BELOW_MINIMUM' },
    });
    expect(await coupons.check('NO-SUCH-CODE', { subtotal: 2500, customerKey: null })).toBeNull();
  });

  it('counts redemptions against the total and the per-customer limit', async () => {
    const once = await create({ usageLimit: 1 });
    await redeem(once.code, 'email:ana@example.com');
    expect((await coupons.check(once.code, { subtotal: 3000, customerKey: 'user:x' }))?.verdict).toMatchObject({
      refusal: { code: 'COUPON_USED_UP' },
    });

    const perCustomer = await create({ perCustomerLimit: 1, usageLimit: 10 });
    const user = `user:${randomUUID()}`;
    await redeem(perCustomer.code, user);
    expect(await refusalOf(redeem(perCustomer.code, user))).toBe('COUPON_ALREADY_USED');
    // another customer, and a guest not known yet, may still use it
    expect((await coupons.check(perCustomer.code, { subtotal: 3000, customerKey: `user:${randomUUID()}` }))?.verdict.ok).toBe(true);
    expect((await coupons.check(perCustomer.code, { subtotal: 3000, customerKey: null }))?.verdict.ok).toBe(true);
  });

  it('lets only one of two concurrent orders redeem the last use', async () => {
    const last = await create({ usageLimit: 1 });
    const results = await Promise.allSettled([redeem(last.code, 'email:a@example.com'), redeem(last.code, 'email:b@example.com')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as CartError).code).toBe('COUPON_USED_UP');
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM coupon_redemption WHERE coupon_id = $1`, [last.id]);
    expect(n).toBe(1);
  });

  it('redeems the same order once, gives a cancelled order its use back, and refuses unknown codes', async () => {
    const c = await create({ usageLimit: 1 });
    const orderId = randomUUID();
    await redeem(c.code, 'email:a@example.com', orderId);
    await redeem(c.code, 'email:a@example.com', orderId); // a repeated placement step: no second row, no refusal
    expect(await db.query(`SELECT count(*)::int AS n FROM coupon_redemption WHERE coupon_id = $1`, [c.id])).toEqual([{ n: 1 }]);
    await db.transaction((m) => coupons.releaseRedemption(m, orderId));
    expect((await coupons.check(c.code, { subtotal: 3000, customerKey: null }))?.verdict.ok).toBe(true);
    expect(await refusalOf(redeem('NO-SUCH-CODE', 'email:a@example.com'))).toBe('COUPON_UNKNOWN');
  });

  it('issues a coupon once per issue key, also when two grants race', async () => {
    const key = `birthday:${randomUUID()}`;
    const input = (code: string): NewCoupon => ({ code, kind: 'fixed', amount: 500, customerKey: 'user:u' });
    const [a, b] = await Promise.all([
      db.transaction((m) => coupons.issueOnce(m, key, input(`A${Date.now().toString(36)}`))),
      db.transaction((m) => coupons.issueOnce(m, key, input(`B${Date.now().toString(36)}`))),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await db.query(`SELECT count(*)::int AS n FROM coupon WHERE issue_key = $1`, [key])).toEqual([{ n: 1 }]);
    expect(await db.transaction((m) => coupons.issueOnce(m, key, input(`C${Date.now().toString(36)}`)))).toBeNull();
  });
});
