/**
 * The coupon form's values and rules, pure (unit-tested): what the operator types (strings: euros with a
 * decimal comma or point, Zagreb days, limits) <-> the API's coupon (cents, instants, numbers), the
 * count of changes for the save bar, the checks before sending, and the body of a create or an edit.
 */
import type { AdminCouponDetail, CreateCouponBody, UpdateCouponBody } from '../../../contract/api/admin-coupons';
import { COUPON_CODE_PATTERN } from '../../../contract/api/admin-coupons';
import { nextDay, zagrebDay, zagrebDayStart } from '../history/zagreb';

export const COUPON_FIELDS = [
  'code',
  'kind',
  'percent',
  'amount',
  'minimum_order',
  'valid_from',
  'valid_until',
  'usage_limit',
  'per_customer_limit',
  'first_order_only',
  'business_only',
] as const;
export type CouponField = (typeof COUPON_FIELDS)[number];

export interface CouponValues {
  code: string;
  kind: 'percent' | 'fixed';
  percent: string;
  amount: string;
  minimum_order: string;
  /** First valid day (Zagreb), `YYYY-MM-DD` or ''. */
  valid_from: string;
  /** Last valid day (Zagreb, inclusive), `YYYY-MM-DD` or ''. */
  valid_until: string;
  usage_limit: string;
  per_customer_limit: string;
  first_order_only: boolean;
  business_only: boolean;
}

export const EMPTY_COUPON: CouponValues = {
  code: '',
  kind: 'percent',
  percent: '',
  amount: '',
  minimum_order: '',
  valid_from: '',
  valid_until: '',
  usage_limit: '',
  per_customer_limit: '',
  first_order_only: false,
  business_only: false,
};

/** Largest amount typed: 1,000,000.00 € (the API's own limit). */
const MAX_CENTS = 100_000_000;

/**
 * Euros as typed -> cents: `20`, `20,5`, `20.50`, `1.234,56`, `1 234,56`, `€ 20` -> 2000, 2050, 2050,
 * 123456, 123456, 2000. '' -> null (nothing typed); anything else (three decimals, an ambiguous
 * `1,234`, letters, a minus, more than 1,000,000 €) -> undefined (not an amount).
 */
export function parseEuro(typed: string): number | null | undefined {
  const s = typed.replace(/[\s\u00a0€]|EUR/gi, '');
  if (s === '') return null;
  const m = /^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/.exec(s);
  if (!m) return undefined;
  // The same mark cannot separate thousands and decimals ('1.234.56').
  if (m[2] && m[3] && m[2] === m[3]) return undefined;
  // One mark before three digits and nothing after ('4,555', '1.234') may be a thousand or a typed
  // decimal: refused rather than guessed (a coupon 1,000 times too large is no small mistake).
  if (m[2] && !m[3] && (m[1]!.match(/[.,]/g) ?? []).length === 1) return undefined;
  const whole = Number(m[1]!.replace(/[.,]/g, ''));
  const cents = whole * 100 + (m[4] ? Number(m[4].padEnd(2, '0')) : 0);
  return cents > MAX_CENTS ? undefined : cents;
}

/** Cents -> how the form shows them, in the back office's way of writing (`20,00` or `20.00`). */
export function euroText(cents: number | null, decimalComma: boolean): string {
  if (cents === null) return '';
  const text = (cents / 100).toFixed(2);
  return decimalComma ? text.replace('.', ',') : text;
}

