/**
 * The order list's search params (view, filters, search, sort, page), validated by the API's own zod
 * schema field by field: a hostile or stale value is dropped, the rest of the URL still counts.
 */
import { AdminOrderListQueryFull, type AdminOrderSort, type AdminOrderView } from '../../../contract/api/admin-orders';
import type { FulfilmentStatus, PaymentMethod, PaymentStatus } from '../../../contract/orders';

export interface OrderSearch {
  view?: AdminOrderView;
  status?: FulfilmentStatus;
  payment_status?: PaymentStatus;
  payment_method?: PaymentMethod;
  q?: string;
  sort?: AdminOrderSort;
  page?: number;
}

export function orderSearch(raw: Record<string, unknown>): OrderSearch {
  const out: OrderSearch = {};
  const shape = AdminOrderListQueryFull.shape;
  const view = shape.view.safeParse(raw.view);
  if (view.success && view.data) out.view = view.data;
  const status = shape.status.safeParse(raw.status);
  if (status.success && status.data) out.status = status.data;
  const payment = shape.payment_status.safeParse(raw.payment_status);
  if (payment.success && payment.data) out.payment_status = payment.data;
  const method = shape.payment_method.safeParse(raw.payment_method);
  if (method.success && method.data) out.payment_method = method.data;
  const q = shape.q.safeParse(typeof raw.q === 'number' ? String(raw.q) : raw.q);
  if (q.success && q.data) out.q = q.data.slice(0, 254);
  const sort = shape.sort.safeParse(raw.sort);
  if (sort.success && sort.data && sort.data !== '-placed_at') out.sort = sort.data;
  const page = shape.page.safeParse(raw.page);
  if (page.success && page.data && page.data > 1) out.page = page.data;
  return out;
}

/** The list's last search in this tab, so 'back to orders' opens the list as it was left. */
let last: OrderSearch = {};
export const rememberOrderSearch = (search: OrderSearch) => void (last = search);
export const lastOrderSearch = (): OrderSearch => last;

/** The packing slips' address for these order numbers, or for every order to ship now. */
export function slipsHref(numbers: readonly string[] | 'to_ship'): string {
  return numbers === 'to_ship'
    ? '/api/admin/orders/packing-slips.pdf?view=to_ship'
    : `/api/admin/orders/packing-slips.pdf?numbers=${numbers.map(encodeURIComponent).join(',')}`;
}
