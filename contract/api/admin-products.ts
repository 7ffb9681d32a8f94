import { z } from 'zod';
import { LOCALES, type Locale } from '../locales.js';
import { isSlug, SLUG_MAX_LENGTH } from '../slug.js';
import { VAT_CLASSES } from '../vat.js';
import { data, report } from './fields.js';

/**
 * The back office's catalogue editing API (docs/admin.md 'Products and categories'): create a
 * product, edit every field of it in four languages, publish, unpublish, archive, unarchive; the
 * categories with their names, slugs and order. Reading: roles admin and staff (`stock.read`);
 * changing: admin only (`products.write`). JSON names snake_case; every failure names a CATALOG_*
 * code the server localizes (server/locales, `catalog.errors`).
 */

/** The translatable texts of a product, per language. All seven are needed before it is published. */
export const PRODUCT_TEXT_FIELDS = [
  'name',
  'slug',
  'short_description',
  'description',
  'ingredients',
  'allergens',
  'cooking_tips',
] as const;
export type ProductTextField = (typeof PRODUCT_TEXT_FIELDS)[number];
export const CATEGORY_TEXT_FIELDS = ['name', 'slug'] as const;

/** Longest text per field (characters). */
export const PRODUCT_TEXT_MAX: Readonly<Record<ProductTextField, number>> = {
  name: 120,
  slug: SLUG_MAX_LENGTH,
  short_description: 400,
  description: 8000,
  ingredients: 2000,
  allergens: 1000,
  cooking_tips: 4000,
};

export const PRODUCT_LINES = ['classic', 'superfoodie', 'alphabet', 'business'] as const;
export const PRODUCT_PACKS = ['standard', 'business'] as const;
export const CROATIAN_VAT_RATES = [5, 13, 25] as const;
export const NUTRITION_FIELDS = [
  'energy_kj',
  'energy_kcal',
  'fat',
  'saturates',
  'carbohydrate',
  'sugars',
  'fibre',
  'protein',
  'salt',
] as const;
export type NutritionField = (typeof NUTRITION_FIELDS)[number];
/** Highest value per 100 g: grams cannot pass 100, energy is bounded by pure fat (3,700 kJ, 900 kcal). */
export const NUTRITION_MAX: Readonly<Record<NutritionField, number>> = {
  energy_kj: 4000,
  energy_kcal: 1000,
  fat: 100,
  saturates: 100,
  carbohydrate: 100,
  sugars: 100,
  fibre: 100,
  protein: 100,
  salt: 100,
};
export const MAX_RELATED = 12;
/** Product codes as stored: upper-case letters and digits in dash-joined groups (`ZZ-SPAG-400`). */
export const NEW_PRODUCT_CODE = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
export const CATEGORY_CODE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A text as stored: trimmed; blank (or null) is missing (null), never an empty string. Line breaks stay. */
function translatedText(field: ProductTextField | 'category_name') {
  const max = field === 'category_name' ? 80 : PRODUCT_TEXT_MAX[field];
  return z
    .unknown()
    .transform((v, ctx): string | null => {
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      if (typeof v !== 'string') {
        report(ctx, 'CATALOG_TEXT_INVALID');
        return null;
      }
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v)) {
        report(ctx, 'CATALOG_TEXT_INVALID');
        return null;
      }
      const s = v.trim();
      if (s.length > max) report(ctx, 'CATALOG_TEXT_TOO_LONG', [], { max });
      return s;
    })
    .meta({ type: ['string', 'null'], maxLength: max, description: 'null or blank: missing' })
    .optional();
}

const slugText = z
  .unknown()
  .transform((v, ctx): string | null => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    if (typeof v !== 'string' || !isSlug(v.trim())) {
      report(ctx, 'CATALOG_SLUG_INVALID');
      return null;
    }
    return v.trim();
  })
  .meta({ type: ['string', 'null'], pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: SLUG_MAX_LENGTH })
  .optional();

const productTexts = z
  .object({
    name: translatedText('name'),
    slug: slugText,
    short_description: translatedText('short_description'),
    description: translatedText('description'),
    ingredients: translatedText('ingredients'),
    allergens: translatedText('allergens'),
    cooking_tips: translatedText('cooking_tips'),
  })
  .strict();
export type ProductTextsInput = z.output<typeof productTexts>;

function perLanguage<S extends z.ZodType>(schema: S) {
  return z.object(Object.fromEntries(LOCALES.map((l) => [l, schema.optional()])) as Record<Locale, z.ZodOptional<S>>).strict();
}

const whole = (code: string, min: number, max: number) => z.number(code).int(code).min(min, code).max(max, code);
const nutritionValue = (field: NutritionField) =>
  z
    .number('CATALOG_NUTRITION_INVALID')
    .min(0, 'CATALOG_NUTRITION_INVALID')
    .max(NUTRITION_MAX[field], 'CATALOG_NUTRITION_INVALID')
    // one decimal; salt two (below 1 g it is labelled to 0.01 g, EU 1169/2011 guidance on rounding)
    .transform((n) => (field === 'salt' ? Math.round(n * 100) / 100 : Math.round(n * 10) / 10));
