import { z } from 'zod';
import {
  FULFILMENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type FulfilmentStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '../orders.js';
import { data } from './fields.js';
import { isOrderNumber, OrderView } from './order.js';

/**
 * The operators' order API (`/api/admin/orders`, role admin) and the server-rendered `/admin/orders`
 * page share these shapes. JSON names snake_case, money in integer euro cents, gross.
 */

/** What an operator can do to an order; which of them an order allows follows from its two states. */
export const ADMIN_ORDER_ACTIONS = ['ship', 'deliver', 'cash-received', 'cancel', 'refund'] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];
export const AdminOrderActionSchema = z.enum(ADMIN_ORDER_ACTIONS);

/** The two states and the method of an order: all `allowedActions` looks at. */
export interface AdminOrderState {
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
}

/**
 * What an operator may do to an order now (docs/orders.md 'Operators'), in ADMIN_ORDER_ACTIONS
 * order. Pure, shared by the API, the /admin/orders page and the tests; the server checks the
 * state machines again under the order's row lock when it acts.
 * - ship: fulfilment `placed`, and cash on delivery (not yet refunded) or a `paid` card order;
 * - deliver: `shipped`;
 * - cash-received: cash on delivery, `awaiting_payment`, not cancelled;
 * - cancel: `placed` (stock released; a paid payment refunded);
 * - refund: `paid` (card: through the provider; cash: the money was handed back).
 */
export function allowedActions(order: AdminOrderState): AdminOrderAction[] {
  const { payment_method: method, payment_status: payment, fulfilment_status: fulfilment } = order;
  const allowed: Record<AdminOrderAction, boolean> = {
    ship: fulfilment === 'placed' && (method === 'cod' ? payment === 'awaiting_payment' || payment === 'paid' : payment === 'paid'),
    deliver: fulfilment === 'shipped',
    'cash-received': method === 'cod' && payment === 'awaiting_payment' && fulfilment !== 'cancelled',
    cancel: fulfilment === 'placed',
    refund: payment === 'paid',
  };
  return ADMIN_ORDER_ACTIONS.filter((action) => allowed[action]);
}

/** Rows per page of the operators' list. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;
/** A tracking number: what the national post prints (letters, digits, spaces, dashes), 4 to 40 characters. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;

/**
 * `GET /api/admin/orders?status=&payment_status=&payment_method=&q=&page=`: `status` is the
 * fulfilment status, `q` an order number or e-mail (part of it), `page` from 1. An empty value
 * means 'any'; an unknown value is a 422 with the field, never a 500.
 */
export const AdminOrderListQuery = z.object({
  status: anyWhenEmpty(z.enum(FULFILMENT_STATUSES)),
  payment_status: anyWhenEmpty(z.enum(PAYMENT_STATUSES)),
  payment_method: anyWhenEmpty(z.enum(PAYMENT_METHODS)),
  q: anyWhenEmpty(z.string().max(254)),
  page: anyWhenEmpty(z.coerce.number().int().min(1).max(100_000)),
});
export type AdminOrderListQuery = z.infer<typeof AdminOrderListQuery>;

/** A query value: '' (a form's 'any' choice) and blanks are absent; anything else must parse. */
function anyWhenEmpty<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    schema.optional(),
  );
}

