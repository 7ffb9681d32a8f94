import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { parseDocument } from 'yaml';
import { CONTENT_IMAGES_PREFIX, CONTENT_TYPES, isContentSlug, type ContentType } from '../../../contract/api/content.js';
import { isLocale, LOCALES, type Locale } from '../../../contract/locales.js';
import { APP_CONFIG, type AppConfig } from '../../config/index.js';
import { EventPublisher } from '../../platform/events/index.js';
import { renderMarkdown, type ImageSizeOf } from './content-markdown.js';
import { CONTENT_TYPE_DEFINITIONS, parseFrontMatter, type ParsedFrontMatter } from './content-types.js';
import { ContentEntryRow, ContentTranslationRow } from './content.entity.js';
import { ContentPublished, ContentUnpublished } from './events/content.events.js';
import { isVisible } from './content-visibility.js';
import { contentRoot } from './content-root.js';
import { svgSize } from './svg-size.js';
import { ContentRepository } from './content.repository.js';

/** Larger files are refused (a text of ours is a few kB). */
const MAX_FILE_BYTES = 512 * 1024;
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Import runs take turns across processes (web replicas at start, the CLI). */
export const CONTENT_IMPORT_LOCK = 727012;
const FILE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z]{2})\.md$/;

export interface ImportProblem {
  /** Relative to content/. */
  path: string;
  message: string;
}

export interface ImportReport {
  dir: string;
  files: number;
  created: number;
  updated: number;
  unchanged: number;
  unpublished: number;
  /**
   * Translations (or entries' shared fields) whose file changed but which an operator edited in the
   * back office: kept as edited (the database is the source of truth after the first import).
   */
  kept: number;
  /** Files (or entries) refused: reported and skipped, the rest imported. */
  errors: ImportProblem[];
  /** Imported, but worth an editor's look (a missing language, an unknown marker, ...). */
  warnings: ImportProblem[];
  events: number;
}

/** A file whose hash is the stored one: parsed only if another file of its entry changed. */
interface Unchanged {
  type: ContentType;
  key: string;
  locale: Locale;
  path: string;
  unchanged: true;
  parse: () => Promise<SourceFile | null>;
}

interface SourceFile {
  type: ContentType;
  key: string;
  locale: Locale;
  path: string;
  hash: string;
  fm: ParsedFrontMatter;
  body: string;
  image: { src: string; width: number; height: number } | null;
}

/**
 * Imports content/ into the module's tables (docs/content.md 'How the import works'): idempotent,
 * one transaction under an advisory lock, a row rewritten only when its file's hash changed, removed
 * files unpublished, `content.published` / `content.unpublished` through the outbox for what
 * visitors see change. A bad file is reported and skipped; the others are imported.
 */