const nutrition = z
  .object(
    Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, nutritionValue(f)])) as Record<NutritionField, ReturnType<typeof nutritionValue>>,
  )
  .strict();

const productCodeValue = z
  .string('CATALOG_CODE_INVALID')
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().max(64, 'CATALOG_CODE_INVALID').regex(NEW_PRODUCT_CODE, 'CATALOG_CODE_INVALID'));
const categoryCodeValue = z
  .string('CATALOG_INVALID_CATEGORY')
  .regex(CATEGORY_CODE, 'CATALOG_INVALID_CATEGORY')
  .max(64, 'CATALOG_INVALID_CATEGORY');

/** The product's own fields (not per language). */
const productFields = {
  line: z.enum(PRODUCT_LINES, 'CATALOG_LINE_INVALID'),
  category: categoryCodeValue,
  pack: z.enum(PRODUCT_PACKS, 'CATALOG_PACK_INVALID'),
  net_weight_grams: whole('CATALOG_WEIGHT_INVALID', 1, 100_000),
  shipping_weight_grams: whole('CATALOG_WEIGHT_INVALID', 1, 100_000),
  pieces_per_carton: whole('CATALOG_PIECES_INVALID', 1, 10_000),
  vat_rate: z.union(
    CROATIAN_VAT_RATES.map((r) => z.literal(r)),
    'CATALOG_VAT_RATE_INVALID',
  ),
  vat_class: z.enum(VAT_CLASSES, 'CATALOG_VAT_CLASS_INVALID'),
  kpd_code: z.string('CATALOG_KPD_INVALID').regex(/^\d{2}\.\d{2}\.\d{2}$/, 'CATALOG_KPD_INVALID'),
  nutrition,
  cooking_time_minutes: whole('CATALOG_COOKING_TIME_INVALID', 1, 240),
  related: z.array(productCodeValue, 'CATALOG_RELATED_INVALID').max(MAX_RELATED, 'CATALOG_RELATED_INVALID'),
};

function checkProduct(
  b: { shipping_weight_grams?: number; net_weight_grams?: number; related?: string[]; code?: string },
  ctx: z.RefinementCtx,
): void {
  if (b.related && new Set(b.related).size !== b.related.length) report(ctx, 'CATALOG_RELATED_INVALID', ['related']);
  if (b.code && b.related?.includes(b.code)) report(ctx, 'CATALOG_RELATED_INVALID', ['related']);
  if (b.net_weight_grams !== undefined && b.shipping_weight_grams !== undefined && b.shipping_weight_grams < b.net_weight_grams)
    report(ctx, 'CATALOG_WEIGHT_ORDER', ['shipping_weight_grams']);
}

/**
 * `POST /api/admin/products` (admin): a new product, not yet published (the shop does not show it).
 * Texts may be partial (missing ones stay null); a language's slug follows its name when not given.
 * `price_cents` is the first regular price (recorded in the price history from now).
 */
export const AdminProductCreateBody = z
  .object({
    code: productCodeValue,
    ...productFields,
    related: productFields.related.default([]),
    price_cents: whole('CATALOG_INVALID_PRICE', 1, 10_000_000),
    texts: perLanguage(productTexts).default({}),
  })
  .strict()
  .superRefine(checkProduct);
export type AdminProductCreateBody = z.output<typeof AdminProductCreateBody>;

/**
 * `PATCH /api/admin/products/{code}/details` (admin): any field; `texts` per language and field (null
 * or blank clears a text: it is then missing). A slug given for a product already published is the
 * 'change the address' action: the old slug then answers 301 to the product's current one.
 * `expected_updated_at`: the `updated_at` the screen loaded; another save in between is 409.
 */
export const AdminProductPatchBody = z
  .object({
    ...Object.fromEntries(Object.entries(productFields).map(([k, v]) => [k, v.optional()])),
    texts: perLanguage(productTexts).optional(),
    expected_updated_at: z.iso.datetime({ offset: true, message: 'CATALOG_TEXT_INVALID' }).optional(),
  } as {
    [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]>;
  } & { texts: z.ZodOptional<ReturnType<typeof perLanguage<typeof productTexts>>>; expected_updated_at: z.ZodOptional<z.ZodISODateTime> })
  .strict()
  .superRefine((b, ctx) => {
    const keys = Object.keys(b).filter((k) => k !== 'expected_updated_at');
    if (keys.length === 0) report(ctx, 'CATALOG_NOTHING_TO_CHANGE');
    checkProduct(b, ctx);
  });
export type AdminProductPatchBody = z.output<typeof AdminProductPatchBody>;

const nullableText = z.string().nullable();
export const AdminProductTexts = z.object(
  Object.fromEntries(PRODUCT_TEXT_FIELDS.map((f) => [f, nullableText])) as Record<ProductTextField, typeof nullableText>,
);
export type AdminProductTexts = z.infer<typeof AdminProductTexts>;

