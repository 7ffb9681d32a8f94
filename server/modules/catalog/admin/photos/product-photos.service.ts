import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  MAX_PHOTO_BYTES,
  MAX_PRODUCT_PHOTOS,
  PRODUCT_PHOTO_ASPECT,
  type AdminPhoto,
  type AdminPhotoList,
  type AltTexts,
  type PhotoChangesBody,
} from '../../../../../contract/api/admin-photos.js';
import { LOCALES, type Locale } from '../../../../../contract/locales.js';
import { AuditTrail, registerAuditFields, type AuditActor } from '../../../../platform/audit/index.js';
import { DomainError } from '../../../../platform/http/domain-error.js';
import { MediaStore, type FocalPoint, type MediaView, type StaleBlobs } from '../../../../platform/media/index.js';
import { CATALOG_ERRORS } from '../../catalog.errors.js';
import { ProductPhotosRepository, type PhotoRow } from './product-photos.repository.js';
import { blankToMissing, mergeAlt, photoOrderProblem } from './product-photos.rules.js';

/**
 * What the audit log keeps of photo changes, under the product's code (entity type `product_photo`;
 * staff may read these rows: photos are their work too). Never the picture's bytes or who-knows-what
 * metadata: its id, place, size, alt texts and focal point.
 */
registerAuditFields('product_photo', ['photo_id', 'position', 'width', 'height', 'bytes', 'alt', 'focal', 'order']);

const fullAlt = (alt: Partial<Record<Locale, string | null>>) =>
  Object.fromEntries(LOCALES.map((l) => [l, alt[l] ?? null])) as Record<Locale, string | null>;

function photoNotFound(id: string): DomainError {
  return new DomainError(CATALOG_ERRORS.PHOTO_NOT_FOUND, `No photo ${id} on this product.`, 'not_found', 'id');
}

/**
 * A product's photos in the back office (docs/admin.md 'Photos'): upload (cleaned, resized and kept by
 * platform/media), reorder, alt text per language, focal point, remove. Each change locks the product's
 * row (two operators never interleave their changes to one product), writes its audit entry in the
 * same transaction and tells every web process to drop the pages and answers that show the product
 * (`NOTIFY render_cache` in the transaction: delivered at commit, never for a rolled-back change).
 */
