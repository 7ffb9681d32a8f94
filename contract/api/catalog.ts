import { z } from 'zod';
import { CATALOG_DEFAULT_PAGE_SIZE, CATALOG_MAX_PAGE, CATALOG_MAX_PAGE_SIZE } from '../limits.js';
import { LOCALES, type Locale } from '../locales.js';
import { data, localeQueryParam, report, single, wholeNumber } from './fields.js';

/**
 * The catalogue API (`/api/catalog`): its queries and answers. Money in integer euro cents, gross.
 */

export { CATALOG_DEFAULT_PAGE_SIZE, CATALOG_MAX_PAGE, CATALOG_MAX_PAGE_SIZE };
/** Longest search term. */
export const CATALOG_MAX_QUERY_LENGTH = 100;

// ----- queries ---------------------------------------------------------------------------------

const localeParam = localeQueryParam('CATALOG_INVALID_LOCALE');

/** `?locale=` of the product page and the category list. */
export const CatalogLocaleQuery = z.object({ locale: localeParam });
export type CatalogLocaleQuery = z.output<typeof CatalogLocaleQuery>;

/** `GET /api/catalog/products?locale=&category=&q=&page=&page_size=`; every invalid parameter is reported. */
export const ProductListQuery = z.object({
  locale: localeParam,
  category: z
    .unknown()
    .transform((raw, ctx) => {
      const v = single(raw);
      if (v === undefined || v === '') return undefined;
      if (!/^[a-z0-9-]{1,80}$/.test(v)) report(ctx, 'CATALOG_INVALID_CATEGORY');
      return v;
    })
    .optional()
    .meta({ type: 'string', pattern: '^[a-z0-9-]{1,80}$', description: 'Category slug in the requested language' }),
  q: z
    .unknown()
    .transform((raw, ctx) => {
      const v = single(raw);
      if (v === undefined) return undefined;
      if (v.length > CATALOG_MAX_QUERY_LENGTH || v.includes('\u0000')) report(ctx, 'CATALOG_INVALID_QUERY');
      return v.trim() === '' ? undefined : v.trim();
    })
    .optional()
    .meta({
      type: 'string',
      maxLength: CATALOG_MAX_QUERY_LENGTH,
      description: 'Search term (four languages, accents ignored, prefix match)',
    }),
  page: z
    .unknown()
    .transform((raw, ctx) => {
      const n = wholeNumber(raw, 1, CATALOG_MAX_PAGE);
      if (n === null) report(ctx, 'CATALOG_INVALID_PAGE');
      return n ?? 1;
    })
    .default(1)
    .meta({ type: 'integer', minimum: 1, maximum: CATALOG_MAX_PAGE, default: 1 }),
  page_size: z
    .unknown()
    .transform((raw, ctx) => {
      const n = wholeNumber(raw, 1, CATALOG_MAX_PAGE_SIZE);
      if (n === null) report(ctx, 'CATALOG_INVALID_PAGE_SIZE');
      return n ?? CATALOG_DEFAULT_PAGE_SIZE;
    })
    .default(CATALOG_DEFAULT_PAGE_SIZE)
    .meta({ type: 'integer', minimum: 1, maximum: CATALOG_MAX_PAGE_SIZE, default: CATALOG_DEFAULT_PAGE_SIZE }),
});
export type ProductListQuery = z.output<typeof ProductListQuery>;

/** `GET /api/catalog/products/:slug` */
export const ProductSlugParams = z.object({
  slug: z.string().meta({ description: 'Product slug in any language (another language answers canonical_slug)' }),
});

// ----- answers ---------------------------------------------------------------------------------

export const Availability = z.enum(['available', 'soon_available_again']);
export type Availability = z.infer<typeof Availability>;
export const Pack = z.enum(['standard', 'business']);
export type Pack = z.infer<typeof Pack>;

const slugs = z.object(Object.fromEntries(LOCALES.map((l) => [l, z.string()])) as Record<Locale, z.ZodString>);

