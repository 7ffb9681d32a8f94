import { z } from 'zod';
import { MAX_QUANTITY } from '../limits.js';
import { LOCALES } from '../locales.js';
import { data, report } from './fields.js';

/**
 * The cart API (`/api/cart`): bodies, path parameters and the cart every call answers. Money in
 * integer euro cents, gross. Each body field reports its own code (CART_QUANTITY_INVALID, ...).
 */

/** Most packs of one product a cart line holds (contract/limits.ts). */
export const CART_MAX_QUANTITY = MAX_QUANTITY;

/** Product codes (SKUs) are short: letters, digits, dots, hyphens, underscores. */
const PRODUCT_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function isProductCode(v: unknown): v is string {
  return typeof v === 'string' && PRODUCT_CODE.test(v);
}

function isQuantity(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= CART_MAX_QUANTITY;
}

const productCode = z
  .unknown()
  .transform((v, ctx) => {
    if (!isProductCode(v)) report(ctx, 'CART_PRODUCT_CODE_INVALID');
    return v as string;
  })
  .meta({ type: 'string', pattern: PRODUCT_CODE.source, example: 'ZZ-SPAG-400', description: 'Product code (SKU)' });

function quantity(description: string) {
  return z
    .unknown()
    .transform((v, ctx) => {
      if (!isQuantity(v)) report(ctx, 'CART_QUANTITY_INVALID');
      return v as number;
    })
    .meta({ type: 'integer', minimum: 1, maximum: CART_MAX_QUANTITY, example: 1, description });
}

/** `POST /api/cart/items` */
export const AddItemBody = z.object({
  product_code: productCode,
  quantity: quantity('Packs to add; the line may hold at most 99.'),
  expected_unit_price: z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined || v === null) return undefined;
      if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) report(ctx, 'CART_EXPECTED_PRICE_INVALID');
      return v as number;
    })
    .optional()
    .meta({
      type: 'integer',
      minimum: 0,
      nullable: true,
      example: 329,
      description:
        'Unit price (gross cents) the shopper saw; if the current price differs the call fails with CART_PRICE_CHANGED (409) and changes nothing.',
    }),
});
export type AddItemBody = z.input<typeof AddItemBody>;

/** `PATCH /api/cart/items/:product_code` */
export const SetQuantityBody = z.object({
  quantity: quantity("The line's new quantity (remove the line with DELETE)."),
});
export type SetQuantityBody = z.input<typeof SetQuantityBody>;

/** `PATCH|DELETE /api/cart/items/:product_code`: a malformed code names no line (404 CART_LINE_NOT_FOUND). */
export const CartLineParams = z.object({
  product_code: z.string().meta({ description: 'Product code (SKU) of the line' }),
});

/** `PUT /api/cart/coupon` */
export const ApplyCouponBody = z.object({
  code: z
    .unknown()
    .transform((v, ctx) => {
      if (!(typeof v === 'string' && v.trim().length > 0 && v.trim().length <= 64)) report(ctx, 'CART_COUPON_CODE_INVALID');
      return v as string;
    })
    .meta({ type: 'string', minLength: 1, maxLength: 64, example: 'LJETO10', description: 'Coupon code, case-insensitive.' }),
});
export type ApplyCouponBody = z.input<typeof ApplyCouponBody>;

/** `PUT /api/cart/destination` */
export const SetDestinationBody = z.object({
  country: z
    .unknown()
    .transform((v, ctx) => {
      if (typeof v !== 'string' || !/^\s*[A-Za-z]{2}\s*$/.test(v)) report(ctx, 'CART_COUNTRY_INVALID');
      return v as string;
    })
    .meta({ type: 'string', example: 'HR', description: 'ISO 3166-1 alpha-2 country: Croatia or an EU member state.' }),
  postal_code: z
    .unknown()
    .transform((v, ctx) => {
      if (typeof v !== 'string' || !v.trim() || v.length > 16) report(ctx, 'CART_POSTAL_CODE_MALFORMED');
      return v as string;
    })
    .meta({ type: 'string', maxLength: 16, example: '10000', description: 'Postal code; checked strictly for HR, SI, AT, DE, IT, HU.' }),
});
export type SetDestinationBody = z.input<typeof SetDestinationBody>;

