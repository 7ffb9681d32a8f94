import { Injectable } from '@nestjs/common';
import {
  isContentSlug,
  type AboutUs,
  type B2bCustomer,
  type BlogPage,
  type BlogPost,
  type BlogPostSummary,
  type Campaign,
  type Certificate,
  type ContentAlternates,
  type ContentEntry,
  type ContentSitemapEntry,
  type ContentSlot,
  type ContentSummary,
  type ContentType,
  type Download,
  type EuProject,
  type EuProjects,
  type HomeContent,
  type MethodPage,
  type MethodSummary,
  type RecipeCategoryView,
  type RecipeDetail,
  type RecipePage,
  type RecipeSummary,
  type SuperfoodieList,
  type SuperfoodiePage,
  type TeamMember,
  type TimelineEntry,
} from '../../../contract/api/content.js';
import type { Locale } from '../../../contract/locales.js';
import { CatalogService } from '../catalog/index.js';
import { withPreview } from './content-preview.js';
import { ContentError } from './content.errors.js';
import { ContentRepository, type VisibleFilter, type VisibleOrder, type VisibleRow as Row } from './content.repository.js';

const HOME_RECIPES = 4;

type Page<T> = { items: T[]; total: number; limit: number; offset: number; next_offset: number | null };

/**
 * The public reads of the content (`/api/content/...`): only what visitors may see (content-visibility.ts),
 * in one language, with each entry's slugs in the other languages it is published in.
 */
@Injectable()
export class ContentService {
  constructor(
    private readonly content: ContentRepository,
    private readonly catalog: CatalogService,
  ) {}

  // ----- loading -----------------------------------------------------------------------------

  private rows(
    type: ContentType,
    locale: Locale,
    opts: { filter?: VisibleFilter; order?: VisibleOrder; limit?: number; offset?: number } = {},
  ): Promise<Row[]> {
    // A preview request (content-preview.ts) sees its draft in place of the stored row.
    return this.content.visible(type, locale, opts).then((rows) => withPreview(rows, type, locale, opts.filter ?? {}));
  }

  /** Slug (or key) per language in which each entry is visible. */
  private async alternates(entryIds: string[], now = new Date()): Promise<Map<string, ContentAlternates>> {
    const out = new Map<string, ContentAlternates>();
    if (!entryIds.length) return out;
    const rows = await this.content.visibleSlugs(entryIds, now);
    for (const r of rows) out.set(r.entry_id, { ...(out.get(r.entry_id) ?? {}), [r.locale]: r.slug });
    return out;
  }

