import { z } from 'zod';
import { isLocale, LOCALES, type Locale } from '../locales.js';
import { data, localeQueryParam, report, single, wholeNumber } from './fields.js';
import { ImageView, ProductSummary } from './catalog.js';

/**
 * The content API (`/api/content/...`, module `content`, docs/content.md): the brand site's texts as
 * imported from `content/`. Every answer is in one language (`?locale=`, else the request's language).
 * Only published entries are visible: status published, published in that language, `published_at`
 * not in the future. Unknown, unpublished or malformed slugs/keys answer 404 `CONTENT_NOT_FOUND`.
 *
 * `body_html` (and the other `*_html` fields) is sanitized HTML rendered from the Markdown on the
 * server: headings, paragraphs, lists, links, emphasis, blockquotes, code, tables, images from
 * `/content-images/` only. A line holding only a generated-part marker (`[[delivery-prices]]`,
 * `[[cookie-table]]`, `[[withdrawal-form]]`, `[[company-data]]`) becomes
 * `<div data-slot="delivery-prices"></div>`: the screen fills that element from live data (the names
 * are `CONTENT_SLOTS`; `slots` lists the ones present in the body, in order).
 */

// ----- constants -------------------------------------------------------------------------------

/** The content types, named as their folders under `content/`. */
export const CONTENT_TYPES = [
  'pages',
  'recipe-categories',
  'recipes',
  'blog',
  'superfoodie',
  'methods',
  'campaigns',
  'team',
  'b2b-customers',
  'certificates',
  'timeline',
  'downloads',
  'eu-projects',
] as const;
export const ContentType = z.enum(CONTENT_TYPES);
export type ContentType = z.infer<typeof ContentType>;

/** The generated parts a page body may place (docs/content.md, "Generated parts of pages"). */
export const CONTENT_SLOTS = ['delivery-prices', 'cookie-table', 'withdrawal-form', 'company-data'] as const;
export const ContentSlot = z.enum(CONTENT_SLOTS);
export type ContentSlot = z.infer<typeof ContentSlot>;

/** The `pages` keys (docs/content.md). */
export const CONTENT_PAGE_KEYS = [
  'home-superfoodie',
  'recipes',
  'blog',
  'superfoodie',
  'about-us',
  'story',
  'eu-projects',
  'delivery',
  'cookies',
  'gdpr',
  'privacy-policy',
  'general-terms-and-conditions',
  'terms-and-methods-of-payment',
] as const;
export type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];

/** Catalogue product lines that can have a method page. */
export const METHOD_LINES = ['classic', 'superfoodie', 'alphabet', 'business'] as const;
export const MethodLine = z.enum(METHOD_LINES);

/** Keys and slugs: lowercase ASCII letters, digits and single hyphens. */
export const CONTENT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CONTENT_SLUG_MAX_LENGTH = 120;
export function isContentSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= CONTENT_SLUG_MAX_LENGTH && CONTENT_SLUG_PATTERN.test(value);
}

export const CONTENT_DEFAULT_LIMIT = 12;
export const CONTENT_MAX_LIMIT = 48;
export const CONTENT_MAX_OFFSET = 10_000;

/** Public URL prefix of the served content pictures (content/images/** on disk). */
export const CONTENT_IMAGES_PREFIX = '/content-images/';

// ----- queries and params ----------------------------------------------------------------------

const localeParam = localeQueryParam('CONTENT_INVALID_LOCALE');

const limitParam = z
  .unknown()
  .transform((raw, ctx) => {
    const n = wholeNumber(raw, 1, CONTENT_MAX_LIMIT);
    if (n === null) report(ctx, 'CONTENT_INVALID_LIMIT');
    return n ?? CONTENT_DEFAULT_LIMIT;
  })
  .default(CONTENT_DEFAULT_LIMIT)
  .meta({ type: 'integer', minimum: 1, maximum: CONTENT_MAX_LIMIT, default: CONTENT_DEFAULT_LIMIT });

