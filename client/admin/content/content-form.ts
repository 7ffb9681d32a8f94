/**
 * The content editor's form (docs/admin.md 'Content in the back office'): what the inputs hold (text
 * as typed), from and to the API's entry. Shared fields (numbers, dates, codes, the picture) are one
 * set for the entry, so the languages can never disagree on them; words are per language. A language
 * the entry does not have is `null` until something is typed in it; a missing text stays missing
 * (sent as null, never an empty string).
 */
import {
  CONTENT_TYPE_SPECS,
  NUTRITION_FIELDS,
  slugFromTitle,
  type ContentFieldSpec,
  type EntryDraft,
  type TranslationDraft,
} from '../../../contract/api/admin-content';
import type { AdminEntryDetail, AdminTranslationView, ContentType } from '../../../contract/api/content';
import { LOCALES, type Locale } from '../../../contract/locales';

export interface Ingredient {
  amount: string;
  item: string;
  product: string;
}

/** What one field's input holds. */
export type FieldValue = string | string[] | Ingredient[] | Record<string, string>;

export const COMMON_TEXTS = ['title', 'summary', 'slug', 'seo_title', 'seo_description', 'image_alt', 'body_markdown', 'published_at'] as const;
export type CommonText = (typeof COMMON_TEXTS)[number];

export interface LanguageValues {
  common: Record<CommonText, string>;
  texts: Record<string, FieldValue>;
  /** The person typed the slug: it no longer follows the title. */
  slugTouched: boolean;
}

export interface ContentValues {
  shared: Record<string, FieldValue>;
  image: string;
  position: string;
  languages: Record<Locale, LanguageValues | null>;
}

/** The texts every language must have before it can be published (the tabs' done/missing mark). */
export const REQUIRED_TEXTS = ['title', 'summary'] as const;

function emptyOf(spec: ContentFieldSpec): FieldValue {
  switch (spec.kind) {
    case 'list':
      return [''];
    case 'ingredients':
      return [{ amount: '', item: '', product: '' }];
    case 'nutrition':
      return Object.fromEntries(NUTRITION_FIELDS.map((n) => [n, '']));
    case 'book':
      return { title: '', pages: '', year: '' };
    default:
      return '';
  }
}

/** An API value as the input shows it. */
function toInput(spec: ContentFieldSpec, value: unknown): FieldValue {
  if (value === undefined || value === null) return emptyOf(spec);
  switch (spec.kind) {
    case 'list':
      return Array.isArray(value) && value.length ? value.map(String) : [''];
    case 'keys':
    case 'codes':
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    case 'ingredients':
      return Array.isArray(value)
        ? value.map((i: { amount?: unknown; item?: unknown; product?: unknown }) => ({
            amount: String(i.amount ?? ''),
            item: String(i.item ?? ''),
            product: String(i.product ?? ''),
          }))
        : emptyOf(spec);
    case 'nutrition':
    case 'book': {
      const base = emptyOf(spec) as Record<string, string>;
      const v = value as Record<string, unknown>;
      return Object.fromEntries(Object.keys(base).map((k) => [k, v[k] === undefined || v[k] === null ? '' : String(v[k])]));
    }
    default:
      return String(value);
  }
}

/** A typed number ('1,5' or '1.5'); what is not one goes as typed (the server names the field). */
function numberOf(text: string): number | string | null {
  const t = text.trim();
  if (!t) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) && /^-?\d+(?:[.,]\d+)?$/.test(t) ? n : t;
}

/** What the input holds as the API takes it (null: missing). */
export function toApi(spec: ContentFieldSpec, value: FieldValue): unknown {
  switch (spec.kind) {
    case 'whole':
    case 'decimal':
    case 'eur':
    case 'year':
      return numberOf(value as string);
    case 'keys':
    case 'codes': {
      const list = (value as string)
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      return list.length || spec.required ? list : null;
    }
    case 'list':
      return value as string[];
    case 'ingredients':
      return (value as Ingredient[]).map((i) => ({ amount: i.amount, item: i.item, ...(i.product.trim() ? { product: i.product.trim() } : {}) }));
    case 'nutrition':
      return Object.fromEntries(Object.entries(value as Record<string, string>).map(([k, v]) => [k, numberOf(v)]));
    case 'book': {
      const b = value as Record<string, string>;
      if (!b.title!.trim() && !b.pages!.trim() && !b.year!.trim()) return null;
      return { title: b.title, pages: numberOf(b.pages!), year: numberOf(b.year!) };
    }
    default: {
      const t = (value as string).trim();
      return t ? t : null;
    }
  }
}

