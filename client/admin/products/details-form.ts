/**
 * The 'Details' and 'New product' form (docs/admin.md 'Products and categories'), pure: the typed
 * values <-> the API's product, the checks the screen makes before sending, the save bar's count, the
 * bodies (an edit sends only what changed), and the API's errors on their fields.
 */
import type { TFunction } from 'i18next';
import {
  CROATIAN_VAT_RATES,
  NUTRITION_FIELDS,
  NUTRITION_MAX,
  PRODUCT_LINES,
  PRODUCT_PACKS,
  PRODUCT_TEXT_FIELDS,
  type AdminProductEditable,
  type NutritionField,
  type ProductTextField,
} from '../../../contract/api/admin-products';
import { LOCALES, type Locale } from '../../../contract/locales';
import { isSlug, slugify } from '../../../contract/slug';
import { textOrMissing } from '../kit/translations';
import { parseEuroInput } from './money-input';

export type TextValues = Record<Locale, Record<ProductTextField, string>>;

/** What the form holds: every value as typed. */
export interface DetailsValues {
  code: string;
  line: string;
  category: string;
  pack: string;
  net_weight_grams: string;
  shipping_weight_grams: string;
  pieces_per_carton: string;
  vat_rate: string;
  vat_class: string;
  kpd_code: string;
  cooking_time_minutes: string;
  related: string;
  price: string;
  nutrition: Record<NutritionField, string>;
  texts: TextValues;
}

/** The form's own fields (texts are `texts.<locale>.<field>`, nutrition `nutrition.<field>`). */
export type PlainField = Exclude<keyof DetailsValues, 'nutrition' | 'texts'>;
export const PLAIN_FIELDS: readonly PlainField[] = [
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
  'price',
];

const emptyTexts = (): TextValues =>
  Object.fromEntries(LOCALES.map((l) => [l, Object.fromEntries(PRODUCT_TEXT_FIELDS.map((f) => [f, '']))])) as TextValues;

/** A number as the form shows it: a decimal comma in Croatian, German, Slovenian. */
function shown(n: number, language: string): string {
  const s = String(n);
  return language === 'en' ? s : s.replace('.', ',');
}

export function newValues(category = ''): DetailsValues {
  return {
    code: '',
    line: 'classic',
    category,
    pack: 'standard',
    net_weight_grams: '500',
    shipping_weight_grams: '',
    pieces_per_carton: '',
    vat_rate: '5',
    vat_class: 'food',
    kpd_code: '10.73.11',
    cooking_time_minutes: '',
    related: '',
    price: '',
    nutrition: Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, ''])) as Record<NutritionField, string>,
    texts: emptyTexts(),
  };
}

export function valuesOf(p: AdminProductEditable, language: string): DetailsValues {
  const texts = emptyTexts();
  for (const l of LOCALES) for (const f of PRODUCT_TEXT_FIELDS) texts[l][f] = p.texts[l][f] ?? '';
  return {
    code: p.code,
    line: p.line,
    category: p.category,
    pack: p.pack,
    net_weight_grams: String(p.net_weight_grams),
    shipping_weight_grams: String(p.shipping_weight_grams),
    pieces_per_carton: String(p.pieces_per_carton),
    vat_rate: String(p.vat_rate),
    vat_class: p.vat_class,
    kpd_code: p.kpd_code,
    cooking_time_minutes: String(p.cooking_time_minutes),
    related: p.related.join(', '),
    price: '',
    nutrition: Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, shown(p.nutrition[f], language)])) as Record<NutritionField, string>,
    texts,
  };
}

/**
 * Applies a typed text. While the slugs are not locked, a language's slug follows its name (as the
 * server will make it), unless the person wrote the slug themselves (it no longer matched the name).
 */
