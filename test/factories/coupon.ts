import type { INestApplicationContext } from '@nestjs/common';
import { CouponService, type NewCoupon } from '../../server/modules/cart/index.js';

let seq = 0;

/** Creates a real coupon (through CouponService); the code is unique per call unless given. */
export async function createCoupon(app: INestApplicationContext, overrides: Partial<NewCoupon> = {}) {
  seq += 1;
  return app.get(CouponService).create({
    code: `T${process.pid.toString(36)}${Date.now().toString(36)}${seq}`.toUpperCase(),
    kind: 'percent',
    percent: 10,
    ...overrides,
  });
}
