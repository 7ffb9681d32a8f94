import { z } from 'zod';
import { FULFILMENT_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../orders.js';
import { data } from './fields.js';
import { UserRole } from './identity.js';

/**
 * The operators' customer API (`/api/admin/customers` and `/api/admin/customer-invitations`, role
 * admin only: capability `users.manage`; docs/admin.md 'Customers'). JSON names snake_case, money in
 * integer euro cents, instants as ISO 8601 strings. Every failure of a request schema names a
 * CUSTOMER_* code the server localizes (server/locales, `customers.errors`).
 */

/** Rows per page of the list. */
export const ADMIN_CUSTOMERS_PAGE_SIZE = 25;
/** The ready-made views of the list: business buyers, blocked accounts, newsletter consent given. */
export const CUSTOMER_VIEWS = ['business', 'blocked', 'newsletter'] as const;
export type CustomerView = (typeof CUSTOMER_VIEWS)[number];
/** A reason for a block or an unblock: what the audit log keeps, 3 to 500 characters. */
export const CUSTOMER_REASON_MAX = 500;

// ----- requests ---------------------------------------------------------------------------------

/** A query value: '' and blanks are absent; anything else must parse (else CUSTOMER_FILTER_INVALID). */
function anyWhenEmpty<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    schema.optional(),
  );
}
const FILTER = { message: 'CUSTOMER_FILTER_INVALID' };

