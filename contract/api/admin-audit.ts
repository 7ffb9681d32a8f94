import { z } from 'zod';
import { data } from './fields.js';

/**
 * The audit log for operators (`GET /api/admin/audit`, docs/admin.md 'Audit log'): every change an
 * operator made, who, when, what, before and after; newest first, 50 a page. Staff read the entries
 * about the work they may do (orders, invoices, content, stock); admin reads all.
 */
export const AUDIT_PAGE_SIZE = 50;

/** A query value: blanks are absent; anything else must parse (else a 422 with the field's code). */
function optional<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v), schema.optional());
}

/** A moment: an ISO 8601 date (`2026-11-29`, that day's start in UTC) or date-time with a zone. */
const moment = z
  .string({ message: 'AUDIT_DATE_INVALID' })
  .max(40, { message: 'AUDIT_DATE_INVALID' })
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, { message: 'AUDIT_DATE_INVALID' })
  .refine((v) => !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v)), { message: 'AUDIT_DATE_INVALID' })
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v))
  .meta({ type: 'string', format: 'date-time', example: '2026-11-29' });

const token = (max: number) =>
  z
    .string({ message: 'AUDIT_QUERY_INVALID' })
    .max(max, { message: 'AUDIT_QUERY_INVALID' })
    // no control characters (no NUL reaches PostgreSQL)
    .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), { message: 'AUDIT_QUERY_INVALID' });

export const AdminAuditQuery = z
  .object({
    entity_type: optional(
      token(64)
        .regex(/^[a-z][a-z0-9_]*$/, { message: 'AUDIT_QUERY_INVALID' })
        .meta({ description: "What was changed, e.g. 'order', 'invoice', 'content_entry'" }),
    ),
    entity_id: optional(token(200).meta({ description: 'Which one (its id or number), with entity_type' })),
    actor: optional(token(254).meta({ description: 'The operator: their user id, or (part of) their e-mail' })),
    action: optional(
      token(64)
        .regex(/^[a-z][a-z0-9_.-]*$/, { message: 'AUDIT_QUERY_INVALID' })
        .meta({ description: "e.g. 'order.ship', 'invoice.retry', 'content.publish'" }),
    ),
    from: optional(moment.meta({ description: 'From this moment on (inclusive)' })),
    to: optional(moment.meta({ description: 'Before this moment (exclusive); a date alone: up to the start of that day' })),
    page: optional(
      z.coerce
        .number({ message: 'AUDIT_QUERY_INVALID' })
        .int({ message: 'AUDIT_QUERY_INVALID' })
        .min(1, { message: 'AUDIT_QUERY_INVALID' })
        .max(100_000, { message: 'AUDIT_QUERY_INVALID' }),
    ),
  })
  .refine((q) => !(q.from && q.to) || q.from.getTime() <= q.to.getTime(), { message: 'AUDIT_DATE_INVALID', path: ['to'] });
export type AdminAuditQuery = z.output<typeof AdminAuditQuery>;

/** One entry of the log. */
export const AdminAuditEntry = z.object({
  id: z.string().meta({ description: 'Ascending with time' }),
  at: z.string().meta({ format: 'date-time' }),
  actor_id: z.string().nullable(),
  actor_label: z.string().meta({ description: "The operator's e-mail at the time ('[erased]' after an erasure)" }),
  actor_role: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;

export const AdminAuditListResponse = data(
  z.object({
    entries: z.array(AdminAuditEntry).meta({ description: 'Newest first' }),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  }),
);
export type AdminAuditList = z.infer<typeof AdminAuditListResponse>['data'];
