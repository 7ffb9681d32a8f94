import { AdminCouponListQuery, CouponIdParams, CouponTerms, CreateCouponBody, UpdateCouponBody, couponState } from './admin-coupons.js';

/** The codes a failed parse reports, by field. */
function problems(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } },
  v: unknown,
) {
  const r = schema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

const valid = { code: 'jesen-15', kind: 'percent', percent: 15 } as const;

describe('admin coupon schemas', () => {
  it('accepts a minimal coupon and stores the code upper case, trimmed', () => {
    expect(CreateCouponBody.parse({ ...valid, code: '  jesen-15 ' })).toMatchObject({ code: 'JESEN-15', kind: 'percent', percent: 15 });
    expect(
      CreateCouponBody.parse({
        code: 'B2B2026',
        kind: 'fixed',
        amount: 500,
        valid_from: '2026-12-01T00:00:00Z',
        valid_until: '2027-01-01T00:00:00+01:00',
        minimum_order: 4000,
        usage_limit: 100,
        per_customer_limit: 1,
        first_order_only: true,
        business_only: true,
      }),
    ).toMatchObject({ amount: 500, usage_limit: 100, business_only: true });
  });

  it('refuses codes that are not 3 to 32 letters, digits or dashes', () => {
    for (const code of ['AB', 'A'.repeat(33), '-ABC', 'ABC-', 'AB C', 'ŠKOLA', 'A_B', "A'; DROP", 42, null, ['ABC'], { a: 1 }]) {
      expect([code, problems(CreateCouponBody, { ...valid, code })]).toEqual([code, { code: 'COUPON_CODE_FORMAT' }]);
    }
    expect(problems(CreateCouponBody, { ...valid, code: 'A'.repeat(32) })).toEqual({});
    expect(problems(CreateCouponBody, { ...valid, code: 'a-1' })).toEqual({});
  });

  it('wants a whole percent 1 to 100 for percent coupons and a positive amount for fixed ones, not both', () => {
    for (const percent of [0, 101, 12.5, -5, '10', null, undefined]) {
      expect([percent, problems(CreateCouponBody, { ...valid, percent })]).toEqual([percent, { percent: 'COUPON_PERCENT_INVALID' }]);
    }
    expect(problems(CreateCouponBody, { ...valid, percent: 100 })).toEqual({});
    expect(problems(CreateCouponBody, { ...valid, amount: 300 })).toEqual({ amount: 'COUPON_AMOUNT_INVALID' });
    for (const amount of [0, -1, 1.5, '500', null, 1e12]) {
      expect([amount, problems(CreateCouponBody, { code: 'FIX', kind: 'fixed', amount })]).toEqual([
        amount,
        { amount: 'COUPON_AMOUNT_INVALID' },
      ]);
    }
    expect(problems(CreateCouponBody, { code: 'FIX', kind: 'fixed', amount: 1 })).toEqual({});
    expect(problems(CreateCouponBody, { code: 'FIX', kind: 'gift', amount: 1 })).toEqual({ kind: 'COUPON_KIND_INVALID' });
  });

  it('wants valid_until after valid_from, real calendar instants with an offset', () => {
    const window = (valid_from: unknown, valid_until: unknown) => problems(CreateCouponBody, { ...valid, valid_from, valid_until });
    expect(window('2026-12-01T00:00:00Z', '2026-12-01T00:00:00Z')).toEqual({ valid_until: 'COUPON_VALIDITY_ORDER' });
    expect(window('2026-12-02T00:00:00Z', '2026-12-01T00:00:00Z')).toEqual({ valid_until: 'COUPON_VALIDITY_ORDER' });
    expect(window('2026-12-01T00:00:00Z', '2026-12-01T00:00:01Z')).toEqual({});
    expect(window(null, null)).toEqual({});
    expect(window('2026-02-30T00:00:00Z', null)).toEqual({ valid_from: 'COUPON_DATE_INVALID' });
    expect(window('0000-01-01T00:00:00Z', null)).toEqual({ valid_from: 'COUPON_DATE_INVALID' });
    expect(window('2026-12-01', null)).toEqual({ valid_from: 'COUPON_DATE_INVALID' });
    expect(window('2026-12-01T00:00:00', null)).toEqual({ valid_from: 'COUPON_DATE_INVALID' });
    expect(window(null, 1767225600000)).toEqual({ valid_until: 'COUPON_DATE_INVALID' });
  });

  it('wants limits of at least 1 (or null), a minimum of 0 or more, and true or false flags', () => {
    for (const v of [0, -1, 2.5, '3', 1e9]) {
      expect(problems(CreateCouponBody, { ...valid, usage_limit: v, per_customer_limit: v })).toEqual({
        usage_limit: 'COUPON_LIMIT_INVALID',
        per_customer_limit: 'COUPON_LIMIT_INVALID',
      });
    }
    expect(problems(CreateCouponBody, { ...valid, usage_limit: null, per_customer_limit: 1 })).toEqual({});
    expect(problems(CreateCouponBody, { ...valid, minimum_order: -1 })).toEqual({ minimum_order: 'COUPON_MINIMUM_INVALID' });
    expect(problems(CreateCouponBody, { ...valid, minimum_order: 0 })).toEqual({});
    expect(problems(CreateCouponBody, { ...valid, first_order_only: 'yes', business_only: 1 })).toEqual({
      first_order_only: 'COUPON_FLAG_INVALID',
      business_only: 'COUPON_FLAG_INVALID',
    });
  });

  it('takes a change of any fields, but not an empty one; the terms are checked as a whole', () => {
    expect(problems(UpdateCouponBody, {})).toEqual({ '': 'COUPON_CHANGE_EMPTY' });
    expect(problems(UpdateCouponBody, { usage_limit: null })).toEqual({});
    expect(UpdateCouponBody.parse({ code: 'novi' })).toEqual({ code: 'NOVI' });
    expect(problems(UpdateCouponBody, { percent: 0 })).toEqual({ percent: 'COUPON_PERCENT_INVALID' });
    expect(problems(CouponTerms, { kind: 'fixed', percent: 10 })).toEqual({
      amount: 'COUPON_AMOUNT_INVALID',
      percent: 'COUPON_PERCENT_INVALID',
    });
  });

  it('reads list filters, refusing unknown ones', () => {
    expect(AdminCouponListQuery.parse({ q: ' jes ', state: 'active', page: '2', sort: '-used' })).toEqual({
      q: 'jes',
      state: 'active',
      page: 2,
      sort: '-used',
    });
    expect(AdminCouponListQuery.parse({ q: '', state: '' })).toEqual({});
    expect(problems(AdminCouponListQuery, { state: 'gone', page: '0', sort: 'price', q: ['a', 'b'] })).toEqual({
      state: 'COUPON_FILTER_INVALID',
      page: 'COUPON_FILTER_INVALID',
      sort: 'COUPON_FILTER_INVALID',
      q: 'COUPON_FILTER_INVALID',
    });
    expect(problems(CouponIdParams, { id: "1' OR 1=1" })).toEqual({ id: 'COUPON_ID_INVALID' });
  });

  it('names the state: disabled first, then the window (end exclusive)', () => {
    const now = new Date('2026-12-10T12:00:00Z');
    const c = { disabled_at: null, valid_from: '2026-12-01T00:00:00Z', valid_until: '2026-12-31T00:00:00Z' };
    expect(couponState(c, now)).toBe('active');
    expect(couponState({ ...c, disabled_at: '2026-12-05T00:00:00Z' }, now)).toBe('disabled');
    expect(couponState({ ...c, valid_from: '2026-12-11T00:00:00Z' }, now)).toBe('scheduled');
    expect(couponState({ ...c, valid_until: '2026-12-10T12:00:00Z' }, now)).toBe('expired');
    expect(couponState({ disabled_at: null, valid_from: null, valid_until: null }, now)).toBe('active');
  });
});