const offsetParam = z
  .unknown()
  .transform((raw, ctx) => {
    const n = wholeNumber(raw, 0, CONTENT_MAX_OFFSET);
    if (n === null) report(ctx, 'CONTENT_INVALID_OFFSET');
    return n ?? 0;
  })
  .default(0)
  .meta({ type: 'integer', minimum: 0, maximum: CONTENT_MAX_OFFSET, default: 0 });

/** `?locale=` of every public read. */
export const ContentLocaleQuery = z.object({ locale: localeParam });
export type ContentLocaleQuery = z.output<typeof ContentLocaleQuery>;

/** `GET /api/content/blog`, `/superfoodie`: `?locale=&limit=&offset=`. */
export const ContentListQuery = z.object({ locale: localeParam, limit: limitParam, offset: offsetParam });
export type ContentListQuery = z.output<typeof ContentListQuery>;

/** `GET /api/content/recipes?locale=&category=&limit=&offset=`; `category` is a recipe category's slug in that language. */
export const RecipeListQuery = ContentListQuery.extend({
  category: z
    .unknown()
    .transform((raw, ctx) => {
      const v = single(raw);
      if (v === undefined || v === '') return undefined;
      if (!isContentSlug(v)) report(ctx, 'CONTENT_INVALID_CATEGORY');
      return v;
    })
    .optional()
    .meta({ type: 'string', pattern: CONTENT_SLUG_PATTERN.source, description: "A recipe category's slug in the requested language" }),
});
export type RecipeListQuery = z.output<typeof RecipeListQuery>;

/**
 * `:slug`, `:key`, `:word` path parameters. They are not validated into a 400: a value that cannot be
 * a slug is simply not found (404 CONTENT_NOT_FOUND).
 */
export const ContentSlugParams = z.object({ slug: z.string().meta({ description: 'Slug in the requested language' }) });
export const ContentPageKeyParams = z.object({ key: z.string().meta({ description: 'Page key', enum: [...CONTENT_PAGE_KEYS] }) });
export const MethodWordParams = z.object({
  word: z.string().meta({ description: "The word before '-metoda' / '-method' in the requested language (the method's slug)" }),
});

// ----- answers ---------------------------------------------------------------------------------

/** The entry's slug in each language it is published in (the requested language included): language switcher, hreflang. */
export const ContentAlternates = z
  .object(Object.fromEntries(LOCALES.map((l) => [l, z.string().optional()])) as Record<Locale, z.ZodOptional<z.ZodString>>)
  .meta({ description: 'Slug per language in which the same entry is published; for pages without a slug of their own, the key' });
export type ContentAlternates = z.infer<typeof ContentAlternates>;

export const ContentSeo = z.object({
  title: z.string().meta({ description: 'seo_title, else title' }),
  description: z.string().meta({ description: 'seo_description, else summary' }),
});
export type ContentSeo = z.infer<typeof ContentSeo>;

export const ContentImage = ImageView.meta({ description: 'src under /content-images/, width and height from the SVG' });
export type ContentImage = z.infer<typeof ContentImage>;

/** What every entry answers, in lists too. */
export const ContentSummary = z.object({
  type: ContentType,
  key: z.string().meta({ description: 'Stable name, the same in every language' }),
  locale: z.enum(LOCALES),
  title: z.string(),
  slug: z.string().meta({ description: 'Slug in this language (pages and other types without a page of their own: the key)' }),
  summary: z.string(),
  seo: ContentSeo,
  image: ContentImage.nullable(),
  published_at: z.string().meta({ format: 'date-time' }),
  updated_at: z.string().meta({ format: 'date-time', description: 'Last change of this translation (sitemap lastmod)' }),
  position: z.number().int().nullable(),
  alternates: ContentAlternates,
});
export type ContentSummary = z.infer<typeof ContentSummary>;

/** A whole entry: the summary plus its rendered body. */
export const ContentEntry = ContentSummary.extend({
  body_html: z.string().meta({ description: 'Sanitized HTML; generated parts are <div data-slot="..."></div>' }),
  slots: z.array(ContentSlot).meta({ description: 'Generated parts present in body_html, in order' }),
});
export type ContentEntry = z.infer<typeof ContentEntry>;