function wholeNumber(typed: string, min: number, max: number): number | null | undefined {
  const s = typed.trim();
  if (s === '') return null;
  if (!/^\d{1,9}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= min && n <= max ? n : undefined;
}

/** The form's values of a coupon from the API. */
export function valuesOf(c: AdminCouponDetail, decimalComma: boolean): CouponValues {
  return {
    code: c.code,
    kind: c.kind,
    percent: c.percent === null ? '' : String(c.percent),
    amount: euroText(c.amount, decimalComma),
    minimum_order: c.minimum_order ? euroText(c.minimum_order, decimalComma) : '',
    valid_from: c.valid_from ? zagrebDay(c.valid_from) : '',
    // The API's end is exclusive: the form shows the last day it still holds.
    valid_until: c.valid_until ? zagrebDay(new Date(Date.parse(c.valid_until) - 1)) : '',
    usage_limit: c.usage_limit === null ? '' : String(c.usage_limit),
    per_customer_limit: c.per_customer_limit === null ? '' : String(c.per_customer_limit),
    first_order_only: c.first_order_only,
    business_only: c.business_only,
  };
}

/** The fields whose value differs from the saved one (the save bar counts them). */
export function changedFields(values: CouponValues, saved: CouponValues): CouponField[] {
  return COUPON_FIELDS.filter((f) => {
    if (f === 'percent' && values.kind !== 'percent' && saved.kind !== 'percent') return false;
    if (f === 'amount' && values.kind !== 'fixed' && saved.kind !== 'fixed') return false;
    return values[f] !== saved[f];
  });
}

/** Message keys (under `coupons.errors`) of what the form cannot send. */
export type CouponProblems = Partial<Record<CouponField, string>>;

interface Converted {
  code: string;
  kind: 'percent' | 'fixed';
  percent: number | null;
  amount: number | null;
  minimum_order: number;
  valid_from: string | null;
  valid_until: string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  first_order_only: boolean;
  business_only: boolean;
}

/** Checks the values and converts them to the API's terms; problems per field (message keys) when any. */
export function convert(v: CouponValues): { problems: CouponProblems; terms: Converted | null } {
  const problems: CouponProblems = {};
  const code = v.code.trim();
  if (!COUPON_CODE_PATTERN.test(code)) problems.code = 'code';
  const percent = v.kind === 'percent' ? wholeNumber(v.percent, 1, 100) : null;
  if (v.kind === 'percent' && (percent === undefined || percent === null)) problems.percent = 'percent';
  const amount = v.kind === 'fixed' ? parseEuro(v.amount) : null;
  if (v.kind === 'fixed' && (amount === undefined || amount === null || amount < 1)) problems.amount = 'euro';
  const minimum = parseEuro(v.minimum_order);
  if (minimum === undefined) problems.minimum_order = 'euro';
  const from = v.valid_from ? zagrebDayStart(v.valid_from) : null;
  if (v.valid_from && !from) problems.valid_from = 'date';
  const lastDay = v.valid_until ? nextDay(v.valid_until) : null;
  const until = lastDay ? zagrebDayStart(lastDay) : null;
  if (v.valid_until && !until) problems.valid_until = 'date';
  else if (from && until && Date.parse(until) <= Date.parse(from)) problems.valid_until = 'order';
  const usage = wholeNumber(v.usage_limit, 1, 1_000_000);
  if (usage === undefined) problems.usage_limit = 'limit';
  const perCustomer = wholeNumber(v.per_customer_limit, 1, 1_000_000);
  if (perCustomer === undefined) problems.per_customer_limit = 'limit';
  if (Object.keys(problems).length > 0) return { problems, terms: null };
  return {
    problems,
    terms: {
      code: code.toUpperCase(),
      kind: v.kind,
      percent: percent ?? null,
      amount: amount ?? null,
      minimum_order: minimum ?? 0,
      valid_from: from,
      valid_until: until,
      usage_limit: usage ?? null,
      per_customer_limit: perCustomer ?? null,
      first_order_only: v.first_order_only,
      business_only: v.business_only,
    },
  };
}

/** The body of a new coupon. */
export function createBody(terms: Converted): CreateCouponBody {
  const { percent, amount, ...rest } = terms;
  return terms.kind === 'percent' ? { ...rest, percent } : { ...rest, amount };
}

/** The body of an edit: only the changed fields (a kind switch sends the new kind's value and clears the other). */
export function updateBody(terms: Converted, changed: readonly CouponField[]): UpdateCouponBody {
  const body: Record<string, unknown> = {};
  for (const f of changed) body[f] = terms[f];
  if (changed.includes('kind')) {
    body.percent = terms.percent;
    body.amount = terms.amount;
  }
  return body as UpdateCouponBody;
}
