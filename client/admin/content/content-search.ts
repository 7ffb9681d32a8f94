/**
 * The content list's search params (type, ready-made view, words, page), validated by the API's own
 * zod schema field by field: a hostile or stale value is dropped, the rest of the URL still counts.
 */
import { CONTENT_VIEWS, type ContentView } from '../../../contract/api/admin-content';
import { AdminContentListQuery, CONTENT_TYPES, type ContentType } from '../../../contract/api/content';

export interface ContentSearch {
  type?: ContentType;
  view?: ContentView;
  q?: string;
  page?: number;
}

/** Rows per page of the list. */
export const CONTENT_PAGE_SIZE = 25;

export function contentSearch(raw: Record<string, unknown>): ContentSearch {
  const out: ContentSearch = {};
  const shape = AdminContentListQuery.shape;
  const type = shape.type.safeParse(raw.type);
  if (type.success && type.data) out.type = type.data;
  const view = shape.view.safeParse(raw.view);
  if (view.success && view.data && (CONTENT_VIEWS as readonly string[]).includes(view.data)) out.view = view.data;
  const q = shape.q.safeParse(raw.q);
  if (q.success && q.data) out.q = q.data;
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 400) out.page = page;
  return out;
}

/** `/admin/content/new?type=`: the type of the new entry (recipes unless a known one is given). */
export function newContentSearch(raw: Record<string, unknown>): { type: ContentType } {
  return { type: (CONTENT_TYPES as readonly unknown[]).includes(raw.type) ? (raw.type as ContentType) : 'recipes' };
}

/** The list's last search in this tab, so 'back to the texts' opens the list as it was left. */
let last: ContentSearch = {};
export const rememberContentSearch = (search: ContentSearch) => void (last = search);
export const lastContentSearch = (): ContentSearch => last;
