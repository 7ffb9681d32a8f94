import { z } from 'zod';
import { LOCALES, type Locale } from '../locales.js';
import { ContentType, isContentSlug, type ContentType as ContentTypeName } from './content.js';
import { data, isRecord, report } from './fields.js';

/**
 * What the back office's content editor adds to the content admin API (`/api/admin/content`, admin and
 * staff; docs/admin.md 'Content in the back office'): the fields of every type (which are shared by the
 * four languages and edited once, which are words per language), one save of a whole entry, creating an
 * entry, the pictures to choose from and the preview of the shop's own page. The field rules themselves
 * (lengths, ranges, required ones) are the import's (server/modules/content/content-types.ts), so a
 * file and the editor can never disagree; a problem comes back as CONTENT_FIELD_INVALID /
 * CONTENT_FIELD_REQUIRED with `field` the path (`shared.servings`, `translations.en.steps.2`).
 */

/** How the editor shows a field. */
export const CONTENT_FIELD_KINDS = [
  'text', // one line
  'longtext', // a paragraph
  'markdown', // Markdown (a method's raw_materials)
  'whole', // a whole number
  'decimal', // a number (calories, nutrition values)
  'eur', // euro amount, 2 decimals
  'date', // YYYY-MM-DD
  'year',
  'key', // another entry's key (a recipe's category)
  'keys', // other entries' keys (related recipes)
  'codes', // catalogue codes
  'choice', // one of `choices`
  'list', // a list of texts (steps, objectives)
  'ingredients', // { amount, item, product? }[]
  'nutrition', // the eight values per serving
  'book', // { title, pages, year }
  'video', // a YouTube or Vimeo URL
] as const;
export type ContentFieldKind = (typeof CONTENT_FIELD_KINDS)[number];

export interface ContentFieldSpec {
  name: string;
  kind: ContentFieldKind;
  required: boolean;
  choices?: readonly string[];
  /** For `key` / `keys`: the type whose keys it names. */
  of?: ContentTypeName;
}

export interface ContentTypeSpec {
  /** Has a page of its own (and a slug per language). */
  page: boolean;
  image: 'required' | 'optional';
  body: 'required' | 'optional' | 'none';
  /** `published_at` must be given (blog). */
  dated: boolean;
  /** Not words: equal in every language, edited once for the entry. */
  shared: readonly ContentFieldSpec[];
  /** Words: per language. */
  texts: readonly ContentFieldSpec[];
}

const f = (name: string, kind: ContentFieldKind, required = true, extra: Partial<ContentFieldSpec> = {}): ContentFieldSpec => ({
  name,
  kind,
  required,
  ...extra,
});

export const NUTRITION_FIELDS = [
  'energy_kcal',
  'fat_g',
  'saturated_fat_g',
  'carbohydrates_g',
  'sugars_g',
  'protein_g',
  'fibre_g',
  'salt_g',
] as const;