/** `pages` entry. */
export const ContentPage = ContentEntry;
export type ContentPage = ContentEntry;

// recipes ---------------------------------------------------------------------------------------

export const RecipeCategoryView = ContentSummary.extend({
  recipe_count: z.number().int().meta({ description: 'Published recipes in this category and language' }),
});
export type RecipeCategoryView = z.infer<typeof RecipeCategoryView>;

export const RecipeCategoryRef = z.object({ key: z.string(), slug: z.string(), title: z.string() });
export type RecipeCategoryRef = z.infer<typeof RecipeCategoryRef>;

export const RecipeSummary = ContentSummary.extend({
  category: RecipeCategoryRef.nullable().meta({ description: 'null when the category is not published in this language' }),
  preparation_minutes: z.number().int(),
  cooking_minutes: z.number().int(),
  total_minutes: z.number().int(),
  servings: z.number().int(),
  calories_per_person: z.number(),
});
export type RecipeSummary = z.infer<typeof RecipeSummary>;

export const RecipeIngredient = z.object({
  amount: z.string().meta({ example: '400 g' }),
  item: z.string(),
  product: z.string().nullable().meta({ description: 'Catalogue code, when the ingredient is one of our products' }),
});
export type RecipeIngredient = z.infer<typeof RecipeIngredient>;

export const RecipeNutrition = z
  .object({
    energy_kcal: z.number(),
    fat_g: z.number(),
    saturated_fat_g: z.number(),
    carbohydrates_g: z.number(),
    sugars_g: z.number(),
    protein_g: z.number(),
    fibre_g: z.number(),
    salt_g: z.number(),
  })
  .meta({ description: 'Per serving' });
export type RecipeNutrition = z.infer<typeof RecipeNutrition>;

export const RecipeDetail = RecipeSummary.extend({
  body_html: z.string(),
  slots: z.array(ContentSlot),
  marination: z.string().nullable(),
  serving: z.string(),
  origin: z.string(),
  ingredients: z.array(RecipeIngredient),
  steps: z.array(z.string()),
  video: z.string().nullable().meta({ description: 'A YouTube or Vimeo URL (contract/api/video.ts parseVideoRef), else null' }),
  nutrition: RecipeNutrition,
  related: z.array(RecipeSummary).meta({ description: 'Related recipes published in this language' }),
  product_codes: z.array(z.string()).meta({ description: 'Catalogue codes of the products used, as written' }),
  products: z
    .array(ProductSummary)
    .meta({ description: 'The products used, from the catalogue in this language (unknown codes left out)' }),
});
export type RecipeDetail = z.infer<typeof RecipeDetail>;

/** A page of a list: `next_offset` is null on the last page (a plain link `?offset=` for crawlers). */
function listPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    next_offset: z.number().int().nullable(),
  });
}

export const RecipePage = listPage(RecipeSummary).extend({
  category: RecipeCategoryView.nullable().meta({ description: 'The category filtered by, else null' }),
});
export type RecipePage = z.infer<typeof RecipePage>;

// blog, superfoodie, methods, campaign --------------------------------------------------------

export const BlogPostSummary = ContentSummary.extend({ author: z.string() });
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;
export const BlogPost = BlogPostSummary.extend({ body_html: z.string(), slots: z.array(ContentSlot) });
export type BlogPost = z.infer<typeof BlogPost>;
export const BlogPage = listPage(BlogPostSummary);
export type BlogPage = z.infer<typeof BlogPage>;

export const SuperfoodieSummary = ContentSummary;
export type SuperfoodieSummary = ContentSummary;
export const SuperfoodiePage = ContentEntry.extend({
  product_codes: z.array(z.string()),
  products: z.array(ProductSummary),
});
export type SuperfoodiePage = z.infer<typeof SuperfoodiePage>;
export const SuperfoodieList = listPage(SuperfoodieSummary);
export type SuperfoodieList = z.infer<typeof SuperfoodieList>;