@Injectable()
export class ContentImporter {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventPublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly content: ContentRepository,
  ) {}

  /**
   * `force`: also overwrite what operators edited in the back office with the files (and unpublish
   * their translations whose file is gone); entries created in the back office are never touched.
   */
  async run(opts: { dir?: string; now?: Date; force?: boolean } = {}): Promise<ImportReport> {
    const force = opts.force ?? false;
    const dir = resolve(opts.dir ?? contentRoot(this.config));
    const report: ImportReport = {
      dir,
      files: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      unpublished: 0,
      kept: 0,
      errors: [],
      warnings: [],
      events: 0,
    };
    if (!existsSync(dir) || !(await lstat(dir)).isDirectory()) {
      // Never read a missing folder as 'every file removed': nothing is changed.
      report.errors.push({ path: '.', message: `content folder ${dir} does not exist: nothing imported, nothing unpublished` });
      return report;
    }
    const now = opts.now ?? new Date();
    // The size of a picture in a text, read from its SVG once per run (the path is checked by renderMarkdown).
    const sizes = new Map<string, { width: number; height: number } | null>();
    const imageSize: ImageSizeOf = (path) => {
      if (!sizes.has(path)) {
        let size: { width: number; height: number } | null = null;
        try {
          if (path.endsWith('.svg')) size = svgSize(readFileSync(join(dir, 'images', path), 'utf8'));
        } catch {
          // a missing picture stays unsized (the page shows its alt text)
        }
        sizes.set(path, size);
      }
      return sizes.get(path)!;
    };
    await this.db.transaction(async (manager) => {
      await this.content.lockImport(manager, CONTENT_IMPORT_LOCK);
      const known = new Map((await this.content.importedHashes(manager)).map((r) => [r.id, r]));
      const { files, seen } = await this.readAll(dir, report, known);
      const byEntry = new Map<string, Array<SourceFile | Unchanged>>();
      for (const f of files) {
        const k = `${f.type}/${f.key}`;
        byEntry.set(k, [...(byEntry.get(k) ?? []), f]);
      }
      for (const [k, items] of byEntry) {
        // Every file as imported last time: nothing to parse, nothing to write.
        if (items.every((f) => 'unchanged' in f)) {
          report.unchanged += items.length;
          continue;
        }
        const group: SourceFile[] = [];
        for (const f of items) {
          const file = 'unchanged' in f ? await f.parse() : f;
          if (file) group.push(file);
        }
        if (!group.length) continue;
        const mismatch = sharedMismatch(group);
        if (mismatch) {
          report.errors.push({
            path: `${k}.*.md`,
            message: `the language files disagree on ${mismatch} (it must be equal in every language): entry skipped`,
          });
          continue;
        }
        try {
          await this.content.inSavepoint(manager, 'content_entry', () => this.importEntry(manager, group, now, report, imageSize, force));
        } catch (err) {
          const message =
            (err as { code?: string }).code === '23505'
              ? 'a slug is already used by another entry of this type in that language'
              : (err as Error).message;
          report.errors.push({ path: `${k}.*.md`, message: `${message}: entry skipped` });
        }
      }
      await this.unpublishRemoved(manager, seen, now, report, force);
    });
    return report;
  }

  /**
   * Every well-formed file (a file whose hash, picture included, is the one imported last time is not
   * parsed unless another file of its entry changed), and the (type/key/locale) of every file there is,
   * good or bad (a bad file does not unpublish).
   */
  private async readAll(
    dir: string,
    report: ImportReport,
    known: Map<string, { content_hash: string; image_src: string | null }>,
  ): Promise<{ files: Array<SourceFile | Unchanged>; seen: Set<string> }> {
    const files: Array<SourceFile | Unchanged> = [];
    const pictures = new Map<string, Buffer>();
    const seen = new Set<string>();
    const slugs = new Map<string, string>();
    const imagesDir = join(dir, 'images');
    for (const name of (await readdir(dir)).sort()) {
      if (
        name !== 'images' &&
        !name.startsWith('.') &&
        !(CONTENT_TYPES as readonly string[]).includes(name) &&
        (await lstat(join(dir, name))).isDirectory()
      ) {
        report.warnings.push({ path: name, message: `not a content type folder (${CONTENT_TYPES.join(', ')}): ignored` });
      }
    }
    const present = new Map<string, Set<Locale>>();
    for (const type of CONTENT_TYPES) {
      const typeDir = join(dir, type);
      if (!existsSync(typeDir)) continue;
      for (const name of (await readdir(typeDir)).sort()) {
        const path = `${type}/${name}`;
        if (name.startsWith('.') || !name.endsWith('.md')) continue;
        const m = FILE_NAME.exec(name);
        if (!m || !isLocale(m[2]) || !isContentSlug(m[1])) {
          report.errors.push({
            path,
            message: 'the file name must be <key>.<lang>.md (key: lowercase letters, digits, hyphens; lang: hr, en, de, sl): skipped',
          });
          continue;
        }
        const key = m[1]!;
        const locale = m[2];
        seen.add(`${type}/${key}/${locale}`);
        present.set(`${type}/${key}`, (present.get(`${type}/${key}`) ?? new Set()).add(locale));
        report.files += 1;
        const where = { type, key, locale, path };
        const parse = async (): Promise<SourceFile | null> => {
          const file = await this.readOne(join(typeDir, name), imagesDir, where, report);
          const slug = file?.fm.common.slug;
          if (file && slug && CONTENT_TYPE_DEFINITIONS[type].slug) {
            const other = slugs.get(`${type}/${locale}/${slug}`);
            if (other) {
              report.errors.push({ path, message: `slug '${slug}' is already used by ${other} in this language: skipped` });
              return null;
            }
            slugs.set(`${type}/${locale}/${slug}`, path);
          }
          return file;
        };
        const last = known.get(`${type}/${key}/${locale}`);
        if (last && (await quickHash(join(typeDir, name), imagesDir, last.image_src, pictures)) === last.content_hash) {
          files.push({ ...where, unchanged: true, parse });
          continue;
        }
        const file = await parse();
        if (file) files.push(file);
      }
    }
    for (const [entry, locales] of present) {
      const missing = LOCALES.filter((l) => !locales.has(l));
      if (missing.length)
        report.warnings.push({ path: `${entry}.*.md`, message: `no file for ${missing.join(', ')}: not published in that language` });
    }
    return { files, seen };
  }

  private async readOne(
    file: string,
    imagesDir: string,
    where: { type: ContentType; key: string; locale: Locale; path: string },
    report: ImportReport,
  ): Promise<SourceFile | null> {
    const fail = (message: string) => {
      report.errors.push({ path: where.path, message: `${message}: skipped` });
      return null;
    };
    const stat = await lstat(file);
    if (!stat.isFile()) return fail('not a regular file');
    if (stat.size > MAX_FILE_BYTES) return fail(`larger than ${MAX_FILE_BYTES / 1024} kB`);
    const bytes = await readFile(file);
    const raw = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n');
    if (raw.includes('\u0000')) return fail('contains a NUL character');
    const fmMatch = /^---\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(raw);
    if (!fmMatch) return fail("no front matter: the file must start with a line '---', the YAML fields, and another line '---'");
    const doc = parseDocument(fmMatch[1]!, { schema: 'core', uniqueKeys: true, prettyErrors: true });
    if (doc.errors.length) return fail(`front matter is not valid YAML: ${doc.errors[0]!.message.split('\n')[0]}`);
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: 50 });
    } catch (err) {
      return fail(`front matter: ${(err as Error).message}`);
    }
    const parsed = parseFrontMatter(where.type, data);
    if (!parsed.ok) return fail(`front matter: ${parsed.problems.join('; ')}`);
    const body = raw.slice(fmMatch[0].length).trim();
    const def = CONTENT_TYPE_DEFINITIONS[where.type];
    if (def.body === 'required' && !body) return fail('the body (the text after the front matter) is empty');
    if (def.body === 'none' && body)
      report.warnings.push({ path: where.path, message: 'this type has no body: the text after the front matter is ignored' });
    const hash = createHash('sha256').update(bytes);
    let image: SourceFile['image'] = null;
    if (parsed.value.common.image) {
      const imgPath = join(imagesDir, parsed.value.common.image);
      let real: string;
      try {
        real = await realpath(imgPath);
      } catch {
        return fail(`image: content/images/${parsed.value.common.image} does not exist`);
      }
      const root = existsSync(imagesDir) ? await realpath(imagesDir) : imagesDir;
      if (!real.startsWith(root + sep)) return fail('image: must stay inside content/images/');
      const st = await lstat(real);
      if (!st.isFile() || st.size > MAX_IMAGE_BYTES) return fail('image: not a file, or larger than 2 MB');
      const svg = await readFile(real);
      const size = svgSize(svg.toString('utf8'));
      if (!size) return fail(`image: content/images/${parsed.value.common.image} has no width/height or viewBox`);
      const version = createHash('sha256').update(svg).digest('hex').slice(0, 12);
      hash.update(svg);
      image = { src: `${CONTENT_IMAGES_PREFIX}${relative(root, real).split(sep).join('/')}?v=${version}`, ...size };
    }
    return { ...where, hash: hash.digest('hex'), fm: parsed.value, body, image };
  }

  private async importEntry(
    manager: EntityManager,
    group: SourceFile[],
    now: Date,
    report: ImportReport,
    imageSize: ImageSizeOf,
    force: boolean,
  ): Promise<void> {
    const first = group[0]!;
    const fields = first.fm.shared;
    let entry = await this.content.entryByKey(manager, first.type, first.key);
    const image = first.image;
    if (!entry) {
      entry = await this.content.insertEntry(manager, {
        type: first.type,
        key: first.key,
        status: 'published',
        fields,
        position: first.fm.common.position ?? null,
        imageSrc: image?.src ?? null,
        imageWidth: image?.width ?? null,
        imageHeight: image?.height ?? null,
        createdAt: now,
        updatedAt: now,
        editedAt: null,
        origin: 'import',
      });
    } else if (entry.editedAt && !force) {
      // An operator changed the shared fields: the database keeps them (docs/admin.md 'Content').
      if (JSON.stringify(entry.fields) !== JSON.stringify(fields) || entry.imageSrc !== (image?.src ?? null)) {
        report.kept += 1;
        report.warnings.push({ path: `${first.type}/${first.key}.*.md`, message: 'shared fields edited in the back office: kept (--force overwrites)' });
      }
    } else if (
      JSON.stringify(entry.fields) !== JSON.stringify(fields) ||
      entry.position !== (first.fm.common.position ?? null) ||
      entry.imageSrc !== (image?.src ?? null) ||
      entry.imageWidth !== (image?.width ?? null) ||
      entry.imageHeight !== (image?.height ?? null)
    ) {
      await this.content.updateEntry(manager, entry.id, {
        fields,
        position: first.fm.common.position ?? null,
        imageSrc: image?.src ?? null,
        imageWidth: image?.width ?? null,
        imageHeight: image?.height ?? null,
        updatedAt: now,
        editedAt: null,
      } as QueryDeepPartialEntity<ContentEntryRow>);
      entry = { ...entry, fields, position: first.fm.common.position ?? null };
    }
    const existing = new Map((await this.content.translationsOfEntry(manager, entry.id)).map((t) => [t.locale, t]));
    const published: Locale[] = [];
    const unpublished: Locale[] = [];
    const slugs: Partial<Record<Locale, string>> = {};
    for (const f of group) {
      const old = existing.get(f.locale);
      if (old && old.contentHash === f.hash && old.status !== 'removed') {
        report.unchanged += 1;
        continue;
      }
      if (old && old.editedAt && old.status !== 'removed' && !force) {
        // Edited in the back office after its import: the file no longer decides (docs/admin.md 'Content').
        report.kept += 1;
        report.warnings.push({ path: f.path, message: 'edited in the back office: kept as edited (--force overwrites)' });
        continue;
      }
      const row = this.translationRow(f, now, imageSize);
      for (const m of row.unknownMarkers)
        report.warnings.push({
          path: f.path,
          message: `[[${m}]] names no generated part (${'delivery-prices, cookie-table, withdrawal-form, company-data'})`,
        });
      const wasVisible = !!old && isVisible(entry, old, now);
      if (old) {
        await this.content.updateTranslation(manager, old.id, {
          ...row.values,
          slugLocked: old.slugLocked || row.values.slugLocked,
          editedAt: null,
        } as QueryDeepPartialEntity<ContentTranslationRow>);
        report.updated += 1;
      } else {
        await this.content.insertTranslation(manager, {
          entryId: entry.id,
          type: f.type,
          locale: f.locale,
          ...row.values,
        } as QueryDeepPartialEntity<ContentTranslationRow>);
        report.created += 1;
      }
      const nowVisible = isVisible(entry, row.values, now);
      slugs[f.locale] = row.values.slug ?? f.key;
      if (nowVisible) published.push(f.locale);
      else if (wasVisible) unpublished.push(f.locale);
    }
    report.events += await this.emit(manager, entry, published, unpublished, slugs, now);
  }

  private translationRow(f: SourceFile, now: Date, imageSize: ImageSizeOf) {
    const def = CONTENT_TYPE_DEFINITIONS[f.type];
    const c = f.fm.common;
    const rendered = def.body === 'none' ? { html: '', slots: [], unknownMarkers: [] } : renderMarkdown(f.body, imageSize);
    const texts: Record<string, unknown> = { ...f.fm.texts, slots: rendered.slots };
    const unknownMarkers = [...rendered.unknownMarkers];
    for (const name of def.markdownTexts ?? []) {
      const r = renderMarkdown(String(f.fm.texts[name] ?? ''), imageSize);
      texts[`${name}_html`] = r.html;
      unknownMarkers.push(...r.unknownMarkers);
    }
    return {
      unknownMarkers,
      values: {
        status: c.status ?? ('published' as const),
        slug: def.slug ? (c.slug ?? null) : null,
        title: c.title,
        summary: c.summary,
        seoTitle: c.seo_title ?? null,
        seoDescription: c.seo_description ?? null,
        imageAlt: c.image_alt ?? null,
        texts,
        bodyMarkdown: def.body === 'none' ? '' : f.body,
        bodyHtml: rendered.html,
        // No date: published from its first import on (kept while the file is unchanged).
        publishedAt: c.published_at ? new Date(c.published_at) : now,
        contentHash: f.hash,
        sourcePath: f.path,
        updatedAt: now,
        // Published from a file: its slug is public from then on.
        slugLocked: (c.status ?? 'published') === 'published',
      },
    };
  }

  private async unpublishRemoved(manager: EntityManager, seen: Set<string>, now: Date, report: ImportReport, force: boolean): Promise<void> {
    // Entries created in the back office have no file; translations edited there live on without theirs.
    const rows = (await this.content.liveTranslations(manager)).filter((r) => r.origin === 'import' && (force || !r.edited));
    const gone = rows.filter((r) => !seen.has(`${r.type}/${r.key}/${r.locale}`));
    if (!gone.length) return;
    await this.content.markRemoved(
      manager,
      gone.map((r) => r.id),
      now,
    );
    report.unpublished += gone.length;
    const byEntry = new Map<string, typeof gone>();
    for (const r of gone) byEntry.set(r.entry_id, [...(byEntry.get(r.entry_id) ?? []), r]);
    for (const [, list] of byEntry) {
      const first = list[0]!;
      const visible = list.filter((r) =>
        isVisible({ status: r.entry_status }, { status: r.status, publishedAt: new Date(r.published_at) }, now),
      );
      if (!visible.length) continue;
      const slugs = Object.fromEntries(visible.map((r) => [r.locale, r.slug ?? first.key])) as Partial<Record<Locale, string>>;
      report.events += await this.emit(
        manager,
        { id: first.entry_id, type: first.type, key: first.key },
        [],
        visible.map((r) => r.locale),
        slugs,
        now,
      );
    }
  }

  /** Publishes the entry's events through the outbox (in the import's transaction); answers how many. */
  async emit(
    manager: EntityManager,
    entry: { id: string; type: ContentType; key: string },
    published: Locale[],
    unpublished: Locale[],
    slugs: Partial<Record<Locale, string>>,
    now: Date,
  ): Promise<number> {
    let n = 0;
    const pick = (locales: Locale[]) => Object.fromEntries(locales.filter((l) => slugs[l]).map((l) => [l, slugs[l]!]));
    if (published.length) {
      await this.events.publish(
        manager,
        new ContentPublished({
          entryId: entry.id,
          type: entry.type,
          key: entry.key,
          locales: published,
          slugs: pick(published),
          effectiveAt: now.toISOString(),
        }),
      );
      n += 1;
    }
    if (unpublished.length) {
      await this.events.publish(
        manager,
        new ContentUnpublished({
          entryId: entry.id,
          type: entry.type,
          key: entry.key,
          locales: unpublished,
          slugs: pick(unpublished),
          effectiveAt: now.toISOString(),
        }),
      );
      n += 1;
    }
    return n;
  }
}

