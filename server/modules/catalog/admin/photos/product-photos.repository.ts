import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Locale } from '../../../../../contract/locales.js';
import { RENDER_CACHE_CHANNEL } from '../../../../platform/ssr/index.js';

/** One row of `product_image`: a product's photo, its place and its alt texts (a language absent = missing). */
export interface PhotoRow {
  media_id: string;
  position: number;
  alt: Partial<Record<Locale, string>>;
}

/** The SQL of the back office's product photos (`product_image`, migration 1797850000000). */
@Injectable()
export class ProductPhotosRepository {
  /** The product by code with its name in `locale` (Croatian, then the code, when missing); `lock`: FOR UPDATE. */
  async product(
    m: EntityManager,
    code: string,
    locale: Locale,
    lock: boolean,
  ): Promise<{ id: number; code: string; name: string } | undefined> {
    const rows = (await m.query(
      `SELECT p.id, p.code, coalesce(t.name, hr.name, p.code) AS name
         FROM product p
         LEFT JOIN product_translation t ON t.product_id = p.id AND t.locale = $2
         LEFT JOIN product_translation hr ON hr.product_id = p.id AND hr.locale = 'hr'
        WHERE p.code = $1${lock ? ' FOR UPDATE OF p' : ''}`,
      [code, locale],
    )) as Array<{ id: number; code: string; name: string }>;
    return rows[0];
  }

  async rows(m: EntityManager, productId: number): Promise<PhotoRow[]> {
    return (await m.query(`SELECT media_id, position, alt FROM product_image WHERE product_id = $1 ORDER BY position, media_id`, [
      productId,
    ])) as PhotoRow[];
  }

  async count(m: EntityManager, productId: number): Promise<number> {
    const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM product_image WHERE product_id = $1`, [productId])) as Array<{
      n: number;
    }>;
    return n;
  }

  async nextPosition(m: EntityManager, productId: number): Promise<number> {
    const [{ next }] = (await m.query(`SELECT coalesce(max(position) + 1, 0)::int AS next FROM product_image WHERE product_id = $1`, [
      productId,
    ])) as Array<{ next: number }>;
    return next;
  }

  async insert(m: EntityManager, mediaId: string, productId: number, position: number): Promise<void> {
    await m.query(`INSERT INTO product_image (media_id, product_id, position, alt) VALUES ($1, $2, $3, '{}'::jsonb)`, [
      mediaId,
      productId,
      position,
    ]);
  }

  async setPosition(m: EntityManager, mediaId: string, position: number): Promise<void> {
    await m.query(`UPDATE product_image SET position = $2 WHERE media_id = $1`, [mediaId, position]);
  }

  async setAlt(m: EntityManager, mediaId: string, alt: Partial<Record<Locale, string>>): Promise<void> {
    await m.query(`UPDATE product_image SET alt = $2::jsonb WHERE media_id = $1`, [mediaId, JSON.stringify(alt)]);
  }

  /** Every web process drops its rendered pages and catalogue answers when this transaction commits. */
  async dropShopCaches(m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_notify($1, $2)`, [RENDER_CACHE_CHANNEL, 'catalog.photos-changed']);
  }
}