/** One row of the operators' list. */
export const AdminOrderRow = z.object({
  number: z.string().meta({ example: 'ZZ-2026-000123' }),
  placed_at: z.string().meta({ format: 'date-time' }),
  email: z.string(),
  name: z.string().meta({ description: "The delivery address's first and last name" }),
  country: z.string(),
  locale: OrderView.shape.locale,
  total: z.number().int(),
  payment_method: OrderView.shape.payment_method,
  payment_status: OrderView.shape.payment_status,
  fulfilment_status: OrderView.shape.fulfilment_status,
  tracking_number: z.string().nullable(),
  actions: z.array(AdminOrderActionSchema).meta({ description: 'What the order allows now' }),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrderListResponse = data(
  z.object({
    orders: z.array(AdminOrderRow).meta({ description: 'Newest first' }),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int().meta({ description: 'Orders matching the filters' }),
  }),
);
export type AdminOrderList = z.infer<typeof AdminOrderListResponse>['data'];

/** One entry of an order's history: what changed, when, by whom (an operator, the shopper, the provider, a job). */
export const AdminOrderHistoryEntry = z.object({
  at: z.string().meta({ format: 'date-time' }),
  action: z.string().meta({ example: 'shipped' }),
  actor: z.string().meta({ description: "An operator's e-mail, or 'system'" }),
  detail: z.string().nullable(),
});

/** `GET /api/admin/orders/{number}` and the answer of every action. */
export const AdminOrderDetail = OrderView.extend({
  user_id: z.string().nullable(),
  actions: z.array(AdminOrderActionSchema),
  history: z.array(AdminOrderHistoryEntry).meta({ description: 'Oldest first' }),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;
export const AdminOrderDetailResponse = data(AdminOrderDetail);

/** `POST /api/admin/orders/{number}/ship` */
export const ShipOrderBody = z.object({
  tracking_number: z
    .string({ message: 'ORDER_TRACKING_NUMBER_REQUIRED' })
    .trim()
    .min(1, { message: 'ORDER_TRACKING_NUMBER_REQUIRED' })
    .regex(TRACKING_NUMBER, { message: 'ORDER_TRACKING_NUMBER_INVALID' }),
});
export type ShipOrderBody = z.infer<typeof ShipOrderBody>;

/** `POST /api/admin/orders/{number}/deliver`, `/cash-received`, `/cancel`: nothing to send (`{}`; other fields are ignored). */
export const AdminOrderActionBody = z.object({});

/**
 * `POST /api/admin/orders/{number}/refund`: `{}` refunds all that is left; `amount` (integer cents)
 * refunds that part of a captured card payment (e.g. a returned line); the order stays paid until
 * all of it went back.
 */
export const RefundOrderBody = z.object({
  amount: z
    .number({ message: 'ORDER_FIELD_INVALID' })
    .int({ message: 'ORDER_FIELD_INVALID' })
    .positive({ message: 'ORDER_FIELD_INVALID' })
    .max(99_999_999_999, { message: 'ORDER_FIELD_INVALID' })
    .optional(),
});
export type RefundOrderBody = z.infer<typeof RefundOrderBody>;

// ----- the back office's order screens (docs/admin.md 'Orders in the back office') -----------------

/**
 * Ready-made views of the list, named for the work (`view=`): `to_ship` exactly the orders 'ship'
 * allows now (placed; cash on delivery, or a paid card order), `card_pending` card orders waiting for
 * their payment (not cancelled), `cash_to_collect` cash on delivery not yet received (not cancelled),
 * `cancelled`.
 */
export const ADMIN_ORDER_VIEWS = ['to_ship', 'card_pending', 'cash_to_collect', 'cancelled'] as const;
export type AdminOrderView = (typeof ADMIN_ORDER_VIEWS)[number];
/** The list's orders: newest first (default), oldest first, the total either way. */
export const ADMIN_ORDER_SORTS = ['-placed_at', 'placed_at', '-total', 'total'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** `GET /api/admin/orders`: the page's filters plus `view` and `sort`. */
export const AdminOrderListQueryFull = AdminOrderListQuery.extend({
  view: anyWhenEmpty(z.enum(ADMIN_ORDER_VIEWS)),
  sort: anyWhenEmpty(z.enum(ADMIN_ORDER_SORTS)),
});
export type AdminOrderListQueryFull = z.infer<typeof AdminOrderListQueryFull>;

/** The mails an operator can send again, in the order's language: which ones the order allows follows from its states. */
export const RESEND_MAILS = ['confirmation', 'shipped', 'payment_link'] as const;
export type ResendMail = (typeof RESEND_MAILS)[number];

/**
 * Which mails an order can get again: the confirmation once the buyer got one (cash on delivery
 * always, a card order once paid), not for a cancelled order; 'shipped' with its tracking number
 * once shipped; the payment link for a card order placed and still unpaid.
 */
export function resendableMails(order: AdminOrderState & { tracking_number: string | null }): ResendMail[] {
  const { payment_method: method, payment_status: payment, fulfilment_status: fulfilment } = order;
  const allowed: Record<ResendMail, boolean> = {
    confirmation: fulfilment !== 'cancelled' && (method === 'cod' || payment === 'paid' || payment === 'refunded'),
    shipped: (fulfilment === 'shipped' || fulfilment === 'delivered') && order.tracking_number !== null,
    payment_link: method === 'card' && payment === 'awaiting_payment' && fulfilment === 'placed',
  };
  return RESEND_MAILS.filter((m) => allowed[m]);
}

/** An internal note on an order: for the operators only, never shown to the buyer. */
export const AdminOrderNote = z.object({
  id: z.number().int(),
  at: z.string().meta({ format: 'date-time' }),
  author: z.string().meta({ description: "The operator's e-mail at the time" }),
  body: z.string(),
});
export type AdminOrderNote = z.infer<typeof AdminOrderNote>;

/** One refund by line of an order. */
export const AdminOrderRefund = z.object({
  at: z.string().meta({ format: 'date-time' }),
  actor: z.string(),
  amount: z.number().int().meta({ description: 'Gross cents' }),
  vat: z.number().int(),
  shipping: z.boolean().meta({ description: 'The delivery fee was part of it' }),
  method: z
    .enum(['card', 'bank_transfer'])
    .meta({ description: 'card: through the provider; bank_transfer: cash on delivery, paid back by transfer' }),
  lines: z.array(z.object({ product_code: z.string(), quantity: z.number().int(), amount: z.number().int() })),
});
export type AdminOrderRefund = z.infer<typeof AdminOrderRefund>;

/** `GET /api/admin/orders/{number}` of the back office: the order plus notes, refunds by line and what can be resent. */
export const AdminOrderFull = AdminOrderDetail.extend({
  notes: z.array(AdminOrderNote).meta({ description: 'Newest first' }),
  refunds: z.array(AdminOrderRefund).meta({ description: 'Refunds by line, oldest first' }),
  refunded: z.object({
    amount: z.number().int().meta({ description: 'Gross cents refunded by line so far' }),
    shipping: z.boolean(),
    quantities: z.record(z.string(), z.number().int()).meta({ description: 'Packs refunded per product code' }),
  }),
  refundable: z.boolean().meta({ description: 'A refund by line is possible now (paid, something left) and the caller may make it' }),
  mails: z.array(z.enum(RESEND_MAILS)).meta({ description: 'The mails that can be sent again' }),
});
export type AdminOrderFull = z.infer<typeof AdminOrderFull>;
export const AdminOrderFullResponse = data(AdminOrderFull);

/** `POST /api/admin/orders/{number}/notes`: 1 to 2000 characters. */
export const AddOrderNoteBody = z.object({
  body: z
    .string({ message: 'ORDER_NOTE_REQUIRED' })
    .trim()
    .min(1, { message: 'ORDER_NOTE_REQUIRED' })
    .max(2000, { message: 'ORDER_NOTE_TOO_LONG' }),
});
export type AddOrderNoteBody = z.infer<typeof AddOrderNoteBody>;

/** `POST /api/admin/orders/{number}/resend-mail` */
export const ResendMailBody = z.object({
  mail: z.enum(RESEND_MAILS, { message: 'ORDER_MAIL_INVALID' }),
});
export type ResendMailBody = z.infer<typeof ResendMailBody>;

/**
 * `POST /api/admin/orders/{number}/refund-lines`: packs of lines (by product code) and optionally the
 * delivery fee; the amount is computed by the server (contract/order-refund.ts). `expected_amount`,
 * when sent, must equal it (the screen's preview), else 409 and nothing is refunded.
 */
export const RefundLinesBody = z.object({
  lines: z
    .array(
      z.object({
        product_code: z
          .string({ message: 'ORDER_FIELD_INVALID' })
          .trim()
          .min(1, { message: 'ORDER_FIELD_INVALID' })
          .max(64, { message: 'ORDER_FIELD_INVALID' }),
        quantity: z
          .number({ message: 'ORDER_FIELD_INVALID' })
          .int({ message: 'ORDER_FIELD_INVALID' })
          .min(0, { message: 'ORDER_FIELD_INVALID' })
          .max(999, { message: 'ORDER_FIELD_INVALID' }),
      }),
      { message: 'ORDER_FIELD_INVALID' },
    )
    .max(200, { message: 'ORDER_FIELD_INVALID' })
    .default([]),
  shipping: z.boolean({ message: 'ORDER_FIELD_INVALID' }).default(false),
  expected_amount: z
    .number({ message: 'ORDER_FIELD_INVALID' })
    .int({ message: 'ORDER_FIELD_INVALID' })
    .min(0, { message: 'ORDER_FIELD_INVALID' })
    .max(99_999_999_999, { message: 'ORDER_FIELD_INVALID' })
    .optional(),
});
export type RefundLinesBody = z.infer<typeof RefundLinesBody>;

/**
 * `GET /api/admin/orders/packing-slips.pdf?numbers=A,B` (up to 100 order numbers, comma-separated)
 * or `?view=to_ship` (every order to ship now, oldest first): one A4 page per order.
 */
export const PackingSlipsQuery = z
  .object({
    numbers: anyWhenEmpty(
      z
        .string({ message: 'ORDER_SLIPS_INVALID' })
        .max(2000, { message: 'ORDER_SLIPS_INVALID' })
        .transform((s) => [
          ...new Set(
            s
              .split(',')
              .map((n) => n.trim())
              .filter(Boolean),
          ),
        ])
        .refine((list) => list.length >= 1 && list.length <= 100 && list.every((n) => isOrderNumber(n)), {
          message: 'ORDER_SLIPS_INVALID',
        }),
    ),
    view: anyWhenEmpty(z.literal('to_ship', { message: 'ORDER_SLIPS_INVALID' })),
  })
  .refine((q) => (q.numbers === undefined) !== (q.view === undefined), { message: 'ORDER_SLIPS_INVALID', path: ['numbers'] });
export type PackingSlipsQuery = z.infer<typeof PackingSlipsQuery>;