export const MethodSummary = ContentSummary.extend({ line: MethodLine });
export type MethodSummary = z.infer<typeof MethodSummary>;
export const MethodPage = MethodSummary.extend({
  body_html: z.string(),
  slots: z.array(ContentSlot),
  raw_materials_html: z.string(),
  production_html: z.string(),
  control_html: z.string(),
});
export type MethodPage = z.infer<typeof MethodPage>;

export const CampaignBook = z.object({ title: z.string(), pages: z.number().int(), year: z.number().int() });
export const Campaign = ContentEntry.extend({
  book: CampaignBook.nullable(),
  video: z.string().nullable().meta({ description: 'A YouTube or Vimeo URL (contract/api/video.ts parseVideoRef), else null' }),
  product_codes: z.array(z.string()),
  products: z.array(ProductSummary),
});
export type Campaign = z.infer<typeof Campaign>;

// about us, EU projects, home --------------------------------------------------------------------

export const TeamMember = ContentEntry.extend({ role: z.string() });
export type TeamMember = z.infer<typeof TeamMember>;

export const B2bCustomerKind = z.enum(['hotel', 'restaurant', 'school', 'kindergarten', 'catering', 'retail']);
export const B2bCustomer = ContentEntry.extend({ kind: B2bCustomerKind, town: z.string() });
export type B2bCustomer = z.infer<typeof B2bCustomer>;

export const Certificate = ContentEntry.extend({
  standard: z.string().meta({ example: 'IFS Food' }),
  grade: z.string().nullable(),
  certificate_number: z.string(),
  valid_from: z.string().meta({ format: 'date' }),
  valid_until: z.string().meta({ format: 'date' }),
  issuer: z.string(),
});
export type Certificate = z.infer<typeof Certificate>;

export const TimelineEntry = ContentEntry.extend({ year: z.number().int() });
export type TimelineEntry = z.infer<typeof TimelineEntry>;

export const DownloadKind = z.enum(['catalogue', 'fun-book']);
export const Download = ContentEntry.extend({ kind: DownloadKind });
export type Download = z.infer<typeof Download>;

export const AboutUs = z.object({
  page: ContentPage.nullable().meta({ description: "The 'about-us' page (the story), null when not published in this language" }),
  team: z.array(TeamMember),
  b2b_customers: z.array(B2bCustomer),
  certificates: z.array(Certificate),
  timeline: z.array(TimelineEntry).meta({ description: 'By year ascending' }),
  downloads: z.array(Download),
});
export type AboutUs = z.infer<typeof AboutUs>;

export const EuProject = ContentEntry.extend({
  fund: z.string(),
  reference: z.string(),
  total_value_eur: z.number(),
  eu_share_eur: z.number(),
  period_start: z.string().meta({ format: 'date' }),
  period_end: z.string().meta({ format: 'date' }),
  objectives: z.array(z.string()),
  results: z.array(z.string()),
});
export type EuProject = z.infer<typeof EuProject>;

export const EuProjects = z.object({
  page: ContentPage.nullable().meta({ description: "The 'eu-projects' page, null when not published in this language" }),
  projects: z.array(EuProject),
});
export type EuProjects = z.infer<typeof EuProjects>;

export const HomeContent = z.object({
  superfoodie: ContentPage.nullable().meta({ description: "The 'home-superfoodie' page" }),
  latest_recipes: z.array(RecipeSummary).meta({ description: 'Newest published recipes (up to 4)' }),
});
export type HomeContent = z.infer<typeof HomeContent>;

/** `GET /api/content/sitemap`: every published entry that has a page of its own, with its slug per language. */
export const ContentSitemapEntry = z.object({
  type: z.enum(['recipes', 'blog', 'superfoodie', 'methods']),
  key: z.string(),
  alternates: ContentAlternates.meta({
    description: 'Slug per language in which the entry is published (only those languages are listed)',
  }),
  lastmod: z.string().meta({ format: 'date-time', description: 'Latest change of any of its published translations' }),
});
export type ContentSitemapEntry = z.infer<typeof ContentSitemapEntry>;

