import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { TtlLru } from '../cache/index.js';
import { DomainError } from '../http/domain-error.js';
import { MEDIA_ERRORS, readUpload, renderFullPreview, renderVariants } from './media-processor.js';
import type { MediaStorage } from './media-storage.js';
import {
  CENTRE,
  isFocalPoint,
  masterKey,
  MEDIA_CONTENT_TYPES,
  parseVariantFile,
  renditionVersion,
  variantFile,
  type FocalPoint,
  type MediaFormat,
} from './media-variants.js';

export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

/** One served size of a picture. */
export interface MediaVariantView {
  width: number;
  height: number;
  format: MediaFormat;
  /** `/media/<version>-<width>.<format>`: public, content-addressed, cached for a year */
  url: string;
}

/** A stored picture as its users see it. */
export interface MediaView {
  id: string;
  /** the kept original (oriented, at most 2560 px) */
  width: number;
  height: number;
  /** width / height of the served sizes, or null for the picture's own */
  aspect: number | null;
  focal: FocalPoint;
  /** the shop's sizes, cut to `aspect` around the focal point */
  variants: MediaVariantView[];
  /** the whole picture, about 480 px wide (for choosing the focal point) */
  full: MediaVariantView | null;
}

/** Keys to delete from the storage once the transaction that dropped them has committed. */
export interface StaleBlobs {
  keys: string[];
}

interface MediaRow {
  id: string;
  width: number;
  height: number;
  aspect: number | null;
  focal_x: number;
  focal_y: number;
  version: string;
}

const PUBLIC_PREFIX = '/media/';

/**
 * The shop's picture store (docs/admin.md 'Photos'; knows no module): keeps an upload's cleaned
 * original and the shop's sizes of it in the configured MediaStorage, describes them in PostgreSQL
 * (`media`, `media_variant`, written with the caller's transaction manager so a picture belongs to
 * the change that adds it), and serves the sizes under /media/ (MediaController), through a bounded
 * per-process cache of bytes. Bytes are written before the rows (storage cannot join a PostgreSQL
 * transaction): a caller whose transaction fails calls `discard` with what `create` answered.
 */
@Injectable()
export class MediaStore {
  private readonly log = new Logger('MediaStore');
  /** At most 64 MB of served variants per process; a variant's bytes never change under its name. */
  private readonly served = new TtlLru<{ bytes: Buffer; contentType: string }>({ maxEntries: 2000, maxBytes: 64 * 1024 * 1024 });

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  get storageKind(): MediaStorage['kind'] {
    return this.storage.kind;
  }

