import { z } from 'zod';
import { DELIVERY_COUNTRIES, HOME_COUNTRY } from '../countries.js';
import { LOCALES } from '../locales.js';
import {
  FULFILMENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type OrderAddress,
  type PaymentMethod,
  type R1Invoice,
} from '../orders.js';
import { isValidOib, validateVatNumber } from '../tax-id.js';
import { CART_MAX_QUANTITY } from './cart.js';
import { data, email, isRecord, passThrough, report, text } from './fields.js';

/** The order API (`/api/orders`): JSON names snake_case, money in integer euro cents, gross. */

export const OrderStatus = z.enum(['awaiting_payment', 'paid']);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export const FulfilmentStatus = z.enum(FULFILMENT_STATUSES);
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);

/** An order as the profile shows it. */
export const OrderSummaryView = z.object({
  number: z.string().meta({ example: 'ZZ-2026-000123' }),
  placed_at: z.string().meta({ format: 'date-time' }),
  status: OrderStatus.meta({ description: "The SPEC's label: failed shows as awaiting_payment, refunded as paid" }),
  payment_status: PaymentStatus,
  fulfilment_status: FulfilmentStatus,
  total: z.number().int().meta({ description: 'Gross cents' }),
  currency: z.literal('EUR'),
  lines: z
    .array(
      z.object({
        product_code: z.string().meta({ example: 'ZZ-SPAG-400' }),
        name: z.string().meta({ description: 'Product name as it was when the order was placed' }),
        unit_price: z.number().int().meta({ description: 'Gross cents per pack' }),
        quantity: z.number().int().min(1).max(CART_MAX_QUANTITY),
      }),
    )
    .meta({ description: 'In the order of the order' }),
});
export type OrderSummaryView = z.infer<typeof OrderSummaryView>;

/** `GET /api/orders`: the signed-in user's orders, newest first. */
export const OrderListResponse = data(z.array(OrderSummaryView));

// ----- placing an order: the body ---------------------------------------------------------------

/** `Idempotency-Key` header of `POST /api/orders`: 8 to 100 of A-Z a-z 0-9 _ - (a uuid fits). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;
export function isIdempotencyKey(v: unknown): v is string {
  return typeof v === 'string' && IDEMPOTENCY_KEY.test(v);
}

/** An order number: `ZZ-<year>-<6 or more digits>` (docs/orders.md). */
export const ORDER_NUMBER = /^ZZ-[0-9]{4}-[0-9]{6,9}$/;
export function isOrderNumber(v: unknown): v is string {
  return typeof v === 'string' && ORDER_NUMBER.test(v);
}

const TEXT = { required: 'ORDER_FIELD_REQUIRED', invalid: 'ORDER_FIELD_INVALID', tooLong: 'ORDER_FIELD_TOO_LONG' } as const;

/** Phone: digits, optionally a leading +, spaces ( ) / - between; 6 to 25 characters. */
const PHONE = /^\+?[0-9][0-9 ()/-]{5,24}$/;
/** Postal code shape (2 to 10 letters and digits, inner spaces and hyphens); the server checks it per country. */
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/** A required text of at most `max` characters that must match `pattern` (else `code`). */
function patterned(max: number, pattern: RegExp, code: string, description: string) {
  const base = text(TEXT, max, true);
  return z
    .unknown()
    .transform((v, ctx) => {
      const parsed = base.safeParse(v);
      if (!parsed.success) {
        report(ctx, parsed.error.issues[0].message);
        return '';
      }
      if (!pattern.test(parsed.data)) report(ctx, code);
      return parsed.data;
    })
    .meta({ type: 'string', minLength: 1, maxLength: max, pattern: pattern.source, description });
}

/** A delivery country (contract/countries.ts), upper-cased; ORDER_FIELD_REQUIRED or ORDER_COUNTRY_INVALID. */
const country = z
  .unknown()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
      report(ctx, 'ORDER_FIELD_REQUIRED');
      return '';
    }
    const c = typeof v === 'string' ? v.trim().toUpperCase() : '';
    if (!(DELIVERY_COUNTRIES as readonly string[]).includes(c)) report(ctx, 'ORDER_COUNTRY_INVALID');
    return c;
  })
  .meta({
    type: 'string',
    enum: [...DELIVERY_COUNTRIES],
    example: 'HR',
    description: 'ISO 3166-1 alpha-2: a country the shop delivers to',
  });

const postalCode = patterned(10, POSTAL_CODE, 'ORDER_POSTAL_CODE_INVALID', 'Postal code; checked against the country by the server');

/** A non-object (string, array, number) where an object belongs reads as an empty one: its fields are reported missing. */
function objectOrEmpty(v: unknown): unknown {
  return isRecord(v) ? v : {};
}

