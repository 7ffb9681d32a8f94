import { z } from 'zod';
import { data, report } from './fields.js';

/**
 * The operators' coupon API (`/api/admin/coupons`, role admin only; docs/admin.md 'Coupons API').
 * JSON names snake_case, money in integer euro cents (gross), instants as ISO 8601 strings. Every
 * failure of a request schema names a COUPON_* code the server localizes (server/locales, `cart.errors`).
 */

/** 3 to 32 letters, digits or dashes, starting and ending with a letter or digit; stored upper case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{1,30}[A-Za-z0-9]$/;
export const COUPON_KINDS = ['percent', 'fixed'] as const;
/** The ready-made views: `active` (on, inside its window), `scheduled` (on, window not open yet), `expired` (window over), `disabled` (switched off). */
export const COUPON_STATES = ['active', 'scheduled', 'expired', 'disabled'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_SORTS = ['-created', 'created', 'code', '-code', 'valid_until', '-valid_until', 'used', '-used'] as const;
export type CouponSort = (typeof COUPON_SORTS)[number];
/** Rows per page of the list. */
export const ADMIN_COUPONS_PAGE_SIZE = 25;
/** Largest amounts an operator can type (a typo must not become a 10-digit limit). */
const MAX_CENTS = 100_000_000;
const MAX_LIMIT = 1_000_000;

/** The fields that cannot change once an order has used the coupon: what those orders were priced with. */
export const COUPON_LOCKED_WHEN_USED = ['code', 'kind', 'percent', 'amount'] as const;

/** The state of a coupon at `now` (disabled wins; then the window; `valid_until` is exclusive). */
export function couponState(
  c: { disabled_at: string | Date | null; valid_from: string | Date | null; valid_until: string | Date | null },
  now: Date,
): CouponState {
  if (c.disabled_at) return 'disabled';
  if (c.valid_until && new Date(c.valid_until) <= now) return 'expired';
  if (c.valid_from && new Date(c.valid_from) > now) return 'scheduled';
  return 'active';
}

// ----- requests ---------------------------------------------------------------------------------

/** A query value: '' and blanks are absent; anything else must parse (else COUPON_FILTER_INVALID). */
function anyWhenEmpty<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    schema.optional(),
  );
}
const FILTER = { message: 'COUPON_FILTER_INVALID' };

/** `GET /api/admin/coupons?q=&state=&page=&sort=`: `q` is part of a code; `sort` by default newest first. */
export const AdminCouponListQuery = z.object({
  q: anyWhenEmpty(z.string(FILTER).max(64, FILTER)),
  state: anyWhenEmpty(z.enum(COUPON_STATES, FILTER)),
  page: anyWhenEmpty(z.coerce.number(FILTER).int(FILTER).min(1, FILTER).max(100_000, FILTER)),
  sort: anyWhenEmpty(z.enum(COUPON_SORTS, FILTER)),
});
export type AdminCouponListQuery = z.infer<typeof AdminCouponListQuery>;

/** `/api/admin/coupons/{id}` */
export const CouponIdParams = z.object({
  id: z.uuid({ message: 'COUPON_ID_INVALID' }).meta({ description: "The coupon's id (uuid)" }),
});

const code = z
  .string({ message: 'COUPON_CODE_FORMAT' })
  .trim()
  .regex(COUPON_CODE_PATTERN, { message: 'COUPON_CODE_FORMAT' })
  .transform((v) => v.toUpperCase())
  .meta({ example: 'JESEN-15', description: '3 to 32 letters, digits or dashes; stored upper case, unique whatever the case' });
const kind = z.enum(COUPON_KINDS, { message: 'COUPON_KIND_INVALID' });
const percent = z
  .number({ message: 'COUPON_PERCENT_INVALID' })
  .int({ message: 'COUPON_PERCENT_INVALID' })
  .min(1, { message: 'COUPON_PERCENT_INVALID' })
  .max(100, { message: 'COUPON_PERCENT_INVALID' })
  .nullable();
const amount = z
  .number({ message: 'COUPON_AMOUNT_INVALID' })
  .int({ message: 'COUPON_AMOUNT_INVALID' })
  .min(1, { message: 'COUPON_AMOUNT_INVALID' })
  .max(MAX_CENTS, { message: 'COUPON_AMOUNT_INVALID' })
  .nullable()
  .meta({ description: 'Cents off the goods (kind fixed)' });