  /**
   * Stores an upload: checks and cleans it (readUpload), keeps the original, renders the shop's sizes
   * cropped to `aspect` around `focal`, and inserts the rows with `manager`. Answers the picture and
   * the keys written (for `discard` when the caller's transaction fails).
   */
  async create(
    manager: EntityManager,
    upload: Buffer,
    opts: { aspect: number | null; focal?: FocalPoint; createdBy: string | null },
  ): Promise<{ media: MediaView; written: StaleBlobs }> {
    const focal = opts.focal ?? CENTRE;
    const master = await readUpload(upload);
    const id = randomUUID();
    const written: string[] = [];
    try {
      await this.storage.put(masterKey(id), master.bytes, 'image/jpeg');
      written.push(masterKey(id));
      const version = renditionVersion(id, opts.aspect, focal);
      const rendered = await this.renderAndStore(master.bytes, version, opts.aspect, focal, written);
      const fullPreview = await renderFullPreview(master.bytes);
      const fullFile = variantFile(renditionVersion(id, null, CENTRE), fullPreview.width, 'jpg');
      await this.storage.put(fullFile, fullPreview.bytes, fullPreview.contentType);
      written.push(fullFile);
      await manager.query(
        `INSERT INTO media (id, width, height, bytes, source_type, sha256, aspect, focal_x, focal_y, version, storage, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          id,
          master.width,
          master.height,
          upload.length,
          master.sourceType,
          master.sha256,
          opts.aspect,
          focal.x,
          focal.y,
          version,
          this.storage.kind,
          opts.createdBy,
        ],
      );
      await this.insertVariants(manager, id, version, rendered);
      await manager.query(
        `INSERT INTO media_variant (file, media_id, width, height, format, bytes, kind) VALUES ($1, $2, $3, $4, 'jpg', $5, 'full')`,
        [fullFile, id, fullPreview.width, fullPreview.height, fullPreview.bytes.length],
      );
      const full = { width: fullPreview.width, height: fullPreview.height, format: 'jpg' as const, url: PUBLIC_PREFIX + fullFile };
      return {
        media: {
          id,
          width: master.width,
          height: master.height,
          aspect: opts.aspect,
          focal,
          variants: viewVariants(version, rendered),
          full,
        },
        written: { keys: written },
      };
    } catch (error) {
      await this.discard({ keys: written });
      throw error;
    }
  }

  /**
   * A new focal point: the sizes are rendered again under a new version (new URLs, so nothing cached
   * shows the old crop), the rows replaced with `manager`. Answers the picture and the old keys to
   * delete after commit (`discard`).
   */
  async setFocal(
    manager: EntityManager,
    id: string,
    focal: FocalPoint,
  ): Promise<{ media: MediaView; stale: StaleBlobs; written: StaleBlobs }> {
    if (!isFocalPoint(focal))
      throw new DomainError(MEDIA_ERRORS.FOCAL_INVALID, 'The focal point must be inside the picture (0 to 1).', 'invalid', 'focal');
    const row = await this.row(manager, id, true);
    const master = await this.storage.get(masterKey(id));
    if (!row || !master) throw new DomainError('MEDIA_NOT_FOUND', `No picture ${id}.`, 'not_found');
    const version = renditionVersion(id, row.aspect, focal);
    const old = await this.variantFiles(manager, id, 'crop');
    if (version === row.version) return { media: await this.viewOf(manager, row), stale: { keys: [] }, written: { keys: [] } };
    const written: string[] = [];
    try {
      const rendered = await this.renderAndStore(master, version, row.aspect, focal, written);
      await manager.query(`DELETE FROM media_variant WHERE media_id = $1 AND kind = 'crop'`, [id]);
      await this.insertVariants(manager, id, version, rendered);
      await manager.query(`UPDATE media SET focal_x = $2, focal_y = $3, version = $4 WHERE id = $1`, [id, focal.x, focal.y, version]);
      const media = await this.viewOf(manager, row);
      return { media, stale: { keys: old }, written: { keys: written } };
    } catch (error) {
      await this.discard({ keys: written });
      throw error;
    }
  }

  /** Deletes a picture's rows with `manager`; answers its keys, to delete after commit (`discard`). */
  async remove(manager: EntityManager, id: string): Promise<StaleBlobs> {
    const files = await this.variantFiles(manager, id);
    await manager.query(`DELETE FROM media WHERE id = $1`, [id]);
    return { keys: [...files, masterKey(id)] };
  }

  /** Deletes bytes no row points to any more (after a commit, or after a failed transaction). Never throws. */
  async discard(blobs: StaleBlobs): Promise<void> {
    if (!blobs.keys.length) return;
    for (const key of blobs.keys) this.served.delete(key);
    try {
      await this.storage.delete(blobs.keys);
    } catch (error) {
      this.log.warn(`Could not delete ${blobs.keys.length} stored picture files: ${(error as Error).message}`);
    }
  }

  /** The pictures with these ids (missing ids are left out). */
  async describe(ids: readonly string[], manager: EntityManager = this.db.manager): Promise<Map<string, MediaView>> {
    const out = new Map<string, MediaView>();
    if (!ids.length) return out;
    const rows = (await manager.query(`SELECT id, width, height, aspect, focal_x, focal_y, version FROM media WHERE id = ANY($1::uuid[])`, [
      ids,
    ])) as MediaRow[];
    const variants = (await manager.query(
      `SELECT media_id, file, width, height, format, kind FROM media_variant WHERE media_id = ANY($1::uuid[]) ORDER BY width, format`,
      [ids],
    )) as Array<{ media_id: string; file: string; width: number; height: number; format: MediaFormat; kind: 'crop' | 'full' }>;
    const view = (v: (typeof variants)[number]): MediaVariantView => ({
      width: v.width,
      height: v.height,
      format: v.format,
      url: PUBLIC_PREFIX + v.file,
    });
    for (const r of rows) {
      out.set(r.id, {
        id: r.id,
        width: r.width,
        height: r.height,
        aspect: r.aspect === null ? null : Number(r.aspect),
        focal: { x: Number(r.focal_x), y: Number(r.focal_y) },
        variants: variants.filter((v) => v.media_id === r.id && v.kind === 'crop').map(view),
        full: ((f) => (f ? view(f) : null))(variants.find((v) => v.media_id === r.id && v.kind === 'full')),
      });
    }
    return out;
  }

  /**
   * The bytes of a public size (`<version>-<width>.<format>`), or null for any other name or a size
   * that does not exist. Read from the storage once per process while the cache keeps it.
   */
  async variant(file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const parsed = parseVariantFile(file);
    if (!parsed) return null;
    const cached = this.served.get(file);
    if (cached) return cached;
    const rows = (await this.db.query(`SELECT 1 FROM media_variant WHERE file = $1`, [file])) as unknown[];
    if (!rows.length) return null;
    const bytes = await this.storage.get(file);
    if (!bytes) return null;
    const found = { bytes, contentType: MEDIA_CONTENT_TYPES[parsed.format] };
    this.served.set(file, found, Infinity, bytes.length);
    return found;
  }

  // ---------------------------------------------------------------- internals

  private async renderAndStore(
    master: Buffer,
    version: string,
    aspect: number | null,
    focal: FocalPoint,
    written: string[],
  ): Promise<Array<{ width: number; height: number; format: MediaFormat; bytes: number }>> {
    const rendered = await renderVariants(master, aspect, focal);
    for (const v of rendered) {
      const file = variantFile(version, v.width, v.format);
      await this.storage.put(file, v.bytes, v.contentType);
      written.push(file);
    }
    return rendered.map((v) => ({ width: v.width, height: v.height, format: v.format, bytes: v.bytes.length }));
  }

  private async insertVariants(
    manager: EntityManager,
    id: string,
    version: string,
    rendered: Array<{ width: number; height: number; format: MediaFormat; bytes: number }>,
  ): Promise<void> {
    for (const v of rendered) {
      await manager.query(`INSERT INTO media_variant (file, media_id, width, height, format, bytes) VALUES ($1, $2, $3, $4, $5, $6)`, [
        variantFile(version, v.width, v.format),
        id,
        v.width,
        v.height,
        v.format,
        v.bytes,
      ]);
    }
  }

  private async row(manager: EntityManager, id: string, lock = false): Promise<MediaRow | undefined> {
    const rows = (await manager.query(
      `SELECT id, width, height, aspect, focal_x, focal_y, version FROM media WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    )) as MediaRow[];
    const row = rows[0];
    // numeric comes from pg as a string
    return row && { ...row, aspect: row.aspect === null ? null : Number(row.aspect) };
  }

  private async variantFiles(manager: EntityManager, id: string, kind?: 'crop'): Promise<string[]> {
    const rows = (await manager.query(`SELECT file FROM media_variant WHERE media_id = $1 AND ($2::text IS NULL OR kind = $2)`, [
      id,
      kind ?? null,
    ])) as Array<{ file: string }>;
    return rows.map((r) => r.file);
  }

  private async viewOf(manager: EntityManager, row: MediaRow): Promise<MediaView> {
    return (await this.describe([row.id], manager)).get(row.id)!;
  }
}

function viewVariants(version: string, rendered: Array<{ width: number; height: number; format: MediaFormat }>): MediaVariantView[] {
  return [...rendered]
    .sort((a, b) => a.width - b.width || a.format.localeCompare(b.format))
    .map((v) => ({ width: v.width, height: v.height, format: v.format, url: PUBLIC_PREFIX + variantFile(version, v.width, v.format) }));
}