/** `GET /api/admin/customers?q=&view=&page=`: `q` is part of a name, e-mail, company or OIB/VAT number. */
export const AdminCustomerListQuery = z.object({
  q: anyWhenEmpty(
    z
      .string(FILTER)
      .max(100, FILTER)
      .refine((v) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), FILTER)
      .meta({ description: 'Part of a name, e-mail address, company name or OIB (no control characters)' }),
  ),
  view: anyWhenEmpty(z.enum(CUSTOMER_VIEWS, FILTER)),
  page: anyWhenEmpty(z.coerce.number(FILTER).int(FILTER).min(1, FILTER).max(100_000, FILTER)),
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuery>;

/** `/api/admin/customers/{id}` */
export const CustomerIdParams = z.object({
  id: z.uuid({ message: 'CUSTOMER_ID_INVALID' }).meta({ description: "The account's id (uuid)" }),
});

/** `/api/admin/customer-invitations/{id}` */
export const InvitationIdParams = z.object({
  id: z.uuid({ message: 'CUSTOMER_INVITATION_ID_INVALID' }).meta({ description: "The invitation's id (uuid)" }),
});

const reason = z
  .string({ message: 'CUSTOMER_REASON_REQUIRED' })
  .trim()
  .min(3, { message: 'CUSTOMER_REASON_REQUIRED' })
  .max(CUSTOMER_REASON_MAX, { message: 'CUSTOMER_REASON_TOO_LONG' })
  .meta({ example: 'Neplaćene pouzeće pošiljke', description: 'Why (3 to 500 characters); the audit log keeps it' });

/** `POST /api/admin/customers/{id}/block` and `/unblock` */
export const CustomerReasonBody = z.object({ reason });
export type CustomerReasonBody = z.input<typeof CustomerReasonBody>;

/** `POST /api/admin/customer-invitations/{id}/resend` and `/revoke`: nothing to send (`{}`). */
export const InvitationActionBody = z.object({});

/** `POST /api/admin/customers/{id}/erase`: the account's e-mail address typed again, as the confirmation. */
export const CustomerEraseBody = z.object({
  confirm_email: z
    .string({ message: 'CUSTOMER_ERASE_CONFIRMATION' })
    .trim()
    .min(1, { message: 'CUSTOMER_ERASE_CONFIRMATION' })
    .max(254, { message: 'CUSTOMER_ERASE_CONFIRMATION' })
    .transform((v) => v.toLowerCase())
    .meta({ description: "The account's e-mail address, typed by the operator (compared without case)" }),
});
export type CustomerEraseBody = z.input<typeof CustomerEraseBody>;

// ----- answers ----------------------------------------------------------------------------------

const dateTime = z.string().meta({ format: 'date-time' });

/** One row of the list. */
export const AdminCustomerRow = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: UserRole,
  status: z.enum(['pending', 'active']).meta({ description: 'pending: registered, not yet activated by the mailed link' }),
  company_name: z.string().nullable(),
  vat_number: z.string().nullable().meta({ description: 'OIB or EU VAT number of a business buyer' }),
  blocked: z.boolean(),
  erased: z.boolean(),
  newsletter: z.boolean().meta({ description: 'Newsletter consent given in the profile' }),
  created_at: dateTime,
  last_sign_in_at: dateTime.nullable(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRow>;

export const AdminCustomerListResponse = data(
  z.object({
    customers: z.array(AdminCustomerRow),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int().meta({ description: 'Accounts matching the search and view' }),
  }),
);
export type AdminCustomerList = z.infer<typeof AdminCustomerListResponse>['data'];

const address = z.object({
  street: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});

/** The newsletter subscription of the account's address with its consent record (the newsletter module's). */
export const CustomerNewsletter = z.object({
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  language: z.string(),
  source: z.string(),
  consent_at: dateTime,
  consent_text: z.string().meta({ description: 'The sentence the person agreed to, as shown' }),
  consent_version: z.string(),
  confirmed_at: dateTime.nullable(),
  unsubscribed_at: dateTime.nullable(),
  suspended_at: dateTime.nullable().meta({ description: 'Paused while the account is blocked' }),
});

/** One order of the customer (placed by the account, or as a guest with its address). */
export const AdminCustomerOrder = z.object({
  number: z.string(),
  placed_at: dateTime,
  payment_status: z.enum(PAYMENT_STATUSES),
  fulfilment_status: z.enum(FULFILMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  total: z.number().int(),
  as_guest: z.boolean(),
});
export type AdminCustomerOrder = z.infer<typeof AdminCustomerOrder>;

/** Why an erasure is refused now (null: it is possible). */
export const ERASE_REFUSALS = ['CUSTOMER_ERASE_SELF', 'CUSTOMER_ERASE_OPEN_ORDERS', 'CUSTOMER_ALREADY_ERASED'] as const;

/** `GET /api/admin/customers/{id}` and the answer of every action. */
export const AdminCustomerDetail = AdminCustomerRow.extend({
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  language: z.string(),
  username: z.string().nullable(),
  delivery_address: address,
  billing_same_as_delivery: z.boolean(),
  billing_address: address,
  company_address: z.string().nullable(),
  google_linked: z.boolean(),
  activated_at: dateTime.nullable(),
  blocked_at: dateTime.nullable(),
  blocked_reason: z.string().nullable(),
  erased_at: dateTime.nullable(),
  consents: z.object({
    terms_version: z.string().nullable(),
    terms_accepted_at: dateTime.nullable(),
    newsletter_consent_at: dateTime.nullable().meta({ description: "The profile's newsletter switch: when it was set" }),
    newsletter_consent_version: z.string().nullable(),
    newsletter: CustomerNewsletter.nullable(),
  }),
  orders: z.array(AdminCustomerOrder).meta({ description: 'Newest first, at most 50' }),
  orders_total: z.number().int(),
  open_orders: z.array(z.string()).meta({ description: 'Numbers of orders not yet shipped, or shipped and not yet paid' }),
  erase_refusal: z.enum(ERASE_REFUSALS).nullable(),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;
export const AdminCustomerDetailResponse = data(AdminCustomerDetail);

/** A pending business invitation (its newest link: unused, not expired, no account with the address yet). */
export const AdminInvitation = z.object({
  id: z.string(),
  email: z.string(),
  company_name: z.string(),
  vat_number: z.string().nullable(),
  language: z.string(),
  invited_at: dateTime,
  expires_at: dateTime,
});
export type AdminInvitation = z.infer<typeof AdminInvitation>;
export const AdminInvitationListResponse = data(z.object({ invitations: z.array(AdminInvitation) }));
export type AdminInvitationList = z.infer<typeof AdminInvitationListResponse>['data'];

/** The version of the export document's layout (docs/admin.md 'The data export'). */
export const CUSTOMER_EXPORT_FORMAT = 'zlatnozrno.customer-export.v1';

/**
 * `GET /api/admin/customers/{id}/export`: everything the shop holds about the person (GDPR art. 15
 * and 20), one part per module that holds some. Parts are plain JSON; their fields are described in
 * docs/admin.md.
 */
export const CustomerExport = z.object({
  format: z.literal(CUSTOMER_EXPORT_FORMAT),
  generated_at: dateTime,
  controller: z.object({ name: z.string(), oib: z.string(), email: z.string() }),
  subject: z.object({ id: z.string(), email: z.string() }),
  account: z.record(z.string(), z.unknown()),
  orders: z.array(z.record(z.string(), z.unknown())),
  invoices: z.array(z.record(z.string(), z.unknown())).meta({ description: 'References: number, kind, order, date, total, fiscal state' }),
  newsletter: z.record(z.string(), z.unknown()).nullable(),
  contact_messages: z.array(z.record(z.string(), z.unknown())),
  audit_entries: z
    .array(z.record(z.string(), z.unknown()))
    .meta({ description: 'Changes operators made to the account, and changes made by it' }),
});
export type CustomerExport = z.infer<typeof CustomerExport>;