export const ImageView = z.object({
  src: z.string().meta({ example: '/images/products/ZZ-SPAG-400.svg' }),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  srcset: z.string().optional().meta({ description: "A photo's JPEG sizes (`url 640w, ...`); absent for a drawing" }),
  sources: z
    .array(z.object({ type: z.string().meta({ example: 'image/avif' }), srcset: z.string() }))
    .optional()
    .meta({ description: "A photo's sizes in modern formats (AVIF, WebP), best first, for <picture>" }),
});
export type ImageView = z.infer<typeof ImageView>;

export const OfferView = z.object({
  ends_at: z.string().meta({ format: 'date-time' }),
  starts_at: z.string().meta({ format: 'date-time' }),
  reference_date: z.string().meta({ format: 'date', description: "The price's reference date (YYYY-MM-DD)" }),
  reference_price: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Regular price in cents in force on the reference date (null before the first price)' }),
  lowest_30d: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Lowest price (cents) applied in the 30 days before the offer started (EU Omnibus rule)' }),
  discount_percent: z.number().int().nullable().meta({ description: 'Whole percent off lowest_30d' }),
});
export type OfferView = z.infer<typeof OfferView>;

export const PriceView = z.object({
  amount: z.number().int().meta({ description: 'Gross cents per pack now (offer applied)', example: 249 }),
  currency: z.literal('EUR'),
  regular_amount: z.number().int().meta({ description: 'Regular gross cents per pack' }),
  per_kg: z.number().int().meta({ description: 'Gross cents per kg (unit price)' }),
  offer: OfferView.nullable(),
});
export type PriceView = z.infer<typeof PriceView>;

export const ProductSummary = z.object({
  code: z.string().meta({ example: 'ZZ-SPAG-400' }),
  slug: z.string(),
  name: z.string(),
  short_description: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  line: z.string().meta({ example: 'classic' }),
  pack: Pack,
  pack_grams: z.number(),
  image: ImageView.nullable(),
  price: PriceView,
  availability: Availability,
  stock_left: z.number().int().nullable().meta({ description: 'Packs left when stock is tracked and low (10 or fewer), else null' }),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const Nutrition = z.object({
  energy_kj: z.number(),
  energy_kcal: z.number(),
  fat: z.number(),
  saturates: z.number(),
  carbohydrate: z.number(),
  sugars: z.number(),
  fibre: z.number(),
  protein: z.number(),
  salt: z.number(),
});
export type Nutrition = z.infer<typeof Nutrition>;

export const ProductDetail = ProductSummary.extend({
  canonical_slug: z
    .string()
    .meta({ description: 'Slug in the requested language; when it differs from the slug requested, redirect (301) to it' }),
  description: z.string(),
  ingredients: z.string(),
  allergens: z.string(),
  nutrition: Nutrition.meta({ description: 'Per 100 g' }),
  cooking_time_minutes: z.number(),
  cooking_tips: z.string(),
  pieces_per_carton: z.number().int(),
  vat_rate: z.number().meta({ description: 'The Croatian VAT rate (percent) the price includes' }),
  vat_destination: z.boolean().meta({
    description:
      "The OSS applies (VAT_OSS=on): delivered to another EU country the same price includes that country's VAT (docs/invoicing/vat.md)",
  }),
  net_weight_grams: z.number(),
  shipping_weight_grams: z.number(),
  slugs,
  related: z.array(ProductSummary),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const CategoryView = z.object({
  code: z.string(),
  slug: z.string(),
  name: z.string(),
  product_count: z.number().int(),
  slugs,
});
export type CategoryView = z.infer<typeof CategoryView>;

export const ProductPage = z.object({
  items: z.array(ProductSummary),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type ProductPage = z.infer<typeof ProductPage>;

export const ProductPageResponse = data(ProductPage);
export const ProductDetailResponse = data(ProductDetail);
export const CategoriesResponse = data(z.array(CategoryView));