/** The editor's view of docs/content.md's table (a unit test checks it against the import's schemas). */
export const CONTENT_TYPE_SPECS: Record<ContentTypeName, ContentTypeSpec> = {
  pages: { page: false, image: 'optional', body: 'required', dated: false, shared: [], texts: [] },
  'recipe-categories': { page: true, image: 'optional', body: 'none', dated: false, shared: [], texts: [] },
  recipes: {
    page: true,
    image: 'required',
    body: 'optional',
    dated: false,
    shared: [
      f('category', 'key', true, { of: 'recipe-categories' }),
      f('preparation_minutes', 'whole'),
      f('cooking_minutes', 'whole'),
      f('servings', 'whole'),
      f('calories_per_person', 'decimal'),
      f('nutrition', 'nutrition'),
      f('related', 'keys', false, { of: 'recipes' }),
      f('products', 'codes', false),
    ],
    texts: [
      f('ingredients', 'ingredients'),
      f('steps', 'list'),
      f('marination', 'longtext', false),
      f('serving', 'longtext'),
      f('origin', 'text'),
      f('video', 'video', false),
    ],
  },
  blog: { page: true, image: 'required', body: 'required', dated: true, shared: [], texts: [f('author', 'text')] },
  superfoodie: { page: true, image: 'required', body: 'required', dated: false, shared: [f('products', 'codes', false)], texts: [] },
  methods: {
    page: true,
    image: 'required',
    body: 'optional',
    dated: false,
    shared: [f('line', 'choice', true, { choices: ['classic', 'superfoodie', 'alphabet', 'business'] })],
    texts: [f('raw_materials', 'markdown'), f('production', 'markdown'), f('control', 'markdown')],
  },
  campaigns: {
    page: false,
    image: 'required',
    body: 'required',
    dated: false,
    shared: [f('products', 'codes', false)],
    texts: [f('book', 'book', false), f('video', 'video', false)],
  },
  team: { page: false, image: 'optional', body: 'optional', dated: false, shared: [], texts: [f('role', 'text')] },
  'b2b-customers': {
    page: false,
    image: 'optional',
    body: 'optional',
    dated: false,
    shared: [f('kind', 'choice', true, { choices: ['hotel', 'restaurant', 'school', 'kindergarten', 'catering', 'retail'] })],
    texts: [f('town', 'text')],
  },
  certificates: {
    page: false,
    image: 'optional',
    body: 'optional',
    dated: false,
    shared: [f('standard', 'text'), f('certificate_number', 'text'), f('valid_from', 'date'), f('valid_until', 'date')],
    texts: [f('grade', 'text', false), f('issuer', 'text')],
  },
  timeline: { page: false, image: 'optional', body: 'optional', dated: false, shared: [f('year', 'year')], texts: [] },
  downloads: {
    page: false,
    image: 'optional',
    body: 'optional',
    dated: false,
    shared: [f('kind', 'choice', true, { choices: ['catalogue', 'fun-book'] })],
    texts: [],
  },
  'eu-projects': {
    page: false,
    image: 'required',
    body: 'required',
    dated: false,
    shared: [
      f('reference', 'text'),
      f('total_value_eur', 'eur'),
      f('eu_share_eur', 'eur'),
      f('period_start', 'date'),
      f('period_end', 'date'),
    ],
    texts: [f('fund', 'text'), f('objectives', 'list'), f('results', 'list')],
  },
};

/** The ready-made views of the list: entries with a draft language, with a language missing, with one waiting for its date. */
export const CONTENT_VIEWS = ['drafts', 'untranslated', 'scheduled'] as const;
export type ContentView = (typeof CONTENT_VIEWS)[number];

// ----- requests ---------------------------------------------------------------------------------

/** The texts of one language as the editor sends them (absent: unchanged; null: cleared, for optional ones). */
export interface TranslationDraft {
  title?: string;
  summary?: string;
  slug?: string | null;
  seo_title?: string | null;
  seo_description?: string | null;
  image_alt?: string | null;
  body_markdown?: string | null;
  published_at?: string | null;
  /** The type's own per-language fields (CONTENT_TYPE_SPECS[type].texts): a field absent stays, null clears it. */
  texts?: Record<string, unknown>;
}

/** The entry's shared fields: the type's (CONTENT_TYPE_SPECS[type].shared), `image` (a path from the pictures list) and `position`. */
export type SharedDraft = Record<string, unknown>;

export interface EntryDraft {
  shared?: SharedDraft;
  translations?: Partial<Record<Locale, TranslationDraft>>;
}

const TRANSLATION_KEYS = [
  'title',
  'summary',
  'slug',
  'seo_title',
  'seo_description',
  'image_alt',
  'body_markdown',
  'published_at',
  'texts',
];
const MAX_TEXT = 200_000;

/** Checks the shape (objects, strings, sizes); the type's rules come after, on the server. */
function parseDraft(raw: unknown, ctx: z.RefinementCtx, requireSomething: boolean): EntryDraft {
  const out: EntryDraft = {};
  if (!isRecord(raw)) {
    report(ctx, 'CONTENT_DRAFT_INVALID');
    return out;
  }
  for (const k of Object.keys(raw))
    if (!['shared', 'translations', 'type', 'key', 'locale'].includes(k)) report(ctx, 'CONTENT_DRAFT_INVALID', [k]);
  if (raw.shared !== undefined) {
    if (!isRecord(raw.shared)) report(ctx, 'CONTENT_DRAFT_INVALID', ['shared']);
    else if (JSON.stringify(raw.shared).length > MAX_TEXT) report(ctx, 'CONTENT_DRAFT_INVALID', ['shared']);
    else out.shared = raw.shared;
  }
  if (raw.translations !== undefined) {
    if (!isRecord(raw.translations)) report(ctx, 'CONTENT_DRAFT_INVALID', ['translations']);
    else {
      out.translations = {};
      for (const [locale, t] of Object.entries(raw.translations)) {
        if (!(LOCALES as readonly string[]).includes(locale)) {
          report(ctx, 'CONTENT_INVALID_LOCALE', ['translations', locale]);
          continue;
        }
        if (!isRecord(t)) {
          report(ctx, 'CONTENT_DRAFT_INVALID', ['translations', locale]);
          continue;
        }
        const draft: TranslationDraft = {};
        for (const [k, v] of Object.entries(t)) {
          const path = ['translations', locale, k];
          if (!TRANSLATION_KEYS.includes(k)) report(ctx, 'CONTENT_DRAFT_INVALID', path);
          else if (k === 'texts') {
            if (!isRecord(v) || JSON.stringify(v).length > MAX_TEXT) report(ctx, 'CONTENT_DRAFT_INVALID', path);
            else draft.texts = v;
          } else if (v !== null && (typeof v !== 'string' || v.length > MAX_TEXT || v.includes('\u0000')))
            report(ctx, 'CONTENT_FIELD_INVALID', path);
          else (draft as Record<string, unknown>)[k] = v;
        }
        out.translations[locale as Locale] = draft;
      }
    }
  }
  if (requireSomething && out.shared === undefined && !Object.keys(out.translations ?? {}).length) report(ctx, 'CONTENT_UPDATE_EMPTY');
  return out;
}

