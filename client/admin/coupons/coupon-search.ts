/**
 * The coupon list's search params (state view, search, sort, page), validated by the API's own zod
 * schema field by field: a hostile or stale value is dropped, the rest of the URL still counts.
 */
import { AdminCouponListQuery, type CouponSort, type CouponState } from '../../../contract/api/admin-coupons';

export interface CouponSearch {
  q?: string;
  state?: CouponState;
  sort?: CouponSort;
  page?: number;
}

export function couponSearch(raw: Record<string, unknown>): CouponSearch {
  const out: CouponSearch = {};
  const shape = AdminCouponListQuery.shape;
  const q = shape.q.safeParse(raw.q);
  if (q.success && q.data) out.q = q.data;
  const state = shape.state.safeParse(raw.state);
  if (state.success && state.data) out.state = state.data;
  const sort = shape.sort.safeParse(raw.sort);
  if (sort.success && sort.data) out.sort = sort.data;
  const page = shape.page.safeParse(raw.page);
  if (page.success && page.data && page.data > 1) out.page = page.data;
  return out;
}

/** The list's last search in this tab, so 'back to the coupons' opens the list as it was left. */
let last: CouponSearch = {};
export const rememberCouponSearch = (search: CouponSearch) => void (last = search);
export const lastCouponSearch = (): CouponSearch => last;
