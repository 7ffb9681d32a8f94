import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Coupon } from './coupon.entity.js';

export interface CouponUsageRow {
  times_used: number;
  customers: number;
  discount_given: number;
  last_used_at: Date | null;
}

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

  async insertRedemption(manager: EntityManager, couponId: string, customerKey: string, orderId: string, discount = 0): Promise<void> {
    await manager.query(`INSERT INTO coupon_redemption (coupon_id, customer_key, order_id, discount) VALUES ($1, $2, $3, $4)`, [
      couponId,
      customerKey,
      orderId,
      discount,
    ]);
  }

  // ---------------------------------------------------------------- operators (coupon-admin.service.ts)

  /** The coupon with this id, optionally locked for update (an operator's change). */
  byId(manager: EntityManager, id: string, lock = false): Promise<Coupon | null> {
    const qb = manager.createQueryBuilder(Coupon, 'c').where('c.id = :id', { id });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** Whether another coupon (not `exceptId`) has this normalized code. */
  async codeTaken(manager: EntityManager, code: string, exceptId: string | null): Promise<boolean> {
    const rows = (await manager.query(`SELECT 1 FROM coupon WHERE code = $1 AND ($2::uuid IS NULL OR id <> $2)`, [
      code,
      exceptId,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** The usage figures of a coupon, from its redemptions (one per order that used it). */
  async usage(manager: EntityManager, couponId: string): Promise<CouponUsageRow> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS times_used, count(DISTINCT customer_key)::int AS customers,
              coalesce(sum(discount), 0)::int AS discount_given, max(redeemed_at) AS last_used_at
         FROM coupon_redemption WHERE coupon_id = $1`,
      [couponId],
    )) as CouponUsageRow[];
    return row!;
  }

  /**
   * One page of the operators' list and the number of coupons the filter matches. `state` as
   * contract/api/admin-coupons.ts `couponState` defines it, at `now`; `q` is part of a code.
   */
  async adminPage(
    filter: { q?: string; state?: 'active' | 'scheduled' | 'expired' | 'disabled'; sort: string; now: Date },
    offset: number,
    limit: number,
  ): Promise<{ total: number; rows: Array<Coupon & { timesUsed: number }> }> {
    const states: Record<string, string> = {
      disabled: `c.disabled_at IS NOT NULL`,
      expired: `c.disabled_at IS NULL AND c.valid_until IS NOT NULL AND c.valid_until <= $2`,
      scheduled: `c.disabled_at IS NULL AND (c.valid_until IS NULL OR c.valid_until > $2) AND c.valid_from > $2`,
      active: `c.disabled_at IS NULL AND (c.valid_until IS NULL OR c.valid_until > $2) AND (c.valid_from IS NULL OR c.valid_from <= $2)`,
    };
    const orders: Record<string, string> = {
      '-created': `c.created_at DESC`,
      created: `c.created_at ASC`,
      code: `c.code ASC`,
      '-code': `c.code DESC`,
      valid_until: `c.valid_until ASC NULLS LAST`,
      '-valid_until': `c.valid_until DESC NULLS FIRST`,
      used: `times_used ASC`,
      '-used': `times_used DESC`,
    };
    // the pattern's own wildcards are escaped: `q` matches literally
    const pattern = filter.q ? `%${filter.q.toUpperCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
    // $2 (now) is typed here, so every statement uses it whatever the state filter
    const where = `($1::text IS NULL OR c.code LIKE $1) AND $2::timestamptz IS NOT NULL${filter.state ? ` AND ${states[filter.state]}` : ''}`;
    const [{ total }] = (await this.db.query(`SELECT count(*)::int AS total FROM coupon c WHERE ${where}`, [pattern, filter.now])) as [
      { total: number },
    ];
    const ids = (await this.db.query(
      `SELECT c.id, (SELECT count(*) FROM coupon_redemption r WHERE r.coupon_id = c.id)::int AS times_used
         FROM coupon c WHERE ${where}
        ORDER BY ${orders[filter.sort] ?? orders['-created']}, c.id
        OFFSET $3 LIMIT $4`,
      [pattern, filter.now, offset, limit],
    )) as Array<{ id: string; times_used: number }>;
    if (!ids.length) return { total, rows: [] };
    const coupons = await this.db.manager
      .createQueryBuilder(Coupon, 'c')
      .where('c.id IN (:...ids)', { ids: ids.map((r) => r.id) })
      .getMany();
    const byId = new Map(coupons.map((c) => [c.id, c]));
    return { total, rows: ids.map((r) => Object.assign(byId.get(r.id)!, { timesUsed: r.times_used })) };
  }

  async deleteRedemptionsOf(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query(`DELETE FROM coupon_redemption WHERE order_id = $1`, [orderId]);
  }
}
