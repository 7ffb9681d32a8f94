import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import {
  ADMIN_COUPONS_PAGE_SIZE,
  COUPON_LOCKED_WHEN_USED,
  CouponTerms,
  couponState,
  type CreateCouponBody,
  type AdminCouponDetail,
  type AdminCouponList,
  type AdminCouponListQuery,
  type AdminCouponRow,
  type CouponSort,
} from '../../../../contract/api/admin-coupons.js';
import { AuditTrail, registerAuditFields, type AuditActor } from '../../../platform/audit/index.js';
import { parseOrThrow } from '../../../platform/http/zod-validation.js';
import type { z } from 'zod';
import { CartError } from '../cart.errors.js';
import type { Coupon } from '../coupon.entity.js';
import { CouponRepository, type CouponUsageRow } from '../coupon.repository.js';
import { CouponService } from '../coupon.service.js';

type CouponFields = z.output<typeof CreateCouponBody>;
type CouponChange = Partial<CouponFields>;
type Terms = z.output<typeof CouponTerms>;

/** What the audit log keeps of a coupon ('coupon' entries): its terms and switch, never whose personal coupon it is. */
const AUDITED = [
  'code',
  'kind',
  'percent',
  'amount',
  'valid_from',
  'valid_until',
  'minimum_order',
  'usage_limit',
  'per_customer_limit',
  'first_order_only',
  'business_only',
  'disabled_at',
] as const;
registerAuditFields('coupon', AUDITED);

/**
 * The operators' coupons (docs/admin.md 'Coupons API'): list, detail with usage figures, create,
 * edit, switch off and on. Each change runs in one transaction that locks the coupon row, so a
 * change and a checkout redeeming the coupon (which locks the same row) never cross: the usage an
 * edit looks at is the usage at commit.
 */
@Injectable()
export class CouponAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly coupons: CouponRepository,
    private readonly couponService: CouponService,
    private readonly audit: AuditTrail,
  ) {}

  async list(query: AdminCouponListQuery, now: Date = new Date()): Promise<AdminCouponList> {
    const page = query.page ?? 1;
    const sort: CouponSort = query.sort ?? '-created';
    const { total, rows } = await this.coupons.adminPage(
      { q: query.q, state: query.state, sort, now },
      (page - 1) * ADMIN_COUPONS_PAGE_SIZE,
      ADMIN_COUPONS_PAGE_SIZE,
    );
    return { coupons: rows.map((c) => ({ ...row(c, now), times_used: c.timesUsed })), page, page_size: ADMIN_COUPONS_PAGE_SIZE, total };
  }

  async detail(id: string, manager: EntityManager = this.db.manager, now: Date = new Date()): Promise<AdminCouponDetail> {
    const coupon = await this.coupons.byId(manager, id);
    if (!coupon) throw new CartError('COUPON_NOT_FOUND');
    return detailOf(coupon, await this.coupons.usage(manager, id), now);
  }

  /** A new coupon; its code must be free whatever the case (409 COUPON_CODE_TAKEN). */
  async create(input: CouponFields, actor: AuditActor): Promise<AdminCouponDetail> {
    return this.db.transaction(async (m) => {
      if (await this.coupons.codeTaken(m, input.code, null)) throw new CartError('COUPON_CODE_TAKEN', { code: input.code }, 'code');
      const coupon = await uniqueCode(input.code, () =>
        this.couponService.create(
          {
            code: input.code,
            kind: input.kind,
            percent: input.percent ?? undefined,
            amount: input.amount ?? undefined,
            validFrom: dateOrNull(input.valid_from),
            validUntil: dateOrNull(input.valid_until),
            minimumOrder: input.minimum_order ?? 0,
            usageLimit: input.usage_limit ?? null,
            perCustomerLimit: input.per_customer_limit ?? null,
            firstOrderOnly: input.first_order_only ?? false,
            businessOnly: input.business_only ?? false,
          },
          m,
        ),
      );
      await this.audit.record(m, {
        actor,
        action: 'coupon.create',
        entityType: 'coupon',
        entityId: coupon.id,
        before: null,
        after: audited(coupon),
      });
      return this.detail(coupon.id, m);
    });
  }

  /**
   * Changes the fields given. The result must be a valid coupon as a whole (the same rules as a new
   * one, 422); once an order used it, its code, kind, percent and amount stay (409 COUPON_LOCKED).
   */
  async update(id: string, change: CouponChange, actor: AuditActor): Promise<AdminCouponDetail> {
    return this.db.transaction(async (m) => {
      const coupon = await this.coupons.byId(m, id, true);
      if (!coupon) throw new CartError('COUPON_NOT_FOUND');
      const { code: newCode, ...termsChange } = definedOnly(change);
      const current = { code: coupon.code, ...termsOf(coupon) };
      // switching the kind drops the other kind's value unless it is sent
      const switched = change.kind && change.kind !== current.kind ? { percent: null, amount: null } : {};
      const next = { code: newCode ?? coupon.code, ...parseOrThrow(CouponTerms, { ...termsOf(coupon), ...switched, ...termsChange }) };
      const usage = await this.coupons.usage(m, id);
      if (usage.times_used > 0) {
        const locked = COUPON_LOCKED_WHEN_USED.filter((f) => (next[f] ?? null) !== (current[f] ?? null));
        if (locked.length) throw new CartError('COUPON_LOCKED', { fields: locked.join(', ') }, locked[0]);
      }
      if (next.code !== coupon.code && (await this.coupons.codeTaken(m, next.code, id))) {
        throw new CartError('COUPON_CODE_TAKEN', { code: next.code }, 'code');
      }
      const before = audited(coupon);
      Object.assign(coupon, {
        code: next.code,
        kind: next.kind,
        percent: next.kind === 'percent' ? (next.percent ?? null) : null,
        amount: next.kind === 'fixed' ? (next.amount ?? null) : null,
        validFrom: dateOrNull(next.valid_from),
        validUntil: dateOrNull(next.valid_until),
        minimumOrder: next.minimum_order ?? 0,
        usageLimit: next.usage_limit ?? null,
        perCustomerLimit: next.per_customer_limit ?? null,
        firstOrderOnly: next.first_order_only ?? false,
        businessOnly: next.business_only ?? false,
      });
      const after = audited(coupon);
      const changed = AUDITED.filter((f) => before[f] !== after[f]);
      // a change to the same values is no change: nothing saved, nothing logged
      if (changed.length) {
        coupon.updatedAt = new Date();
        await uniqueCode(next.code, () => this.coupons.save(m, coupon));
        await this.audit.record(m, {
          actor,
          action: 'coupon.update',
          entityType: 'coupon',
          entityId: id,
          before: pick(before, ['code', ...changed]),
          after: pick(after, ['code', ...changed]),
        });
      }
      return this.detail(id, m);
    });
  }

  /** Switches the coupon off (shoppers get COUPON_DISABLED) or on again; doing it twice changes nothing. */
  async setDisabled(id: string, disabled: boolean, actor: AuditActor): Promise<AdminCouponDetail> {
    return this.db.transaction(async (m) => {
      const coupon = await this.coupons.byId(m, id, true);
      if (!coupon) throw new CartError('COUPON_NOT_FOUND');
      if ((coupon.disabledAt !== null) !== disabled) {
        const before = audited(coupon);
        const now = new Date();
        coupon.disabledAt = disabled ? now : null;
        coupon.updatedAt = now;
        await this.coupons.save(m, coupon);
        await this.audit.record(m, {
          actor,
          action: disabled ? 'coupon.disable' : 'coupon.enable',
          entityType: 'coupon',
          entityId: id,
          before: { code: before.code, disabled_at: before.disabled_at },
          after: { code: coupon.code, disabled_at: audited(coupon).disabled_at },
        });
      }
      return this.detail(id, m);
    });
  }
}

