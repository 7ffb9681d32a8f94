import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { ContentSitemapEntry, ContentType } from '../../../contract/api/content.js';
import type { Locale } from '../../../contract/locales.js';
import { ContentEntryRow, ContentPreviewRow, ContentTranslationRow } from './content.entity.js';

/** A visible translation with its entry, as the public reads load it. */
export interface VisibleRow {
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

/** Which visible translations of a type: by slug, by key, by keys, or recipes of one category. */
export interface VisibleFilter {
  slug?: string;
  key?: string;
  keys?: string[];
  /** Recipes whose `fields.category` is this category key. */
  category?: string;
}

/** List orders: by position (entries without one last) then title; newest first; timeline by year. */
export type VisibleOrder = 'position' | 'newest' | 'year';

const COLUMNS = `e.id AS entry_id, e.type, e.key, e.fields, e.position, e.image_src, e.image_width, e.image_height,
  t.locale, t.slug, t.title, t.summary, t.seo_title, t.seo_description, t.image_alt, t.texts, t.body_html, t.published_at, t.updated_at`;
const BY_POSITION = `e.position ASC NULLS LAST, t.title ASC, e.key ASC`;
const ORDER: Record<VisibleOrder, string> = {
  position: BY_POSITION,
  newest: `t.published_at DESC, e.key ASC`,
  year: `(e.fields->>'year')::int ASC, ${BY_POSITION}`,
};

/** What visitors see (content-visibility.ts's isVisible in SQL) for `e` (content_entry) and `t` (content_translation) at `$n`. */
function visibleSql(nowParam: string): string {
  return `e.status = 'published' AND t.status = 'published' AND t.published_at <= ${nowParam}`;
}

/** The filter's condition on parameters from `$4` on (after type, locale and now), and those parameters. */
function filterSql(filter: VisibleFilter): { where: string; params: unknown[] } {
  if (filter.slug !== undefined) return { where: ' AND (t.slug = $4)', params: [filter.slug] };
  if (filter.key !== undefined) return { where: ' AND (e.key = $4)', params: [filter.key] };
  if (filter.keys !== undefined) return { where: ' AND (e.key = ANY($4::text[]))', params: [filter.keys] };
  if (filter.category !== undefined) return { where: ` AND (e.fields->>'category' = $4)`, params: [filter.category] };
  return { where: '', params: [] };
}

/**
 * The SQL and TypeORM calls of the content tables (`content_entry`, `content_translation`): the
 * public reads (only what visitors may see), the operators' list and the importer's bookkeeping.
 */
@Injectable()
export class ContentRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  // ---------------------------------------------------------------- public reads