/** The states of a product: `draft` (never or not now published), `published` (in the shop), `archived` (no longer sold). */
export const PRODUCT_STATES = ['draft', 'published', 'archived'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** A product with everything the 'Details' screen edits. */
export const AdminProductEditable = z.object({
  code: z.string(),
  line: z.enum(PRODUCT_LINES),
  category: z.string(),
  pack: z.enum(PRODUCT_PACKS),
  net_weight_grams: z.number().int(),
  shipping_weight_grams: z.number().int(),
  pieces_per_carton: z.number().int(),
  vat_rate: z.number().int(),
  vat_class: z.enum(VAT_CLASSES),
  kpd_code: z.string(),
  nutrition: z.object(Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, z.number()])) as Record<NutritionField, z.ZodNumber>),
  cooking_time_minutes: z.number().int(),
  related: z.array(z.string()),
  price_cents: z.number().int(),
  texts: z.object(Object.fromEntries(LOCALES.map((l) => [l, AdminProductTexts])) as Record<Locale, typeof AdminProductTexts>),
  /** Per language, the texts still missing (all seven are needed to publish). */
  missing: z.array(z.object({ locale: z.enum(LOCALES), fields: z.array(z.enum(PRODUCT_TEXT_FIELDS)) })),
  state: z.enum(PRODUCT_STATES),
  published: z.boolean(),
  /** Set once, at the first publishing: from then on the slugs are locked (changed only on purpose, with a redirect). */
  first_published_at: z.string().nullable(),
  archived_at: z.string().nullable(),
  slugs_locked: z.boolean(),
  /** Earlier slugs that answer 301 to the current one, per language. */
  old_slugs: z.array(z.object({ locale: z.enum(LOCALES), slug: z.string() })),
  updated_at: z.string(),
});
export type AdminProductEditable = z.infer<typeof AdminProductEditable>;
export const AdminProductEditableResponse = data(AdminProductEditable);

/** `GET /api/admin/categories` and the category routes. */
export const AdminCategory = z.object({
  code: z.string(),
  position: z.number().int(),
  /** Products in it the shop shows (published, not archived). */
  product_count: z.number().int(),
  /** Products in it, drafts and archived ones included (a category with any cannot be removed). */
  all_products: z.number().int(),
  texts: z.object(
    Object.fromEntries(LOCALES.map((l) => [l, z.object({ name: z.string().nullable(), slug: z.string().nullable() })])) as Record<
      Locale,
      z.ZodObject<{ name: z.ZodNullable<z.ZodString>; slug: z.ZodNullable<z.ZodString> }>
    >,
  ),
  missing: z.array(z.object({ locale: z.enum(LOCALES), fields: z.array(z.enum(CATEGORY_TEXT_FIELDS)) })),
});
export type AdminCategory = z.infer<typeof AdminCategory>;
export const AdminCategoryListResponse = data(z.object({ categories: z.array(AdminCategory) }));
export const AdminCategoryResponse = data(AdminCategory);

const categoryTexts = z.object({ name: translatedText('category_name'), slug: slugText }).strict();

/** `POST /api/admin/categories` (admin): a new category, last in the order; slugs follow the names when not given. */
export const AdminCategoryCreateBody = z
  .object({ code: categoryCodeValue, texts: perLanguage(categoryTexts) })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.texts.hr?.name) report(ctx, 'CATALOG_CATEGORY_NAME_REQUIRED', ['texts', 'hr', 'name']);
  });
export type AdminCategoryCreateBody = z.output<typeof AdminCategoryCreateBody>;

/** `PATCH /api/admin/categories/{code}` (admin): names and slugs; a changed slug leaves a 301 behind. */
export const AdminCategoryPatchBody = z.object({ texts: perLanguage(categoryTexts) }).strict();
export type AdminCategoryPatchBody = z.output<typeof AdminCategoryPatchBody>;

/** `POST /api/admin/categories/{code}/move` (admin): one place up or down in the shop's order. */
export const AdminCategoryMoveBody = z.object({ direction: z.enum(['up', 'down'], 'CATALOG_MOVE_INVALID') }).strict();

export const AdminCategoryParams = z.object({ code: categoryCodeValue });

/** The required texts of a record that are missing, per language (Croatian first). */
export function missingTexts<F extends string>(
  texts: Partial<Record<Locale, Partial<Record<F, string | null>>>>,
  required: readonly F[],
): Array<{ locale: Locale; fields: F[] }> {
  return LOCALES.map((locale) => ({
    locale,
    fields: required.filter((f) => {
      const v = texts[locale]?.[f];
      return v == null || v.trim() === '';
    }),
  })).filter((m) => m.fields.length > 0);
}

/** `POST /api/admin/products/{code}/publish|unpublish|archive|unarchive`: no fields; the path says it all. */
export const AdminProductStateBody = z.object({});
