import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type {
  AdminEntryDetail,
  AdminEntryList,
  AdminTranslationUpdate,
  AdminTranslationView,
  ContentType,
} from '../../../contract/api/content.js';
import { isLocale, LOCALES, type Locale } from '../../../contract/locales.js';
import { CONTENT_IMAGES_PREFIX } from '../../../contract/api/content.js';
import { AuditTrail, registerAuditFields } from '../../platform/audit/index.js';
import type { ContentView } from '../../../contract/api/admin-content.js';
import { ContentImporter } from './content-importer.js';
import { renderMarkdown } from './content-markdown.js';
import { CONTENT_TYPE_DEFINITIONS } from './content-types.js';
import { isVisible } from './content-visibility.js';
import { ContentEntryRow, ContentTranslationRow } from './content.entity.js';
import { ContentError } from './content.errors.js';
import { ContentRepository } from './content.repository.js';

/** Who changes content (the audit log's actor). */
export interface ContentOperator {
  id: string | null;
  label: string;
  role: string;
}

/** What the audit log keeps of a content entry ('content_entry' entries): its key, the texts' language and what changed. */
registerAuditFields('content_entry', [
  'type',
  'key',
  'locale',
  'status',
  'title',
  'summary',
  'seo_title',
  'seo_description',
  'image_alt',
  'body_markdown',
  'slug',
  'published_at',
  'shared',
  'texts',
  'image',
  'position',
  'origin',
  'translations',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The operators' content API (admin and staff; docs/content.md 'Admin API'): list, read, edit a
 * translation's texts, publish and unpublish. Every change that alters what visitors see publishes
 * `content.published` / `content.unpublished` in its transaction, like the import.
 */
@Injectable()
export class ContentAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly content: ContentRepository,
    private readonly importer: ContentImporter,
    private readonly audit: AuditTrail,
  ) {}

  async list(
    q: { type?: ContentType | undefined; view?: ContentView | undefined; q?: string | undefined; limit: number; offset: number },
    now = new Date(),
  ): Promise<AdminEntryList> {
    const [entries, total] = await this.content.entryPage(q.type, q.limit, q.offset, { view: q.view, q: q.q, now });
    const translations = await this.content.translationsOf(entries.map((e) => e.id));
    return {
      items: entries.map((e) => ({
        id: e.id,
        type: e.type,
        key: e.key,
        status: e.status,
        locales: sortByLocale(translations.filter((t) => t.entryId === e.id)).map((t) => ({
          locale: t.locale,
          status: t.status,
          title: t.title,
          visible: isVisible(e, t, now),
        })),
        updated_at: e.updatedAt.toISOString(),
      })),
      total,
      limit: q.limit,
      offset: q.offset,
    };
  }

  async detail(id: string, manager: EntityManager = this.db.manager, now = new Date()): Promise<AdminEntryDetail> {
    const entry = await this.entry(manager, id);
    const translations = sortByLocale(await this.content.translationsOfEntry(manager, entry.id));
    const updated = [entry.updatedAt, ...translations.map((t) => t.updatedAt)].reduce((a, b) => (a > b ? a : b));
    return {
      id: entry.id,
      type: entry.type,
      key: entry.key,
      status: entry.status,
      fields: { ...entry.fields, position: entry.position, image: imagePath(entry.imageSrc) },
      origin: entry.origin,
      image: imagePath(entry.imageSrc),
      edited_at: entry.editedAt?.toISOString() ?? null,
      translations: translations.filter((t) => t.status !== 'removed' || t.editedAt).map((t) => view(entry, t, now)),
      updated_at: updated.toISOString(),
    };
  }

  async update(id: string, locale: string, body: AdminTranslationUpdate, operator: ContentOperator, now = new Date()): Promise<AdminEntryDetail> {
    return this.db.transaction(async (manager) => {
      const entry = await this.entry(manager, id, true);
      const t = await this.translation(manager, entry.id, locale);
      const changes: Partial<ContentTranslationRow> = { editedAt: now, updatedAt: now };
      if (body.title) changes.title = body.title;
      if (body.summary) changes.summary = body.summary;
      if (body.seo_title !== undefined) changes.seoTitle = body.seo_title;
      if (body.seo_description !== undefined) changes.seoDescription = body.seo_description;
      if (body.image_alt !== undefined) changes.imageAlt = body.image_alt;
      if (body.body_markdown !== undefined && CONTENT_TYPE_DEFINITIONS[entry.type].body !== 'none') {
        const rendered = renderMarkdown(body.body_markdown ?? '');
        changes.bodyMarkdown = body.body_markdown ?? '';
        changes.bodyHtml = rendered.html;
        changes.texts = { ...t.texts, slots: rendered.slots };
      }
      await this.content.updateTranslation(manager, t.id, changes as QueryDeepPartialEntity<ContentTranslationRow>);
      const edited = { title: changes.title, summary: changes.summary, seo_title: changes.seoTitle, seo_description: changes.seoDescription, image_alt: changes.imageAlt, body_markdown: changes.bodyMarkdown };
      const was = { title: t.title, summary: t.summary, seo_title: t.seoTitle, seo_description: t.seoDescription, image_alt: t.imageAlt, body_markdown: t.bodyMarkdown };
      const keys = Object.keys(edited).filter((k) => edited[k as keyof typeof edited] !== undefined) as Array<keyof typeof edited>;
      await this.audit.record(manager, {
        actor: operator,
        action: 'content.update',
        entityType: 'content_entry',
        entityId: entry.id,
        before: { type: entry.type, key: entry.key, locale: t.locale, ...Object.fromEntries(keys.map((k) => [k, was[k]])) },
        after: { type: entry.type, key: entry.key, locale: t.locale, ...Object.fromEntries(keys.map((k) => [k, edited[k]])) },
      });
      if (isVisible(entry, t, now)) await this.importer.emit(manager, entry, [t.locale], [], { [t.locale]: t.slug ?? entry.key }, now);
      return this.detail(entry.id, manager, now);
    });
  }

  /** Publishes the entry (no locale: its switch for every language) or one translation. */
  async setPublished(
    id: string,
    locale: string | undefined,
    publish: boolean,
    operator: ContentOperator,
    now = new Date(),
  ): Promise<AdminEntryDetail> {
    return this.db.transaction(async (manager) => {
      const entry = await this.entry(manager, id, true);
      const before = await this.content.translationsOfEntry(manager, entry.id);
      const wasVisible = new Set(before.filter((t) => isVisible(entry, t, now)).map((t) => t.locale));
      let after = { ...entry };
      if (locale === undefined) {
        after = { ...entry, status: publish ? 'published' : 'unpublished' };
        await this.content.updateEntry(manager, entry.id, { status: after.status, updatedAt: now });
        if (publish)
          for (const t of before) if (t.status === 'published' && !t.slugLocked) await this.content.updateTranslation(manager, t.id, { slugLocked: true });
      } else {
        const t = await this.translation(manager, entry.id, locale);
        if (publish && t.status === 'removed') throw new ContentError('CONTENT_TRANSLATION_REMOVED');
        if (t.status !== 'removed')
          await this.content.updateTranslation(manager, t.id, {
            status: publish ? 'published' : 'draft',
            updatedAt: now,
            // Published once: its slug is public from then on (read-only in the editor).
            ...(publish ? { slugLocked: true } : {}),
          });
      }
      const current = await this.content.translationsOfEntry(manager, entry.id);
      const statusOf = (rows: ContentTranslationRow[]) =>
        locale === undefined ? after.status : rows.find((t) => t.locale === locale)?.status;
      await this.audit.record(manager, {
        actor: operator,
        action: publish ? 'content.publish' : 'content.unpublish',
        entityType: 'content_entry',
        entityId: entry.id,
        before: { type: entry.type, key: entry.key, locale: locale ?? null, status: locale === undefined ? entry.status : statusOf(before) },
        after: { type: entry.type, key: entry.key, locale: locale ?? null, status: statusOf(current) },
      });
      const nowVisible = new Set(current.filter((t) => isVisible(after, t, now)).map((t) => t.locale));
      const slugs = Object.fromEntries(current.map((t) => [t.locale, t.slug ?? entry.key]));
      await this.importer.emit(
        manager,
        entry,
        LOCALES.filter((l) => nowVisible.has(l) && !wasVisible.has(l)),
        LOCALES.filter((l) => wasVisible.has(l) && !nowVisible.has(l)),
        slugs,
        now,
      );
      return this.detail(entry.id, manager, now);
    });
  }

  private async entry(manager: EntityManager, id: string, lock = false): Promise<ContentEntryRow> {
    if (!UUID.test(id)) throw new ContentError('CONTENT_NOT_FOUND');
    const entry = await this.content.entryById(manager, id, lock);
    if (!entry) throw new ContentError('CONTENT_NOT_FOUND');
    return entry;
  }

  private async translation(manager: EntityManager, entryId: string, locale: string): Promise<ContentTranslationRow> {
    if (!isLocale(locale)) throw new ContentError('CONTENT_NOT_FOUND');
    const t = await this.content.translation(manager, entryId, locale);
    if (!t) throw new ContentError('CONTENT_NOT_FOUND');
    return t;
  }
}