export function typeText(
  values: DetailsValues,
  locale: Locale,
  field: ProductTextField,
  text: string,
  slugsLocked: boolean,
): DetailsValues {
  const before = values.texts[locale];
  const next = { ...before, [field]: text };
  if (field === 'name' && !slugsLocked && (before.slug === '' || before.slug === slugify(before.name))) next.slug = slugify(text);
  return { ...values, texts: { ...values.texts, [locale]: next } };
}

/** Every field name whose value differs (`texts.en.name`, `nutrition.fat`, `line`). */
export function changedFields(initial: DetailsValues, current: DetailsValues): string[] {
  const out: string[] = [];
  for (const f of PLAIN_FIELDS) if (initial[f].trim() !== current[f].trim()) out.push(f);
  for (const f of NUTRITION_FIELDS) if (initial.nutrition[f].trim() !== current.nutrition[f].trim()) out.push(`nutrition.${f}`);
  for (const l of LOCALES)
    for (const f of PRODUCT_TEXT_FIELDS)
      if (textOrMissing(initial.texts[l][f]) !== textOrMissing(current.texts[l][f])) out.push(`texts.${l}.${f}`);
  return out;
}

/** A whole number typed (digits, optional thousands dots/spaces), or null. */
export function wholeNumber(text: string): number | null {
  const s = text.trim().replace(/[\s.]/g, '');
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

/** A decimal typed with a comma or a point (`1,5`, `0.01`), or null. */
export function decimal(text: string): number | null {
  const s = text.trim().replace(',', '.');
  return /^\d{1,5}(\.\d{1,2})?$/.test(s) ? Number(s) : null;
}

export type Errors = Record<string, string>;

/** The checks before sending; messages by field name (as changedFields names them). */
export function checkValues(v: DetailsValues, isNew: boolean, t: TFunction): Errors {
  const e: Errors = {};
  if (isNew && !/^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(v.code.trim())) e.code = t('details.errors.code');
  if (!(PRODUCT_LINES as readonly string[]).includes(v.line)) e.line = t('details.errors.choose');
  if (!v.category) e.category = t('details.errors.choose');
  if (!(PRODUCT_PACKS as readonly string[]).includes(v.pack)) e.pack = t('details.errors.choose');
  const net = wholeNumber(v.net_weight_grams);
  const shipping = wholeNumber(v.shipping_weight_grams);
  if (net === null || net < 1 || net > 100_000) e.net_weight_grams = t('details.errors.grams');
  if (shipping === null || shipping < 1 || shipping > 100_000) e.shipping_weight_grams = t('details.errors.grams');
  else if (net !== null && shipping < net) e.shipping_weight_grams = t('details.errors.shippingBelowNet');
  const pieces = wholeNumber(v.pieces_per_carton);
  if (pieces === null || pieces < 1 || pieces > 10_000) e.pieces_per_carton = t('details.errors.pieces');
  if (!(CROATIAN_VAT_RATES as readonly number[]).includes(Number(v.vat_rate))) e.vat_rate = t('details.errors.choose');
  if (!/^\d{2}\.\d{2}\.\d{2}$/.test(v.kpd_code.trim())) e.kpd_code = t('details.errors.kpd');
  const minutes = wholeNumber(v.cooking_time_minutes);
  if (minutes === null || minutes < 1 || minutes > 240) e.cooking_time_minutes = t('details.errors.minutes');
  for (const f of NUTRITION_FIELDS) {
    const n = decimal(v.nutrition[f]);
    if (n === null || n > NUTRITION_MAX[f]) e[`nutrition.${f}`] = t('details.errors.nutrition', { max: NUTRITION_MAX[f] });
  }
  if (isNew) {
    const price = parseEuroInput(v.price);
    if (price === null || price < 1) e.price = t('errors.price');
  }
  for (const l of LOCALES) {
    const slug = v.texts[l].slug.trim();
    if (slug && !isSlug(slug)) e[`texts.${l}.slug`] = t('details.errors.slug');
  }
  return e;
}

const relatedCodes = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

/** The texts of the changed fields per language (blank: null, a missing translation stays missing). */
function textsBody(current: DetailsValues, changed: readonly string[]) {
  const texts: Partial<Record<Locale, Partial<Record<ProductTextField, string | null>>>> = {};
  for (const name of changed) {
    const m = /^texts\.(\w+)\.(\w+)$/.exec(name);
    if (!m) continue;
    const [, l, f] = m as unknown as [string, Locale, ProductTextField];
    (texts[l] ??= {})[f] = textOrMissing(current.texts[l][f]);
  }
  return texts;
}

function nutritionBody(v: DetailsValues) {
  return Object.fromEntries(NUTRITION_FIELDS.map((f) => [f, decimal(v.nutrition[f])]));
}

/** `POST /api/admin/products`. */
export function createBody(v: DetailsValues) {
  const changed = changedFields(newValues(), v);
  return {
    code: v.code.trim().toUpperCase(),
    line: v.line,
    category: v.category,
    pack: v.pack,
    net_weight_grams: wholeNumber(v.net_weight_grams),
    shipping_weight_grams: wholeNumber(v.shipping_weight_grams),
    pieces_per_carton: wholeNumber(v.pieces_per_carton),
    vat_rate: Number(v.vat_rate),
    vat_class: v.vat_class,
    kpd_code: v.kpd_code.trim(),
    nutrition: nutritionBody(v),
    cooking_time_minutes: wholeNumber(v.cooking_time_minutes),
    related: relatedCodes(v.related),
    price_cents: parseEuroInput(v.price),
    texts: textsBody(v, changed),
  };
}

/** `PATCH /api/admin/products/{code}/details`: only what changed. */
export function patchBody(initial: DetailsValues, v: DetailsValues, updatedAt: string) {
  const changed = changedFields(initial, v);
  const body: Record<string, unknown> = { expected_updated_at: updatedAt };
  const whole = ['net_weight_grams', 'shipping_weight_grams', 'pieces_per_carton', 'cooking_time_minutes'] as const;
  for (const f of whole) if (changed.includes(f)) body[f] = wholeNumber(v[f]);
  for (const f of ['line', 'category', 'pack', 'vat_class'] as const) if (changed.includes(f)) body[f] = v[f];
  if (changed.includes('kpd_code')) body.kpd_code = v.kpd_code.trim();
  if (changed.includes('vat_rate')) body.vat_rate = Number(v.vat_rate);
  if (changed.includes('related')) body.related = relatedCodes(v.related);
  if (changed.some((c) => c.startsWith('nutrition.'))) body.nutrition = nutritionBody(v);
  const texts = textsBody(v, changed);
  if (Object.keys(texts).length) body.texts = texts;
  return body;
}

/** The API's errors by the form's field names (`price_cents` is the form's `price`; `related.3` is `related`). */
export function apiErrors(errors: ReadonlyArray<{ field?: string; message: string }>): { fields: Errors; other: string[] } {
  const fields: Errors = {};
  const other: string[] = [];
  for (const e of errors) {
    let f = e.field;
    if (f === 'price_cents') f = 'price';
    if (f?.startsWith('related.')) f = 'related';
    if (f?.startsWith('nutrition.') || f?.startsWith('texts.') || (f && (PLAIN_FIELDS as readonly string[]).includes(f))) {
      fields[f] ??= e.message;
    } else other.push(e.message);
  }
  return { fields, other };
}

/** The DOM id of a field. */
export const fieldId = (name: string) => `product-${name.replace(/\./g, '-')}`;

/** The order fields are checked in (the focus goes to the first with an error; texts by their language). */
export function firstError(errors: Errors): string | undefined {
  const order = [
    'code',
    ...LOCALES.flatMap((l) => PRODUCT_TEXT_FIELDS.map((f) => `texts.${l}.${f}`)),
    ...PLAIN_FIELDS.filter((f) => f !== 'code'),
    ...NUTRITION_FIELDS.map((f) => `nutrition.${f}`),
  ];
  return order.find((f) => errors[f]);
}
