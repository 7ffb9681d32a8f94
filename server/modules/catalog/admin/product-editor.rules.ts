import { LOCALES, type Locale } from '../../../../contract/locales.js';
import { slugify } from '../../../../contract/slug.js';
import {
  missingTexts,
  NUTRITION_FIELDS,
  PRODUCT_TEXT_FIELDS,
  type ProductTextField,
  type ProductTextsInput,
} from '../../../../contract/api/admin-products.js';

/**
 * The pure rules of the product and category editors (docs/admin.md 'Products and categories'): how
 * a language's texts change under a request, what the slug becomes, and what the audit row records.
 */

export type TextRecord = Record<ProductTextField, string | null>;
export type TextsByLocale = Record<Locale, TextRecord>;

export const EMPTY_TEXTS: TextRecord = {
  name: null,
  slug: null,
  short_description: null,
  description: null,
  ingredients: null,
  allergens: null,
  cooking_tips: null,
};

/** A slug changed on a live record: the old one goes to the slug history (it then answers 301). */
export interface SlugChange {
  locale: Locale;
  from: string | null;
  to: string | null;
}

export interface TextPlan {
  texts: TextsByLocale;
  /** Slugs that changed while locked (the 'change the address' action): the old ones are kept. */
  slugChanges: SlugChange[];
  /** A locked slug the request tried to remove (refused: a live address cannot go away). */
  removedLockedSlug: Locale[];
}

/**
 * Applies a request's texts to the current ones. Before the first publishing a language's slug
 * follows its name (slugify) unless the request gives one; a slug given explicitly is kept until
 * the name changes again without one. Once published the slugs are locked: a new name leaves the
 * slug as it is, and only a slug given explicitly changes it (recorded in `slugChanges`).
 */
export function planTexts(
  current: TextsByLocale,
  input: Partial<Record<Locale, ProductTextsInput | undefined>> | undefined,
  slugsLocked: boolean,
): TextPlan {
  const texts = Object.fromEntries(LOCALES.map((l) => [l, { ...current[l] }])) as TextsByLocale;
  const slugChanges: SlugChange[] = [];
  const removedLockedSlug: Locale[] = [];
  for (const locale of LOCALES) {
    const given = input?.[locale];
    if (!given) continue;
    const next = texts[locale];
    for (const field of PRODUCT_TEXT_FIELDS) {
      if (field === 'slug') continue;
      const value = given[field];
      if (value !== undefined) next[field] = value;
    }
    const before = current[locale].slug;
    if (slugsLocked) {
      if (given.slug === null && before !== null) removedLockedSlug.push(locale);
      else if (given.slug !== undefined && given.slug !== before) {
        next.slug = given.slug;
        slugChanges.push({ locale, from: before, to: given.slug });
      }
    } else if (given.slug !== undefined && given.slug !== null) {
      next.slug = given.slug;
    } else if (given.slug === null || (given.name !== undefined && given.name !== current[locale].name)) {
      // follows the name (a cleared slug too): blank or sign-only names leave no slug
      next.slug = next.name === null ? null : slugify(next.name) || null;
    }
  }
  return { texts, slugChanges, removedLockedSlug };
}

/** The texts still missing per language (all seven are needed to publish). */
export function missingProductTexts(texts: TextsByLocale): Array<{ locale: Locale; fields: ProductTextField[] }> {
  return missingTexts(texts, PRODUCT_TEXT_FIELDS);
}

/**
 * A nutrition value's audit name: `nutrition_fat`, ...; salt is `nutrition_saltper100g` because the
 * audit log refuses any field with the word 'salt' (a password salt is a secret).
 */
export function nutritionAuditField(f: (typeof NUTRITION_FIELDS)[number]): string {
  return f === 'salt' ? 'nutrition_saltper100g' : `nutrition_${f}`;
}

/** The product as the audit log records it: flat, allow-listed names (`name_hr`, `nutrition_fat`, ...). */
export function auditView(p: {
  fields: Record<string, unknown>;
  nutrition: Record<string, number>;
  texts: TextsByLocale;
}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...p.fields };
  for (const f of NUTRITION_FIELDS) out[nutritionAuditField(f)] = p.nutrition[f];
  for (const l of LOCALES) for (const f of PRODUCT_TEXT_FIELDS) out[`${f}_${l}`] = p.texts[l][f];
  return out;
}

/** The audit field names of a product (registered once, see product-editor.service.ts). */
export const PRODUCT_AUDIT_FIELDS: string[] = [
  'code',
  'line',
  'category',
  'pack',
  'net_weight_grams',
  'shipping_weight_grams',
  'pieces_per_carton',
  'vat_rate',
  'vat_class',
  'kpd_code',
  'cooking_time_minutes',
  'related',
  'price_cents',
  'published',
  'archived',
  ...NUTRITION_FIELDS.map(nutritionAuditField),
  ...LOCALES.flatMap((l) => PRODUCT_TEXT_FIELDS.map((f) => `${f}_${l}`)),
];

/** Only what changed, before and after (the same keys on both sides); null when nothing did. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    b[key] = before[key] ?? null;
    a[key] = after[key] ?? null;
  }
  return Object.keys(a).length ? { before: b, after: a } : null;
}
