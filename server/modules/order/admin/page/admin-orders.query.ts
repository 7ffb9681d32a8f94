import { ADMIN_ORDER_ACTIONS, AdminOrderListQuery, type AdminOrderAction } from '../../../../../contract/api/admin-orders.js';

const FILTER_KEYS = ['status', 'payment_status', 'payment_method', 'q', 'page'] as const;

export function isAction(value: unknown): value is AdminOrderAction {
  return typeof value === 'string' && (ADMIN_ORDER_ACTIONS as readonly string[]).includes(value);
}

/**
 * The list query, field by field: a valid value is used, an invalid one (unknown state, repeated
 * parameter, a page out of range) is dropped and reported, never a 500. Unknown parameters (the
 * `locale` switch, anything else) are ignored.
 */
export function readListQuery(query: Record<string, unknown>): { query: AdminOrderListQuery; invalid: boolean } {
  const out: Record<string, unknown> = {};
  let invalid = false;
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value === undefined || value === '') continue;
    const parsed = AdminOrderListQuery.shape[key].safeParse(value);
    if (!parsed.success) invalid = true;
    else if (parsed.data !== undefined) out[key] = parsed.data;
  }
  if (typeof out.q === 'string') {
    out.q = out.q.trim();
    if (!out.q) delete out.q;
  }
  return { query: out as AdminOrderListQuery, invalid };
}