/** The audited fields of a coupon, as plain JSON values (instants as ISO strings). */
function audited(c: Coupon): Record<(typeof AUDITED)[number], string | number | boolean | null> {
  return {
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amount: c.amount,
    valid_from: c.validFrom?.toISOString() ?? null,
    valid_until: c.validUntil?.toISOString() ?? null,
    minimum_order: c.minimumOrder,
    usage_limit: c.usageLimit,
    per_customer_limit: c.perCustomerLimit,
    first_order_only: c.firstOrderOnly,
    business_only: c.businessOnly,
    disabled_at: c.disabledAt?.toISOString() ?? null,
  };
}

function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}

/** The coupon's terms as the request schemas describe them (to merge a change into). */
function termsOf(c: Coupon): Terms {
  return {
    kind: c.kind,
    percent: c.percent,
    amount: c.amount,
    valid_from: c.validFrom?.toISOString() ?? null,
    valid_until: c.validUntil?.toISOString() ?? null,
    minimum_order: c.minimumOrder,
    usage_limit: c.usageLimit,
    per_customer_limit: c.perCustomerLimit,
    first_order_only: c.firstOrderOnly,
    business_only: c.businessOnly,
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function dateOrNull(v: string | null | undefined): Date | null {
  return v ? new Date(v) : null;
}

/** Runs a write that may meet a concurrent coupon with the same code: the unique index decides (409). */
async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') {
      throw new CartError('COUPON_CODE_TAKEN', { code }, 'code');
    }
    throw err;
  }
}

function row(c: Coupon, now: Date): Omit<AdminCouponRow, 'times_used'> {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amount: c.amount,
    valid_from: c.validFrom?.toISOString() ?? null,
    valid_until: c.validUntil?.toISOString() ?? null,
    minimum_order: c.minimumOrder,
    usage_limit: c.usageLimit,
    per_customer_limit: c.perCustomerLimit,
    first_order_only: c.firstOrderOnly,
    business_only: c.businessOnly,
    personal: c.customerKey !== null,
    state: couponState({ disabled_at: c.disabledAt, valid_from: c.validFrom, valid_until: c.validUntil }, now),
    created_at: c.createdAt.toISOString(),
  };
}

function detailOf(c: Coupon, usage: CouponUsageRow, now: Date): AdminCouponDetail {
  return {
    ...row(c, now),
    disabled_at: c.disabledAt?.toISOString() ?? null,
    updated_at: c.updatedAt.toISOString(),
    usage: {
      times_used: usage.times_used,
      customers: usage.customers,
      discount_given: usage.discount_given,
      last_used_at: usage.last_used_at ? new Date(usage.last_used_at).toISOString() : null,
    },
    locked_fields: usage.times_used > 0 ? [...COUPON_LOCKED_WHEN_USED] : [],
  };
}