export const ContentPageResponse = data(ContentPage);
export const RecipeCategoriesResponse = data(z.array(RecipeCategoryView));
export const RecipePageResponse = data(RecipePage);
export const RecipeDetailResponse = data(RecipeDetail);
export const BlogPageResponse = data(BlogPage);
export const BlogPostResponse = data(BlogPost);
export const SuperfoodieListResponse = data(SuperfoodieList);
export const SuperfoodiePageResponse = data(SuperfoodiePage);
export const MethodListResponse = data(z.array(MethodSummary));
export const MethodPageResponse = data(MethodPage);
export const CampaignResponse = data(Campaign);
export const AboutUsResponse = data(AboutUs);
export const EuProjectsResponse = data(EuProjects);
export const HomeContentResponse = data(HomeContent);
export const ContentSitemapResponse = data(z.array(ContentSitemapEntry));

// ----- admin (`/api/admin/content`, role admin) --------------------------------------------------

/**
 * Status of an entry (the admin's switch for all its languages) and of one translation. A translation
 * is visible when the entry is `published`, the translation is `published` and its `published_at` has
 * come. `removed`: its file is gone from content/ (the import unpublished it).
 */
export const EntryStatus = z.enum(['published', 'unpublished']);
export type EntryStatus = z.infer<typeof EntryStatus>;
export const TranslationStatus = z.enum(['published', 'draft', 'removed']);
export type TranslationStatus = z.infer<typeof TranslationStatus>;

export const AdminContentListQuery = z.object({
  type: z
    .unknown()
    .transform((raw, ctx) => {
      const v = single(raw);
      if (v === undefined || v === '') return undefined;
      const parsed = ContentType.safeParse(v);
      if (!parsed.success) report(ctx, 'CONTENT_INVALID_TYPE');
      return parsed.success ? parsed.data : undefined;
    })
    .optional()
    .meta({ type: 'string', enum: [...CONTENT_TYPES] }),
  limit: z
    .unknown()
    .transform((raw, ctx) => {
      const n = wholeNumber(raw, 1, 200);
      if (n === null) report(ctx, 'CONTENT_INVALID_LIMIT');
      return n ?? 50;
    })
    .default(50)
    .meta({ type: 'integer', minimum: 1, maximum: 200, default: 50 }),
  offset: offsetParam,
  /** A ready-made view (admin-content.ts CONTENT_VIEWS): drafts, untranslated, scheduled. */
  view: z
    .unknown()
    .transform((raw, ctx) => {
      const v = single(raw);
      if (v === undefined || v === '') return undefined;
      if (!['drafts', 'untranslated', 'scheduled'].includes(v)) report(ctx, 'CONTENT_INVALID_VIEW');
      return ['drafts', 'untranslated', 'scheduled'].includes(v) ? (v as 'drafts' | 'untranslated' | 'scheduled') : undefined;
    })
    .optional()
    .meta({ type: 'string', enum: ['drafts', 'untranslated', 'scheduled'] }),
  /** Words of a title or the key. */
  q: z
    .unknown()
    .transform((raw, ctx) => {
      const v = single(raw);
      if (v === undefined || !v.trim()) return undefined;
      if (v.length > 100 || v.includes('\u0000')) report(ctx, 'CONTENT_INVALID_SEARCH');
      return v.length > 100 ? undefined : v.trim();
    })
    .optional()
    .meta({ type: 'string', maxLength: 100 }),
});
export type AdminContentListQuery = z.output<typeof AdminContentListQuery>;

/** `:id` of the admin endpoints (a uuid; anything else is 404). */
export const AdminEntryParams = z.object({ id: z.string().meta({ format: 'uuid' }) });
export const AdminTranslationParams = z.object({
  id: z.string().meta({ format: 'uuid' }),
  locale: z.string().meta({ enum: [...LOCALES] }),
});

