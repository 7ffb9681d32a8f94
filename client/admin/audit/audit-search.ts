/**
 * The audit log's filters in the URL, validated field by field by the API's own zod schema (a bad value
 * is dropped, the rest still counts). Dates are Zagreb days (`from` and `to` both inclusive); the
 * API is asked from the start of `from` to the start of the day after `to`.
 */
import { AdminAuditQuery } from '../../../contract/api/admin-audit';
import { nextDay, zagrebDayStart } from '../history/zagreb';

export interface AuditSearch {
  entity_type?: string;
  entity_id?: string;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  page?: number;
}

/** The entity types the log knows today (the filter's choices). */
export const AUDIT_ENTITY_TYPES = [
  'coupon',
  'order',
  'invoice',
  'content_entry',
  'stock',
  'price',
  'offer',
  'invitation',
  'newsletter_campaign',
  'product_photo',
] as const;

const TEXT_FILTERS = ['entity_type', 'entity_id', 'actor', 'action'] as const;

export function auditSearch(raw: Record<string, unknown>): AuditSearch {
  const out: AuditSearch = {};
  const shape = AdminAuditQuery.shape;
  for (const key of TEXT_FILTERS) {
    const value = raw[key];
    const parsed = shape[key].safeParse(typeof value === 'number' ? String(value) : value);
    if (parsed.success && parsed.data) out[key] = parsed.data;
  }
  for (const key of ['from', 'to'] as const) {
    const value = raw[key];
    if (typeof value === 'string' && zagrebDayStart(value)) out[key] = value;
  }
  if (out.from && out.to && out.to < out.from) delete out.to;
  const page = shape.page.safeParse(raw.page);
  if (page.success && page.data && page.data > 1) out.page = page.data;
  return out;
}

/** The API's query of these filters. */
export function auditApiQuery(s: AuditSearch): Record<string, string | number | undefined> {
  const to = s.to ? nextDay(s.to) : null;
  return {
    entity_type: s.entity_type,
    entity_id: s.entity_id,
    actor: s.actor,
    action: s.action,
    from: s.from ? (zagrebDayStart(s.from) ?? undefined) : undefined,
    to: to ? (zagrebDayStart(to) ?? undefined) : undefined,
    page: s.page,
  };
}