@Injectable()
export class ProductPhotosService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly media: MediaStore,
    private readonly audit: AuditTrail,
    private readonly repo: ProductPhotosRepository,
  ) {}

  async list(code: string, locale: Locale, manager: EntityManager = this.db.manager): Promise<AdminPhotoList> {
    const product = await this.product(manager, code, locale, false);
    const rows = await this.repo.rows(manager, product.id);
    const described = await this.media.describe(
      rows.map((r) => r.media_id),
      manager,
    );
    return {
      code: product.code,
      name: product.name,
      photos: rows.map((r) => photoView(r, described.get(r.media_id)!)),
      max_photos: MAX_PRODUCT_PHOTOS,
      max_bytes: MAX_PHOTO_BYTES,
      storage: this.media.storageKind,
    };
  }

  /** Adds a photo at the end (the first one becomes the product's picture in the shop). */
  async upload(
    code: string,
    file: Buffer,
    focal: FocalPoint | undefined,
    operator: AuditActor,
    locale: Locale,
  ): Promise<{ list: AdminPhotoList; id: string }> {
    // A quick refusal before the (slow) resize; checked again under the lock.
    const first = await this.product(this.db.manager, code, locale, false);
    await this.checkRoom(this.db.manager, first.id);
    let written: StaleBlobs = { keys: [] };
    try {
      return await this.db.transaction(async (m) => {
        const product = await this.product(m, code, locale, true);
        await this.checkRoom(m, product.id);
        const created = await this.media.create(m, file, {
          aspect: PRODUCT_PHOTO_ASPECT,
          ...(focal ? { focal } : {}),
          createdBy: operator.id,
        });
        written = created.written;
        const position = await this.repo.nextPosition(m, product.id);
        await this.repo.insert(m, created.media.id, product.id, position);
        await this.audit.record(m, {
          actor: operator,
          action: 'photo.upload',
          entityType: 'product_photo',
          entityId: product.code,
          before: null,
          after: {
            photo_id: created.media.id,
            position,
            width: created.media.width,
            height: created.media.height,
            bytes: file.length,
            focal: created.media.focal,
          },
        });
        await this.repo.dropShopCaches(m);
        return { list: await this.list(code, locale, m), id: created.media.id };
      });
    } catch (error) {
      await this.media.discard(written);
      throw error;
    }
  }

  /** The save bar's changes, in one transaction: the order, alt texts, focal points. */
  async change(code: string, body: PhotoChangesBody, operator: AuditActor, locale: Locale): Promise<AdminPhotoList> {
    const stale: string[] = [];
    const written: string[] = [];
    try {
      const list = await this.db.transaction(async (m) => {
        const product = await this.product(m, code, locale, true);
        const rows = await this.repo.rows(m, product.id);
        const byId = new Map(rows.map((r) => [r.media_id, r]));
        for (const p of body.photos ?? []) if (!byId.has(p.id)) throw photoNotFound(p.id);
        if (body.order) {
          const problem = photoOrderProblem(
            rows.map((r) => r.media_id),
            body.order,
          );
          if (problem)
            throw new DomainError(CATALOG_ERRORS.PHOTO_ORDER_INVALID, 'The order must list every photo exactly once.', 'invalid', 'order');
          const before = rows.map((r) => r.media_id);
          if (before.join() !== body.order.join()) {
            for (const [position, id] of body.order.entries()) await this.repo.setPosition(m, id, position);
            await this.audit.record(m, {
              actor: operator,
              action: 'photo.reorder',
              entityType: 'product_photo',
              entityId: product.code,
              before: { order: before },
              after: { order: body.order },
            });
          }
        }
        for (const p of body.photos ?? []) {
          const row = byId.get(p.id)!;
          if (p.alt) {
            const merged = mergeAlt(row.alt, blankToMissing(p.alt as AltTexts));
            if (JSON.stringify(fullAlt(merged)) !== JSON.stringify(fullAlt(row.alt))) {
              await this.repo.setAlt(m, p.id, merged);
              await this.audit.record(m, {
                actor: operator,
                action: 'photo.alt',
                entityType: 'product_photo',
                entityId: product.code,
                before: { photo_id: p.id, alt: fullAlt(row.alt) },
                after: { photo_id: p.id, alt: fullAlt(merged) },
              });
            }
          }
          if (p.focal) {
            const before = (await this.media.describe([p.id], m)).get(p.id)!.focal;
            if (Math.abs(before.x - p.focal.x) > 0.0005 || Math.abs(before.y - p.focal.y) > 0.0005) {
              const moved = await this.media.setFocal(m, p.id, p.focal);
              stale.push(...moved.stale.keys);
              written.push(...moved.written.keys);
              await this.audit.record(m, {
                actor: operator,
                action: 'photo.focal',
                entityType: 'product_photo',
                entityId: product.code,
                before: { photo_id: p.id, focal: before },
                after: { photo_id: p.id, focal: moved.media.focal },
              });
            }
          }
        }
        await this.repo.dropShopCaches(m);
        return this.list(code, locale, m);
      });
      await this.media.discard({ keys: stale });
      return list;
    } catch (error) {
      await this.media.discard({ keys: written });
      throw error;
    }
  }

  /** Removes a photo (its bytes go after the commit); the ones after it move up. */
  async remove(code: string, id: string, operator: AuditActor, locale: Locale): Promise<AdminPhotoList> {
    let stale: StaleBlobs = { keys: [] };
    const list = await this.db.transaction(async (m) => {
      const product = await this.product(m, code, locale, true);
      const rows = await this.repo.rows(m, product.id);
      const row = rows.find((r) => r.media_id === id);
      if (!row) throw photoNotFound(id);
      stale = await this.media.remove(m, id);
      const rest = rows.filter((r) => r.media_id !== id);
      for (const [position, r] of rest.entries()) if (r.position !== position) await this.repo.setPosition(m, r.media_id, position);
      await this.audit.record(m, {
        actor: operator,
        action: 'photo.remove',
        entityType: 'product_photo',
        entityId: product.code,
        before: { photo_id: id, position: row.position, alt: fullAlt(row.alt) },
        after: null,
      });
      await this.repo.dropShopCaches(m);
      return this.list(code, locale, m);
    });
    await this.media.discard(stale);
    return list;
  }

  // ---------------------------------------------------------------- internals

  private async product(
    m: EntityManager,
    code: string,
    locale: Locale,
    lock: boolean,
  ): Promise<{ id: number; code: string; name: string }> {
    const found = await this.repo.product(m, code, locale, lock);
    if (!found) throw new DomainError(CATALOG_ERRORS.PRODUCT_NOT_FOUND, `No product with code ${code}.`, 'not_found', 'code');
    return found;
  }

  private async checkRoom(m: EntityManager, productId: number): Promise<void> {
    if ((await this.repo.count(m, productId)) >= MAX_PRODUCT_PHOTOS)
      throw new DomainError(CATALOG_ERRORS.PHOTO_LIMIT, `At most ${MAX_PRODUCT_PHOTOS} photos.`, 'conflict', 'file', [], {
        max: MAX_PRODUCT_PHOTOS,
      });
  }
}

function photoView(row: PhotoRow, media: MediaView): AdminPhoto {
  const preview =
    media.variants.find((v) => v.format === 'jpg' && v.width === 640) ??
    media.variants.filter((v) => v.format === 'jpg').at(-1) ??
    media.variants[0];
  return {
    id: row.media_id,
    position: row.position,
    width: media.width,
    height: media.height,
    focal: media.focal,
    alt: fullAlt(row.alt),
    preview_url: preview?.url ?? '',
    full: media.full,
    variants: media.variants,
  };
}
