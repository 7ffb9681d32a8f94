import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
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
import { visibleSql } from './content-visibility.js';
import { ContentError } from './content.errors.js';

/** A visible translation with its entry, as the public reads load it. */
interface Row {
  entry_id: string;
  type: ContentType;
  key: string;
  fields: Record<string, unknown>;
  position: number | null;
  image_src: string | null;
  image_width: number | null;
  image_height: number | null;
  locale: Locale;
  slug: string | null;
  title: string;
  summary: string;
  seo_title: string | null;
  seo_description: string | null;
  image_alt: string | null;
  texts: Record<string, unknown>;
  body_html: string;
  published_at: Date;
  updated_at: Date;
}

const COLUMNS = `e.id AS entry_id, e.type, e.key, e.fields, e.position, e.image_src, e.image_width, e.image_height,
  t.locale, t.slug, t.title, t.summary, t.seo_title, t.seo_description, t.image_alt, t.texts, t.body_html, t.published_at, t.updated_at`;
/** Lists: by position (entries without one last), then title. */
const BY_POSITION = `e.position ASC NULLS LAST, t.title ASC, e.key ASC`;
const NEWEST_FIRST = `t.published_at DESC, e.key ASC`;
const HOME_RECIPES = 4;

type Page<T> = { items: T[]; total: number; limit: number; offset: number; next_offset: number | null };

/**
 * The public reads of the content (`/api/content/...`): only what visitors may see (content-visibility.ts),
 * in one language, with each entry's slugs in the other languages it is published in.
 */
@Injectable()
export class ContentService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly catalog: CatalogService,
  ) {}

  // ----- loading -----------------------------------------------------------------------------

  private async rows(
    type: ContentType,
    locale: Locale,
    opts: { where?: string; params?: unknown[]; order?: string; limit?: number; offset?: number } = {},
    now = new Date(),
  ): Promise<Row[]> {
    const params: unknown[] = [type, locale, now, ...(opts.params ?? [])];
    let sql = `SELECT ${COLUMNS} FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
      WHERE t.type = $1 AND t.locale = $2 AND ${visibleSql('$3')}${opts.where ? ` AND (${opts.where})` : ''}
      ORDER BY ${opts.order ?? BY_POSITION}`;
    if (opts.limit !== undefined) {
      params.push(opts.limit, opts.offset ?? 0);
      sql += ` LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    return (await this.db.query(sql, params)) as Row[];
  }

  private async count(type: ContentType, locale: Locale, where?: string, params: unknown[] = [], now = new Date()): Promise<number> {
    const [{ n }] = (await this.db.query(
      `SELECT count(*)::int AS n FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE t.type = $1 AND t.locale = $2 AND ${visibleSql('$3')}${where ? ` AND (${where})` : ''}`,
      [type, locale, now, ...params],
    )) as Array<{ n: number }>;
    return n;
  }

  /** Slug (or key) per language in which each entry is visible. */
  private async alternates(entryIds: string[], now = new Date()): Promise<Map<string, ContentAlternates>> {
    const out = new Map<string, ContentAlternates>();
    if (!entryIds.length) return out;
    const rows = (await this.db.query(
      `SELECT t.entry_id, t.locale, coalesce(t.slug, e.key) AS slug FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE t.entry_id = ANY($1::uuid[]) AND ${visibleSql('$2')}`,
      [[...new Set(entryIds)], now],
    )) as Array<{ entry_id: string; locale: Locale; slug: string }>;
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
    const [row] = await this.rows(type, locale, { where: column === 'slug' ? 't.slug = $4' : 'e.key = $4', params: [value] });
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
    const [row] = await this.rows('pages', locale, { where: 'e.key = $4', params: [key] });
    return row ? this.entry(row, await this.withAlternates([row])) : null;
  }

  // ----- recipes -------------------------------------------------------------------------------

  async recipeCategories(locale: Locale): Promise<RecipeCategoryView[]> {
    const rows = await this.rows('recipe-categories', locale);
    const alternates = await this.withAlternates(rows);
    const counts = (await this.db.query(
      `SELECT e.fields->>'category' AS category, count(*)::int AS n FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE t.type = 'recipes' AND t.locale = $1 AND ${visibleSql('$2')} GROUP BY 1`,
      [locale, new Date()],
    )) as Array<{ category: string; n: number }>;
    const byKey = new Map(counts.map((c) => [c.category, c.n]));
    return rows.map((r) => ({ ...this.summary(r, alternates), recipe_count: byKey.get(r.key) ?? 0 }));
  }

  private async recipeSummaries(rows: Row[], locale: Locale): Promise<RecipeSummary[]> {
    const alternates = await this.withAlternates(rows);
    const categoryKeys = [...new Set(rows.map((r) => String(r.fields.category)))];
    const categories = categoryKeys.length
      ? await this.rows('recipe-categories', locale, { where: 'e.key = ANY($4::text[])', params: [categoryKeys] })
      : [];
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
    let where: string | undefined;
    let params: unknown[] = [];
    if (q.category !== undefined) {
      category = (await this.recipeCategories(q.locale)).find((c) => c.slug === q.category) ?? null;
      if (!category) throw new ContentError('CONTENT_CATEGORY_NOT_FOUND');
      where = `e.fields->>'category' = $4`;
      params = [category.key];
    }
    const [rows, total] = await Promise.all([
      this.rows('recipes', q.locale, { where, params, order: NEWEST_FIRST, limit: q.limit, offset: q.offset }),
      this.count('recipes', q.locale, where, params),
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
    const relatedRows = f.related.length
      ? await this.rows('recipes', locale, { where: 'e.key = ANY($4::text[])', params: [f.related] })
      : [];
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
      this.rows('blog', q.locale, { order: NEWEST_FIRST, limit: q.limit, offset: q.offset }),
      this.count('blog', q.locale),
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
      this.count('superfoodie', q.locale),
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
      this.rows('timeline', locale, { order: `(e.fields->>'year')::int ASC, ${BY_POSITION}` }),
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
      this.rows('recipes', locale, { order: NEWEST_FIRST, limit: HOME_RECIPES }),
    ]);
    return { superfoodie, latest_recipes: await this.recipeSummaries(rows, locale) };
  }

  /** Every visible entry with a page of its own, with its slug per language (the sitemap's hreflang). */
  async sitemap(now = new Date()): Promise<ContentSitemapEntry[]> {
    const rows = (await this.db.query(
      `SELECT e.type, e.key, t.locale, t.slug, t.updated_at FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE e.type IN ('recipes', 'blog', 'superfoodie', 'methods') AND t.slug IS NOT NULL AND ${visibleSql('$1')}
        ORDER BY e.type, e.position ASC NULLS LAST, e.key`,
      [now],
    )) as Array<{ type: ContentSitemapEntry['type']; key: string; locale: Locale; slug: string; updated_at: Date }>;
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
