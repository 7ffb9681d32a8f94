import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { data, report } from './fields.js';

/**
 * The back office's stock and price API (`/api/admin/products`, docs/admin.md 'Stock and prices
 * API'). Stock, availability and the low-stock threshold: roles admin and staff; prices and special
 * offers: admin only. JSON names snake_case, money in integer gross euro cents per pack, instants
 * ISO 8601. Every value a caller sends is checked here: a wrong one is a 422 naming its field.
 */

/** Rows per page of the operators' product list. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
/** Most rows one bulk edit takes (one transaction). */
export const BULK_EDIT_MAX_ROWS = 500;
/** Highest stock and price the screens accept (packs; cents: 100,000.00 €). */
export const MAX_STOCK = 1_000_000;
export const MAX_PRICE_CENTS = 10_000_000;
/** Highest low-stock threshold (packs). */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

export const ADMIN_AVAILABILITIES = ['available', 'soon_available_again'] as const;
export const AdminAvailability = z.enum(ADMIN_AVAILABILITIES);

/** Orders of the list: the catalogue's order, or a column (`-` first: descending). */
export const ADMIN_PRODUCT_SORTS = ['position', 'code', '-code', 'name', '-name', 'stock', '-stock', 'price', '-price'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** A product code (SKU) as the catalogue writes them: `ZZ-SPAG-400`. */
export const PRODUCT_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const productCode = z.string().regex(PRODUCT_CODE, 'CATALOG_CODE_INVALID');

/** `{code}` of the product routes. */
export const AdminProductParams = z.object({ code: productCode });

/** A query value: '' and blanks are absent; anything else must parse. */
function anyWhenEmpty<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    schema.optional(),
  );
}

/**
 * `GET /api/admin/products?q=&category=&availability=&low_stock=&page=&sort=&locale=`: `q` a code or
 * a name (part of it, in `locale`), `category` a category code, `availability` what shoppers see
 * (stock 0 counts as 'soon available again'), `low_stock=true` the ready view 'low stock' (tracked
 * stock at or below the product's threshold), `locale` the language of names (default hr).
 */
export const AdminProductListQuery = z.object({
  q: anyWhenEmpty(
    z
      .string()
      .max(100, 'CATALOG_INVALID_QUERY')
      .regex(/^[^\p{Cc}]*$/u, 'CATALOG_INVALID_QUERY'),
  ),
  category: anyWhenEmpty(z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'CATALOG_INVALID_CATEGORY')),
  availability: anyWhenEmpty(AdminAvailability),
  low_stock: anyWhenEmpty(z.enum(['true', 'false']).transform((v) => v === 'true')),
  /** `missing`: the ready view 'not translated' (a text of some language still missing: docs/admin.md 'Products and categories'). */
  translation: anyWhenEmpty(z.enum(['missing'], 'CATALOG_INVALID_QUERY')),
  page: anyWhenEmpty(
    z.coerce.number('CATALOG_INVALID_PAGE').int('CATALOG_INVALID_PAGE').min(1, 'CATALOG_INVALID_PAGE').max(100_000, 'CATALOG_INVALID_PAGE'),
  ),
  sort: anyWhenEmpty(z.enum(ADMIN_PRODUCT_SORTS)),
  locale: anyWhenEmpty(z.enum(LOCALES, 'CATALOG_INVALID_LOCALE')),
});
export type AdminProductListQuery = z.output<typeof AdminProductListQuery>;

