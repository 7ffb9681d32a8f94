import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Seeder, type DemoSeeder } from '../../platform/database/index.js';
import { CouponService, type NewCoupon } from './coupon.service.js';

const YEAR_MS = 365 * 86_400_000;

/** Demo coupons, so a newcomer can try every coupon rule in the cart (documented in docs/cart.md). */
export function demoCoupons(now: Date): NewCoupon[] {
  const until = new Date(now.getTime() + YEAR_MS);
  return [
    // 10 % off from 20,00 EUR, once per customer
    { code: 'DOBRODOSLI10', kind: 'percent', percent: 10, minimumOrder: 2000, perCustomerLimit: 1, validFrom: now, validUntil: until },
    // 5,00 EUR off from 40,00 EUR, 500 uses in total
    { code: 'TJESTENINA5', kind: 'fixed', amount: 500, minimumOrder: 4000, usageLimit: 500, validFrom: now, validUntil: until },
    // expired: shows the refusal message
    {
      code: 'LJETO2025',
      kind: 'percent',
      percent: 15,
      validFrom: new Date(now.getTime() - 2 * YEAR_MS),
      validUntil: new Date(now.getTime() - YEAR_MS),
    },
  ];
}

@Injectable()
@Seeder('cart-demo-coupons', 20)
export class CartDemoSeeder implements DemoSeeder {
  constructor(private readonly coupons: CouponService) {}

  async seed(manager: EntityManager): Promise<void> {
    for (const c of demoCoupons(new Date())) await this.coupons.create(c, manager);
  }
}