/** A real calendar day (no 30 February) in the years 2000 to 2999. */
function isCalendarInstant(v: string): boolean {
  const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2999 && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** An instant with its offset, between the years 2000 and 2999 (a real calendar date). */
const instant = z.iso
  .datetime({ offset: true, message: 'COUPON_DATE_INVALID' })
  .refine(isCalendarInstant, { message: 'COUPON_DATE_INVALID' })
  .nullable();
const minimumOrder = z
  .number({ message: 'COUPON_MINIMUM_INVALID' })
  .int({ message: 'COUPON_MINIMUM_INVALID' })
  .min(0, { message: 'COUPON_MINIMUM_INVALID' })
  .max(MAX_CENTS, { message: 'COUPON_MINIMUM_INVALID' })
  .meta({ description: 'Goods value (gross cents, before discount) the cart must reach' });
const limit = z
  .number({ message: 'COUPON_LIMIT_INVALID' })
  .int({ message: 'COUPON_LIMIT_INVALID' })
  .min(1, { message: 'COUPON_LIMIT_INVALID' })
  .max(MAX_LIMIT, { message: 'COUPON_LIMIT_INVALID' })
  .nullable();
const flag = z.boolean({ message: 'COUPON_FLAG_INVALID' });

/** Everything of a coupon but its code. */
const termsFields = {
  kind,
  percent: percent.optional().meta({ description: 'Whole percent off the goods, 1 to 100 (kind percent)' }),
  amount: amount.optional(),
  valid_from: instant.optional().meta({ description: 'Start of validity (inclusive); null = from now' }),
  valid_until: instant.optional().meta({ description: 'End of validity (exclusive); null = no end' }),
  minimum_order: minimumOrder.optional(),
  usage_limit: limit.optional().meta({ description: 'Uses in all; null = no limit' }),
  per_customer_limit: limit.optional().meta({ description: 'Uses per customer; null = no limit' }),
  first_order_only: flag.optional().meta({ description: "Only a customer's first order (no earlier order that was not cancelled)" }),
  business_only: flag.optional().meta({ description: 'Only signed-in business buyers' }),
};

/** The rules across fields: the value that goes with the kind, and the window's order. */
function checkTerms(
  v: {
    kind?: string;
    percent?: number | null;
    amount?: number | null;
    valid_from?: string | null;
    valid_until?: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (v.kind === 'percent') {
    if (v.percent == null) report(ctx, 'COUPON_PERCENT_INVALID', ['percent']);
    if (v.amount != null) report(ctx, 'COUPON_AMOUNT_INVALID', ['amount']);
  }
  if (v.kind === 'fixed') {
    if (v.amount == null) report(ctx, 'COUPON_AMOUNT_INVALID', ['amount']);
    if (v.percent != null) report(ctx, 'COUPON_PERCENT_INVALID', ['percent']);
  }
  if (v.valid_from && v.valid_until && Date.parse(v.valid_until) <= Date.parse(v.valid_from)) {
    report(ctx, 'COUPON_VALIDITY_ORDER', ['valid_until']);
  }
}

/** `POST /api/admin/coupons`: `percent` goes with kind `percent`, `amount` with kind `fixed` (the other absent or null). */
export const CreateCouponBody = z.object({ code, ...termsFields }).superRefine(checkTerms);
export type CreateCouponBody = z.input<typeof CreateCouponBody>;

/** The terms of a coupon (all but its code), checked as a whole: what an edit must leave behind. */
export const CouponTerms = z.object(termsFields).superRefine(checkTerms);

/**
 * `PATCH /api/admin/coupons/{id}`: the fields to change (null clears an optional one). The result
 * must satisfy the same rules as a new coupon; once used, `code`, `kind`, `percent` and `amount`
 * are locked (409 COUPON_LOCKED).
 */
export const UpdateCouponBody = z.object({ code: code.optional(), ...termsFields, kind: kind.optional() }).superRefine((v, ctx) => {
  if (Object.values(v).every((x) => x === undefined)) report(ctx, 'COUPON_CHANGE_EMPTY');
});
export type UpdateCouponBody = z.input<typeof UpdateCouponBody>;

/** `POST /api/admin/coupons/{id}/disable` and `/enable`: nothing to send (`{}`). */
export const CouponActionBody = z.object({});

// ----- answers ----------------------------------------------------------------------------------

const stateSchema = z.enum(COUPON_STATES);
const dateTime = z.string().meta({ format: 'date-time' });

/** How a coupon was used, from the orders that redeemed it (a buyer's cancelled unpaid order gives its use back). */
export const CouponUsage = z.object({
  times_used: z.number().int(),
  customers: z.number().int().meta({ description: 'Different customers (accounts or guest e-mail addresses)' }),
  discount_given: z.number().int().meta({ description: 'Cents off in all those orders' }),
  last_used_at: dateTime.nullable(),
});
export type CouponUsage = z.infer<typeof CouponUsage>;

/** One row of the list. */
export const AdminCouponRow = z.object({
  id: z.string(),
  code: z.string(),
  kind: kind,
  percent: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  valid_from: dateTime.nullable(),
  valid_until: dateTime.nullable(),
  minimum_order: z.number().int(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  first_order_only: z.boolean(),
  business_only: z.boolean(),
  personal: z.boolean().meta({ description: 'A personal coupon of one account (e.g. a birthday present), issued by the shop' }),
  state: stateSchema,
  times_used: z.number().int(),
  created_at: dateTime,
});
export type AdminCouponRow = z.infer<typeof AdminCouponRow>;

export const AdminCouponListResponse = data(
  z.object({
    coupons: z.array(AdminCouponRow),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int().meta({ description: 'Coupons matching the filters' }),
  }),
);
export type AdminCouponList = z.infer<typeof AdminCouponListResponse>['data'];

/** `GET /api/admin/coupons/{id}` and the answer of every change. */
export const AdminCouponDetail = AdminCouponRow.omit({ times_used: true }).extend({
  disabled_at: dateTime.nullable(),
  updated_at: dateTime,
  usage: CouponUsage,
  locked_fields: z
    .array(z.enum(COUPON_LOCKED_WHEN_USED))
    .meta({ description: 'Fields that can no longer change (the coupon was used); empty while unused' }),
});
export type AdminCouponDetail = z.infer<typeof AdminCouponDetail>;
export const AdminCouponDetailResponse = data(AdminCouponDetail);