/** `?locale=` of every cart call: the language of product names and messages (default: the request's). */
export const CartQuery = z.object({
  locale: z
    .unknown()
    .optional()
    .meta({ type: 'string', enum: [...LOCALES], description: 'Language of product names; default: cookie, then Accept-Language' }),
});

// ----- the answer ----------------------------------------------------------------------------------

export const CartLineView = z.object({
  product_code: z.string(),
  name: z.string().meta({ description: "Name in the request's language" }),
  slug: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int().meta({ description: 'Gross cents per pack (offer applied)' }),
  line_total: z.number().int().meta({ description: 'unit_price x quantity, cents' }),
  vat_rate: z.number(),
  stock: z.number().int().nullable().meta({ description: 'Packs in stock when stock is tracked, else null' }),
});
export type CartLineView = z.infer<typeof CartLineView>;

export const CartCouponView = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percent: z.number().nullable(),
  amount: z.number().int().nullable().meta({ description: 'Cents off (fixed coupons)' }),
  discount: z.number().int().meta({ description: 'The discount it gives this cart now (0 when not valid)' }),
  valid: z.boolean(),
  problem: z
    .object({ code: z.string(), message: z.string() })
    .nullable()
    .meta({ description: 'Why it does not apply right now (e.g. below its minimum after a line was removed); null when valid' }),
});
export type CartCouponView = z.infer<typeof CartCouponView>;

export const CartState = z.enum(['empty', 'has_items', 'free_delivery']);
export type CartState = z.infer<typeof CartState>;

/** Something the shop changed in the cart on its own, e.g. a line cut to the stock when carts were merged at sign-in. */
export const CartNoticeView = z.object({
  code: z.enum(['CART_MERGE_STOCK_CAPPED', 'CART_MERGE_QUANTITY_CAPPED']),
  product_code: z.string(),
  quantity: z.number().int().meta({ description: 'Packs in the cart now' }),
  requested: z.number().int().meta({ description: 'Packs the merged carts held together' }),
  message: z.string().meta({ description: 'In the language of the request' }),
});
export type CartNoticeView = z.infer<typeof CartNoticeView>;

export const CartView = z.object({
  lines: z.array(CartLineView),
  unavailable_lines: z
    .array(z.object({ product_code: z.string(), name: z.string().nullable(), quantity: z.number().int() }))
    .meta({ description: "Lines whose product is 'soon available again' (or gone): kept, but not counted in the totals" }),
  subtotal: z.number().int(),
  discount: z.number().int(),
  delivery: z.number().int(),
  total: z.number().int().meta({ description: 'subtotal - discount + delivery = vat_base + vat_total' }),
  vat_base: z.number().int(),
  vat_total: z.number().int(),
  vat_by_rate: z.array(z.object({ rate: z.number(), base: z.number().int(), vat: z.number().int() })),
  vat_country: z.string().meta({
    description:
      'The member state whose VAT the totals carry: HR, or the EU destination once the OSS applies (VAT_OSS=on; gross prices unchanged, docs/invoicing/vat.md)',
  }),
  free_delivery: z.object({
    applies: z.boolean().meta({ description: 'Free delivery exists for the destination (Croatia only)' }),
    missing: z.number().int().nullable().meta({ description: 'Cents still missing (0 when reached); null outside Croatia' }),
  }),
  coupon: CartCouponView.nullable(),
  notices: z.array(CartNoticeView).meta({ description: 'Changes the shop made on its own (shown until the next change); usually empty' }),
  currency: z.literal('EUR'),
  state: CartState,
  item_count: z.number().int(),
  destination: z.object({ country: z.string(), postal_code: z.string().nullable() }),
  shipping: z.object({
    carrier: z.string(),
    zone: z.string(),
    parcels: z.number().int(),
    weight_grams: z.number(),
    delivery_days: z.object({ min: z.number().int(), max: z.number().int() }),
  }),
});
export type CartView = z.infer<typeof CartView>;

export const CartResponse = data(CartView);