  private summary(r: Row, alternates: Map<string, ContentAlternates>): ContentSummary {
    return {
      type: r.type,
      key: r.key,
      locale: r.locale,
      title: r.title,
      slug: r.slug ?? r.key,
      summary: r.summary,
      seo: { title: r.seo_title ?? r.title, description: r.seo_description ?? r.summary },
      image: r.image_src ? { src: r.image_src, width: r.image_width!, height: r.image_height!, alt: r.image_alt ?? '' } : null,
      published_at: new Date(r.published_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
      position: r.position,
      alternates: alternates.get(r.entry_id) ?? { [r.locale]: r.slug ?? r.key },
    };
  }

  private entry(r: Row, alternates: Map<string, ContentAlternates>): ContentEntry {
    return { ...this.summary(r, alternates), body_html: r.body_html, slots: (r.texts.slots as ContentSlot[] | undefined) ?? [] };
  }

  private async withAlternates(rows: Row[]): Promise<Map<string, ContentAlternates>> {
    return this.alternates(rows.map((r) => r.entry_id));
  }

  private async one(type: ContentType, locale: Locale, column: 'slug' | 'key', value: string): Promise<Row> {
    if (!isContentSlug(value)) throw new ContentError('CONTENT_NOT_FOUND');
    const [row] = await this.rows(type, locale, { filter: column === 'slug' ? { slug: value } : { key: value } });
    if (!row) throw new ContentError('CONTENT_NOT_FOUND');
    return row;
  }

  private page<T>(items: T[], total: number, limit: number, offset: number): Page<T> {
    return { items, total, limit, offset, next_offset: offset + items.length < total ? offset + limit : null };
  }

  // ----- pages ---------------------------------------------------------------------------------

  async pageByKey(key: string, locale: Locale): Promise<ContentEntry> {
    const row = await this.one('pages', locale, 'key', key);
    return this.entry(row, await this.withAlternates([row]));
  }

  private async optionalPage(key: string, locale: Locale): Promise<ContentEntry | null> {
    const [row] = await this.rows('pages', locale, { filter: { key } });
    return row ? this.entry(row, await this.withAlternates([row])) : null;
  }

  // ----- recipes -------------------------------------------------------------------------------

  async recipeCategories(locale: Locale): Promise<RecipeCategoryView[]> {
    const rows = await this.rows('recipe-categories', locale);
    const alternates = await this.withAlternates(rows);
    const counts = await this.content.recipeCountsByCategory(locale);
    const byKey = new Map(counts.map((c) => [c.category, c.n]));
    return rows.map((r) => ({ ...this.summary(r, alternates), recipe_count: byKey.get(r.key) ?? 0 }));
  }

  private async recipeSummaries(rows: Row[], locale: Locale): Promise<RecipeSummary[]> {
    const alternates = await this.withAlternates(rows);
    const categoryKeys = [...new Set(rows.map((r) => String(r.fields.category)))];
    const categories = categoryKeys.length ? await this.rows('recipe-categories', locale, { filter: { keys: categoryKeys } }) : [];
    const byKey = new Map(categories.map((c) => [c.key, { key: c.key, slug: c.slug ?? c.key, title: c.title }]));
    return rows.map((r) => {
      const f = r.fields as {
        category: string;
        preparation_minutes: number;
        cooking_minutes: number;
        servings: number;
        calories_per_person: number;
      };
      return {
        ...this.summary(r, alternates),
        category: byKey.get(f.category) ?? null,
        preparation_minutes: f.preparation_minutes,
        cooking_minutes: f.cooking_minutes,
        total_minutes: f.preparation_minutes + f.cooking_minutes,
        servings: f.servings,
        calories_per_person: f.calories_per_person,
      };
    });
  }

  async recipes(q: { locale: Locale; category?: string | undefined; limit: number; offset: number }): Promise<RecipePage> {
    let category: RecipeCategoryView | null = null;
    let filter: VisibleFilter = {};
    if (q.category !== undefined) {
      category = (await this.recipeCategories(q.locale)).find((c) => c.slug === q.category) ?? null;
      if (!category) throw new ContentError('CONTENT_CATEGORY_NOT_FOUND');
      filter = { category: category.key };
    }
    const [rows, total] = await Promise.all([
      this.rows('recipes', q.locale, { filter, order: 'newest', limit: q.limit, offset: q.offset }),
      this.content.countVisible('recipes', q.locale, filter),
    ]);
    return { ...this.page(await this.recipeSummaries(rows, q.locale), total, q.limit, q.offset), category };
  }

  async recipe(slug: string, locale: Locale): Promise<RecipeDetail> {
    const row = await this.one('recipes', locale, 'slug', slug);
    const [summary] = await this.recipeSummaries([row], locale);
    const f = row.fields as { nutrition: RecipeDetail['nutrition']; related: string[]; products: string[] };
    const t = row.texts as {
      marination?: string;
      serving: string;
      origin: string;
      ingredients: Array<{ amount: string; item: string; product?: string }>;
      steps: string[];
      video?: string;
    };
    const relatedRows = f.related.length ? await this.rows('recipes', locale, { filter: { keys: f.related } }) : [];
    const order = new Map(f.related.map((k, i) => [k, i]));
    relatedRows.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
    return {
      ...summary!,
      body_html: row.body_html,
      slots: (row.texts.slots as ContentSlot[] | undefined) ?? [],
      marination: t.marination ?? null,
      serving: t.serving,
      origin: t.origin,
      ingredients: t.ingredients.map((i) => ({ amount: i.amount, item: i.item, product: i.product ?? null })),
      steps: t.steps,
      video: t.video ?? null,
      nutrition: f.nutrition,
      related: await this.recipeSummaries(relatedRows, locale),
      product_codes: f.products,
      products: await this.catalog.summariesByCodes(f.products, locale),
    };
  }

  // ----- blog, superfoodie, methods, campaign ------------------------------------------------

  async blog(q: { locale: Locale; limit: number; offset: number }): Promise<BlogPage> {
    const [rows, total] = await Promise.all([
      this.rows('blog', q.locale, { order: 'newest', limit: q.limit, offset: q.offset }),
      this.content.countVisible('blog', q.locale),
    ]);
    const alternates = await this.withAlternates(rows);
    return this.page(
      rows.map((r) => this.blogSummary(r, alternates)),
      total,
      q.limit,
      q.offset,
    );
  }

  private blogSummary(r: Row, alternates: Map<string, ContentAlternates>): BlogPostSummary {
    return { ...this.summary(r, alternates), author: String(r.texts.author ?? '') };
  }

  async blogPost(slug: string, locale: Locale): Promise<BlogPost> {
    const row = await this.one('blog', locale, 'slug', slug);
    const alternates = await this.withAlternates([row]);
    return { ...this.blogSummary(row, alternates), body_html: row.body_html, slots: (row.texts.slots as ContentSlot[] | undefined) ?? [] };
  }

  async superfoodie(q: { locale: Locale; limit: number; offset: number }): Promise<SuperfoodieList> {
    const [rows, total] = await Promise.all([
      this.rows('superfoodie', q.locale, { limit: q.limit, offset: q.offset }),
      this.content.countVisible('superfoodie', q.locale),
    ]);
    const alternates = await this.withAlternates(rows);
    return this.page(
      rows.map((r) => this.summary(r, alternates)),
      total,
      q.limit,
      q.offset,
    );
  }

  async superfoodiePage(slug: string, locale: Locale): Promise<SuperfoodiePage> {
    const row = await this.one('superfoodie', locale, 'slug', slug);
    const codes = (row.fields.products as string[] | undefined) ?? [];
    return {
      ...this.entry(row, await this.withAlternates([row])),
      product_codes: codes,
      products: await this.catalog.summariesByCodes(codes, locale),
    };
  }

  async methods(locale: Locale): Promise<MethodSummary[]> {
    const rows = await this.rows('methods', locale);
    const alternates = await this.withAlternates(rows);
    return rows.map((r) => ({ ...this.summary(r, alternates), line: r.fields.line as MethodSummary['line'] }));
  }

  async method(word: string, locale: Locale): Promise<MethodPage> {
    const row = await this.one('methods', locale, 'slug', word);
    const t = row.texts as { raw_materials_html: string; production_html: string; control_html: string };
    return {
      ...this.entry(row, await this.withAlternates([row])),
      line: row.fields.line as MethodSummary['line'],
      raw_materials_html: t.raw_materials_html,
      production_html: t.production_html,
      control_html: t.control_html,
    };
  }

  async campaign(locale: Locale): Promise<Campaign> {
    const [row] = await this.rows('campaigns', locale, { limit: 1 });
    if (!row) throw new ContentError('CONTENT_NOT_FOUND');
    const codes = (row.fields.products as string[] | undefined) ?? [];
    const book = row.texts.book as Campaign['book'] | undefined;
    return {
      ...this.entry(row, await this.withAlternates([row])),
      book: book ?? null,
      video: typeof row.texts.video === 'string' ? row.texts.video : null,
      product_codes: codes,
      products: await this.catalog.summariesByCodes(codes, locale),
    };
  }

  // ----- about us, EU projects, home, sitemap ------------------------------------------------

  async aboutUs(locale: Locale): Promise<AboutUs> {
    const [page, team, customers, certificates, timeline, downloads] = await Promise.all([
      this.optionalPage('about-us', locale),
      this.rows('team', locale),
      this.rows('b2b-customers', locale),
      this.rows('certificates', locale),
      this.rows('timeline', locale, { order: 'year' }),
      this.rows('downloads', locale),
    ]);
    const alternates = await this.alternates([...team, ...customers, ...certificates, ...timeline, ...downloads].map((r) => r.entry_id));
    const entry = (r: Row) => this.entry(r, alternates);
    return {
      page,
      team: team.map((r): TeamMember => ({ ...entry(r), role: String(r.texts.role) })),
      b2b_customers: customers.map((r): B2bCustomer => ({
        ...entry(r),
        kind: r.fields.kind as B2bCustomer['kind'],
        town: String(r.texts.town),
      })),
      certificates: certificates.map((r): Certificate => ({
        ...entry(r),
        standard: String(r.fields.standard),
        grade: (r.texts.grade as string | undefined) ?? null,
        certificate_number: String(r.fields.certificate_number),
        valid_from: String(r.fields.valid_from),
        valid_until: String(r.fields.valid_until),
        issuer: String(r.texts.issuer),
      })),
      timeline: timeline.map((r): TimelineEntry => ({ ...entry(r), year: Number(r.fields.year) })),
      downloads: downloads.map((r): Download => ({ ...entry(r), kind: r.fields.kind as Download['kind'] })),
    };
  }

  async euProjects(locale: Locale): Promise<EuProjects> {
    const [page, rows] = await Promise.all([this.optionalPage('eu-projects', locale), this.rows('eu-projects', locale)]);
    const alternates = await this.withAlternates(rows);
    return {
      page,
      projects: rows.map((r): EuProject => ({
        ...this.entry(r, alternates),
        fund: String(r.texts.fund),
        reference: String(r.fields.reference),
        total_value_eur: Number(r.fields.total_value_eur),
        eu_share_eur: Number(r.fields.eu_share_eur),
        period_start: String(r.fields.period_start),
        period_end: String(r.fields.period_end),
        objectives: r.texts.objectives as string[],
        results: r.texts.results as string[],
      })),
    };
  }

  async home(locale: Locale): Promise<HomeContent> {
    const [superfoodie, rows] = await Promise.all([
      this.optionalPage('home-superfoodie', locale),
      this.rows('recipes', locale, { order: 'newest', limit: HOME_RECIPES }),
    ]);
    return { superfoodie, latest_recipes: await this.recipeSummaries(rows, locale) };
  }

  /** Every visible entry with a page of its own, with its slug per language (the sitemap's hreflang). */
  async sitemap(now = new Date()): Promise<ContentSitemapEntry[]> {
    const rows = await this.content.sitemapRows(now);
    const out = new Map<string, ContentSitemapEntry>();
    for (const r of rows) {
      const id = `${r.type}/${r.key}`;
      const e = out.get(id) ?? { type: r.type, key: r.key, alternates: {}, lastmod: new Date(0).toISOString() };
      e.alternates[r.locale] = r.slug;
      const at = new Date(r.updated_at).toISOString();
      if (at > e.lastmod) e.lastmod = at;
      out.set(id, e);
    }
    return [...out.values()];
  }
}