/** One product as the stock and price screens list it. */
export const AdminProductRow = z.object({
  code: z.string(),
  name: z.string(),
  category: z.string(),
  category_name: z.string(),
  /** What the operator set. */
  availability: AdminAvailability,
  /** What shoppers see: 'soon_available_again' also when tracked stock is 0. */
  shown_availability: AdminAvailability,
  /** Packs the shop can still sell; null: stock not tracked. */
  stock: z.number().int().nullable(),
  /** Packs taken by orders not yet shipped (placed, not cancelled): already out of `stock`, still on the shelf. */
  reserved: z.number().int(),
  low_stock_threshold: z.number().int(),
  low_stock: z.boolean(),
  /** The regular price in force. */
  price_cents: z.number().int(),
  /** The special offer's price when one runs now. */
  offer_price_cents: z.number().int().nullable(),
  /** Per kg of the price a buyer pays now (offer or regular); 'per piece' is the pack's price. */
  per_kg_cents: z.number().int(),
  net_weight_grams: z.number().int(),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductListResponse = data(
  z.object({
    items: z.array(AdminProductRow),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Products low on stock in the whole catalogue (the dashboard's figure, whatever the filters). */
    low_stock_count: z.number().int(),
  }),
);
export type AdminProductList = z.infer<typeof AdminProductListResponse>['data'];

export const OFFER_STATES = ['ended', 'running', 'scheduled'] as const;

export const AdminOffer = z.object({
  id: z.number().int(),
  price_cents: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  reference_date: z.string(),
  state: z.enum(OFFER_STATES),
  /** The lowest price of the 30 days before the offer (Omnibus), null without a prior price. */
  lowest_30d_cents: z.number().int().nullable(),
  discount_percent: z.number().int().nullable(),
});
export type AdminOffer = z.infer<typeof AdminOffer>;

export const AdminProductDetail = AdminProductRow.extend({
  pieces_per_carton: z.number().int(),
  /** The lowest price applied in the 30 days before now (or before the running offer's start). */
  lowest_30d_cents: z.number().int().nullable(),
  offers: z.array(AdminOffer),
  /** Regular-price changes, newest first. */
  price_history: z.array(z.object({ price_cents: z.number().int(), valid_from: z.string() })),
  updated_at: z.string(),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetail>;
export const AdminProductDetailResponse = data(AdminProductDetail);

const stockValue = z
  .number('CATALOG_STOCK_INVALID')
  .int('CATALOG_STOCK_INVALID')
  .min(0, 'CATALOG_STOCK_INVALID')
  .max(MAX_STOCK, 'CATALOG_STOCK_INVALID');
const priceValue = z
  .number('CATALOG_INVALID_PRICE')
  .int('CATALOG_INVALID_PRICE')
  .min(1, 'CATALOG_INVALID_PRICE')
  .max(MAX_PRICE_CENTS, 'CATALOG_INVALID_PRICE');

/**
 * `PATCH /api/admin/products/{code}/stock` (admin, staff): any of the three; `stock: null` stops
 * tracking. `expected_stock`: the stock the screen showed; when an order took packs meanwhile the
 * change is refused (409 CATALOG_STOCK_CHANGED) instead of overwriting the sale.
 */
export const AdminStockBody = z
  .object({
    stock: stockValue.nullable().optional(),
    availability: z.enum(ADMIN_AVAILABILITIES, 'CATALOG_AVAILABILITY_INVALID').optional(),
    low_stock_threshold: z
      .number('CATALOG_THRESHOLD_INVALID')
      .int('CATALOG_THRESHOLD_INVALID')
      .min(0, 'CATALOG_THRESHOLD_INVALID')
      .max(MAX_LOW_STOCK_THRESHOLD, 'CATALOG_THRESHOLD_INVALID')
      .optional(),
    expected_stock: stockValue.nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.stock === undefined && b.availability === undefined && b.low_stock_threshold === undefined)
      report(ctx, 'CATALOG_NOTHING_TO_CHANGE');
  });
export type AdminStockBody = z.output<typeof AdminStockBody>;

/** `PUT /api/admin/products/{code}/price` (admin): the regular price from now on. */
export const AdminPriceBody = z.object({ price_cents: priceValue });

const instant = z.iso.datetime({ offset: true, message: 'CATALOG_OFFER_DATE_INVALID' });

/** `POST /api/admin/products/{code}/offers` and `…/offers/preview` (admin): a special offer in [starts_at, ends_at). */
export const AdminOfferBody = z.object({ price_cents: priceValue, starts_at: instant, ends_at: instant }).superRefine((b, ctx) => {
  if (Date.parse(b.ends_at) <= Date.parse(b.starts_at)) report(ctx, 'CATALOG_OFFER_ENDS_BEFORE_START', ['ends_at']);
});
export type AdminOfferBody = z.output<typeof AdminOfferBody>;

/**
 * What a proposed offer will show (C-330/23: the percentage is computed from the lowest price of
 * the 30 days before the cut, not from a price raised shortly before it).
 */
export const OfferPreview = z.object({
  /** The regular price in force when the offer starts. */
  regular_price_cents: z.number().int(),
  offer_price_cents: z.number().int(),
  /** The 30 days the lowest price is taken from: [window_from, window_to = starts_at). */
  window_from: z.string(),
  window_to: z.string(),
  /** Lowest price applied in that window (earlier offers included); null: no price before the offer. */
  lowest_30d_cents: z.number().int().nullable(),
  /** What the shop strikes through: the 30-day lowest price, when the offer is below it; else null. */
  struck_price_cents: z.number().int().nullable(),
  /** Whole percent off the 30-day lowest price (rounded half up); 0 when not below it; null without a prior price. */
  discount_percent: z.number().int().nullable(),
  offer_per_kg_cents: z.number().int(),
});
export type OfferPreview = z.infer<typeof OfferPreview>;
export const OfferPreviewResponse = data(OfferPreview);

export const OfferCreatedResponse = data(z.object({ offer: AdminOffer, preview: OfferPreview, product: AdminProductDetail }));

function bulkBody<R extends z.ZodType>(row: R) {
  return z.object({
    /** true: only show what would change; false: apply every row in one transaction, or none. */
    dry_run: z.boolean('CATALOG_BULK_DRY_RUN_REQUIRED'),
    rows: z
      .array(row, 'CATALOG_BULK_ROWS_INVALID')
      .min(1, 'CATALOG_BULK_ROWS_INVALID')
      .max(BULK_EDIT_MAX_ROWS, 'CATALOG_BULK_TOO_MANY_ROWS'),
  });
}
/** `POST /api/admin/products/bulk/stock` (admin, staff). */
export const BulkStockBody = bulkBody(z.object({ code: productCode, stock: stockValue }));
/** `POST /api/admin/products/bulk/prices` (admin). */
export const BulkPriceBody = bulkBody(z.object({ code: productCode, price_cents: priceValue }));

/** The answer of a bulk edit: old -> new of every row that changes, and the rows refused with why. */
export const BulkEditResult = z.object({
  dry_run: z.boolean(),
  applied: z.boolean(),
  /** Rows that change (those in `rows`). */
  count: z.number().int(),
  rows: z.array(z.object({ code: z.string(), name: z.string(), old: z.number().int().nullable(), new: z.number().int() })),
  /** Codes whose value is already the new one (nothing written). */
  unchanged: z.array(z.string()),
  refused: z.array(z.object({ row: z.number().int(), code: z.string(), reason: z.string(), message: z.string() })),
});
export type BulkEditResult = z.infer<typeof BulkEditResult>;
export const BulkEditResponse = data(BulkEditResult);