export const AdminTranslationView = z.object({
  locale: z.enum(LOCALES),
  status: TranslationStatus,
  visible: z.boolean().meta({ description: 'What the public API shows now' }),
  slug: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  image_alt: z.string().nullable(),
  body_markdown: z.string(),
  body_html: z.string(),
  published_at: z.string().meta({ format: 'date-time' }),
  content_hash: z.string().meta({ description: 'sha256 of the imported file' }),
  source_path: z.string().meta({ description: 'Relative to content/' }),
  edited_at: z
    .string()
    .nullable()
    .meta({ format: 'date-time', description: 'Last admin edit; while set, the import keeps this translation (`--force` overwrites it)' }),
  updated_at: z.string().meta({ format: 'date-time' }),
  slug_locked: z.boolean().meta({ description: 'Published once: the slug is public and read-only' }),
  texts: z
    .record(z.string(), z.unknown())
    .meta({ description: "The type's own per-language fields (admin-content.ts CONTENT_TYPE_SPECS)" }),
});
export type AdminTranslationView = z.infer<typeof AdminTranslationView>;

export const AdminEntrySummary = z.object({
  id: z.string().meta({ format: 'uuid' }),
  type: ContentType,
  key: z.string(),
  status: EntryStatus,
  locales: z.array(z.object({ locale: z.enum(LOCALES), status: TranslationStatus, title: z.string(), visible: z.boolean() })),
  updated_at: z.string().meta({ format: 'date-time' }),
});
export type AdminEntrySummary = z.infer<typeof AdminEntrySummary>;

export const AdminEntryDetail = AdminEntrySummary.omit({ locales: true }).extend({
  origin: z.enum(['import', 'admin']).meta({ description: 'import: seeded from content/; admin: created in the back office' }),
  image: z.string().nullable().meta({ description: 'Picture path under content/images/ (`shared.image` of a save)' }),
  edited_at: z.string().nullable().meta({ format: 'date-time', description: 'Last operator change of the shared fields' }),
  fields: z.record(z.string(), z.unknown()).meta({ description: "The entry's shared, non-text front matter fields" }),
  translations: z.array(AdminTranslationView),
});
export type AdminEntryDetail = z.infer<typeof AdminEntryDetail>;

export const AdminEntryList = z.object({
  items: z.array(AdminEntrySummary),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AdminEntryList = z.infer<typeof AdminEntryList>;

function adminText(code: string, max: number, required: boolean) {
  return z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || (typeof v === 'string' && !v.trim())) {
        if (required) report(ctx, `CONTENT_${code}_REQUIRED`);
        return null;
      }
      if (typeof v !== 'string' || v.includes('\u0000')) {
        report(ctx, `CONTENT_${code}_INVALID`);
        return undefined;
      }
      if (v.length > max) {
        report(ctx, `CONTENT_${code}_TOO_LONG`);
        return undefined;
      }
      return v.trim();
    })
    .optional()
    .meta({ type: 'string', maxLength: max, nullable: !required });
}

/**
 * `PATCH /api/admin/content/entries/:id/translations/:locale`: the texts of one translation; fields
 * left out stay as they are. `body_markdown` is rendered and sanitized as in the import.
 */
export const AdminTranslationUpdate = z
  .object({
    title: adminText('TITLE', 200, true),
    summary: adminText('SUMMARY', 1000, true),
    seo_title: adminText('SEO_TITLE', 200, false),
    seo_description: adminText('SEO_DESCRIPTION', 400, false),
    image_alt: adminText('IMAGE_ALT', 400, false),
    body_markdown: adminText('BODY', 200_000, false),
  })
  .superRefine((v, ctx) => {
    if (Object.values(v).every((x) => x === undefined)) report(ctx, 'CONTENT_UPDATE_EMPTY');
  });
export type AdminTranslationUpdate = z.output<typeof AdminTranslationUpdate>;

/**
 * `POST /api/admin/content/entries/:id/publish` and `/unpublish`: with `locale`, that translation;
 * without, the entry in every language (its status).
 */
export const AdminPublishBody = z.object({
  locale: z
    .unknown()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === null || raw === '') return undefined;
      if (!isLocale(raw)) report(ctx, 'CONTENT_INVALID_LOCALE');
      return isLocale(raw) ? raw : undefined;
    })
    .optional()
    .meta({ type: 'string', enum: [...LOCALES] }),
});
export type AdminPublishBody = z.output<typeof AdminPublishBody>;

export const AdminEntryListResponse = data(AdminEntryList);
export const AdminEntryResponse = data(AdminEntryDetail);