const AddressObject = z.object({
  first_name: text(TEXT, 100, true),
  last_name: text(TEXT, 100, true),
  street: text(TEXT, 200, true, 'Street and house number'),
  postal_code: postalCode,
  city: text(TEXT, 100, true),
  country,
});

/** A required address. */
const address = z.preprocess(objectOrEmpty, AddressObject);
/** An optional address: missing or null is none. */
const optionalAddress = z.preprocess((v) => (v === undefined || v === null ? undefined : objectOrEmpty(v)), AddressObject.optional());

/** The VAT prefix of a country (Greece is EL). */
function vatPrefix(country: string): string {
  return country === 'GR' ? 'EL' : country;
}

/**
 * The R1 tax number for the company's country, in its stored form, or the error code: a Croatian
 * company gives its OIB (11 digits with the MOD 11,10 check digit, with or without the HR prefix),
 * any other EU company its VAT number in its country's format, with or without its prefix
 * (ORDER_OIB_INVALID, ORDER_VAT_INVALID).
 */
export function checkR1TaxId(
  value: string,
  country: string,
): { ok: true; value: string } | { ok: false; code: 'ORDER_OIB_INVALID' | 'ORDER_VAT_INVALID' } {
  const compact = value.replace(/[\s.\-\u2010-\u2015]/g, '').toUpperCase();
  if (country === HOME_COUNTRY) {
    const oib = compact.startsWith('HR') ? compact.slice(2) : compact;
    return isValidOib(oib) ? { ok: true, value: oib } : { ok: false, code: 'ORDER_OIB_INVALID' };
  }
  const prefix = vatPrefix(country);
  const prefixed = /^[A-Z]{2}/.test(compact) ? compact : `${prefix}${compact}`;
  if (!prefixed.startsWith(prefix)) return { ok: false, code: 'ORDER_VAT_INVALID' };
  const checked = validateVatNumber(prefixed);
  return checked.ok && checked.country === prefix ? { ok: true, value: checked.normalized } : { ok: false, code: 'ORDER_VAT_INVALID' };
}

/**
 * The R1 invoice's company; its tax number is judged for the company's country once both are
 * readable (also when another field failed) and is kept in its compact form.
 */
const R1Object = z
  .object({
    company_name: text(TEXT, 200, true),
    tax_id: text(TEXT, 20, true, 'OIB for a Croatian company (11 digits, with or without HR), else the EU VAT number'),
    street: text(TEXT, 200, true),
    postal_code: postalCode,
    city: text(TEXT, 100, true),
    country,
  })
  .superRefine(
    (r1, ctx) => {
      if (!isRecord(r1) || typeof r1.tax_id !== 'string' || !r1.tax_id || !(DELIVERY_COUNTRIES as readonly string[]).includes(r1.country))
        return;
      const checked = checkR1TaxId(r1.tax_id, r1.country);
      if (!checked.ok) report(ctx, checked.code, ['tax_id']);
    },
    { when: () => true },
  )
  .transform((r1) => {
    const checked = checkR1TaxId(r1.tax_id, r1.country);
    return checked.ok ? { ...r1, tax_id: checked.value } : r1;
  });
const optionalR1 = z.preprocess((v) => (v === undefined || v === null ? undefined : objectOrEmpty(v)), R1Object.optional());

/** `POST /api/orders` (header `Idempotency-Key`): the order from the caller's cart. */
export const PlaceOrderBody = z.object({
  email: email({ required: 'ORDER_FIELD_REQUIRED', invalid: 'ORDER_EMAIL_INVALID' }),
  phone: patterned(25, PHONE, 'ORDER_PHONE_INVALID', 'Phone number for the courier, e.g. +385 91 234 5678'),
  delivery_address: address,
  billing_address: optionalAddress.meta({ description: 'Only when it differs from the delivery address' }),
  r1_invoice: optionalR1.meta({ description: 'An R1 invoice made out to a company' }),
  courier_note: text(TEXT, 500, false, 'Note for the courier'),
  remark: text(TEXT, 1000, false, 'Remark on the order'),
  payment_method: z
    .unknown()
    .transform((v, ctx) => {
      if (!(PAYMENT_METHODS as readonly unknown[]).includes(v))
        report(ctx, v === undefined || v === null ? 'ORDER_FIELD_REQUIRED' : 'ORDER_PAYMENT_METHOD_INVALID');
      return v as PaymentMethod;
    })
    .meta({ type: 'string', enum: [...PAYMENT_METHODS], description: "'card' (the provider's hosted page) or 'cod' (cash on delivery)" }),
  terms_accepted: z
    .unknown()
    .transform((v, ctx) => {
      if (v !== true) report(ctx, 'ORDER_TERMS_REQUIRED');
      return true as const;
    })
    .meta({ type: 'boolean', enum: [true], description: 'The terms of purchase are accepted' }),
  expected_total: z
    .unknown()
    .transform((v, ctx) => {
      if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0))
        report(ctx, v === undefined || v === null ? 'ORDER_FIELD_REQUIRED' : 'ORDER_EXPECTED_TOTAL_INVALID');
      return v as number;
    })
    .meta({
      type: 'integer',
      minimum: 0,
      example: 2629,
      description:
        'The total (gross cents) the shopper confirmed; if the cart now costs something else the call fails with ORDER_TOTAL_CHANGED (409) and saves nothing.',
    }),
});
export type PlaceOrderBody = z.input<typeof PlaceOrderBody>;
export type PlaceOrderInput = z.output<typeof PlaceOrderBody>;