/** 'YYYY-MM-DDTHH:mm' in the browser's time (a datetime-local input) from an instant, and back. */
export function localDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
export function instantOf(local: string): string | null {
  if (!local.trim()) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

function languageOf(type: ContentType, t: AdminTranslationView): LanguageValues {
  const spec = CONTENT_TYPE_SPECS[type];
  return {
    common: {
      title: t.title,
      summary: t.summary,
      slug: t.slug ?? '',
      seo_title: t.seo_title ?? '',
      seo_description: t.seo_description ?? '',
      image_alt: t.image_alt ?? '',
      body_markdown: t.body_markdown,
      published_at: localDateTime(t.published_at),
    },
    texts: Object.fromEntries(spec.texts.map((f) => [f.name, toInput(f, t.texts[f.name])])),
    slugTouched: false,
  };
}

/** A language with nothing in it yet (what a tab of a missing language starts from). */
export function emptyLanguage(type: ContentType): LanguageValues {
  const spec = CONTENT_TYPE_SPECS[type];
  return {
    common: { title: '', summary: '', slug: '', seo_title: '', seo_description: '', image_alt: '', body_markdown: '', published_at: '' },
    texts: Object.fromEntries(spec.texts.map((f) => [f.name, emptyOf(f)])),
    slugTouched: false,
  };
}

export function emptyValues(type: ContentType): ContentValues {
  const spec = CONTENT_TYPE_SPECS[type];
  return {
    shared: Object.fromEntries(spec.shared.map((f) => [f.name, emptyOf(f)])),
    image: '',
    position: '',
    languages: { hr: emptyLanguage(type), en: null, de: null, sl: null },
  };
}

export function valuesOf(entry: AdminEntryDetail): ContentValues {
  const spec = CONTENT_TYPE_SPECS[entry.type];
  const languages = Object.fromEntries(LOCALES.map((l) => [l, null])) as Record<Locale, LanguageValues | null>;
  for (const t of entry.translations) languages[t.locale] = languageOf(entry.type, t);
  return {
    shared: Object.fromEntries(spec.shared.map((f) => [f.name, toInput(f, entry.fields[f.name])])),
    image: entry.image ?? '',
    position: entry.fields.position === null || entry.fields.position === undefined ? '' : String(entry.fields.position),
    languages,
  };
}

/** A typed title moves the slug along until the person types a slug or the language was published. */
export function withTitle(lang: LanguageValues, title: string, slugLocked: boolean): LanguageValues {
  const follow = !slugLocked && !lang.slugTouched;
  return { ...lang, common: { ...lang.common, title, ...(follow ? { slug: slugFromTitle(title) } : {}) } };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The changed fields, as 'shared.<name>' and '<lang>.<name>' (the save bar counts them). */
export function changedFields(values: ContentValues, saved: ContentValues): string[] {
  const out: string[] = [];
  for (const k of Object.keys(values.shared)) if (!same(values.shared[k], saved.shared[k])) out.push(`shared.${k}`);
  if (values.image !== saved.image) out.push('shared.image');
  if (values.position !== saved.position) out.push('shared.position');
  for (const l of LOCALES) {
    const v = values.languages[l];
    const s = saved.languages[l];
    if (!v) continue;
    const base = s ?? null;
    for (const k of COMMON_TEXTS) if (v.common[k] !== (base?.common[k] ?? '')) out.push(`${l}.${k}`);
    for (const k of Object.keys(v.texts)) if (!same(v.texts[k], base ? base.texts[k] : undefined) && !(base === null && isBlank(v.texts[k]))) out.push(`${l}.${k}`);
  }
  return out;
}

function isBlank(v: FieldValue): boolean {
  if (typeof v === 'string') return !v.trim();
  if (Array.isArray(v)) return v.every((x) => (typeof x === 'string' ? !x.trim() : !x.amount.trim() && !x.item.trim() && !x.product.trim()));
  return Object.values(v).every((x) => !x.trim());
}

function translationDraft(type: ContentType, v: LanguageValues, s: LanguageValues | null, all: boolean): TranslationDraft {
  const spec = CONTENT_TYPE_SPECS[type];
  const draft: TranslationDraft = {};
  const text = (k: CommonText) => {
    const t = v.common[k].trim();
    return t ? v.common[k] : null;
  };
  for (const k of COMMON_TEXTS) {
    if (!all && s && v.common[k] === s.common[k]) continue;
    if (k === 'slug' && !spec.page) continue;
    if (k === 'published_at') draft.published_at = instantOf(v.common.published_at);
    else if (k === 'title' || k === 'summary') {
      const t = text(k);
      if (t !== null) draft[k] = t;
    } else (draft as Record<string, unknown>)[k] = text(k);
  }
  const texts: Record<string, unknown> = {};
  for (const f of spec.texts) if (all || !s || !same(v.texts[f.name], s.texts[f.name])) texts[f.name] = toApi(f, v.texts[f.name]!);
  if (Object.keys(texts).length) draft.texts = texts;
  return draft;
}

/** The save's body: the changed shared fields, and per changed language its changed fields (a new language whole). */
export function saveBody(type: ContentType, values: ContentValues, saved: ContentValues | null): EntryDraft {
  const spec = CONTENT_TYPE_SPECS[type];
  const body: EntryDraft = {};
  const shared: Record<string, unknown> = {};
  for (const f of spec.shared) if (!saved || !same(values.shared[f.name], saved.shared[f.name])) shared[f.name] = toApi(f, values.shared[f.name]!);
  if (!saved || values.image !== saved.image) shared.image = values.image || null;
  if (!saved || values.position !== saved.position) shared.position = numberOf(values.position);
  if (Object.keys(shared).length) body.shared = shared;
  const translations: EntryDraft['translations'] = {};
  const changed = saved ? changedFields(values, saved) : [];
  for (const l of LOCALES) {
    const v = values.languages[l];
    if (!v) continue;
    const s = saved?.languages[l] ?? null;
    if (s === null && isNewBlank(v)) continue;
    if (s !== null && !changed.some((c) => c.startsWith(`${l}.`))) continue;
    translations[l] = translationDraft(type, v, s, s === null);
  }
  if (Object.keys(translations).length) body.translations = translations;
  return body;
}

/** A language tab opened but left empty is not a new language. */
function isNewBlank(v: LanguageValues): boolean {
  return COMMON_TEXTS.every((k) => k === 'published_at' || !v.common[k].trim()) && Object.values(v.texts).every(isBlank);
}

/** The preview's body: everything of one language as the form has it, and the shared fields. */
export function previewBody(type: ContentType, values: ContentValues, locale: Locale): EntryDraft & { locale: Locale } {
  const spec = CONTENT_TYPE_SPECS[type];
  const v = values.languages[locale] ?? emptyLanguage(type);
  const shared: Record<string, unknown> = Object.fromEntries(spec.shared.map((f) => [f.name, toApi(f, values.shared[f.name]!)]));
  shared.image = values.image || null;
  shared.position = numberOf(values.position);
  return { locale, shared, translations: { [locale]: translationDraft(type, v, null, true) } };
}

/** The tabs' done/missing marks: the required texts per language. */
export function tabValues(values: ContentValues): Partial<Record<Locale, Partial<Record<'title' | 'summary', string | null>>>> {
  return Object.fromEntries(
    LOCALES.map((l) => [l, values.languages[l] ? { title: values.languages[l]!.common.title, summary: values.languages[l]!.common.summary } : {}]),
  );
}

/** An API error's field ('translations.en.steps.1', 'shared.servings') as the id of its input. */
export function inputIdOf(field: string): string {
  const parts = field.split('.');
  if (parts[0] === 'shared') return `content-shared-${parts.slice(1).join('-')}`;
  if (parts[0] === 'translations') return `content-${parts[1]}-${parts.slice(2).join('-')}`;
  return `content-${parts.join('-')}`;
}
