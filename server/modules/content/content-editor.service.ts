import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import {
  slugFromTitle,
  type AdminContentImage,
  type AdminEntryCreate,
  type AdminPreview,
  type AdminPreviewRequest,
  type EntryDraft,
  type TranslationDraft,
} from '../../../contract/api/admin-content.js';
import { CONTENT_IMAGES_PREFIX, type AdminEntryDetail, type ContentType } from '../../../contract/api/content.js';
import { LOCALES, type Locale } from '../../../contract/locales.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { AuditTrail } from '../../platform/audit/index.js';
import { ContentAdminService, imagePath, type ContentOperator } from './content-admin.service.js';
import { ContentImporter } from './content-importer.js';
import { renderMarkdown } from './content-markdown.js';
import { PREVIEW_TTL_MS, previewPath, signPreview } from './content-preview.js';
import { contentRoot } from './content-root.js';
import { CONTENT_TYPE_DEFINITIONS, parseFrontMatter, type ParsedFrontMatter } from './content-types.js';
import { isVisible } from './content-visibility.js';
import type { ContentEntryRow, ContentTranslationRow } from './content.entity.js';
import { ContentError, type ContentErrorCode } from './content.errors.js';
import { ContentRepository, type VisibleRow } from './content.repository.js';
import { svgSize } from './svg-size.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

interface Picture {
  src: string;
  width: number;
  height: number;
}

/** One language ready to be written: the validated front matter, its body and the rendered texts. */
interface Checked {
  locale: Locale;
  fm: ParsedFrontMatter;
  body: string;
}

/**
 * The back office's content editor (docs/admin.md 'Content in the back office'): one save of a whole
 * entry (shared fields once, texts per language), a new entry, the pictures to choose from and the
 * preview of the shop's page. Every draft is checked by the import's own rules (content-types.ts):
 * the editor builds the front matter a file would have and parses it, so a field a file may not have
 * the editor may not have either. Each change is one transaction with its audit entry and the
 * content events that drop every web process's caches.
 */