/** `PATCH /api/admin/content/entries/:id`: the whole editor in one save (shared fields and any languages). */
export const AdminEntrySave = z
  .unknown()
  .transform((raw, ctx) => parseDraft(raw, ctx, true))
  .meta({
    type: 'object',
    description:
      '`shared`: the type’s shared fields, `image`, `position`; `translations`: per language `title`, `summary`, `slug`, `seo_title`, `seo_description`, `image_alt`, `body_markdown`, `published_at` and `texts` (the type’s own fields). Absent: unchanged.',
  });
export type AdminEntrySave = EntryDraft;

/** `POST /api/admin/content/entries`: a new entry (its languages start as drafts). */
export const AdminEntryCreate = z
  .unknown()
  .transform((raw, ctx) => {
    const draft = parseDraft(raw, ctx, false);
    const r = isRecord(raw) ? raw : {};
    const type = ContentType.safeParse(r.type);
    if (!type.success) report(ctx, 'CONTENT_INVALID_TYPE', ['type']);
    const key = r.key === undefined || r.key === null || r.key === '' ? undefined : r.key;
    if (key !== undefined && (!isContentSlug(key) || (key as string).length > 80)) report(ctx, 'CONTENT_KEY_INVALID', ['key']);
    if (!draft.translations || !Object.keys(draft.translations).length) report(ctx, 'CONTENT_FIELD_REQUIRED', ['translations', 'hr']);
    return { ...draft, type: (type.success ? type.data : 'pages') as ContentTypeName, key: key as string | undefined };
  })
  .meta({
    type: 'object',
    description: '`type`, optional `key` (else from the Croatian title), and the same `shared` / `translations` as a save.',
  });
export type AdminEntryCreate = EntryDraft & { type: ContentTypeName; key?: string | undefined };

/** `POST /api/admin/content/entries/:id/preview`: the editor's unsaved state of one language, shown on the shop's page. */
export const AdminPreviewRequest = z
  .unknown()
  .transform((raw, ctx) => {
    const draft = parseDraft(raw, ctx, false);
    const locale = isRecord(raw) ? raw.locale : undefined;
    if (!(LOCALES as readonly unknown[]).includes(locale)) report(ctx, 'CONTENT_INVALID_LOCALE', ['locale']);
    return { ...draft, locale: locale as Locale };
  })
  .meta({ type: 'object', description: '`locale` and the same `shared` / `translations` as a save (unsaved changes).' });
export type AdminPreviewRequest = EntryDraft & { locale: Locale };

// ----- answers ----------------------------------------------------------------------------------

export const AdminPreview = z.object({
  url: z.string().meta({ description: 'The shop’s page with `?preview=<token>`: noindex, never cached' }),
  expires_at: z.string().meta({ format: 'date-time' }),
});
export type AdminPreview = z.infer<typeof AdminPreview>;

/** One picture an entry may take (today the drawings under content/images; uploaded media later). */
export const AdminContentImage = z.object({
  path: z.string().meta({ description: 'Relative to content/images/, e.g. recipes/penne.svg: the value of `shared.image`' }),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type AdminContentImage = z.infer<typeof AdminContentImage>;

export const AdminPreviewResponse = data(AdminPreview);
export const AdminContentImagesResponse = data(z.array(AdminContentImage));

/**
 * The slug a title gives (what the slug follows until the entry is first published): lower case ASCII,
 * Croatian, Slovenian and German letters spelt plainly (č -> c, đ -> d, ß -> ss, ä -> a), everything
 * else a hyphen, at most 120 characters.
 */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/đ/g, 'd')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}