  async visible(
    type: ContentType,
    locale: Locale,
    opts: { filter?: VisibleFilter; order?: VisibleOrder; limit?: number; offset?: number } = {},
    now = new Date(),
  ): Promise<VisibleRow[]> {
    const { where, params: extra } = filterSql(opts.filter ?? {});
    const params: unknown[] = [type, locale, now, ...extra];
    let sql = `SELECT ${COLUMNS} FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
      WHERE t.type = $1 AND t.locale = $2 AND ${visibleSql('$3')}${where}
      ORDER BY ${ORDER[opts.order ?? 'position']}`;
    if (opts.limit !== undefined) {
      params.push(opts.limit, opts.offset ?? 0);
      sql += ` LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    return (await this.db.query(sql, params)) as VisibleRow[];
  }

  async countVisible(type: ContentType, locale: Locale, filter: VisibleFilter = {}, now = new Date()): Promise<number> {
    const { where, params } = filterSql(filter);
    const [{ n }] = (await this.db.query(
      `SELECT count(*)::int AS n FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE t.type = $1 AND t.locale = $2 AND ${visibleSql('$3')}${where}`,
      [type, locale, now, ...params],
    )) as Array<{ n: number }>;
    return n;
  }

  /** Slug (or key) per language in which each entry is visible. */
  async visibleSlugs(entryIds: string[], now = new Date()): Promise<Array<{ entry_id: string; locale: Locale; slug: string }>> {
    return (await this.db.query(
      `SELECT t.entry_id, t.locale, coalesce(t.slug, e.key) AS slug FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE t.entry_id = ANY($1::uuid[]) AND ${visibleSql('$2')}`,
      [[...new Set(entryIds)], now],
    )) as Array<{ entry_id: string; locale: Locale; slug: string }>;
  }

  /** Visible recipes in `locale` per category key. */
  async recipeCountsByCategory(locale: Locale, now = new Date()): Promise<Array<{ category: string; n: number }>> {
    return (await this.db.query(
      `SELECT e.fields->>'category' AS category, count(*)::int AS n FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE t.type = 'recipes' AND t.locale = $1 AND ${visibleSql('$2')} GROUP BY 1`,
      [locale, now],
    )) as Array<{ category: string; n: number }>;
  }

  /** Every visible translation with a page of its own, in list order. */
  async sitemapRows(
    now: Date,
  ): Promise<Array<{ type: ContentSitemapEntry['type']; key: string; locale: Locale; slug: string; updated_at: Date }>> {
    return (await this.db.query(
      `SELECT e.type, e.key, t.locale, t.slug, t.updated_at FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE e.type IN ('recipes', 'blog', 'superfoodie', 'methods') AND t.slug IS NOT NULL AND ${visibleSql('$1')}
        ORDER BY e.type, e.position ASC NULLS LAST, e.key`,
      [now],
    )) as Array<{ type: ContentSitemapEntry['type']; key: string; locale: Locale; slug: string; updated_at: Date }>;
  }

  // ---------------------------------------------------------------- operators

  /** One page of entries (of a type, or all) by type and key, with the number of them. */
  entryPage(
    type: ContentType | undefined,
    limit: number,
    offset: number,
    opts: { view?: 'drafts' | 'untranslated' | 'scheduled' | undefined; q?: string | undefined; now?: Date } = {},
  ): Promise<[ContentEntryRow[], number]> {
    const qb = this.db.getRepository(ContentEntryRow).createQueryBuilder('e');
    if (type) qb.andWhere('e.type = :type', { type });
    const now = opts.now ?? new Date();
    // The list's ready-made views (docs/admin.md 'Content in the back office').
    if (opts.view === 'drafts')
      qb.andWhere(
        `(e.status = 'unpublished' OR EXISTS (SELECT 1 FROM content_translation t WHERE t.entry_id = e.id AND t.status = 'draft'))`,
      );
    if (opts.view === 'untranslated')
      qb.andWhere(`(SELECT count(*) FROM content_translation t WHERE t.entry_id = e.id AND t.status <> 'removed') < 4`);
    if (opts.view === 'scheduled')
      qb.andWhere(
        `EXISTS (SELECT 1 FROM content_translation t WHERE t.entry_id = e.id AND t.status = 'published' AND t.published_at > :now)`,
        { now },
      );
    if (opts.q) {
      const like = `%${opts.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere(`(e.key LIKE :like OR EXISTS (SELECT 1 FROM content_translation t WHERE t.entry_id = e.id AND lower(t.title) LIKE :like))`, {
        like,
      });
    }
    return qb.orderBy('e.type', 'ASC').addOrderBy('e.key', 'ASC').take(limit).skip(offset).getManyAndCount();
  }

  /** The translations of these entries. */
  translationsOf(entryIds: string[]): Promise<ContentTranslationRow[]> {
    if (!entryIds.length) return Promise.resolve([]);
    return this.db
      .getRepository(ContentTranslationRow)
      .createQueryBuilder('t')
      .where('t.entry_id IN (:...ids)', { ids: entryIds })
      .getMany();
  }

  // ---------------------------------------------------------------- entries and translations (in the caller's transaction)

  /** An entry by id (locked until the transaction ends when `lock`). */
  entryById(m: EntityManager, id: string, lock = false): Promise<ContentEntryRow | null> {
    return m.findOne(ContentEntryRow, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  entryByKey(m: EntityManager, type: ContentType, key: string): Promise<ContentEntryRow | null> {
    return m.findOne(ContentEntryRow, { where: { type, key } });
  }

  insertEntry(m: EntityManager, fields: Partial<ContentEntryRow>): Promise<ContentEntryRow> {
    return m.save(m.create(ContentEntryRow, fields));
  }

  async updateEntry(m: EntityManager, id: string, changes: QueryDeepPartialEntity<ContentEntryRow>): Promise<void> {
    await m.update(ContentEntryRow, { id }, changes);
  }

  /** An entry's translations (every status). */
  translationsOfEntry(m: EntityManager, entryId: string): Promise<ContentTranslationRow[]> {
    return m.find(ContentTranslationRow, { where: { entryId } });
  }

  translation(m: EntityManager, entryId: string, locale: Locale): Promise<ContentTranslationRow | null> {
    return m.findOne(ContentTranslationRow, { where: { entryId, locale } });
  }

  async insertTranslation(m: EntityManager, row: QueryDeepPartialEntity<ContentTranslationRow>): Promise<void> {
    await m.insert(ContentTranslationRow, row);
  }

  async updateTranslation(m: EntityManager, id: string, changes: QueryDeepPartialEntity<ContentTranslationRow>): Promise<void> {
    await m.update(ContentTranslationRow, { id }, changes);
  }

  // ---------------------------------------------------------------- previews (content-preview.ts)

  /** Stores a preview's draft after deleting the expired ones (their tokens are expired anyway); answers the stored row. */
  async storePreview(fields: Partial<ContentPreviewRow>, now: Date): Promise<ContentPreviewRow> {
    const repo = this.db.getRepository(ContentPreviewRow);
    await repo.createQueryBuilder().delete().where('expires_at < :now', { now }).execute();
    return repo.save(repo.create(fields));
  }

  /** A stored preview by id. */
  previewById(id: string): Promise<ContentPreviewRow | null> {
    return this.db.getRepository(ContentPreviewRow).findOne({ where: { id } });
  }

  // ---------------------------------------------------------------- the importer

  /** One import at a time: a transaction-scoped advisory lock. */
  async lockImport(m: EntityManager, lock: number): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock($1)', [lock]);
  }

  /** Runs `fn` in a savepoint: rolled back to it when `fn` throws (the error is thrown on). */
  async inSavepoint<T>(m: EntityManager, name: string, fn: () => Promise<T>): Promise<T> {
    await m.query(`SAVEPOINT ${name}`);
    try {
      const result = await fn();
      await m.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (err) {
      await m.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw err;
    }
  }

  /** The hash and picture of every translation not removed, by `type/key/locale`. */
  async importedHashes(m: EntityManager): Promise<Array<{ id: string; content_hash: string; image_src: string | null }>> {
    return (await m.query(
      `SELECT e.type || '/' || e.key || '/' || t.locale AS id, t.content_hash, e.image_src
         FROM content_translation t JOIN content_entry e ON e.id = t.entry_id WHERE t.status <> 'removed'`,
    )) as Array<{ id: string; content_hash: string; image_src: string | null }>;
  }

  /** Every translation not removed, with its entry. */
  async liveTranslations(m: EntityManager): Promise<
    Array<{
      id: string;
      locale: Locale;
      slug: string | null;
      status: 'published' | 'draft';
      published_at: Date;
      entry_id: string;
      type: ContentType;
      key: string;
      entry_status: 'published' | 'unpublished';
      origin: 'import' | 'admin';
      edited: boolean;
    }>
  > {
    return m.query(
      `SELECT t.id, t.locale, t.slug, t.status, t.published_at, e.id AS entry_id, e.type, e.key, e.status AS entry_status,
              e.origin, (t.edited_at IS NOT NULL) AS edited
         FROM content_translation t JOIN content_entry e ON e.id = t.entry_id
        WHERE t.status <> 'removed'`,
    );
  }

  async markRemoved(m: EntityManager, translationIds: string[], now: Date): Promise<void> {
    await m.query(`UPDATE content_translation SET status = 'removed', updated_at = $2 WHERE id = ANY($1::uuid[])`, [translationIds, now]);
  }
}