@Injectable()
export class ContentEditorService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly content: ContentRepository,
    private readonly importer: ContentImporter,
    private readonly admin: ContentAdminService,
    private readonly audit: AuditTrail,
  ) {}

  // ----- pictures ------------------------------------------------------------------------------

  private imagesDir(): string {
    return join(contentRoot(this.config), 'images');
  }

  /** Every picture under content/images (the choice of the editor; uploaded media join later). */
  async images(): Promise<AdminContentImage[]> {
    const dir = this.imagesDir();
    if (!existsSync(dir)) return [];
    const out: AdminContentImage[] = [];
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.svg')) continue;
      const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
      const picture = await this.picture(path).catch(() => null);
      if (picture) out.push({ path, url: picture.src, width: picture.width, height: picture.height });
    }
    return out.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** A picture by its path under content/images (inside it, an SVG with a size), as the import stores it. */
  private async picture(path: string): Promise<Picture> {
    const dir = this.imagesDir();
    if (!/^[a-z0-9-]+(?:\/[a-z0-9][a-z0-9._-]*)+\.svg$/.test(path) || path.split('/').includes('..'))
      throw new ContentError('CONTENT_IMAGE_NOT_FOUND', 'shared.image');
    let real: string;
    try {
      real = await realpath(join(dir, path));
    } catch {
      throw new ContentError('CONTENT_IMAGE_NOT_FOUND', 'shared.image');
    }
    const root = await realpath(dir);
    const st = await lstat(real);
    if (!real.startsWith(root + sep) || !st.isFile() || st.size > MAX_IMAGE_BYTES) throw new ContentError('CONTENT_IMAGE_NOT_FOUND', 'shared.image');
    const svg = await readFile(real);
    const size = svgSize(svg.toString('utf8'));
    if (!size) throw new ContentError('CONTENT_IMAGE_NOT_FOUND', 'shared.image');
    const version = createHash('sha256').update(svg).digest('hex').slice(0, 12);
    return { src: `${CONTENT_IMAGES_PREFIX}${relative(root, real).split(sep).join('/')}?v=${version}`, ...size };
  }

  // ----- checking a draft ------------------------------------------------------------------------

  /**
   * The front matter a file of this language would have: the stored entry and translation with the
   * draft on top (null clears an optional field), then parsed by the import's rules. Problems become
   * one 422 naming every field (`shared.servings`, `translations.en.steps.2`).
   */
  private check(
    type: ContentType,
    entry: ContentEntryRow | null,
    stored: ContentTranslationRow | null,
    shared: Record<string, unknown> | undefined,
    draft: TranslationDraft,
    locale: Locale,
  ): { ok: true; value: Checked } | { ok: false; problems: Array<{ code: ContentErrorCode; field: string }> } {
    const def = CONTENT_TYPE_DEFINITIONS[type];
    const sharedKeys = new Set([...Object.keys(def.shared.shape), 'image', 'position']);
    const storedTexts = Object.fromEntries(Object.entries(stored?.texts ?? {}).filter(([k]) => k !== 'slots' && !k.endsWith('_html')));
    const fm: Record<string, unknown> = {
      ...(entry?.fields ?? {}),
      image: imagePath(entry?.imageSrc ?? null),
      position: entry?.position ?? null,
      ...(shared ?? {}),
      ...storedTexts,
      ...(draft.texts ?? {}),
      title: draft.title ?? stored?.title,
      summary: draft.summary ?? stored?.summary,
      slug: def.slug ? (draft.slug ?? stored?.slug ?? (draft.title ? slugFromTitle(draft.title) : undefined)) : undefined,
      seo_title: draft.seo_title !== undefined ? draft.seo_title : stored?.seoTitle,
      seo_description: draft.seo_description !== undefined ? draft.seo_description : stored?.seoDescription,
      image_alt: draft.image_alt !== undefined ? draft.image_alt : stored?.imageAlt,
      published_at: draft.published_at !== undefined ? draft.published_at : stored?.publishedAt.toISOString(),
    };
    for (const [k, v] of Object.entries(fm)) if (v === null || v === undefined || v === '') delete fm[k];
    const body = (draft.body_markdown !== undefined ? (draft.body_markdown ?? '') : (stored?.bodyMarkdown ?? '')).trim();
    const parsed = parseFrontMatter(type, fm);
    const problems: Array<{ code: ContentErrorCode; field: string }> = [];
    const where = (path: string) =>
      sharedKeys.has(path.split('.')[0]!) ? `shared.${path}` : `translations.${locale}.${path === 'front matter' ? 'title' : path}`;
    if (!parsed.ok)
      for (const issue of parsed.issues)
        problems.push({ code: issue.required ? 'CONTENT_FIELD_REQUIRED' : 'CONTENT_FIELD_INVALID', field: where(issue.path) });
    if (def.body === 'required' && !body) problems.push({ code: 'CONTENT_FIELD_REQUIRED', field: `translations.${locale}.body_markdown` });
    if (!parsed.ok || problems.length) return { ok: false, problems };
    return { ok: true, value: { locale, fm: parsed.value, body: def.body === 'none' ? '' : body } };
  }

  private checkAll(
    type: ContentType,
    entry: ContentEntryRow | null,
    stored: Map<Locale, ContentTranslationRow>,
    draft: EntryDraft,
  ): Checked[] {
    const locales = LOCALES.filter((l) => draft.translations?.[l] !== undefined);
    // Shared fields alone: checked with the languages there are (each must still be a whole entry).
    const toCheck = locales.length ? locales : [...stored.keys()].filter((l) => stored.get(l)!.status !== 'removed');
    const problems: Array<{ code: ContentErrorCode; field: string }> = [];
    const checked: Checked[] = [];
    for (const locale of toCheck) {
      const r = this.check(type, entry, stored.get(locale) ?? null, draft.shared, draft.translations?.[locale] ?? {}, locale);
      if (r.ok) checked.push(r.value);
      else for (const p of r.problems) if (!problems.some((q) => q.field === p.field)) problems.push(p);
    }
    if (problems.length) throw new ContentError(problems[0]!.code, problems[0]!.field, problems.slice(1));
    return checked;
  }

  // ----- writing -----------------------------------------------------------------------------------

  private values(type: ContentType, c: Checked, now: Date) {
    const def = CONTENT_TYPE_DEFINITIONS[type];
    const common = c.fm.common;
    const rendered = def.body === 'none' ? { html: '', slots: [] as string[] } : renderMarkdown(c.body);
    const texts: Record<string, unknown> = { ...c.fm.texts, slots: rendered.slots };
    for (const name of def.markdownTexts ?? []) texts[`${name}_html`] = renderMarkdown(String(c.fm.texts[name] ?? '')).html;
    return {
      slug: def.slug ? (common.slug ?? null) : null,
      title: common.title,
      summary: common.summary,
      seoTitle: common.seo_title ?? null,
      seoDescription: common.seo_description ?? null,
      imageAlt: common.image_alt ?? null,
      texts,
      bodyMarkdown: c.body,
      bodyHtml: rendered.html,
      publishedAt: common.published_at ? new Date(common.published_at) : now,
      editedAt: now,
      updatedAt: now,
    };
  }

  /** Writes the checked draft into the entry (in the caller's transaction); answers what the audit keeps. */
  private async apply(
    manager: EntityManager,
    entry: ContentEntryRow,
    stored: Map<Locale, ContentTranslationRow>,
    draft: EntryDraft,
    checked: Checked[],
    now: Date,
  ): Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; entry: ContentEntryRow }> {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const beforeTexts: Record<string, unknown> = {};
    const afterTexts: Record<string, unknown> = {};
    let current = entry;
    if (draft.shared !== undefined && checked.length) {
      const fields = checked[0]!.fm.shared;
      const common = checked[0]!.fm.common;
      const picture = common.image ? await this.picture(common.image) : null;
      const changes = {
        fields,
        position: common.position ?? null,
        imageSrc: picture?.src ?? null,
        imageWidth: picture?.width ?? null,
        imageHeight: picture?.height ?? null,
        editedAt: now,
        updatedAt: now,
      };
      await this.content.updateEntry(manager, entry.id, changes as QueryDeepPartialEntity<ContentEntryRow>);
      before.shared = { ...entry.fields, image: imagePath(entry.imageSrc), position: entry.position };
      after.shared = { ...fields, image: common.image ?? null, position: common.position ?? null };
      current = { ...entry, ...changes };
    }
    for (const c of checked) {
      if (draft.translations?.[c.locale] === undefined) continue;
      const old = stored.get(c.locale);
      const v = this.values(entry.type, c, now);
      if (old?.slugLocked && v.slug !== old.slug) throw new ContentError('CONTENT_SLUG_LOCKED', `translations.${c.locale}.slug`);
      const write = async () => {
        if (old) await this.content.updateTranslation(manager, old.id, v as QueryDeepPartialEntity<ContentTranslationRow>);
        else
          await this.content.insertTranslation(manager, {
            entryId: entry.id,
            type: entry.type,
            locale: c.locale,
            status: 'draft',
            contentHash: '',
            sourcePath: '',
            slugLocked: false,
            ...v,
          } as QueryDeepPartialEntity<ContentTranslationRow>);
      };
      try {
        await this.content.inSavepoint(manager, 'content_translation', write);
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new ContentError('CONTENT_SLUG_TAKEN', `translations.${c.locale}.slug`);
        throw err;
      }
      beforeTexts[c.locale] = old
        ? {
            title: old.title,
            summary: old.summary,
            slug: old.slug,
            seo_title: old.seoTitle,
            seo_description: old.seoDescription,
            image_alt: old.imageAlt,
            body_markdown: old.bodyMarkdown,
            published_at: old.publishedAt.toISOString(),
            texts: Object.fromEntries(Object.entries(old.texts).filter(([k]) => k !== 'slots' && !k.endsWith('_html'))),
          }
        : null;
      afterTexts[c.locale] = {
        title: v.title,
        summary: v.summary,
        slug: v.slug,
        seo_title: v.seoTitle,
        seo_description: v.seoDescription,
        image_alt: v.imageAlt,
        body_markdown: v.bodyMarkdown,
        published_at: v.publishedAt.toISOString(),
        texts: c.fm.texts,
      };
    }
    if (Object.keys(afterTexts).length) {
      before.translations = beforeTexts;
      after.translations = afterTexts;
    }
    return { before, after, entry: current };
  }

  /** Emits what visitors now see differently: published (visible after, and changed or shared changed), unpublished. */
  private async announce(
    manager: EntityManager,
    entry: ContentEntryRow,
    beforeRows: ContentTranslationRow[],
    touched: Set<Locale>,
    sharedChanged: boolean,
    now: Date,
  ): Promise<void> {
    const afterRows = await this.content.translationsOfEntry(manager, entry.id);
    const was = new Set(beforeRows.filter((t) => isVisible(entry, t, now)).map((t) => t.locale));
    const is = afterRows.filter((t) => isVisible(entry, t, now));
    const slugs = Object.fromEntries(afterRows.map((t) => [t.locale, t.slug ?? entry.key]));
    await this.importer.emit(
      manager,
      entry,
      is.filter((t) => sharedChanged || touched.has(t.locale) || !was.has(t.locale)).map((t) => t.locale),
      [...was].filter((l) => !is.some((t) => t.locale === l)),
      slugs,
      now,
    );
  }

  /** `PATCH /api/admin/content/entries/:id`: shared fields and any languages in one transaction. */
  async save(id: string, draft: EntryDraft, operator: ContentOperator, now = new Date()): Promise<AdminEntryDetail> {
    if (!UUID.test(id)) throw new ContentError('CONTENT_NOT_FOUND');
    return this.db.transaction(async (manager) => {
      const entry = await this.content.entryById(manager, id, true);
      if (!entry) throw new ContentError('CONTENT_NOT_FOUND');
      const rows = await this.content.translationsOfEntry(manager, entry.id);
      const stored = new Map(rows.map((t) => [t.locale, t]));
      for (const l of LOCALES)
        if (draft.translations?.[l] && stored.get(l)?.status === 'removed' && !stored.get(l)?.editedAt) {
          // A translation whose file is gone comes back as the operator writes it: a draft of theirs.
          await this.content.updateTranslation(manager, stored.get(l)!.id, { status: 'draft' });
          stored.set(l, { ...stored.get(l)!, status: 'draft' });
        }
      const checked = this.checkAll(entry.type, entry, stored, draft);
      const { before, after, entry: current } = await this.apply(manager, entry, stored, draft, checked, now);
      await this.audit.record(manager, {
        actor: operator,
        action: 'content.update',
        entityType: 'content_entry',
        entityId: entry.id,
        before: { type: entry.type, key: entry.key, ...before },
        after: { type: entry.type, key: entry.key, ...after },
      });
      const touched = new Set(LOCALES.filter((l) => draft.translations?.[l] !== undefined));
      await this.announce(manager, current, rows, touched, draft.shared !== undefined, now);
      return this.admin.detail(entry.id, manager, now);
    });
  }

  /** `POST /api/admin/content/entries`: a new entry of the back office's own; its languages start as drafts. */
  async create(body: AdminEntryCreate, operator: ContentOperator, now = new Date()): Promise<AdminEntryDetail> {
    const hrTitle = body.translations?.hr?.title ?? Object.values(body.translations ?? {})[0]?.title;
    const key = body.key ?? (hrTitle ? slugFromTitle(hrTitle) : '');
    if (!key) throw new ContentError('CONTENT_FIELD_REQUIRED', 'translations.hr.title');
    return this.db.transaction(async (manager) => {
      if (await this.content.entryByKey(manager, body.type, key)) throw new ContentError('CONTENT_KEY_TAKEN', 'key');
      const checked = this.checkAll(body.type, null, new Map(), { ...body, shared: body.shared ?? {} });
      const common = checked[0]!.fm.common;
      const picture = common.image ? await this.picture(common.image) : null;
      const entry = await this.content.insertEntry(manager, {
        type: body.type,
        key,
        status: 'published',
        fields: checked[0]!.fm.shared,
        position: common.position ?? null,
        imageSrc: picture?.src ?? null,
        imageWidth: picture?.width ?? null,
        imageHeight: picture?.height ?? null,
        createdAt: now,
        updatedAt: now,
        editedAt: now,
        origin: 'admin',
      });
      const { after } = await this.apply(manager, entry, new Map(), { translations: body.translations ?? {} }, checked, now);
      await this.audit.record(manager, {
        actor: operator,
        action: 'content.create',
        entityType: 'content_entry',
        entityId: entry.id,
        before: null,
        after: { type: entry.type, key: entry.key, origin: 'admin', shared: { ...entry.fields, image: common.image ?? null }, ...after },
      });
      return this.admin.detail(entry.id, manager, now);
    });
  }

  /** `POST /api/admin/content/entries/:id/preview`: stores the draft of one language and answers the page's preview URL. */
  async preview(id: string, body: AdminPreviewRequest, operator: ContentOperator, now = new Date()): Promise<AdminPreview> {
    if (!UUID.test(id)) throw new ContentError('CONTENT_NOT_FOUND');
    const entry = await this.content.entryById(this.db.manager, id);
    if (!entry) throw new ContentError('CONTENT_NOT_FOUND');
    const rows = await this.content.translationsOfEntry(this.db.manager, entry.id);
    const stored = rows.find((t) => t.locale === body.locale) ?? null;
    const r = this.check(entry.type, entry, stored, body.shared, body.translations?.[body.locale] ?? {}, body.locale);
    if (!r.ok) throw new ContentError(r.problems[0]!.code, r.problems[0]!.field, r.problems.slice(1));
    const v = this.values(entry.type, r.value, now);
    const common = r.value.fm.common;
    const picture = common.image ? await this.picture(common.image) : null;
    const row: VisibleRow = {
      entry_id: entry.id,
      type: entry.type,
      key: entry.key,
      fields: r.value.fm.shared,
      position: common.position ?? null,
      image_src: picture?.src ?? null,
      image_width: picture?.width ?? null,
      image_height: picture?.height ?? null,
      locale: body.locale,
      slug: v.slug,
      title: v.title,
      summary: v.summary,
      seo_title: v.seoTitle,
      seo_description: v.seoDescription,
      image_alt: v.imageAlt,
      texts: v.texts,
      body_html: v.bodyHtml,
      published_at: v.publishedAt,
      updated_at: now,
    };
    const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
    // Old previews go as new ones come (their tokens are expired anyway).
    const saved = await this.content.storePreview(
      {
        entryId: entry.id,
        locale: body.locale,
        draft: row as unknown as Record<string, unknown>,
        createdBy: operator.label,
        createdAt: now,
        expiresAt,
      },
      now,
    );
    const token = signPreview(this.config.secretKey, saved.id, expiresAt);
    const path = previewPath(entry.type, entry.key, v.slug ?? entry.key, body.locale);
    return { url: `${path}?preview=${token}`, expires_at: expiresAt.toISOString() };
  }
}