function sortByLocale<T extends { locale: Locale }>(list: T[]): T[] {
  return [...list].sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale));
}

function view(entry: ContentEntryRow, t: ContentTranslationRow, now: Date): AdminTranslationView {
  return {
    locale: t.locale,
    status: t.status,
    visible: isVisible(entry, t, now),
    slug: t.slug,
    title: t.title,
    summary: t.summary,
    seo_title: t.seoTitle,
    seo_description: t.seoDescription,
    image_alt: t.imageAlt,
    body_markdown: t.bodyMarkdown,
    body_html: t.bodyHtml,
    published_at: t.publishedAt.toISOString(),
    content_hash: t.contentHash,
    source_path: t.sourcePath,
    edited_at: t.editedAt?.toISOString() ?? null,
    updated_at: t.updatedAt.toISOString(),
    slug_locked: t.slugLocked,
    texts: Object.fromEntries(Object.entries(t.texts).filter(([k]) => k !== 'slots' && !k.endsWith('_html'))),
  };
}

/** `/content-images/recipes/penne.svg?v=…` -> `recipes/penne.svg` (the value the editor chooses). */
export function imagePath(src: string | null): string | null {
  if (!src?.startsWith(CONTENT_IMAGES_PREFIX)) return null;
  return src.slice(CONTENT_IMAGES_PREFIX.length).split('?')[0]!;
}