/** `GET /api/orders/{number}`: a malformed number names no order (404 ORDER_NOT_FOUND, like a foreign one). */
export const OrderNumberParams = z.object({
  number: z
    .unknown()
    .transform((v) => (isOrderNumber(v) ? v : null))
    .meta({ type: 'string', pattern: ORDER_NUMBER.source, example: 'ZZ-2026-000123', description: 'Order number' }),
});

/** `GET /api/orders/{number}?view_token=`: the token from the success page or the mail (or header `X-Order-Token`). */
export const OrderDetailQuery = z.object({
  view_token: passThrough("The order's view token (from placement's answer or the confirmation mail); not needed by its signed-in owner"),
});

// ----- the answers -----------------------------------------------------------------------------

const AddressView = z.object({
  first_name: z.string(),
  last_name: z.string(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  country: z.string(),
}) satisfies z.ZodType<OrderAddress>;

const R1View = z.object({
  company_name: z.string(),
  tax_id: z.string(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  country: z.string(),
}) satisfies z.ZodType<R1Invoice>;

export const OrderLineView = z.object({
  product_code: z.string().meta({ example: 'ZZ-SPAG-400' }),
  name: z.string().meta({ description: 'Product name as it was when the order was placed' }),
  unit_price: z.number().int().meta({ description: 'Gross cents per pack' }),
  quantity: z.number().int().min(1).max(CART_MAX_QUANTITY),
  vat_rate: z.number().meta({ description: 'Percent, as the product had it at placement' }),
  line_total: z.number().int().meta({ description: 'unit_price x quantity, cents' }),
});
export type OrderLineView = z.infer<typeof OrderLineView>;

/** One order, whole: what the success page, the order detail screen and the mails show. */
export const OrderView = z.object({
  number: z.string().meta({ example: 'ZZ-2026-000123' }),
  status: OrderStatus.meta({ description: "The SPEC's label (awaiting_payment | paid)" }),
  payment_status: PaymentStatus,
  fulfilment_status: FulfilmentStatus,
  payment_method: PaymentMethodSchema,
  placed_at: z.string().meta({ format: 'date-time' }),
  email: z.string(),
  phone: z.string(),
  locale: z.enum(LOCALES).meta({ description: "The order's language (its pages and mails)" }),
  currency: z.literal('EUR'),
  lines: z.array(OrderLineView).meta({ description: 'In the order of the cart' }),
  subtotal: z.number().int(),
  discount: z.number().int(),
  coupon_code: z.string().nullable(),
  delivery: z.number().int(),
  total: z.number().int().meta({ description: 'subtotal - discount + delivery = vat_base + vat_total' }),
  vat_base: z.number().int(),
  vat_total: z.number().int(),
  vat_by_rate: z
    .array(z.object({ rate: z.number(), base: z.number().int(), vat: z.number().int() }))
    .meta({ description: 'Delivery counts in the 25 % row' }),
  delivery_address: AddressView,
  billing_address: AddressView.nullable().meta({ description: 'null: the same as the delivery address' }),
  r1_invoice: R1View.nullable().meta({ description: 'null: no R1 invoice' }),
  courier_note: z.string().nullable(),
  remark: z.string().nullable(),
  tracking_number: z.string().nullable().meta({ description: 'Set when the parcel is shipped' }),
});
export type OrderView = z.infer<typeof OrderView>;

/** What the browser posts to the card provider's hosted page (a form with these fields). */
export const PaymentFormView = z.object({
  action: z.string().meta({ description: "The provider's form URL" }),
  method: z.literal('POST'),
  fields: z.record(z.string(), z.string()),
});
export type PaymentFormView = z.infer<typeof PaymentFormView>;

/** `POST /api/orders`: 201 (a new order) or 200 (the same Idempotency-Key again: the same order). */
export const PlaceOrderAnswer = data(
  z.object({
    order: OrderView,
    view_token: z
      .string()
      .meta({ description: 'Lets anyone holding it read this order (GET /api/orders/{number}?view_token=) until it expires (30 days)' }),
    payment: PaymentFormView.nullable().meta({
      description: "null for cash on delivery; for 'card' the form to post to the hosted payment page",
    }),
  }),
);
export type PlaceOrderAnswer = z.infer<typeof PlaceOrderAnswer>;

/** `GET /api/orders/{number}` */
export const OrderDetailResponse = data(OrderView);
export type OrderDetailResponse = z.infer<typeof OrderDetailResponse>;

/** The cart's totals now, as 409 ORDER_TOTAL_CHANGED carries them (integer gross cents). */
export const OrderTotalsDetail = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  delivery: z.number().int(),
  total: z.number().int(),
  vat_base: z.number().int(),
  vat_total: z.number().int(),
  vat_by_rate: z.array(z.object({ rate: z.number(), base: z.number().int(), vat: z.number().int() })),
});
export type OrderTotalsDetail = z.infer<typeof OrderTotalsDetail>;