/** The first shared field on which an entry's language files differ, or null. */
function sharedMismatch(group: SourceFile[]): string | null {
  const first = group[0]!;
  for (const f of group.slice(1)) {
    for (const k of new Set([...Object.keys(first.fm.shared), ...Object.keys(f.fm.shared)])) {
      if (JSON.stringify(first.fm.shared[k]) !== JSON.stringify(f.fm.shared[k])) return k;
    }
    if (first.fm.common.image !== f.fm.common.image) return 'image';
    if ((first.fm.common.position ?? null) !== (f.fm.common.position ?? null)) return 'position';
  }
  return null;
}

/**
 * The hash the import stores (the file's bytes, then its picture's), computed from the picture the
 * entry had last time: equal to the stored hash only when neither the file (which names the picture)
 * nor the picture changed. Null when a file cannot be read (it is then parsed, and reported).
 */
async function quickHash(file: string, imagesDir: string, imageSrc: string | null, pictures: Map<string, Buffer>): Promise<string | null> {
  try {
    const st = await lstat(file);
    if (!st.isFile() || st.size > MAX_FILE_BYTES) return null;
    const hash = createHash('sha256').update(await readFile(file));
    if (imageSrc) {
      const rel = imageSrc.slice(CONTENT_IMAGES_PREFIX.length).split('?')[0]!;
      if (rel.split('/').includes('..')) return null;
      let picture = pictures.get(rel);
      if (!picture) {
        const img = join(imagesDir, rel);
        const ist = await lstat(img);
        if (!ist.isFile() || ist.size > MAX_IMAGE_BYTES) return null;
        picture = await readFile(img);
        pictures.set(rel, picture); // an entry's four files share it
      }
      hash.update(picture);
    }
    return hash.digest('hex');
  } catch {
    return null;
  }
}
