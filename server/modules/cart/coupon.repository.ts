import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Coupon } from './coupon.entity.js';

/** The SQL of coupons and their redemptions (`coupon`, `coupon_redemption`); methods run on the manager given (the caller's transaction). */
@Injectable()
export class CouponRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A coupon entity, not saved. */
  build(fields: Partial<Coupon>): Coupon {
    return this.db.manager.create(Coupon, fields);
  }

  save(manager: EntityManager, coupon: Coupon): Promise<Coupon> {
    return manager.save(coupon);
  }

  /** Inserts the coupon unless one with `issueKey` exists (the unique key decides); true when inserted. */
  async insertOnce(manager: EntityManager, c: Coupon, issueKey: string): Promise<boolean> {
    const rows = (await manager.query(
      `INSERT INTO coupon (id, code, kind, percent, amount, valid_from, valid_until, minimum_order, usage_limit, per_customer_limit, customer_key, issue_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (issue_key) DO NOTHING RETURNING id`,
      [
        c.id,
        c.code,
        c.kind,
        c.percent,
        c.amount,
        c.validFrom,
        c.validUntil,
        c.minimumOrder,
        c.usageLimit,
        c.perCustomerLimit,
        c.customerKey,
        issueKey,
        c.createdAt,
      ],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The coupon of a (normalized) code, optionally locked for update. */
  findByCode(manager: EntityManager, code: string, lock = false): Promise<Coupon | null> {
    const qb = manager.createQueryBuilder(Coupon, 'c').where('c.code = :code', { code });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** How often the coupon was redeemed, in all and by `customerKey`. */
  async redemptions(manager: EntityManager, couponId: string, customerKey: string): Promise<{ total: number; mine: number }> {
    const [counts] = (await manager.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE customer_key = $2)::int AS mine FROM coupon_redemption WHERE coupon_id = $1`,
      [couponId, customerKey],
    )) as Array<{ total: number; mine: number }>;
    return counts!;
  }

  async isRedeemedBy(manager: EntityManager, couponId: string, orderId: string): Promise<boolean> {
    const rows = (await manager.query(`SELECT 1 FROM coupon_redemption WHERE coupon_id = $1 AND order_id = $2`, [
      couponId,
      orderId,
    ])) as unknown[];
    return rows.length > 0;
  }

  async insertRedemption(manager: EntityManager, couponId: string, customerKey: string, orderId: string): Promise<void> {
    await manager.query(`INSERT INTO coupon_redemption (coupon_id, customer_key, order_id) VALUES ($1, $2, $3)`, [
      couponId,
      customerKey,
      orderId,
    ]);
  }

  async deleteRedemptionsOf(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query(`DELETE FROM coupon_redemption WHERE order_id = $1`, [orderId]);
  }
}
