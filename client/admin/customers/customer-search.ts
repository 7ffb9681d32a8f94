/**
 * The customer list's search params (search, view, page), validated by the API's own zod schema
 * field by field: a hostile or stale value is dropped, the rest of the URL still counts. The view
 * 'invited' is the screen's own: the pending business invitations instead of the accounts.
 */
import { AdminCustomerListQuery, type CustomerView } from '../../../contract/api/admin-customers';

export type CustomerListView = CustomerView | 'invited';
/** The ready-made views in the order the screen shows them (after 'all'). */
export const LIST_VIEWS: readonly CustomerListView[] = ['business', 'blocked', 'newsletter', 'invited'];

export interface CustomerSearch {
  q?: string;
  view?: CustomerListView;
  page?: number;
}

export function customerSearch(raw: Record<string, unknown>): CustomerSearch {
  const out: CustomerSearch = {};
  const shape = AdminCustomerListQuery.shape;
  const q = shape.q.safeParse(raw.q);
  if (q.success && q.data) out.q = q.data;
  if (raw.view === 'invited') out.view = 'invited';
  else {
    const view = shape.view.safeParse(raw.view);
    if (view.success && view.data) out.view = view.data;
  }
  const page = shape.page.safeParse(raw.page);
  if (page.success && page.data && page.data > 1) out.page = page.data;
  return out;
}

/** The API query of a search (the screen's 'invited' view asks the invitations instead). */
export function apiQuery(search: CustomerSearch): Record<string, string | number | undefined> {
  return { q: search.q, view: search.view === 'invited' ? undefined : search.view, page: search.page };
}

/** The list's last search in this tab, so 'back to the customers' opens the list as it was left. */
let last: CustomerSearch = {};
export const rememberCustomerSearch = (search: CustomerSearch) => void (last = search);
export const lastCustomerSearch = (): CustomerSearch => last;