/** `POST /api/orders` 409 ORDER_TOTAL_CHANGED: the first error carries the new totals; nothing was saved. */
export const OrderTotalChangedError = z.object({
  errors: z
    .array(
      z.object({
        code: z.string().meta({ example: 'ORDER_TOTAL_CHANGED' }),
        message: z.string(),
        field: z.string().optional(),
        totals: OrderTotalsDetail.optional().meta({ description: 'On ORDER_TOTAL_CHANGED: what the order would cost now' }),
      }),
    )
    .min(1),
});

/**
 * `POST /api/orders/{number}/payment`: a new card payment attempt for an order whose payment failed
 * or was left unfinished (the failure page's 'try again'). For its signed-in owner or the holder of
 * its view token; the answer is the hosted page's form, like placement's.
 */
export const RetryPaymentBody = z.object({
  view_token: passThrough("The order's view token; not needed by its signed-in owner"),
});
export const RetryPaymentAnswer = data(z.object({ payment: PaymentFormView }));
export type RetryPaymentAnswer = z.infer<typeof RetryPaymentAnswer>;

// ----- the pending order: an unpaid card order its buyer can pay, switch or cancel --------------

/**
 * Whether an order is 'pending' for its buyer: a card order not paid yet (payment `awaiting_payment`
 * or `failed`) and not shipped or cancelled (fulfilment `placed`). Only such an order can be paid again,
 * switched to cash on delivery or cancelled by its buyer (docs/orders.md, 'The pending order').
 */
export function isPendingOrder(o: { payment_method: string; payment_status: string; fulfilment_status: string }): boolean {
  return (
    o.payment_method === 'card' &&
    o.fulfilment_status === 'placed' &&
    (o.payment_status === 'awaiting_payment' || o.payment_status === 'failed')
  );
}

/** `GET /api/orders/pending`: the caller's most recent pending order with a view token, or null. */
export const PendingOrderResponse = data(
  z
    .object({
      order: OrderView,
      view_token: z.string().meta({ description: "The order's view token (for the pending order's actions)" }),
    })
    .nullable()
    .meta({ description: 'null: the caller has no pending (unpaid card) order' }),
);
export type PendingOrderResponse = z.infer<typeof PendingOrderResponse>;

/**
 * `POST /api/orders/{number}/cash-on-delivery`: switch a pending card order to cash on delivery. Without
 * `expected_total` (or with another total than today's) a changed total is refused with 409
 * ORDER_TOTAL_CHANGED carrying the new totals; nothing changes until the buyer accepts that total.
 */
export const SwitchToCodBody = z.object({
  view_token: passThrough("The order's view token; not needed by its signed-in owner"),
  expected_total: z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return undefined;
      if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) report(ctx, 'ORDER_EXPECTED_TOTAL_INVALID');
      return v as number;
    })
    .optional()
    .meta({
      type: 'integer',
      minimum: 0,
      description:
        'The total (gross cents) the buyer accepts; when the order would now cost something else: 409 ORDER_TOTAL_CHANGED and nothing changes',
    }),
});
export type SwitchToCodBody = z.input<typeof SwitchToCodBody>;

/** `POST /api/orders/{number}/cancel` (the buyer's cancel of a pending order). */
export const CancelPendingOrderBody = z.object({
  view_token: passThrough("The order's view token; not needed by its signed-in owner"),
});

/** The answer of both: the order as it is now (`cod` / `cancelled`). */
export const PendingOrderActionAnswer = data(z.object({ order: OrderView }));
export type PendingOrderActionAnswer = z.infer<typeof PendingOrderActionAnswer>;
